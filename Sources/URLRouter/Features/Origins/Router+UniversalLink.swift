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
    /// universal-link host, then the URL's route key after the scheme as the path (its host as
    /// the first segment, lowercased as the router reads it), then its query and fragment as
    /// written (`reader://book/42?from=mail` gives `https://reader.example.com/book/42?from=mail`).
    /// Opened, it reaches the same route with the same parameters, from outside the app
    /// (<doc:MatchingRules>, "Origins"): the link is resolved before it is returned, and one
    /// that would not is refused.
    ///
    /// ```swift
    /// try router.universalLink(for: BookRoute(id: 42))   // "https://reader.example.com/book/42"
    /// try router.universalLink(for: "reader://admin/wipe")   // throws: an internal route
    /// ```
    /// - Parameter link: a URL of the first declared custom scheme (with a host, or opaque:
    ///   `reader:book/42`), or a ``TypedRoute`` value.
    /// - Throws: ``UniversalLinkError`` when the router declares no universal-link host; the
    ///   URL is not of the first declared custom scheme (a universal link is read in it), is
    ///   malformed or carries userinfo; a typed value cannot be written as a URL; no route
    ///   takes the URL, or the route it reaches is internal (no link from outside the app
    ///   reaches it); or the link would reach another route, or other values.
    public func universalLink(for link: some RouteLink) throws(UniversalLinkError) -> String {
        let url: String
        do {
            url = try link.routeURL()
        } catch {
            throw UniversalLinkError(url: link.unwrittenURL, reason: "the value cannot be written as a URL: \(error)")
        }
        func refuse(_ reason: String) -> UniversalLinkError { UniversalLinkError(url: url, reason: reason) }
        guard let origins, let host = origins.firstHost else {
            throw refuse("the router declares no universal-link host (Router.Options(origins:))")
        }
        let parsed: ParsedURL
        do { parsed = try ParsedURL(url, limits: options.matching.limits) } catch { throw refuse("\(error)") }
        guard let scheme = parsed.scheme, origins.schemes[scheme] != nil else {
            throw refuse("it is not a URL of a declared custom scheme")
        }
        guard scheme == origins.scheme else {
            throw refuse("universal links read in the first declared scheme, '\(Echo.quoted(origins.scheme))', not '\(Echo.quoted(scheme))'")
        }
        guard parsed.userinfo == nil else { throw refuse("it carries userinfo, which no link from outside the app may") }
        // Every segment of the route key after the scheme, written as a path segment: the
        // host as the router reads it (decoded, lowercased), empty segments left out.
        let segments = (parsed.host.map { [$0] } ?? []) + parsed.pathSegments
        let path = segments.map { UniversalLinkShape.percentEncoded($0) }.joined(separator: "/")
        let universal = "https://" + host + "/" + path + parsed.string[parsed.path.endIndex...]

        let intended = resolve(url, source: .app)
        guard let target = intended.route else { throw refuse("it opens no route: \(Self.describe(intended))") }
        guard target.route.exposure.isReachable(from: .external) else {
            let exposure = target.route.exposure
            throw refuse(exposure.isExternal
                ? "it reaches \(target.route), a route links do not reach (exposure \(exposure))"
                : "it reaches \(target.route), an internal route, which no link from outside the app reaches")
        }
        let opened = resolve(universal, source: .external)
        guard let reached = opened.route, reached.route == target.route else {
            throw refuse("its universal link '\(Echo.quotedURL(universal))' would reach \(Self.describe(opened)), not \(target.route)")
        }
        guard reached.parameters == target.parameters else {
            throw refuse("its universal link '\(Echo.quotedURL(universal))' would reach \(target.route) with other values")
        }
        return universal
    }

    private static func describe(_ resolution: Resolution) -> String {
        switch resolution {
        case .route(let resolved): "\(resolved.route)"
        case .unmatched: "no route"
        case .malformed(let error): "\(error)"
        case .refused(let refusal): "a refusal (\(refusal))"
        case .undecodable(let declines): declines.map(\.description).joined(separator: "; ")
        }
    }
}
