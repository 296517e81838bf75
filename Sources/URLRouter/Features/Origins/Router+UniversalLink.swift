import PatternMatcher

/// Why ``Router/universalLink(for:)`` has no universal link to give.
public struct UniversalLinkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The URL given, or the value's URL (bounded and escaped in ``description``).
    public let url: String
    /// Why, in words.
    public let reason: String

    public var description: String { "no universal link for '\(Echo.quotedURL(url))': \(reason)" }
}

extension Router {
    /// The universal link of a link in the custom-scheme form: `https://` and the first declared
    /// universal-link host, then the URL's host as the first path segment, then its path, query
    /// and fragment (`reader://book/42?from=mail` gives `https://reader.example.com/book/42?from=mail`).
    /// Opened, it reaches the same route with the same parameters (<doc:MatchingRules>, "Origins").
    ///
    /// ```swift
    /// try router.universalLink(for: BookRoute(id: 42))   // "https://reader.example.com/book/42"
    /// ```
    /// - Parameter link: a URL of a declared custom scheme, with a host, or a ``TypedRoute`` value.
    /// - Throws: ``UniversalLinkError`` when the router declares no universal-link host, the
    ///   URL is not of a declared custom scheme, or a typed value cannot be written as a URL.
    public func universalLink(for link: some RouteLink) throws(UniversalLinkError) -> String {
        let url: String
        do {
            url = try link.routeURL()
        } catch {
            throw UniversalLinkError(url: link.unwrittenURL, reason: "the value cannot be written as a URL: \(error)")
        }
        guard let origins, let host = origins.firstHost else {
            throw UniversalLinkError(url: url, reason: "the router declares no universal-link host (Router.Options(origins:))")
        }
        guard case .customScheme = origins.arrival(of: url, limits: options.matching.limits),
              let schemeEnd = url.range(of: "://") else {
            throw UniversalLinkError(url: url, reason: "it is not a URL of a declared custom scheme, with a host")
        }
        return "https://" + host + "/" + url[schemeEnd.upperBound...]
    }
}
