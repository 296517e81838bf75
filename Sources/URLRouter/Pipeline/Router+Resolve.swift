import PatternMatcher

extension Router {
    /// Whether `open` would run a handler for `link` from `source`: the same matching, and the
    /// same decoding of typed routes (a typed route whose values do not decode is passed over,
    /// as `open` passes it), without running handlers or interceptors. A handler that throws
    /// ``Decline`` at run time is the one thing it cannot foresee.
    ///
    /// ```swift
    /// router.canOpen("reader://book/42")
    /// router.canOpen("reader://anything", excludingCatchAll: true)   // MGJRouter's matchExactly
    /// ```
    /// - Parameters:
    ///   - link: the URL, as a string, or a ``TypedRoute`` value (`false` when it cannot be written).
    ///   - source: as for `open`; `nil` inherits the source of the open being handled.
    ///   - excludingCatchAll: ignore routes that match through `**`, so a fallback answering
    ///     every URL (`reader://**`) does not count (MGJRouter's `canOpenURL:matchExactly:`).
    public func canOpen(_ link: some RouteLink, source: OpenSource? = nil, excludingCatchAll: Bool = false) -> Bool {
        guard let url = try? link.routeURL() else { return false }
        return dryRun(url, source: source, excludingCatchAll: excludingCatchAll).result.handledRoute != nil
    }

    /// The route `open` would run first for `link`, with its parameters, without running
    /// anything: a dry run for tests, tools and previews.
    ///
    /// ```swift
    /// if case .route(let resolved) = router.resolve("reader://book/42?from=mail") {
    ///     resolved.route.pattern        // "reader://book/<int:id>"
    ///     resolved.parameters["id"]     // "42"
    /// }
    /// ```
    ///
    /// A typed route whose values do not decode (an `Int` property given `x`, a required
    /// query item missing) declines in `open`, so the dry run passes over it too: the result
    /// is the next match, or ``Resolution/undecodable(_:)`` when no other route matches, and
    /// ``ResolvedRoute/declined`` says which typed routes were passed over and why. Decoding
    /// is pure; a handler's own ``Decline`` runs handler code and stays invisible to dry runs.
    /// - Parameters:
    ///   - link: the URL, as a string, or a ``TypedRoute`` value (refused when it cannot be written).
    ///   - source: as for `open`; `nil` inherits the source of the open being handled.
    public func resolve(_ link: some RouteLink, source: OpenSource? = nil) -> Resolution {
        let url: String
        do { url = try link.routeURL() } catch { return .refused(.unwritable(error)) }
        let (result, state) = dryRun(url, source: source)
        return Resolution(result, state)
    }

    /// A dry run of `url`: the first match `open` would run a handler for, in precedence
    /// order, decoded, passing over typed routes whose values do not decode (and, when asked,
    /// matches through a catch-all). Runs no code of the app's; never held, never observed.
    func dryRun(_ url: String, source: OpenSource?, excludingCatchAll: Bool = false) -> (result: OpenResult, state: RunState) {
        var state = RunState()
        let result = run(url, .dryRun(excludingCatchAll: excludingCatchAll), source: source, userInfo: Dictionary(),
                         channel: nil, holds: false, state: &state)
        return (result, state)
    }
}

extension Resolution {
    /// What a dry run's `result` and `state` say of its URL: of the URL a switched-off
    /// route's fallback sent it to, when one did.
    init(_ result: OpenResult, _ state: RunState) {
        var result = result
        while case .redirected(_, _, let next) = result { result = next }
        switch result {
        case .handled(let route):
            guard case .route(let match, _, _) = state.taken else { self = .unmatched; return }
            self = .route(ResolvedRoute(route: route, match: match, declined: state.passes.undecodable))
        case .malformed(let error): self = .malformed(error)
        case .refused(let refusal): self = .refused(refusal)
        default: self = state.passes.undecodable.isEmpty ? .unmatched : .undecodable(state.passes.undecodable)
        }
    }
}

/// What ``Router/resolve(_:source:)`` finds for a URL.
public enum Resolution: Sendable, Hashable {
    /// The route `open` would run first.
    case route(ResolvedRoute)
    /// No route matches.
    case unmatched
    /// The URL is malformed.
    case malformed(MalformedURLError)
    /// The open would be refused before any handler ran.
    case refused(Refusal)
    /// Every route that matches is a typed route whose values do not decode: `open` would
    /// fail with the first one's ``TypedRouteError`` (``OpenResult/failed(_:_:)``). In
    /// precedence order.
    case undecodable([TypedDecline])

    /// The route, if one matches.
    public var route: ResolvedRoute? {
        if case .route(let route) = self { return route }
        return nil
    }
}

/// A typed route that a URL matched but whose values do not decode into its type: it
/// declines, and the URL goes on to the next match (see <doc:TypedRoutes>).
public struct TypedDecline: Sendable, Hashable, CustomStringConvertible {
    /// The typed route.
    public let route: RouteInfo
    /// Why the URL's values do not decode: the key and the text.
    public let error: TypedRouteError

    /// Creates a decline, for comparing with a ``Resolution`` in tests.
    /// - Parameters:
    ///   - route: the typed route.
    ///   - error: why the values do not decode.
    public init(route: RouteInfo, error: TypedRouteError) {
        self.route = route
        self.error = error
    }

    public var description: String { "\(route) declined: \(error)" }
}

/// A route a URL resolves to, with what its handler would read.
public struct ResolvedRoute: Sendable, Hashable {
    /// The route.
    public let route: RouteInfo
    /// The path parameters, decoded.
    public let parameters: [String: String]
    /// The query items in order, decoded, duplicates kept.
    public let query: [QueryItems.Item]
    /// The decoded fragment, or `nil`.
    public let fragment: String?
    /// Whether the route matched through its catch-all (`**`).
    public let isCatchAllMatch: Bool
    /// The typed routes that matched first but whose values do not decode, in precedence
    /// order: `open` passes them over too.
    public let declined: [TypedDecline]

    init(route: RouteInfo, match: MatchedRoute, declined: [TypedDecline] = []) {
        self.route = route
        self.declined = declined
        self.parameters = match.parameters.dictionary
        self.query = Array(match.query)
        self.fragment = match.fragment.map(String.init)
        self.isCatchAllMatch = match.isCatchAllMatch
    }
}
