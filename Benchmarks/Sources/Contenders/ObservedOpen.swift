import URLRouter

/// `Router.open(_:)` with and without an observer that does nothing: what observing every open
/// costs an app that sets one (the Report's observer row).
public struct ObservedOpen: Sendable {
    let plain: Router
    let observed: Router

    /// Two routers of `routes`, whose handlers do nothing, one with an empty observer.
    public init(routes: [String]) throws {
        func make(_ options: Router.Options) throws -> Router {
            try Router(options: options) { registrar in
                for pattern in routes { registrar.action(pattern) { _ in } }
            }
        }
        plain = try make(Router.Options())
        var options = Router.Options()
        options.observer = { _ in }
        observed = try make(options)
    }

    /// Opens `url` once; returns 1 when it was handled (InstructionCount's lookup).
    public func open(_ url: String, observed isObserved: Bool) -> Int {
        (isObserved ? observed : plain).open(url).isHandled ? 1 : 0
    }

    /// Opens every URL of `urls` once; returns how many were handled.
    public func open(_ urls: [String], observed isObserved: Bool) -> Int {
        let router = isObserved ? observed : plain
        var handled = 0
        for url in urls where router.open(url).isHandled { handled += 1 }
        return handled
    }
}
