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
}
