import Testing
import URLRouter

struct NavLoginRoute: TypedRoute { static let pattern = "reader://login" }

/// What the app's UIKit or SwiftUI code would do, as a plain array.
@MainActor final class RecordingNavigator: Navigator {
    var tab: AnyRoute?
    var path: [AnyRoute] = []
    var shown: [(NavigationSteps, OpenSource)] = []
    var objects: [String] = []
    var current: (root: AnyRoute?, stack: [AnyRoute]) { (tab, path) }

    func show(_ plan: NavigationPlan, steps: NavigationSteps, source: OpenSource) {
        shown.append((steps, source))
        if let root = steps.root { tab = root }
        path = Array(path.prefix(steps.keep)) + steps.push
    }

    func show(object: Any, for route: RouteInfo, source: OpenSource) {
        objects.append("\(route.pattern) \(source): \(object)")
    }
}

/// A screen, as a view controller stands in here: not Sendable.
@MainActor final class ChapterScreen: CustomStringConvertible {
    let n: Int
    init(n: Int) { self.n = n }
    nonisolated var description: String { "ChapterScreen" }
}

@Suite("Navigating with interceptors and a navigator")
@MainActor
struct NavigatorTests {
    static func router(navigator: RecordingNavigator?, loggedIn: Shared<Bool>) throws -> Router {
        try Router(options: .init(navigator: navigator)) { routes in
            routes.action(NavShelfRoute.self, exposure: .external) { _, _ in }
            routes.action(NavBookRoute.self, exposure: .external) { _, _ in }
            routes.action(NavChapterRoute.self, exposure: .external) { _, _ in }
            routes.action(NavLoginRoute.self, exposure: .external) { _, _ in }
            routes.mainActorObject("reader://screen/<int:n>", exposure: .external) { request in
                ChapterScreen(n: try request.require("n", as: Int.self))
            }
            routes.intercept("reader://book/**", name: "login") { _ in loggedIn.current ? .proceed : .redirect(to: "reader://login") }
            routes.intercept("reader://book/666/**", name: "veto") { _ in .reject("banned") }
            routes.asyncIntercept("reader://book/7/**", name: "slow") { _ in
                try? await Task.sleep(nanoseconds: 1_000_000)
                return .proceed
            }
        }
    }

    @Test("a cold start replaces the stack; a warm one keeps the common prefix and pushes the rest")
    func coldThenWarm() async throws {
        let navigator = RecordingNavigator()
        let router = try Self.router(navigator: navigator, loggedIn: Shared(true))
        let first = try await router.navigate(to: "reader://book/42", source: .external)
        #expect(first.stack == [AnyRoute(NavBookRoute(id: 42))])
        #expect(navigator.tab == AnyRoute(NavShelfRoute()))
        #expect(navigator.shown.first?.0 == NavigationSteps(keep: 0, push: [AnyRoute(NavBookRoute(id: 42))], root: AnyRoute(NavShelfRoute())))
        _ = try await router.navigate(to: "reader://book/42/chapter/3", source: .external)
        #expect(navigator.shown.last?.0 == NavigationSteps(keep: 1, push: [AnyRoute(NavChapterRoute(book: 42, n: 3))], root: nil))
        #expect(navigator.path == [AnyRoute(NavBookRoute(id: 42)), AnyRoute(NavChapterRoute(book: 42, n: 3))])
        #expect(navigator.shown.last?.1 == .external)
        // An async interceptor is awaited like an open's.
        _ = try await router.navigate(to: "reader://book/7/chapter/1")
        #expect(navigator.path.last == AnyRoute(NavChapterRoute(book: 7, n: 1)))
    }

    @Test("a login gate in front of a plan redirects it; a rejection ends it; without a navigator the plan comes back")
    func interceptors() async throws {
        let loggedIn = Shared(false)
        let router = try Self.router(navigator: nil, loggedIn: loggedIn)
        let gated = try await router.navigate(to: "reader://book/42/chapter/3", source: .external)
        #expect(gated.stack == [AnyRoute(NavLoginRoute())])
        loggedIn.withLock { $0 = true }
        #expect(try await router.navigate(to: "reader://book/42/chapter/3").stack.count == 2)
        let vetoed = await #expect(throws: NavigationError.self) { try await router.navigate(to: "reader://book/666/chapter/1") }
        #expect(vetoed?.stopped?.interceptor?.name == "veto")
        let missing = await #expect(throws: NavigationError.self) { try await router.navigate(to: "reader://nowhere") }
        #expect(missing?.resolution == .unmatched)
    }

    @Test("a link to a screen route shows the screen and replies it, instead of dropping it")
    func objectRoutesAreShown() throws {
        let navigator = RecordingNavigator()
        let router = try Self.router(navigator: navigator, loggedIn: Shared(true))
        let replies = Shared<[String]>([])
        let result = router.open("reader://screen/5", source: .external) { reply in
            MainActor.assumeIsolated {
                let screen = (reply as? MainActorObject)?.value as? ChapterScreen
                replies.append("screen \(screen?.n ?? -1)")
            }
        }
        #expect(result.isHandled)
        #expect(replies.current == ["screen 5"])
        #expect(navigator.objects == ["reader://screen/<int:n> external: ChapterScreen"])
        // An object lookup takes the object itself: the navigator is not told.
        #expect(router.object(for: "reader://screen/6", as: ChapterScreen.self)?.n == 6)
        #expect(navigator.objects.count == 1)
    }

    @Test("a typed screen route's value is decoded once: the handler's, which the navigator is shown")
    func typedScreenDecodedOnce() async throws {
        let navigator = MatrixNavigator()
        let router = try Router(options: .init(navigator: navigator)) { routes in
            routes.mainActorObject(CountedScreenRoute.self, exposure: .external) { screen, _ in ChapterScreen(n: screen.n) }
        }
        // Here, then awaited (one after the other: the count is the type's).
        var before = CountedScreenRoute.decodes.current
        #expect(router.open("reader://counted/7").isHandled)
        #expect(CountedScreenRoute.decodes.current - before == 1, "decoded for the handler, not again for the navigator")
        before = CountedScreenRoute.decodes.current
        #expect(await router.openAndWait("reader://counted/9").isHandled)
        #expect(CountedScreenRoute.decodes.current - before == 1)
        let shown: [MatrixNavigator.Shown] = [
            .object(url: "reader://counted/7", value: AnyRoute(CountedScreenRoute(n: 7)), source: .app),
            .object(url: "reader://counted/9", value: AnyRoute(CountedScreenRoute(n: 9)), source: .app),
        ]
        #expect(navigator.shown == shown)
        // A lookup gives the object itself, not what the route hands its open: the navigator is not told.
        #expect(router.object(for: "reader://counted/8", as: ChapterScreen.self)?.n == 8)
        #expect(navigator.shown == shown)
    }
}

/// A screen route that counts its decodes.
struct CountedScreenRoute: TypedRoute {
    static let pattern = "reader://counted/<int:n>"
    static let decodes = Shared(0)
    let n: Int

    init(n: Int) { self.n = n }

    init(from decoder: any Decoder) throws {
        Self.decodes.withLock { $0 += 1 }
        n = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .n)
    }
}
