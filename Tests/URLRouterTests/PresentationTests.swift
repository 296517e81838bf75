import Testing
import URLRouter

// Two tabs; on the shelf, a book whose share sheet pushes its options and presents a player full
// screen; a compose sheet with no parent; search results in the other tab.
struct PresShelfTab: TypedRoute, RootRoute { static let pattern = "reader://p/shelf" }
struct PresSearchTab: TypedRoute, RootRoute { static let pattern = "reader://p/search" }
struct PresBookRoute: TypedRoute {
    static let pattern = "reader://p/book/<int:id>"
    var id: Int
    var parent: (any TypedRoute)? { PresShelfTab() }
}
struct PresShareRoute: TypedRoute {
    static let pattern = "reader://p/book/<int:id>/share"
    static var presentation: Presentation { .sheet }
    var id: Int
    var parent: (any TypedRoute)? { PresBookRoute(id: id) }
}
struct PresShareOptionsRoute: TypedRoute {
    static let pattern = "reader://p/book/<int:id>/share/options"
    var id: Int
    var token: String?
    var parent: (any TypedRoute)? { PresShareRoute(id: id) }
}
/// Declared as an inferred constant: the requirement all the same.
struct PresPlayerRoute: TypedRoute {
    static let pattern = "reader://p/book/<int:id>/share/player"
    static let presentation = Presentation.fullScreen
    var id: Int
    var parent: (any TypedRoute)? { PresShareOptionsRoute(id: id) }
}
struct PresComposeRoute: TypedRoute {
    static let pattern = "reader://p/compose"
    static var presentation: Presentation { .sheet }
}
struct PresResultRoute: TypedRoute {
    static let pattern = "reader://p/result/<int:n>"
    var n: Int
    var parent: (any TypedRoute)? { n > 0 ? PresResultRoute(n: n - 1) : PresSearchTab() }
}

// Look-alikes of the requirement, and a tab presented modally: registration problems.
struct PresStringLookAlike: TypedRoute {
    static let pattern = "reader://p/look/string"
    static var presentation: String { "sheet" }
}
struct PresOptionalLookAlike: TypedRoute {
    static let pattern = "reader://p/look/optional"
    static let presentation: Presentation? = .sheet
}
enum PresAppStyle: Sendable { case sheet }
struct PresEnumLookAlike: TypedRoute {
    static let pattern = "reader://p/look/enum"
    static var presentation: PresAppStyle { .sheet }
}
struct PresModalTab: TypedRoute, RootRoute {
    static let pattern = "reader://p/look/tab"
    static var presentation: Presentation { .sheet }
}

/// A navigator with one stack per tab and modal layers, as a tab bar of navigation controllers
/// with sheets keeps them.
@MainActor final class LayeredNavigator: Navigator {
    var tab: AnyRoute?
    var stacks: [AnyRoute: [AnyRoute]] = [:]
    var rootless: [AnyRoute] = []
    var layers: [ModalLayer] = []
    var shown: [NavigationSteps] = []

    var current: (root: AnyRoute?, stack: [AnyRoute]) { (tab, tab.map { stacks[$0] ?? [] } ?? rootless) }
    var presented: [ModalLayer] { layers }
    func stack(for root: AnyRoute) -> [AnyRoute] { stacks[root] ?? [] }

    func show(_ plan: NavigationPlan, steps: NavigationSteps, source: OpenSource) {
        shown.append(steps)
        apply(steps)
    }

    /// What the app's UIKit or SwiftUI code does with steps.
    func apply(_ steps: NavigationSteps) {
        precondition(steps.dismiss <= layers.count, "dismisses more layers than are presented")
        layers.removeLast(steps.dismiss)
        if let root = steps.root { tab = root }
        let base = current.stack
        precondition(steps.keep <= base.count, "keeps more routes than the stack has")
        let next = Array(base.prefix(steps.keep)) + steps.push
        if let tab { stacks[tab] = next } else { rootless = next }
        layers += steps.present
    }
}

@Suite("Tabs, stacks and sheets")
@MainActor
struct PresentationTests {
    static let shelf = AnyRoute(PresShelfTab())
    static let search = AnyRoute(PresSearchTab())
    static func book(_ id: Int) -> AnyRoute { AnyRoute(PresBookRoute(id: id)) }
    static func share(_ id: Int) -> AnyRoute { AnyRoute(PresShareRoute(id: id)) }
    static func options(_ id: Int) -> AnyRoute { AnyRoute(PresShareOptionsRoute(id: id)) }
    static func result(_ n: Int) -> AnyRoute { AnyRoute(PresResultRoute(n: n)) }

    static func router(navigator: (any Navigator)? = nil,
                       placement: @escaping @Sendable (OpenSource, Bool) -> Placement = { _, cold in cold ? .replace : .keepCommonPrefix })
        throws -> Router {
        try Router(options: .init(navigator: navigator, placement: placement)) { routes in
            routes.action(PresShelfTab.self, exposure: .external) { _, _ in }
            routes.action(PresSearchTab.self, exposure: .external) { _, _ in }
            routes.action(PresBookRoute.self, exposure: .external) { _, _ in }
            routes.action(PresShareRoute.self, exposure: .external) { _, _ in }
            routes.action(PresShareOptionsRoute.self, exposure: .external) { _, _ in }
            routes.action(PresPlayerRoute.self, exposure: .external) { _, _ in }
            routes.action(PresComposeRoute.self, exposure: .external) { _, _ in }
            routes.action(PresResultRoute.self, exposure: .external) { _, _ in }
        }
    }

    @Test("a modal route starts a layer, its descendants are pushed in it, and restore(plan.urls) is the plan")
    func plansWithLayers() throws {
        let router = try Self.router()
        let options = try router.plan(for: "reader://p/book/4/share/options")
        #expect(options.root == Self.shelf && options.stack == [Self.book(4)])
        #expect(options.modals == [ModalLayer(presentation: .sheet, stack: [Self.share(4), Self.options(4)])])
        #expect(options.urls == ["reader://p/shelf", "reader://p/book/4", "reader://p/book/4/share", "reader://p/book/4/share/options"])
        let player = try router.plan(for: "reader://p/book/4/share/player")
        #expect(player.modals.map(\.presentation) == [.sheet, .fullScreen])
        #expect(player.modals.last?.stack == [AnyRoute(PresPlayerRoute(id: 4))])
        let compose = try router.plan(for: "reader://p/compose")
        #expect(compose == NavigationPlan(root: nil, stack: [], modals: [ModalLayer(presentation: .sheet, stack: [AnyRoute(PresComposeRoute())])]))
        for plan in [options, player, compose, try router.plan(for: "reader://p/result/3"), try router.plan(for: "reader://p/book/1")] {
            #expect(router.restore(plan.urls) == plan, "\(plan)")
        }
        // A layer's first URL that no longer opens is dropped: what followed it joins the layer below.
        let restored = router.restore(["reader://p/shelf", "reader://p/book/4", "reader://p/gone", "reader://p/book/4/share/player"])
        #expect(restored.dropped == ["reader://p/gone"])
        #expect(restored.modals == [ModalLayer(presentation: .fullScreen, stack: [AnyRoute(PresPlayerRoute(id: 4))])])
        // Many URLs pushed in one layer are read one after another, not copied with the layer.
        let long = router.restore(["reader://p/compose"] + Array(repeating: "reader://p/book/1", count: 5_000))
        #expect(long.modals.count == 1 && long.modals[0].stack.count == 5_001 && long.stack.isEmpty)
    }

    @Test("restore(plan.urls) gives plans with layers back, over generated links")
    func restoreRoundTrip() throws {
        let router = try Self.router()
        var random = NavigationPlanTests.Random(state: 0x1A7E)
        var layered = 0
        for _ in 0..<Self.samples {
            let id = random.next(1_000)
            let url = switch random.next(6) {
            case 0: "reader://p/book/\(id)"
            case 1: "reader://p/book/\(id)/share"
            case 2: "reader://p/book/\(id)/share/options?token=t\(random.next(50))"
            case 3: "reader://p/book/\(id)/share/player"
            case 4: "reader://p/compose"
            default: "reader://p/result/\(random.next(6))"
            }
            let plan = try router.plan(for: url, source: .external)
            if !plan.modals.isEmpty { layered += 1 }
            #expect(router.restore(plan.urls, source: .external) == plan, "\(url)")
        }
        #expect(layered > Self.samples / 2, "most generated plans have layers")
    }

    @Test("a presentation of another type, and a tab presented modally, are registration problems")
    func registrationProblems() throws {
        let error = #expect(throws: RegistrationError.self) {
            try Router { routes in
                routes.action(PresStringLookAlike.self) { _, _ in }
                routes.action(PresOptionalLookAlike.self) { _, _ in }
                routes.action(PresEnumLookAlike.self) { _, _ in }
                routes.action(PresModalTab.self) { _, _ in }
                routes.action(PresPlayerRoute.self) { _, _ in }
                routes.action(PresShareOptionsRoute.self) { _, _ in }
                routes.action(PresShareRoute.self) { _, _ in }
                routes.action(PresBookRoute.self) { _, _ in }
                routes.action(PresShelfTab.self) { _, _ in }
            }
        }
        let problems = try #require(error?.problems)
        #expect(problems.allSatisfy { $0.typedRoute?.property == "presentation" }, "\(problems)")
        #expect(problems.map(\.description) == [
            "[App] PresEnumLookAlike.presentation does not fit 'reader://p/look/enum': 'presentation' is a 'PresAppStyle', "
                + "not a 'Presentation', so the router would not read it: declare `static var presentation: Presentation`",
            "[App] PresOptionalLookAlike.presentation does not fit 'reader://p/look/optional': 'presentation' is a "
                + "'Optional<Presentation>', not a 'Presentation', so the router would not read it: declare `static var presentation: Presentation`",
            "[App] PresStringLookAlike.presentation does not fit 'reader://p/look/string': 'presentation' is a 'String', "
                + "not a 'Presentation', so the router would not read it: declare `static var presentation: Presentation`",
            "[App] PresModalTab.presentation does not fit 'reader://p/look/tab': it is a RootRoute (a tab) presented as 'sheet': "
                + "a root starts a stack and is never presented; present a route above it instead",
        ])
    }

    /// What a navigator shows after `steps`, from a state.
    struct Screen: Equatable {
        var root: AnyRoute?
        var stack: [AnyRoute]
        var layers: [ModalLayer]
    }

    /// Random states and plans for the law: 10,000 (``LongRuns``), 1,000 in the sample.
    static let samples = LongRuns.count(full: 10_000, sample: 1_000)

    @Test("steps law over random states and plans, for every placement: keep + push rebuild the stack, dismiss + present the layers",
          arguments: [Placement.keepCommonPrefix, .replace, .push])
    func stepsLaw(_ placement: Placement) {
        var random = NavigationPlanTests.Random(state: 0x7AB5)
        let pool = (0..<3).map(Self.book) + (0..<2).map(Self.result)
        let modalPool = [Self.share(0), Self.share(1), AnyRoute(PresComposeRoute())]
        let roots: [AnyRoute?] = [nil, Self.shelf, Self.search]
        func stack() -> [AnyRoute] { (0..<random.next(5)).map { _ in pool[random.next(pool.count)] } }
        func layers() -> [ModalLayer] {
            (0..<random.next(4)).map { _ in
                ModalLayer(presentation: random.next(2) == 0 ? .sheet : .fullScreen,
                           stack: [modalPool[random.next(modalPool.count)]] + (0..<random.next(3)).map { _ in pool[random.next(pool.count)] })
            }
        }
        for _ in 0..<Self.samples {
            let navigator = LayeredNavigator()
            navigator.tab = roots[random.next(3)]
            navigator.stacks = [Self.shelf: stack(), Self.search: stack()]
            navigator.rootless = stack()
            navigator.layers = layers()
            // Plans that share a prefix with what is on screen are likely, not rare.
            let onScreen = navigator.current.stack
            let planStack = random.next(2) == 0 ? Array(onScreen.prefix(random.next(onScreen.count + 1))) + stack() : stack()
            let planLayers = random.next(2) == 0 ? Array(navigator.layers.prefix(random.next(navigator.layers.count + 1))) + layers() : layers()
            let plan = NavigationPlan(root: roots[random.next(3)], stack: planStack, modals: planLayers)
            let before = Screen(root: navigator.tab, stack: onScreen, layers: navigator.layers)
            let switches = plan.root != nil && plan.root != before.root
            let base = switches ? navigator.stack(for: plan.root!) : before.stack
            let steps = plan.steps(from: navigator, placement: placement)
            navigator.apply(steps)
            let after = Screen(root: navigator.tab, stack: navigator.current.stack, layers: navigator.layers)
            #expect(after.root == (plan.root ?? before.root))
            #expect(steps.root == (switches ? plan.root : nil))
            if switches { #expect(steps.dismiss == before.layers.count, "a tab switch dismisses every layer") }
            if placement == .push {
                if let top = plan.modals.last {
                    #expect(after.stack == base)
                    #expect(after.layers == (switches ? [] : before.layers) + [top])
                } else {
                    #expect(after.stack == base + (plan.stack.last.map { [$0] } ?? []))
                    #expect(after.layers.isEmpty)
                }
                continue
            }
            #expect(after.stack == plan.stack && after.layers == plan.modals, "\(plan) after \(steps)")
            if placement == .replace {
                #expect(steps.keep == 0 && steps.dismiss == before.layers.count)
                continue
            }
            // The least change: the longest common prefix of the stack, and of the layers when the
            // stack stays whole.
            var keep = 0
            while keep < min(base.count, plan.stack.count), base[keep] == plan.stack[keep] { keep += 1 }
            #expect(steps.keep == keep)
            var kept = 0
            if !switches, keep == base.count, keep == plan.stack.count {
                while kept < min(before.layers.count, plan.modals.count), before.layers[kept] == plan.modals[kept] { kept += 1 }
            }
            #expect(steps.dismiss == before.layers.count - kept)
        }
    }

    @Test("a navigator written before layers presents nothing and knows only the current tab's stack")
    func navigatorDefaults() throws {
        let navigator = RecordingNavigator()
        navigator.tab = Self.shelf
        navigator.path = [Self.book(1)]
        #expect(navigator.presented.isEmpty)
        #expect(navigator.stack(for: Self.shelf) == [Self.book(1)])
        #expect(navigator.stack(for: Self.search).isEmpty)
        // The steps without layers on screen present the plan's layers and keep today's rule.
        let plan = try Self.router().plan(for: "reader://p/book/1/share")
        #expect(plan.steps(from: [Self.book(1)], root: Self.shelf)
            == NavigationSteps(keep: 1, push: [], root: nil, dismiss: 0, present: plan.modals))
        #expect(plan.steps(from: navigator) == plan.steps(from: [Self.book(1)], root: Self.shelf))
    }

    @Test("a link under a sheet dismisses it; a link into the other tab keeps that tab's shared stack")
    func underSheetAndOtherTab() async throws {
        let navigator = LayeredNavigator()
        let router = try Self.router(navigator: navigator)
        _ = try await router.navigate(to: "reader://p/book/2/share/options", source: .external)
        #expect(navigator.layers == [ModalLayer(presentation: .sheet, stack: [Self.share(2), Self.options(2)])])
        // Under the sheet: the book's page, warm.
        _ = try await router.navigate(to: "reader://p/book/2")
        #expect(navigator.shown.last == NavigationSteps(keep: 1, push: [], root: nil, dismiss: 1, present: []))
        #expect(navigator.layers.isEmpty && navigator.current.stack == [Self.book(2)])
        // The other tab's own stack, then back to the shelf: the shelf's stack is still there.
        navigator.stacks[Self.search] = [Self.result(0), Self.result(1)]
        _ = try await router.navigate(to: "reader://p/book/2/share", source: .external)
        _ = try await router.navigate(to: "reader://p/result/2", source: .external)
        #expect(navigator.shown.last == NavigationSteps(keep: 2, push: [Self.result(2)], root: Self.search, dismiss: 1, present: []))
        #expect(navigator.current.stack == [Self.result(0), Self.result(1), Self.result(2)] && navigator.layers.isEmpty)
        _ = try await router.navigate(to: "reader://p/book/2/share/options")
        #expect(navigator.shown.last == NavigationSteps(keep: 1, push: [], root: Self.shelf, dismiss: 0,
                                                        present: [ModalLayer(presentation: .sheet, stack: [Self.share(2), Self.options(2)])]))
    }

    @Test("the placement decides: push keeps everything, replace keeps nothing, by source")
    func placements() async throws {
        let navigator = LayeredNavigator()
        let router = try Self.router(navigator: navigator) { source, cold in cold ? .replace : source == .app ? .push : .keepCommonPrefix }
        navigator.tab = Self.shelf
        navigator.stacks[Self.shelf] = [Self.book(9)]
        navigator.layers = [ModalLayer(presentation: .sheet, stack: [AnyRoute(PresComposeRoute())])]
        // Cold: replace, whatever is on screen.
        _ = try await router.navigate(to: "reader://p/book/9", source: .app)
        #expect(navigator.shown.last == NavigationSteps(keep: 0, push: [Self.book(9)], root: nil, dismiss: 1, present: []))
        // Warm from the app: push the link's own route on what is there.
        _ = try await router.navigate(to: "reader://p/book/9", source: .app)
        #expect(navigator.current.stack == [Self.book(9), Self.book(9)])
        _ = try await router.navigate(to: "reader://p/book/3/share/options", source: .app)
        #expect(navigator.current.stack == [Self.book(9), Self.book(9)])
        #expect(navigator.layers == [ModalLayer(presentation: .sheet, stack: [Self.share(3), Self.options(3)])])
        // Warm from outside: the common prefix.
        _ = try await router.navigate(to: "reader://p/book/9", source: .external)
        #expect(navigator.shown.last == NavigationSteps(keep: 1, push: [], root: nil, dismiss: 1, present: []))
        #expect(navigator.current.stack == [Self.book(9)] && navigator.layers.isEmpty)
    }

    @Test("coldStart is true for the first navigate, and for the links the first release replays")
    func coldStart() async throws {
        let told = Shared<[String]>([])
        let navigator = LayeredNavigator()
        let router = try Self.router(navigator: navigator) { source, cold in
            told.append("\(source) \(cold)")
            return cold ? .replace : .keepCommonPrefix
        }
        router.holdExternalOpens()
        let held = await #expect(throws: NavigationError.self) {
            try await router.navigate(to: "reader://p/book/1", source: .external)
        }
        if case .held? = held?.stopped {} else { Issue.record("not held: \(String(describing: held))") }
        _ = try await router.navigate(to: "reader://p/book/2")          // from the app: not held, warm
        #expect(told.current == ["app false"])
        let release = router.releaseHeldOpens()
        #expect(release.replayed.count == 1)
        #expect(told.current == ["app false", "external true"])
        _ = try await router.navigate(to: "reader://p/book/3", source: .external)
        router.holdExternalOpens()
        _ = try? await router.navigate(to: "reader://p/book/4", source: .external)
        router.releaseHeldOpens()
        #expect(told.current == ["app false", "external true", "external false", "external false"])
        #expect(navigator.current.stack == [Self.book(4)])
        // Without holding, the first navigate is the cold one.
        let fresh = Shared<[Bool]>([])
        let other = try Self.router(navigator: LayeredNavigator()) { _, cold in
            fresh.withLock { $0.append(cold) }
            return .keepCommonPrefix
        }
        _ = try await other.navigate(to: "reader://p/book/1", source: .external)
        _ = try await other.navigate(to: "reader://p/book/1", source: .external)
        #expect(fresh.current == [true, false])
    }

    @Test("descriptions of plans, layers and steps with many layers stay bounded and redacted")
    func descriptions() {
        let secret = AnyRoute(PresShareOptionsRoute(id: 1, token: "SECRET-" + String(repeating: "x", count: 5_000)))
        let layers = (0..<40).map { _ in ModalLayer(presentation: .sheet, stack: Array(repeating: secret, count: 20)) }
        let plan = NavigationPlan(root: Self.shelf, stack: Array(repeating: secret, count: 20), modals: layers)
        let steps = NavigationSteps(keep: 0, push: [secret], root: nil, dismiss: 2, present: layers)
        // With a root, whose words the description counts against its budget too.
        let rooted = NavigationSteps(keep: 0, push: Array(repeating: secret, count: 20), root: secret, dismiss: 0, present: layers)
        for text in [plan.description, String(reflecting: plan), layers[0].description, "\(layers[0])", "\(steps)",
                     String(reflecting: steps), "\(rooted)", String(reflecting: rooted)] {
            #expect(text.utf8.count <= 4_096, "\(text.utf8.count) bytes")
            #expect(!text.contains("SECRET"))
        }
        #expect(plan.description.contains("modals: [sheet [") && plan.description.contains("more"))
        #expect(steps.description.hasPrefix("NavigationSteps(dismiss: 2, root: nil, keep: 0, push: ['reader://p/book/1/share/options?token=•'], present: [sheet ["))
        // `dump` (what a debugger shows) reads the mirrors: redacted URLs there too.
        for value in [layers[0] as Any, steps, plan] {
            var dumped = ""
            dump(value, to: &dumped, maxDepth: 8, maxItems: 200)
            #expect(!dumped.contains("SECRET"), "\(dumped.prefix(300))")
        }
    }
}
