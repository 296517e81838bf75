import Synchronization
import URLRouter

/// URLRouter as an app uses it: `Router.open(_:)` from a URL string to a handler that does nothing
/// but note which route ran.
public struct URLRouterOpen: Contender {
    public static let name = "URLRouter open"

    let router: Router
    let lastHandled: LastHandled

    public init(routes: [String]) throws {
        try self.init(routes: routes, interceptors: 0)
    }

    /// - Parameter interceptors: how many interceptors that match every path and proceed to
    ///   register (`**`, by priority), as a login gate, a logger and an analytics hook would.
    init(routes: [String], interceptors: Int) throws {
        let lastHandled = LastHandled()
        router = try Router { registrar in
            Self.addActions(routes, to: &registrar, noting: lastHandled)
            for priority in 0..<interceptors {
                registrar.intercept("**", name: "proceeds-\(priority)", priority: priority) { _ in .proceed }
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

    /// Registers each of `routes` as an action whose handler leaves its index in `lastHandled`,
    /// or, with no `lastHandled`, does nothing at all.
    static func addActions(_ routes: [String], to registrar: inout RouteRegistrar, noting lastHandled: LastHandled?) {
        for (index, pattern) in routes.enumerated() {
            if let lastHandled {
                registrar.action(pattern) { _ in lastHandled.route.store(index, ordering: .relaxed) }
            } else {
                registrar.action(pattern) { _ in }
            }
        }
    }
}

/// `URLRouter open` with three interceptors that match every URL and let it through: what
/// interceptors add to an open.
public struct URLRouterOpenIntercepted: Contender {
    public static let name = "URLRouter open, 3 interceptors"

    let open: URLRouterOpen

    public init(routes: [String]) throws {
        open = try URLRouterOpen(routes: routes, interceptors: 3)
    }

    public func lookup(_ url: String) -> Int {
        open.lookup(url)
    }

    /// How many interceptors an open of `url` asks (3 for every path).
    public func interceptors(for url: String) -> Int {
        open.router.previewInterceptors(for: url).count
    }
}

/// A router that registers one more module after start-up: what an app does when a feature
/// module loads late. The Report times ``register(module:)`` against registering the same
/// routes anew.
public final class LateModuleRouter {
    let router: Router

    /// A router of `routes` (each a no-op action), registered inline as one module.
    public init(routes: [String]) throws {
        router = try Router { registrar in URLRouterOpen.addActions(routes, to: &registrar, noting: nil) }
    }

    /// Registers `module` (each pattern a no-op action) as a new module named `name`.
    public func register(module: [String], named name: String) throws {
        try router.register(moduleNamed: name) { registrar in
            URLRouterOpen.addActions(module, to: &registrar, noting: nil)
        }
    }

    /// The number of routes the router holds now.
    public var routeCount: Int { router.routes.count }
}
