import PatternMatcher

extension Router {
    /// Opens `link`: runs the handler of the best matching route; if it declines, the next
    /// match's, and so on (Matching rules, "Which route wins").
    ///
    /// ```swift
    /// let result = router.open("reader://book/42", userInfo: ["animated": true]) { value in
    ///     print("finished with", value ?? "nothing")
    /// }
    /// router.open(BookRoute(id: 42, from: "shelf"))   // a typed route: its URL, opened the same way
    /// ```
    /// Action and object handlers run on the calling thread, as do main-actor handlers
    /// when the caller is on the main actor. An asynchronous handler, or a main-actor
    /// handler opened elsewhere, cannot finish here: the open then returns
    /// ``OpenResult/pending(_:_:)``, and that handler (and, if it declines, the next
    /// matches') runs in a task, with the same rules.
    ///
    /// - Parameters:
    ///   - link: the URL, as a string (Matching rules, "From a URL to a route key"), or a
    ///     ``TypedRoute`` value, whose URL is written first (one that cannot be written is
    ///     ``OpenResult/refused(_:)`` with ``Refusal/unwritable(_:)``, before anything runs).
    ///   - userInfo: caller data handed to the handler apart from the URL's parameters.
    ///   - source: ``OpenSource/external`` for deep links, which see only external routes;
    ///     ``OpenSource/app`` for code in the app. `nil` (the default) means the source of
    ///     the open being handled on this task or thread, so a handler of a deep link
    ///     forwards as a deep link, and ``OpenSource/app`` outside any handler.
    ///   - completion: called exactly once when the result is ``OpenResult/handled(_:)`` or
    ///     ``OpenResult/pending(_:_:)``: with what the handler passes to
    ///     ``RouteRequest/reply(_:)`` (an object handler's value), or with `nil` once the
    ///     handler finished and released its request without replying. Never called for
    ///     the other results, except ``OpenResult/held(_:)``: a held open's completion is
    ///     called when it is replayed (by these rules), or with `nil` when it is dropped.
    /// - Returns: what happened; nothing is thrown and nothing traps, whatever the URL.
    /// - Complexity: one lookup (O(URL length + trie nodes visited)) plus the handlers run.
    //
    // Every `userInfo` defaults to `Dictionary()` rather than `[:]`: the literal is built at
    // each call through `init(dictionaryLiteral:)`.
    @discardableResult
    public func open(_ link: some RouteLink, userInfo: [String: any Sendable] = Dictionary(), source: OpenSource? = nil,
                     completion: RouteCompletion? = nil) -> OpenResult {
        let url: String
        do { url = try link.routeURL() } catch { return .refused(.unwritable(error)) }
        // A channel only when someone waits for a reply: the common open allocates none.
        return open(url, userInfo: userInfo, source: source, channel: completion.map { ReplyChannel(sink: $0) }, trail: nil)
    }

    /// The one synchronous open: the public `open`, following each redirect in a loop, so a
    /// chain of redirects uses the stack of one open, whatever its length. A top-level open
    /// is told to the observer, if the router has one.
    /// - Parameter holds: whether the open may be held (``holdExternalOpens(limit:maxAge:)``);
    ///   not when a release replays it. Its redirects never are.
    func open(_ url: String, userInfo: [String: any Sendable], source: OpenSource?, channel: ReplyChannel?,
              trail: RedirectTrail?, holds: Bool = true) -> OpenResult {
        let outer = OpenContext.current
        // The common open, with no observer, checks one word.
        let observer = trail == nil && outer.depth == 0 ? options.observer : nil
        let started = observer == nil ? 0 : OpenEvent.now()
        var hop = (url: url, source: source, trail: trail)
        var redirects: [(interceptor: InterceptorInfo, target: String)] = []
        while true {
            switch openOnce(hop.url, userInfo: userInfo, source: hop.source, outer: outer, channel: channel,
                            trail: hop.trail, holds: holds && redirects.isEmpty) {
            case .ended(let ended):
                // The redirects wrap the result from the last one out, as the chain reads.
                let result = redirects.reversed().reduce(ended) { .redirected($1.interceptor, to: $1.target, $0) }
                if let observer { observe(result, of: url, source: source, started: started, observer: observer) }
                return result
            case .redirected(let interceptor, let target, let source, let trail):
                redirects.append((interceptor, target))
                hop = (target, source, trail)
            }
        }
    }

    /// How one step of a synchronous open ended: with its result, or redirected.
    /// (Boxed when redirected, so that the common case is copied as one result.)
    private enum Hop {
        case ended(OpenResult)
        indirect case redirected(InterceptorInfo, target: String, source: OpenSource, trail: RedirectTrail)
    }

    /// One step of a synchronous open: the lookup, the interceptors and the handlers of `url`,
    /// up to a redirect.
    private func openOnce(_ url: String, userInfo: [String: any Sendable], source: OpenSource?, outer: OpenContext,
                          channel: ReplyChannel?, trail: RedirectTrail?, holds: Bool) -> Hop {
        let opening: Opening
        let hits: InterceptorHits?
        switch Opening.lookUp(self, url: url, source: source, outer: outer, runsHandlers: true,
                              holdable: holds ? Opening.Holdable(userInfo: userInfo, channel: channel) : nil) {
        case .finished(let result):
            // A held open keeps its completion for its replay.
            if case .held = result { return .ended(result) }
            channel?.discard()
            return .ended(result)
        case .matched(let lookup, let match):
            if let seen = lookup.snapshot.interceptors?.ordered(for: lookup.url) {
                (opening, hits) = (Opening(self, lookup, userInfo, trail, first: match), seen)
                break
            }
            // No interceptor sees the URL: the best match's handler runs before an `Opening`
            // is made, and one is made only if that handler does not take the URL (it
            // declines, fails or must wait).
            let token = channel.map(ReplyToken.init)
            let route = lookup.snapshot.routes[match.index]
            let context = lookup.context()
            // The match moves into the request: copied, it would be made and destroyed once more.
            let request = RouteRequest(route: route.info, source: lookup.source, origin: lookup.origin, userInfo: userInfo,
                                       router: self, match: consume match, token: token, context: context, trail: trail)
            var made = Opening.Made.nothing
            let step = Opening.run(route.handler, request, in: context, made: &made)
            if case .handled = step { return .ended(.handled(route.info)) }
            let started = Opening(self, lookup, userInfo, trail, first: request.match)
            return .ended(runMatches(started, from: (route, step), token: token, channel: channel))
        case .unmatched(let lookup):
            opening = Opening(self, lookup, userInfo, trail, first: nil)
            hits = lookup.snapshot.interceptors?.ordered(for: lookup.url)
        }
        switch opening.interceptHere(hits, channel: channel) {
        case .proceed:
            // Every interceptor let it go on and no route matches (a match they let go on
            // ran its handler in `.ran`).
            channel?.discard()
            opening.notifyUnmatched()
            return .ended(.unmatched)
        case .ran(let route, let step, let token):
            return .ended(runMatches(opening, from: (route, step), token: token, channel: channel))
        case .finished(let result):
            if !result.tookURL { channel?.discard() }
            return .ended(result)
        case .redirect(let interceptor, let target, let source, let trail):
            return .redirected(interceptor, target: target, source: source, trail: trail)
        case .needsAsync(let index, let interceptor):
            return .ended(.intercepting(interceptor, finishLater(channel) {
                if let decided = await opening.interceptAwaiting(first: opening.first, from: index, channel: channel) {
                    return decided
                }
                return await opening.runAwaiting(first: opening.first, channel: channel)
            }))
        }
    }

    /// Carries a synchronous open on from how its best match's handler ended: while
    /// handlers decline, the next match's runs; a handler that cannot finish here finishes
    /// in a task, with the matches after it.
    private func runMatches(_ opening: Opening, from first: (route: RegisteredRoute, step: Opening.Step),
                            token: ReplyToken?, channel: ReplyChannel?) -> OpenResult {
        var declined = Opening.Declines()
        var candidates = Opening.Candidates(opening)
        // The best match is read where the opening keeps it; a later one (after a decline)
        // is kept here. Copying a match is not free: it is read in place where it can be.
        var later: MatchedRoute?
        var (route, step) = first
        while true {
            switch step {
            case .handled:
                return .handled(route.info)
            case .failed(let error):
                channel?.discard()
                return .failed(route.info, error)
            case .declined(let reason):
                declined.add(route.info, reason)
            case .needsMainActor, .needsAsync:
                let (declinedSoFar, match) = (declined, later ?? opening.first!)
                return .pending(route.info, finishLater(channel) {
                    await opening.runAwaiting(from: match, declined: declinedSoFar, token: token)
                })
            }
            guard let following = candidates.next() else { break }
            later = following
            (route, step) = opening.runHere(following, token: token)
        }
        channel?.discard()
        return declined.result
    }

    /// Runs the rest of a synchronous open in a task.
    private func finishLater(_ channel: ReplyChannel?, _ rest: @escaping @Sendable () async -> OpenResult) -> PendingOpen {
        let pending = PendingOpen()
        pending.start {
            let result = await rest()
            // The completion is called exactly once for a pending open, even when no
            // handler takes the URL in the end.
            if !result.tookURL { channel?.deliver(.value(nil)) }
            pending.finish(result)
        }
        return pending
    }
}
