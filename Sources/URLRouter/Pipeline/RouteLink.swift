/// What the router opens, looks up and plans: a URL written as a string, or a ``TypedRoute``
/// value, whose URL is written for it (``TypedRoute/url()``). Each verb of ``Router`` has one
/// spelling for both:
///
/// ```swift
/// router.open("reader://book/42?from=shelf")
/// router.open(BookRoute(id: 42, from: "shelf"))   // the same URL, the same route
/// ```
/// A `Foundation.URL`, what the system hands a deep-link entry point, has its own `open`,
/// whose `source:` has no default.
public protocol RouteLink: Sendable {
    /// The URL this link opens.
    /// - Throws: ``TypedRouteError`` when a typed route's value cannot be written; the verb
    ///   then refuses it before anything runs (``Refusal/unwritable(_:)``).
    func routeURL() throws(TypedRouteError) -> String
}

extension String: RouteLink {
    /// The string itself.
    public func routeURL() -> String { self }
}

extension TypedRoute {
    /// ``url()``.
    public func routeURL() throws(TypedRouteError) -> String { try url() }
}

extension RouteLink {
    /// What an error names for a link whose URL cannot be written: its pattern.
    var unwrittenURL: String { (self as? any TypedRoute).map { type(of: $0).pattern } ?? "" }
}
