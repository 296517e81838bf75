import PatternMatcher

extension Opening {
    /// What the interceptors decided.
    enum Interceptions {
        /// Every interceptor let the open go on (or none sees the URL), and no route matches.
        case proceed
        /// An interceptor rejected the open, or its redirect would be one too many: its result.
        case finished(OpenResult)
        /// An interceptor redirected the open: the open it asks for, which the caller follows
        /// in its loop (a redirect followed by recursion used a whole open's stack each).
        case redirect(InterceptorInfo, target: String, source: OpenSource, trail: RedirectTrail)
        /// Interceptor number `index` must be awaited.
        case needsAsync(index: Int, interceptor: InterceptorInfo)
        /// Every interceptor let the open go on, and the best match's handler ran, in the
        /// same binding of the open's context; the token its request holds comes with it.
        case ran(route: RegisteredRoute, step: Step, token: ReplyToken?)
    }

    /// The interceptors that see this open's URL, most general first, and what each of
    /// their requests shares.
    struct Intercepting {
        let hits: InterceptorHits
        /// The open as every interceptor sees it, made once for all of them.
        let subject: InterceptionSubject

        /// What the interceptor of hit number `index` is asked, read where the list keeps
        /// it: copying the hit out first, and reading the match from the lookup's result
        /// rather than in place, copied a match for every interceptor asked.
        func request(at index: Int) -> InterceptedRequest {
            InterceptedRequest(subject: subject, interceptor: hits.interceptor(at: index).info,
                               interceptorMatch: hits.match(at: index))
        }
    }

    /// The interceptors for this open's URL, and the route they see (`first`'s, unread),
    /// or `nil` when no interceptor's pattern matches.
    func interceptors(first: MatchedRoute?) -> Intercepting? {
        interceptors(snapshot.interceptors?.ordered(for: url), first: first)
    }

    /// ``interceptors(first:)`` for the interceptors already found for this open's URL.
    func interceptors(_ hits: InterceptorHits?, first: MatchedRoute?) -> Intercepting? {
        guard let hits else { return nil }
        let route = first.map { RouteLead(info: snapshot.routes[$0.index].info, match: $0) }
        return Intercepting(hits: hits, subject: InterceptionSubject(
            url: url, source: source, userInfo: userInfo, route: route, redirectedFrom: trail?.origin,
            router: router.weakReference))
    }

    /// Runs `hits`, the synchronous interceptors that see this open's URL, until one decides
    /// or one must be awaited. When there are some and every one lets the open go on, it
    /// also runs the best match's handler, if there is one, in the same binding of the
    /// open's context (binding it again for the handler cost two allocations an open).
    func interceptHere(_ hits: InterceptorHits?, channel: ReplyChannel?) -> Interceptions {
        guard let intercepting = interceptors(hits, first: first) else { return .proceed }
        /// What happened inside the binding.
        enum Outcome {
            /// The first interceptor that did not proceed, and its decision (`nil`: it must be awaited).
            case decided(index: Int, decision: Interception?)
            case ran(route: RegisteredRoute, step: Step, token: ReplyToken?)
            /// Every interceptor proceeded, and no route matches.
            case proceeded
        }
        let outcome: Outcome = OpenContext.$current.withValue(context) {
            for index in intercepting.hits.indices {
                guard case .sync(let decide) = intercepting.hits.interceptor(at: index).decide else {
                    return .decided(index: index, decision: nil)
                }
                let decision = decide(intercepting.request(at: index))
                if case .proceed = decision { continue }
                return .decided(index: index, decision: decision)
            }
            guard let first else { return .proceeded }
            // The requests hold the token; when the last one goes without a reply, the
            // completion gets `nil`.
            let token = channel.map(ReplyToken.init)
            let (route, step) = runInContext(first, token: token)
            return .ran(route: route, step: step, token: token)
        }
        switch outcome {
        case .proceeded:
            return .proceed
        case .ran(let route, let step, let token):
            return .ran(route: route, step: step, token: token)
        case .decided(let index, nil):
            return .needsAsync(index: index, interceptor: intercepting.hits.interceptor(at: index).info)
        case .decided(let index, let decision?):
            let interceptor = intercepting.hits.interceptor(at: index).info
            switch follow(decision, of: interceptor) {
            case .proceed:
                assertionFailure("the interceptors' loop stops only at a decision that is not .proceed")
                return .proceed
            case .ended(let result):
                return .finished(result)
            case .redirect(let target, let source, let trail):
                return .redirect(interceptor, target: target, source: source, trail: trail)
            }
        }
    }

    /// Runs the interceptors for this open from number `index`, awaiting asynchronous ones.
    func interceptAwaiting(first: MatchedRoute?, from start: Int = 0, channel: ReplyChannel?) async -> OpenResult? {
        guard let intercepting = interceptors(first: first) else { return nil }
        for index in intercepting.hits.indices.dropFirst(start) {
            let interceptor = intercepting.hits.interceptor(at: index)
            guard let decision = await decision(of: interceptor, for: intercepting.request(at: index)) else {
                return .refused(.cancelled)
            }
            switch follow(decision, of: interceptor.info) {
            case .proceed:
                continue
            case .ended(let result):
                return result
            case .redirect(let target, let source, let trail):
                let result = await router.open(target, userInfo: userInfo, source: source, replyingTo: channel, trail: trail)
                return .redirected(interceptor.info, to: target, result)
            }
        }
        return nil
    }

    /// What an interceptor's decision asks of this open (or of an object lookup).
    enum Following {
        /// Go on to the next interceptor, then the handlers.
        case proceed
        /// End with this result: the interceptor rejected the open, or its redirect would be
        /// one too many.
        case ended(OpenResult)
        /// Open `target` from `source` instead, with the redirects that led there.
        case redirect(target: String, source: OpenSource, trail: RedirectTrail)
    }

    /// What `interceptor`'s `decision` asks of this open: the one reading of a decision, for
    /// opens and object lookups, synchronous and awaited.
    func follow(_ decision: Interception, of interceptor: InterceptorInfo) -> Following {
        switch decision {
        case .proceed:
            return .proceed
        case .reject(let reason):
            return .ended(.rejected(interceptor, reason))
        case .redirect(let target, let source):
            guard let trail = trail(to: target, by: interceptor) else {
                return .ended(.refused(.redirectLoop((self.trail?.urls ?? [url]) + [target])))
            }
            return .redirect(target: target, source: source ?? self.source, trail: trail)
        }
    }

    /// Where an interceptor sent an object lookup.
    struct ObjectRedirect {
        let url: String
        let source: OpenSource
        let trail: RedirectTrail
    }

    /// Runs this open's interceptors, awaiting asynchronous ones, up to the first that does not
    /// let it go on: what a navigation follows (an open follows a redirect
    /// itself, in ``interceptAwaiting(first:from:channel:)``). A cancelled wait ends it.
    func interceptAwaitingDecision() async -> Following {
        guard let intercepting = interceptors(first: first) else { return .proceed }
        for index in intercepting.hits.indices {
            let interceptor = intercepting.hits.interceptor(at: index)
            guard let decision = await decision(of: interceptor, for: intercepting.request(at: index)) else {
                return .ended(.refused(.cancelled))
            }
            switch follow(decision, of: interceptor.info) {
            case .proceed: continue
            case let other: return other
            }
        }
        return .proceed
    }

    /// What `interceptor` decides for `request`, in this open's context: at once, or awaited;
    /// `nil` when the awaiting task was cancelled first.
    func decision(of interceptor: RegisteredInterceptor, for request: InterceptedRequest) async -> Interception? {
        switch interceptor.decide {
        case .sync(let decide): OpenContext.$current.withValue(context) { decide(request) }
        case .async(let decide): await inContext { await Self.decision(of: decide, for: request) }
        }
    }

    /// Runs the interceptors for an object lookup, which cannot await one: `nil` to go on, a
    /// redirect to follow, or (thrown) why there will be no object.
    func interceptForObjectHere(first: MatchedRoute?) throws(ObjectError) -> ObjectRedirect? {
        guard let intercepting = interceptors(first: first) else { return nil }
        for index in intercepting.hits.indices {
            let interceptor = intercepting.hits.interceptor(at: index)
            guard case .sync(let decide) = interceptor.decide else { throw .needsAwaitedInterceptor(interceptor.info) }
            let decision = OpenContext.$current.withValue(context) { decide(intercepting.request(at: index)) }
            if let redirect = try objectRedirect(following: decision, of: interceptor.info) { return redirect }
        }
        return nil
    }

    /// Where `interceptor`'s `decision` sends an object lookup: `nil` to go on, a redirect to
    /// follow, or (thrown) why there will be no object.
    private func objectRedirect(following decision: Interception,
                                of interceptor: InterceptorInfo) throws(ObjectError) -> ObjectRedirect? {
        switch follow(decision, of: interceptor) {
        case .proceed: nil
        case .ended(let result): throw ObjectError(result)
        case .redirect(let target, let source, let trail): ObjectRedirect(url: target, source: source, trail: trail)
        }
    }

    /// Runs the handlers of `first` and later matches to their end, or says no route
    /// matches (the unmatched handler is told).
    func runAwaiting(first: MatchedRoute?, channel: ReplyChannel?) async -> OpenResult {
        guard let first else {
            notifyUnmatched()
            return .unmatched
        }
        return await runAwaiting(from: first, declined: Declines(), token: channel.map(ReplyToken.init))
    }

    /// The trail of a redirect to `target`, or `nil` when it would be one redirect too many.
    func trail(to target: String, by interceptor: InterceptorInfo) -> RedirectTrail? {
        let urls = (trail?.urls ?? [url]) + [target]
        guard urls.count - 1 <= router.options.maxRedirects else { return nil }
        return RedirectTrail(urls: urls, origin: RedirectOrigin(url: url, source: source, userInfo: userInfo,
                                                                 interceptor: interceptor))
    }
}
