import Foundation
import URLRouter

/// The README's "One entry point" snippet, compiled and run by `ReadmeSnippetTests`.
/// - Returns: the lines the snippet prints.
@MainActor
func runEntrySnippet() async throws -> [String] {
    let printed = Shared<[String]>([])
    @Sendable func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

    // snippet:begin entry
    struct ShelfRoute: TypedRoute, RootRoute { static let pattern = "reader://shelf" }
    struct BookRoute: TypedRoute {
        static let pattern = "reader://book/<int:id>"
        var id: Int
        var parent: (any TypedRoute)? { ShelfRoute() }     // a link to a book leaves the shelf below it
    }
    @MainActor final class AppNavigator: Navigator {       // what a NavigationStack(path:) shows
        var tab: AnyRoute?
        var path: [AnyRoute] = []
        var current: (root: AnyRoute?, stack: [AnyRoute]) { (tab, path) }
        func show(_ plan: NavigationPlan, steps: NavigationSteps, source: OpenSource) {
            if let root = steps.root { tab = root }
            path = Array(path.prefix(steps.keep)) + steps.push
        }
    }

    let navigator = AppNavigator()
    let router = try Router(options: .init(navigator: navigator, observer: { event in
        print("observed:", event.outcome)                    // analytics
    })) { routes in
        routes.action(ShelfRoute.self, name: "shelf", exposure: .external) { _, _ in }
        routes.action(BookRoute.self, name: "book", exposure: .external) { _, _ in }
    }

    // The one entry point: .onOpenURL { url in Task { await openDeepLink(url) } },
    // scene(_:openURLContexts:) and scene(_:continue:) call it; a notification's link passes
    // its channel: openDeepLink(link, from: .notification).
    func openDeepLink(_ url: URL, from source: OpenSource = .external) async {
        do {
            let plan = try await router.navigate(to: url.absoluteString, source: source)
            print("shown:", plan)                                // safe to log: query values redacted
        } catch {
            print(error)    // held until the app is ready, rejected by a gate, or no screen for it
        }
    }

    router.holdExternalOpens()                                  // at launch
    await openDeepLink(URL(string: "reader://book/42")!)
    // no plan for 'reader://book/42': held open #1 'reader://book/42', until the app is ready
    router.releaseHeldOpens()                                   // onboarding is done
    // observed: handled by reader://book/<int:id> (book) [App]
    print(navigator.tab?.url ?? "", navigator.path.map(\.url))   // reader://shelf ["reader://book/42"]
    await openDeepLink(URL(string: "reader://book/7")!)         // the app is ready: shown at once
    // observed: handled by reader://book/<int:id> (book) [App]
    // shown: NavigationPlan(root: 'reader://shelf', stack: ['reader://book/7'])
    // snippet:end entry
    return printed.current
}
