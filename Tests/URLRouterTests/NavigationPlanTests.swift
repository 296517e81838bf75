import Testing
import URLRouter

// The shape: a shelf tab, a book on it, a chapter in the book.
struct NavShelfRoute: TypedRoute, RootRoute { static let pattern = "reader://shelf" }
struct NavBookRoute: TypedRoute {
    static let pattern = "reader://book/<int:id>"
    var id: Int
    var parent: (any TypedRoute)? { NavShelfRoute() }
}
struct NavChapterRoute: TypedRoute {
    static let pattern = "reader://book/<int:book>/chapter/<int:n>"
    var book: Int
    var n: Int
    var parent: (any TypedRoute)? { NavBookRoute(id: book) }
}
/// Internal, and a parent of an external route.
struct NavNoteRoute: TypedRoute {
    static let pattern = "reader://note/<int:id>"
    var id: Int
    var parent: (any TypedRoute)? { NavChapterRoute(book: 1, n: id) }
}
/// A route with no parent and no root.
struct NavSearchRoute: TypedRoute {
    static let pattern = "reader://search/:q"
    var q: String
}

// Registration problems.
struct LoopARoute: TypedRoute { static let pattern = "reader://loop/a"; var parent: (any TypedRoute)? { LoopBRoute() } }
struct LoopBRoute: TypedRoute { static let pattern = "reader://loop/b"; var parent: (any TypedRoute)? { LoopARoute() } }
struct OrphanRoute: TypedRoute { static let pattern = "reader://orphan"; var parent: (any TypedRoute)? { NavSearchRoute(q: "x") } }
struct DeepRoute: TypedRoute {
    static let pattern = "reader://deep/<int:level>"
    var level: Int
    var parent: (any TypedRoute)? { level > 0 ? DeepRoute(level: level - 1) : nil }
}

// Parents the router finds wrong only at run time (hostile probe 4, F14, F16).
/// Its parent's slug may be empty, which the parent's pattern cannot write.
struct NavSlugBookRoute: TypedRoute { static let pattern = "reader://slugbook/:slug"; var slug: String }
struct NavReviewRoute: TypedRoute {
    static let pattern = "reader://review/<int:id>"
    var id: Int
    var slug: String?
    var parent: (any TypedRoute)? { NavSlugBookRoute(slug: slug ?? "") }
}
/// From 1,000 on, a ping's parent is a pong whose parent is the same ping: a cycle that the
/// values registration probes (small numbers) do not show.
struct NavPingRoute: TypedRoute {
    static let pattern = "reader://ping/<int:n>"
    var n: Int
    var parent: (any TypedRoute)? { n >= 1_000 ? NavPongRoute(n: n) : nil }
}
struct NavPongRoute: TypedRoute {
    static let pattern = "reader://pong/<int:n>"
    var n: Int
    var parent: (any TypedRoute)? { NavPingRoute(n: n) }
}
/// A route with a query item.
struct NavFindRoute: TypedRoute {
    static let pattern = "reader://find/:q"
    var q: String
    var token: String?
    var parent: (any TypedRoute)? { NavShelfRoute() }
}

@Suite("Navigation plans")
struct NavigationPlanTests {
    static func router() throws -> Router {
        try Router { routes in
            routes.action(NavShelfRoute.self, exposure: .external) { _, _ in }
            routes.action(NavBookRoute.self, exposure: .external) { _, _ in }
            routes.action(NavChapterRoute.self, exposure: .external) { _, _ in }
            routes.action(NavNoteRoute.self) { _, _ in }
            routes.action(NavSearchRoute.self, exposure: .external) { _, _ in }
            routes.action("reader://plain/:x", exposure: .external) { _ in }
        }
    }

    @Test("a link to a chapter plans the shelf as the root, then the book, then the chapter; nothing runs")
    func plan() throws {
        let ran = Shared(0)
        let router = try Router { routes in
            routes.action(NavShelfRoute.self) { _, _ in ran.increment() }
            routes.action(NavBookRoute.self) { _, _ in ran.increment() }
            routes.action(NavChapterRoute.self, exposure: .external) { _, _ in ran.increment() }
            routes.intercept("reader://**") { _ in ran.increment(); return .proceed }
        }
        let plan = try router.plan(for: "reader://book/42/chapter/3", source: .external)
        #expect(plan.root == AnyRoute(NavShelfRoute()))
        #expect(plan.stack == [AnyRoute(NavBookRoute(id: 42)), AnyRoute(NavChapterRoute(book: 42, n: 3))])
        #expect(plan.urls == ["reader://shelf", "reader://book/42", "reader://book/42/chapter/3"])
        #expect(ran.current == 0, "a plan runs no handler and no interceptor")
        #expect(try router.plan(for: "reader://shelf") == NavigationPlan(root: AnyRoute(NavShelfRoute()), stack: []))
        #expect((plan.stack.last?.base as? NavChapterRoute)?.n == 3)
    }

    @Test("an external source plans only what it could open; parents may be internal; errors say why")
    func errors() throws {
        let router = try Self.router()
        let note = #expect(throws: NavigationError.self) { try router.plan(for: "reader://note/2", source: .external) }
        #expect(note?.resolution == .unmatched)
        let plan = try router.plan(for: "reader://note/2")
        #expect(plan.stack.map(\.url) == ["reader://book/1", "reader://book/1/chapter/2", "reader://note/2"])
        let plain = #expect(throws: NavigationError.self) { try router.plan(for: "reader://plain/x") }
        #expect(plain?.untypedRoute?.pattern == "reader://plain/:x")
        #expect(plain?.description.contains("is not a typed route") == true)
        let search = try router.plan(for: "reader://search/swift")
        #expect(search.root == nil && search.stack == [AnyRoute(NavSearchRoute(q: "swift"))])
        let malformed = #expect(throws: NavigationError.self) { try router.plan(for: "reader://book/%zz") }
        #expect(malformed?.description.hasPrefix("no plan for") == true)
    }

    @Test("registration reports a parent type not registered, a parent cycle and a chain deeper than the limit")
    func registrationProblems() throws {
        let error = #expect(throws: RegistrationError.self) {
            try Router(options: .init(maxNavigationDepth: 3)) { routes in
                routes.action(LoopARoute.self) { _, _ in }
                routes.action(LoopBRoute.self) { _, _ in }
                routes.action(OrphanRoute.self) { _, _ in }
                routes.action(NavBookRoute.self) { _, _ in }
                routes.action(NavShelfRoute.self) { _, _ in }
            }
        }
        let problems = try #require(error?.problems).filter { $0.parentsOfType != nil }
        #expect(problems.map(\.description) == [
            "[App] LoopARoute at 'reader://loop/a': its parents come back to a value they passed: LoopARoute → LoopBRoute → LoopARoute",
            "[App] LoopBRoute at 'reader://loop/b': its parents come back to a value they passed: LoopBRoute → LoopARoute → LoopBRoute",
            "[App] OrphanRoute at 'reader://orphan': its parent type NavSearchRoute is not a registered typed route",
        ])
        // DeepRoute's probe value has level 1: one parent; a limit of 0 refuses it.
        let deep = #expect(throws: RegistrationError.self) {
            try Router(options: .init(maxNavigationDepth: 0)) { routes in routes.action(DeepRoute.self) { _, _ in } }
        }
        #expect(deep?.problems.first?.description.contains("more than the limit of 0") == true)
        let tooDeep = try Router(options: .init(maxNavigationDepth: 3)) { routes in routes.action(DeepRoute.self) { _, _ in } }
        #expect(throws: NavigationError.self) { try tooDeep.plan(for: "reader://deep/9") }
        #expect(try tooDeep.plan(for: "reader://deep/2").stack.count == 3)
    }

    /// A small deterministic generator for the properties.
    struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    /// Random stacks and plans for the two properties below: 10,000 (``LongRuns``), 1,000 in the sample.
    static let samples = LongRuns.count(full: 10_000, sample: 1_000)

    @Test("steps law over random current and target stacks: kept prefix + push == stack, kept is the longest common one")
    func stepsLaw() {
        var random = Random(state: 0x5EED)
        let pool = (0..<4).map { AnyRoute(NavBookRoute(id: $0)) } + (0..<3).map { AnyRoute(NavSearchRoute(q: "\($0)")) }
        let roots: [AnyRoute?] = [nil, AnyRoute(NavShelfRoute())]
        for _ in 0..<Self.samples {
            let current = (0..<random.next(6)).map { _ in pool[random.next(pool.count)] }
            let target = (0..<random.next(6)).map { _ in pool[random.next(pool.count)] }
            let (currentRoot, targetRoot) = (roots[random.next(2)], roots[random.next(2)])
            let plan = NavigationPlan(root: targetRoot, stack: target)
            let steps = plan.steps(from: current, root: currentRoot)
            #expect(Array(current.prefix(steps.keep)) + steps.push == target)
            let switches = targetRoot != nil && targetRoot != currentRoot
            #expect(steps.root == (switches ? targetRoot : nil))
            if !switches {
                var common = 0
                while common < min(current.count, target.count), current[common] == target[common] { common += 1 }
                #expect(steps.keep == common)
            } else {
                #expect(steps.keep == 0)
            }
        }
    }

    @Test("restore(plan.urls) gives the plan back for generated plans, and drops a removed route's URL")
    func restoreRoundTrip() throws {
        let router = try Self.router()
        var random = Random(state: 42)
        for _ in 0..<Self.samples {
            let url: String = switch random.next(4) {
            case 0: "reader://book/\(random.next(1_000))"
            case 1: "reader://book/\(random.next(1_000))/chapter/\(random.next(50))"
            case 2: "reader://note/\(random.next(100))"
            default: "reader://search/q\(random.next(100))%20x"
            }
            let plan = try router.plan(for: url)
            #expect(router.restore(plan.urls) == plan, "\(url)")
        }
        // A later version without the chapters: their URLs are dropped, the rest restored.
        let saved = try router.plan(for: "reader://book/7/chapter/2").urls
        let updated = try Router { routes in
            routes.action(NavShelfRoute.self) { _, _ in }
            routes.action(NavBookRoute.self) { _, _ in }
        }
        let restored = updated.restore(saved)
        #expect(restored.root == AnyRoute(NavShelfRoute()))
        #expect(restored.stack == [AnyRoute(NavBookRoute(id: 7))])
        #expect(restored.dropped == ["reader://book/7/chapter/2"])
        #expect(updated.restore(["reader://nothing", "%zz"]).dropped == ["reader://nothing", "%zz"])
    }
    @Test("a parent that cannot be written fails the plan, naming it; the plan never holds an empty URL")
    func unwritableParent() async throws {
        let router = try Router { routes in
            routes.action(NavSlugBookRoute.self, exposure: .external) { _, _ in }
            routes.action(NavReviewRoute.self, exposure: .external) { _, _ in }
        }
        #expect(try router.plan(for: "reader://review/5?slug=dune").urls == ["reader://slugbook/dune", "reader://review/5?slug=dune"])
        let error = #expect(throws: NavigationError.self) { try router.plan(for: "reader://review/5", source: .external) }
        #expect(error?.unwritableRoute?.type == "NavSlugBookRoute")
        #expect(error?.description.hasPrefix("no plan for 'reader://review/5': its parent NavSlugBookRoute cannot be written as a URL") == true,
                "\(String(describing: error))")
        let navigated = await #expect(throws: NavigationError.self) { try await router.navigate(to: "reader://review/5") }
        #expect(navigated?.unwritableRoute?.type == "NavSlugBookRoute")
    }

    @Test("parents that come back to a value at run time are a cycle, not a chain too deep")
    func runtimeParentCycle() async throws {
        let router = try Router { routes in
            routes.action(NavPingRoute.self, exposure: .external) { _, _ in }
            routes.action(NavPongRoute.self, exposure: .external) { _, _ in }
        }
        #expect(try router.plan(for: "reader://pong/7").urls == ["reader://ping/7", "reader://pong/7"])
        let error = #expect(throws: NavigationError.self) { try router.plan(for: "reader://ping/1000") }
        #expect(error?.description == "no plan for 'reader://ping/1000': the parents of NavPingRoute come back to it")
        let navigated = await #expect(throws: NavigationError.self) { try await router.navigate(to: "reader://pong/1000") }
        #expect(navigated?.description == "no plan for 'reader://pong/1000': the parents of NavPongRoute come back to it")
        // A chain that only goes deep is still too deep.
        let deep = try Router(options: .init(maxNavigationDepth: 3)) { routes in routes.action(DeepRoute.self) { _, _ in } }
        let tooDeep = #expect(throws: NavigationError.self) { try deep.plan(for: "reader://deep/9") }
        #expect(tooDeep?.description.hasSuffix("its parents go deeper than 3") == true)
    }

    @Test("an external restore reads each URL as an external open: no internal route, no userinfo")
    func externalRestore() throws {
        let router = try Self.router()
        let saved = ["reader://shelf", "reader://note/1", "reader://book/1", "reader://evil@book/2",
                     "https://reader.example.com/book/3"]
        let external = router.restore(saved, source: .external)
        #expect(external.root == AnyRoute(NavShelfRoute()))
        #expect(external.stack == [AnyRoute(NavBookRoute(id: 1))])
        #expect(external.dropped == ["reader://note/1", "reader://evil@book/2", "https://reader.example.com/book/3"])
        // From the app (the default), internal routes and userinfo are the app's own.
        let app = router.restore(saved)
        #expect(app.stack == [AnyRoute(NavNoteRoute(id: 1)), AnyRoute(NavBookRoute(id: 1)), AnyRoute(NavBookRoute(id: 2))])
        #expect(router.restore(saved, source: .app) == app)
        // A handler of a deep link that restores state the link carries restores as a deep link.
        let reference = RouterReference()
        let inHandler = Shared<NavigationPlan?>(nil)
        let linked = try Router { routes in
            routes.action(NavShelfRoute.self, exposure: .external) { _, _ in }
            routes.action(NavBookRoute.self, exposure: .external) { _, _ in }
            routes.action(NavChapterRoute.self) { _, _ in }
            routes.action(NavNoteRoute.self) { _, _ in }
            routes.action("reader://handoff", exposure: .external) { _ in
                let plan = reference.router?.restore(saved)
                inHandler.withLock { $0 = plan }
            }
        }
        reference.router = linked
        #expect(linked.open("reader://handoff", source: .external).isHandled)
        #expect(inHandler.current?.stack == [AnyRoute(NavBookRoute(id: 1))])
    }

    @Test("a plan's description is bounded and redacted: no query value, userinfo, fragment or control character")
    func planDescription() throws {
        let router = try Router { routes in
            routes.action(NavShelfRoute.self) { _, _ in }
            routes.action(NavFindRoute.self) { _, _ in }
        }
        let long = "reader://user:PASSWORD@gone/x?token=" + String(repeating: "SECRET", count: 10_000)
        let saved = ["reader://shelf", "reader://find/swift?token=SECRET-TOKEN#SECRET-FRAGMENT",
                     "reader://gone/1?code=SECRET-CODE#SECRET-FRAGMENT", "reader://gone/a\r\nFORGED?x=SECRET",
                     long] + (0..<500).map { "reader://gone/\($0)?code=SECRET-\($0)" }
        let plan = router.restore(saved)
        #expect(plan.stack.map(\.url) == ["reader://find/swift?token=SECRET-TOKEN"])
        #expect(plan.dropped.count == 503)
        for text in [plan.description, "\(plan)", String(reflecting: plan), "\(plan.stack)", "\(plan.root as Any)"] {
            #expect(text.utf8.count <= 4_096, "\(text.utf8.count) bytes")
            #expect(!text.contains("SECRET") && !text.contains("PASSWORD") && !text.contains("\r") && !text.contains("\n"), "\(text)")
        }
        #expect(plan.description.contains("reader://shelf") && plan.description.contains("reader://find/swift?token=•"))
        #expect(plan.description.contains("reader://gone/1?code=•") && plan.description.contains("more"))
    }
}
