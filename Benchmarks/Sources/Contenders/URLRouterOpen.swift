import Synchronization
import URLRouter

/// URLRouter as an app uses it: `Router.open(_:)` from a URL string to a handler that does nothing
/// but note which route ran.
public struct URLRouterOpen: Contender {
    public static let name = "URLRouter open"

    let router: Router
    let lastHandled: LastHandled

    public init(routes: [String]) throws {
        let lastHandled = LastHandled()
        router = try Router { registrar in
            for (index, pattern) in routes.enumerated() {
                registrar.action(pattern) { _ in lastHandled.route.store(index, ordering: .relaxed) }
            }
        }
        self.lastHandled = lastHandled
    }

    public func lookup(_ url: String) -> Int {
        guard router.open(url).isHandled else { return -1 }
        return lastHandled.route.load(ordering: .relaxed)
    }

    /// Where the no-op handlers leave their route index, so that a lookup can be checked.
    final class LastHandled: Sendable {
        let route = Atomic<Int>(-1)
    }
}
