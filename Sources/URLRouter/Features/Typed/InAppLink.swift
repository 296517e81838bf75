import PatternMatcher

/// A link carried in a parameter (`?next=`, `?redirect=`) that this router would open from the
/// request's own source: the answer to open redirects (see <doc:WhereLinksComeFrom>, "Links in
/// parameters").
///
/// ```swift
/// struct LoginRoute: TypedRoute {
///     static let pattern = "reader://login"
///     var next: InAppLink?
/// }
/// routes.action(LoginRoute.self, exposure: .external) { login, request in
///     showLogin { if let next = login.next { request.open(next) } }
/// }
/// ```
///
/// Decoded as a property of a typed route, it accepts only a URL that the router would open from
/// the source of the open being decoded, without a catch-all (`**`) taking it: never another
/// site (a web fallback is a catch-all), never an internal route from an external channel,
/// never a URL with userinfo. The check is a dry run (``Router/canOpen(_:source:excludingCatchAll:)``)
/// nested in the open, so the nesting limit (``Router/Options/maxNestedOpens``) counts it: a
/// `next` link that carries another cannot recurse without bound. A URL that fails the check
/// makes the typed route decline, as any value that does not decode.
///
/// Outside the router's own decoding (a plain `JSONDecoder`, ``TypedRoute/init(parsing:)``) it
/// throws: nothing says what the app opens.
public struct InAppLink: Codable, Hashable, Sendable, RouteLink {
    /// The URL, as written.
    public let url: String

    /// A link to `url`, for a typed route value the app writes (`LoginRoute(next: InAppLink(…))`):
    /// it is checked where it is decoded, not here.
    /// - Parameter url: the URL, in the form ``Router/open(_:userInfo:source:completion:)-(RouteLink,_,_,_)`` takes.
    public init(_ url: String) {
        self.url = url
    }

    /// A link to the URL of `route`.
    /// - Throws: ``TypedRouteError`` when the value cannot be written as a URL.
    public init(_ route: some TypedRoute) throws(TypedRouteError) {
        self.url = try route.url()
    }

    /// Decodes the link inside a router's typed decoding, checked as the type says.
    /// - Throws: ``TypedRouteError`` when the URL is not one the router would open from the
    ///   request's source; a `DecodingError` outside a router's decoding.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let reader = decoder as? any InAppLinkReading else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath,
                debugDescription: "an InAppLink decodes only in a router's typed decoding: nothing else says what the app opens"))
        }
        url = try reader.inAppLink(text)
    }

    /// Writes the URL as a single value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(url)
    }

    /// ``url``.
    public func routeURL() -> String { url }
}

/// A decoder that knows what an ``InAppLink`` it reads must open.
protocol InAppLinkReading {
    /// `text`, when it is a link the open being decoded may carry.
    func inAppLink(_ text: String) throws(TypedRouteError) -> String
}

/// What the typed decoding of one open knows of it, for the ``InAppLink`` values it reads: the
/// router, the open's source and its context (its depth, for the nesting limit).
struct LinkCheck: Sendable {
    let router: WeakRouter
    let source: OpenSource
    let context: OpenContext

    /// Why `text` is not a link this open may carry, or `nil` when it is one: a dry run from
    /// the open's source, nested in it, that no catch-all takes.
    func refusal(of text: String) -> String? {
        guard let router = router.router else { return "the router is gone" }
        let limit = router.options.maxNestedOpens
        guard context.depth < limit else { return "links nest more than \(limit) deep" }
        do {
            let parsed = try ParsedURL(text, limits: router.options.matching.limits)
            guard parsed.userinfo == nil else { return "it carries userinfo" }
        } catch {
            return "it is malformed"
        }
        let opened = OpenContext.$current.withValue(context) {
            router.dryRun(text, source: source, excludingCatchAll: true).result
        }
        return opened.isHandled ? nil : "the app opens no route for it from \(source) (\(opened.brief))"
    }
}

extension OpenResult {
    /// What kept a dry run from a route, in a few words, quoting no URL.
    fileprivate var brief: String {
        switch self {
        case .refused: "refused"
        case .malformed: "malformed"
        case .failed: "its values do not decode"
        default: "no route but a catch-all, or none, takes it"
        }
    }
}

extension RouteValueDecoder {
    /// `text` as an ``InAppLink`` of property `key`, checked against the open being decoded.
    func inAppLink(_ text: String, key: String) throws(TypedRouteError) -> String {
        let reason = links.map { $0.refusal(of: text) } ?? "it was not decoded by a router"
        guard let reason else { return text }
        throw .invalidValue(key, text: Echo.redactingUserinfo(text), expected: "InAppLink: \(reason)", in: shape.typeName)
    }
}

extension FieldDecoder: InAppLinkReading {
    func inAppLink(_ text: String) throws(TypedRouteError) -> String { try source.inAppLink(text, key: key) }
}

extension ListElementDecoder: InAppLinkReading {
    func inAppLink(_ text: String) throws(TypedRouteError) -> String { try source.inAppLink(text, key: key) }
}

extension ProbeField: InAppLinkReading {
    /// Registration probes the type's keys: any placeholder is a link.
    func inAppLink(_ text: String) -> String { text }
}
