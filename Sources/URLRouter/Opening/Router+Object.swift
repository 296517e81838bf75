import PatternMatcher

extension Router {
    /// The object the best matching object route returns for `link`, if it is a `T` (a view
    /// controller, a service): MGJRouter's `objectForURL:`.
    ///
    /// ```swift
    /// let service = router.object(for: "reader://service/cart", as: CartService.self)
    /// let screen = router.object(for: BookRoute(id: 42), as: UIViewController.self)   // on the main actor
    /// ```
    /// It never waits: main-actor object routes answer when this is called on the main
    /// actor, whether the caller is synchronous or asynchronous; an asynchronous object
    /// route's value is awaited with `await open(_:expecting:userInfo:source:)`. Action
    /// routes never run here. For any reason there is no object, the result is `nil`, and
    /// ``requireObject(for:as:userInfo:source:)`` says why.
    /// - Parameters:
    ///   - link: the URL, or a typed route whose URL is looked up.
    ///   - type: the type of object wanted.
    ///   - userInfo: caller data handed to the handler.
    ///   - source: as for `open`; `nil` inherits the source of the open being handled.
    public func object<T>(for link: some RouteLink, as type: T.Type, userInfo: [String: any Sendable] = Dictionary(),
                          source: OpenSource? = nil) -> T? {
        try? requireObject(for: link, as: type, userInfo: userInfo, source: source)
    }

    /// The object for `link` as a `T`, or the error that says why there is none.
    ///
    /// ```swift
    /// do {
    ///     let screen = try router.requireObject(for: "reader://book/42", as: BookViewController.self)
    /// } catch {
    ///     print(error)   // for example: "'reader://book/:id' [BookDetail] is an action route, not an object route"
    /// }
    /// ```
    /// - Parameters:
    ///   - link: the URL, or a typed route whose URL is looked up.
    ///   - type: the type of object wanted.
    ///   - userInfo: caller data handed to the handler.
    ///   - source: as for `open`; `nil` inherits the source of the open being handled.
    /// - Throws: ``ObjectError``: no match, malformed, refused (a typed route that cannot be
    ///   written among them), not an object route, an object of another type, declined,
    ///   failed, or a route that needs the main actor or `await`. When several routes match,
    ///   the most telling reason is given (an object route's own failure before its decline,
    ///   a decline before a fallback action route).
    public func requireObject<T>(for link: some RouteLink, as type: T.Type = T.self, userInfo: [String: any Sendable] = Dictionary(),
                                 source: OpenSource? = nil) throws(ObjectError) -> T {
        let url: String
        do { url = try link.routeURL() } catch { throw .refused(.unwritable(error)) }
        return try lookUpObject(url, userInfo: userInfo, source: source, accepting: { made in
            // Unwrapped first: as an `Any?`, a value asked for `as: Any.self` would come back
            // wrapped in an optional.
            guard let value = made.value else { return nil }
            return value as? T
        })
    }

    /// An object lookup: the synchronous open's sequence with an object policy. The same
    /// lookup, interceptors (which cannot be awaited here) and candidates in precedence order,
    /// each run by the one step that runs a handler here; but only object routes are tried,
    /// their object goes to the caller (`isOpen: false`) and must be what `cast` accepts, and
    /// whatever keeps a candidate from giving one (a decline, a failure, the main actor, an
    /// `await`) passes to the next match, its reason kept for the error.
    private func lookUpObject<T>(_ url: String, userInfo: [String: any Sendable], source: OpenSource?,
                                 accepting cast: (Opening.Made) -> T?) throws(ObjectError) -> T {
        var hop: (url: String, source: OpenSource?, trail: RedirectTrail?) = (url, source, nil)
        while true {
            let opening: Opening
            switch Opening.start(self, url: hop.url, source: hop.source, userInfo: userInfo, runsHandlers: true,
                                 trail: hop.trail) {
            case .finished(let result): throw ObjectError(result)
            case .unmatched(let started), .matched(let started): opening = started
            }
            // Interceptors decide before any handler runs; a redirect is followed as an open follows it.
            if let redirect = try opening.interceptForObjectHere(first: opening.first) {
                hop = (redirect.url, redirect.source, redirect.trail)
                continue
            }
            guard let first = opening.first else { throw .unmatched }
            return try object(of: opening, from: first, accepting: cast)
        }
    }

    /// The first object `opening`'s candidates give from `first` on, as `cast` accepts it.
    /// Later matches are searched for only when a candidate gives none.
    private func object<T>(of opening: Opening, from first: MatchedRoute,
                           accepting cast: (Opening.Made) -> T?) throws(ObjectError) -> T {
        var reasons = ObjectError.Collector()
        var candidates = Opening.Candidates(opening)
        var next: MatchedRoute? = first
        while let match = next {
            if let value = candidateObject(opening, match, accepting: cast, reasons: &reasons) { return value }
            next = candidates.next()
        }
        throw reasons.error
    }

    /// The object the handler of `match`'s route gives, if it is an object route and `cast`
    /// accepts it; else `nil`, with the reason added to `reasons`.
    private func candidateObject<T>(_ opening: Opening, _ match: MatchedRoute, accepting cast: (Opening.Made) -> T?,
                                    reasons: inout ObjectError.Collector) -> T? {
        let route = opening.snapshot.routes[match.index]
        guard route.handler.isObject else {
            reasons.add(.notAnObjectRoute(route.info))
            return nil
        }
        var made = Opening.Made.nothing
        let request = opening.request(for: match, route: route, token: nil, isOpen: false)
        switch Opening.run(route.handler, request, in: opening.context, made: &made) {
        case .handled:
            if let value = cast(made) { return value }
            reasons.add(.otherType(route.info, made.value.map { "\(type(of: $0))" } ?? "nil"))
        case .declined(let undecodable?): reasons.add(.failed(route.info, undecodable))
        case .declined(nil): reasons.add(.declined([route.info]))
        case .failed(let error): reasons.add(.failed(route.info, error))
        case .needsMainActor: reasons.add(.needsMainActor(route.info))
        case .needsAsync: reasons.add(.needsAsync(route.info))
        }
        return nil
    }
}
