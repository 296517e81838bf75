import PatternMatcher

extension Router {
    /// Opens `url`: runs the handler of the best matching route; if it declines, the next
    /// match's, and so on (Matching rules, "Which route wins").
    ///
    /// ```swift
    /// let result = router.open("reader://book/42", userInfo: ["animated": true]) { value in
    ///     print("finished with", value ?? "nothing")
    /// }
    /// ```
    /// - Parameters:
    ///   - url: the URL, as a string (Matching rules, "From a URL to a route key").
    ///   - userInfo: caller data handed to the handler apart from the URL's parameters.
    ///   - source: ``OpenSource/app`` (default) or ``OpenSource/external`` for deep links,
    ///     which see only external routes.
    ///   - completion: passed to the handler, which calls it through ``RouteRequest/complete(_:)``;
    ///     an object handler's value is passed to it.
    /// - Returns: handled, declined, unmatched, malformed, refused or failed.
    /// - Complexity: one lookup (O(URL length + trie nodes visited)) plus the handlers run.
    @discardableResult
    public func open(_ url: String, userInfo: [String: any Sendable] = [:], source: OpenSource = .app,
                     completion: RouteCompletion? = nil) -> OpenResult {
        let snapshot = current
        let table = snapshot.table(for: source)
        let first: RouteMatch<Int>
        switch table.match(url) {
        case .malformed(let error): return .malformed(error)
        case .notFound:
            if let refusal = refusal(of: url, from: source, hasUserinfo: nil) { return refusal }
            notifyUnmatched(url, source: source, userInfo: userInfo)
            return .unmatched
        case .matched(let match): first = match
        }
        if let refusal = refusal(of: url, from: source, hasUserinfo: first.hasUserinfo) { return refusal }
        // The common case: the best match's handler takes the URL. The other matches are
        // looked for only when it declines.
        var declined: [RouteInfo] = []
        func attempt(_ match: RouteMatch<Int>) -> OpenResult? {
            let route = snapshot.routes[match.value]
            switch run(route.handler, request(for: match, route: route, source: source, userInfo: userInfo,
                                              completion: completion)) {
            case .handled: return .handled(route.info)
            case .failed(let error): return .failed(route.info, error)
            case .declined: declined.append(route.info); return nil
            }
        }
        if let result = attempt(first) { return result }
        for match in table.matches(url).dropFirst() {
            if let result = attempt(match) { return result }
        }
        return .declined(declined)
    }

    /// The object the best matching object route returns for `url` (MGJRouter's
    /// `objectForURL:`), or `nil`.
    ///
    /// Action routes and asynchronous object routes are skipped (use the `async`
    /// overload for the latter); a declining or throwing handler passes to the next match.
    public func object(for url: String, userInfo: [String: any Sendable] = [:],
                       source: OpenSource = .app) -> (any Sendable)? {
        let snapshot = current
        for match in snapshot.table(for: source).matches(url) {
            if refusal(of: url, from: source, hasUserinfo: match.hasUserinfo) != nil { return nil }
            let route = snapshot.routes[match.value]
            guard case .object(let handler) = route.handler else { continue }
            let request = request(for: match, route: route, source: source, userInfo: userInfo, completion: nil)
            if let object = try? handler(request) { return object }
        }
        return nil
    }

    /// The object for `url`, if it is a `T`.
    ///
    /// ```swift
    /// let service = router.object(for: "reader://service/cart", as: CartService.self)
    /// ```
    public func object<T>(for url: String, as type: T.Type, userInfo: [String: any Sendable] = [:],
                          source: OpenSource = .app) -> T? {
        object(for: url, userInfo: userInfo, source: source) as? T
    }

    /// Whether some route matches `url` for `source`: the same matching as `open(_:userInfo:source:completion:)`
    /// without running handlers, so it never answers yes for a URL nothing handles
    /// (a handler that declines at run time is the one thing it cannot foresee).
    public func canOpen(_ url: String, source: OpenSource = .app) -> Bool {
        guard let match = current.table(for: source).match(url).match else { return false }
        return refusal(of: url, from: source, hasUserinfo: match.hasUserinfo) == nil
    }

    /// Whether a route other than a catch-all fallback matches `url` (MGJRouter's
    /// `canOpenURL:matchExactly:`): `reader://**` answering for everything does not count.
    /// - Parameter excludingCatchAll: ignore routes that match through `**`.
    public func canOpen(_ url: String, source: OpenSource = .app, excludingCatchAll: Bool) -> Bool {
        guard excludingCatchAll else { return canOpen(url, source: source) }
        return current.table(for: source).matches(url).contains {
            !$0.isCatchAllMatch && refusal(of: url, from: source, hasUserinfo: $0.hasUserinfo) == nil
        }
    }

    /// External URLs that carry userinfo are refused (Matching rules, "Sources and exposure"), before any handler runs.
    ///
    /// - Parameter hasUserinfo: what the match found, when there is a match; `nil` when
    ///   nothing matched. The URL is parsed here only for an external URL that has or may
    ///   have userinfo, so the common path reads it once.
    func refusal(of url: String, from source: OpenSource, hasUserinfo: Bool?) -> OpenResult? {
        guard source.isExternal, hasUserinfo != false else { return nil }
        do {
            let parsed = try ParsedURL(url, limits: options.matching.limits)
            if let userinfo = parsed.userinfo {
                return .refused("a URL from outside the app cannot carry userinfo ('\(userinfo)@')")
            }
            return nil
        } catch {
            return .malformed(error)
        }
    }

    /// What the handler of `route` receives for `match`.
    func request(for match: RouteMatch<Int>, route: RegisteredRoute, source: OpenSource,
                 userInfo: [String: any Sendable], completion: RouteCompletion?) -> RouteRequest {
        RouteRequest(url: match.url, route: route.info, source: source, userInfo: userInfo, router: self,
                     completion: completion, match: match)
    }

    func notifyUnmatched(_ url: String, source: OpenSource, userInfo: [String: any Sendable]) {
        guard let unmatched = options.unmatched, !source.isExternal || unmatched.exposure.isExternal else { return }
        unmatched.handle(UnmatchedRequest(url: url, source: source, userInfo: userInfo))
    }

    enum HandlerOutcome {
        case handled, declined, failed(any Error)
    }

    /// Runs a handler on the calling thread; asynchronous ones are started in a task.
    func run(_ handler: RouteHandler, _ request: RouteRequest) -> HandlerOutcome {
        do {
            switch handler {
            case .action(let action):
                try action(request)
            case .mainActorAction(let action):
                if isMainThread() {
                    try MainActor.assumeIsolated { try action(request) }
                } else {
                    Task { @MainActor in try? action(request) }
                }
            case .asyncAction(let action):
                Task { try? await action(request) }
            case .object(let make):
                let object = try make(request)
                request.complete(object)
            case .asyncObject(let make):
                Task { request.complete(try? await make(request)) }
            }
            return .handled
        } catch is Decline {
            return .declined
        } catch {
            return .failed(error)
        }
    }
}
