import PatternMatcher

/// Everything a handler receives about one open, each part kept apart (Matching rules, "Parameters and the query").
///
/// A handler may keep its request (a picker screen does) and reply later through
/// ``reply(_:)``; when the last copy is released without a reply, a caller waiting for
/// one is told at once.
public struct RouteRequest: Sendable {
    /// The URL as opened.
    public var url: String { match.url }
    /// The matched route: pattern, name, module and exposure.
    public let route: RouteInfo
    /// Where the open came from.
    public var source: OpenSource { scope.source }
    /// The declared origin that delivered the URL (``Router/Options/origins``): its custom
    /// scheme, or the universal-link host it came through, whose URL ``url`` shows in its
    /// custom-scheme form. `nil` when the router declares no origins, or the URL came through
    /// none of them.
    public var origin: Origin? { scope.origin }
    /// The caller's data (MGJRouter's `userInfo`), never mixed with URL parameters.
    public var userInfo: [String: any Sendable] { scope.userInfo }
    /// The router that matched the URL, so that a handler can open another URL without
    /// keeping the router in global state (or capturing it, which would make a cycle).
    /// Held weakly: a request kept after its router is gone answers `nil`.
    ///
    /// For a request from an external source it is a view of the router bound to that
    /// source: every open, object lookup, `canOpen` and `resolve` made through it reaches
    /// only external routes, at any time and on any thread (from a queue, a detached task,
    /// or a request kept after the handler returned), and a wider source passed to it
    /// (`source: .app`) is narrowed to ``source`` (<doc:MatchingRules>, "Sources and exposure").
    public var router: Router? { scope.routerReference.router?.bound(to: source) }
    let match: MatchedRoute
    /// Where replies go; `nil` when nobody waits for one (`object(for:)`).
    private let token: ReplyToken?
    /// The open this request belongs to, for the opens its handler forwards.
    private var context: OpenContext { scope.context }
    /// The open an interceptor redirected here, if one did: a login screen keeps it and
    /// calls ``RedirectOrigin/reopen(with:completion:)`` once the user has logged in.
    public var redirectedFrom: RedirectOrigin? { scope.trail?.origin }
    /// What every request of this open shares: its source, origin, caller data, router,
    /// context and redirects (one reference, made once per open).
    private let scope: OpenScope

    /// What the ``InAppLink`` values of this request's typed route are checked against: its
    /// router, source and open.
    var links: LinkCheck { LinkCheck(router: scope.routerReference, source: source, context: context) }

    /// Whether the request belongs to an open (not to an object lookup, whose caller takes
    /// the object itself).
    private let isOpen: Bool

    init(route: RouteInfo, scope: OpenScope, match: MatchedRoute, token: ReplyToken?, isOpen: Bool = true) {
        self.scope = scope
        self.isOpen = isOpen
        self.slotRanges = match.record.extraSlotRanges
        self.route = route
        self.match = match
        self.token = token
    }

    /// Replies to the caller: the value reaches the completion of a synchronous `open`, or
    /// `await open(_:expecting:userInfo:source:)`. The first reply counts; later ones are
    /// ignored. May be called after the handler returned, from any thread.
    /// - Parameter value: the reply; `nil` says "finished, nothing to give".
    public func reply(_ value: (any Sendable)?) {
        token?.channel.deliver(.value(value))
    }

    /// Opens `link` (a URL or a ``TypedRoute`` value) as part of this request: from this request's ``source``, nested in its
    /// open (so the nesting limit counts it), whether the handler is still running or
    /// replied long ago. The way to forward an inner link.
    ///
    /// ```swift
    /// routes.action("reader://go/**url", exposure: .external) { request in
    ///     request.open(request.parameters["url"] ?? "", completion: request.reply)
    /// }
    /// ```
    /// - Returns: the inner open's result, or ``OpenResult/unmatched`` when the router is gone.
    @discardableResult
    public func open(_ link: some RouteLink, userInfo: [String: any Sendable] = Dictionary(),
                     completion: RouteCompletion? = nil) -> OpenResult {
        guard let router else { return .unmatched }
        return OpenContext.$current.withValue(context) {
            router.open(link, userInfo: userInfo, source: source, completion: completion)
        }
    }

    /// Opens `link` as part of this request and awaits it; see ``open(_:userInfo:completion:)``.
    @discardableResult
    public func openAndWait(_ link: some RouteLink, userInfo: [String: any Sendable] = Dictionary()) async -> OpenResult {
        guard let router else { return .unmatched }
        return await OpenContext.$current.withValue(context) {
            await router.openAndWait(link, userInfo: userInfo, source: source)
        }
    }

    /// The path parameters, decoded on read. For a route with more than eight parameter
    /// segments, where the later values lie is found once per request, so reading all of
    /// them costs one pass however many there are.
    public var parameters: PathParameters { match.record.parameters(slotRanges: slotRanges) }
    private let slotRanges: [Range<Int>]?

    /// The query items in order, duplicates kept.
    public var query: QueryItems { match.query }

    /// The decoded fragment, or `nil`.
    public var fragment: String? { match.fragment.map(String.init) }

    /// MGJRouter's single bag (Matching rules, "Parameters and the query"): query items first (the last duplicate wins), then
    /// the path parameters over them, then the router's own keys (`router.url`,
    /// `router.pattern`, `router.module`, `router.name`), so a query item can replace
    /// neither a path parameter nor the router's metadata.
    public var mergedParameters: [String: String] {
        var merged: [String: String] = [:]
        for item in query { merged[item.name] = item.value }
        for (name, value) in parameters { merged[name] = value }
        merged["router.url"] = url
        merged["router.pattern"] = route.pattern
        merged["router.module"] = route.module
        merged["router.name"] = route.name  // removes a query item's `router.name` when the route has no name
        return merged
    }

    /// The text of parameter `name`: the path parameter, or else the last query item of
    /// that name (the merged view's precedence).
    public func string(_ name: String) -> String? {
        parameters[name] ?? query[name]
    }

    /// Parameter `name` as an `Int`, or `nil` when it is missing or not an integer.
    public func int(_ name: String) -> Int? { string(name).flatMap { Int($0) } }

    /// Parameter `name` as a `Double`, or `nil`.
    public func double(_ name: String) -> Double? { string(name).flatMap { Double($0) } }

    /// Parameter `name` converted to `type`, or an error that names the parameter and value.
    ///
    /// ```swift
    /// let id = try request.require("id", as: Int.self)
    /// ```
    public func require<Value: LosslessStringConvertible>(
        _ name: String, as type: Value.Type = String.self
    ) throws(ParameterError) -> Value {
        guard let text = string(name) else { throw ParameterError(name: name, value: nil, type: "\(type)", route: route) }
        guard let value = Value(text) else { throw ParameterError(name: name, value: text, type: "\(type)", route: route) }
        return value
    }
}

/// A parameter a handler required is missing or does not convert.
public struct ParameterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The parameter's name.
    public let name: String
    /// Its text, or `nil` when it is missing.
    public let value: String?
    /// The type it was asked as.
    public let type: String
    /// The route whose handler asked.
    public let route: RouteInfo

    public var description: String {
        if let value {
            return "parameter '\(name)' = '\(Echo.quoted(value))' is not a valid \(type) (route '\(Echo.quoted(route.pattern))')"
        }
        return "parameter '\(name)' is missing (route '\(Echo.quoted(route.pattern))')"
    }
}

extension RouteRequest {
    /// What a main-actor object route made for an open (a view controller): shown by the
    /// router's navigator when there is one, and replied to the caller as a ``MainActorObject``,
    /// so that a link to a screen shows it instead of dropping it. An object lookup's request
    /// does neither: its caller takes the object.
    @MainActor
    func deliver(_ object: Any) {
        guard isOpen else { return }
        if let navigator = scope.routerReference.router?.options.navigator {
            navigator.show(object: object, for: route, source: source)
        }
        reply(MainActorObject(object))
    }
}
