import PatternMatcher

/// What the interceptors decided for an open: the second stage's answer, here or awaited.
enum Verdict {
    /// Every interceptor let the open go on (or none sees the URL): on to the candidates.
    case proceed
    /// An interceptor rejected the open, or its redirect would be one too many.
    indirect case ended(OpenResult)
    /// An interceptor sent the open to another URL, which arrives afresh.
    indirect case redirect(RedirectStep)
    /// Interceptor number `index` must be awaited (here only).
    case mustAwait(index: Int, InterceptorInfo)
}

/// Where an interceptor sent an open: the URL and source it arrives with, and the trail of
/// redirects that led there.
struct RedirectStep: Sendable {
    let interceptor: InterceptorInfo
    let target: String
    let source: OpenSource
    let trail: RedirectTrail
    /// The reply token of the hop that redirected, when its candidates' stage had begun (a
    /// switched-off route's fallback): the next hop's handlers reply through it, so that the
    /// caller's completion is not told `nil` on the way.
    var token: ReplyToken?
}

extension Open {
    /// The interceptors that see this open's URL, most general first; `nil` when none does
    /// (or for a dry run, which asks none).
    var interceptors: InterceptorHits? {
        purpose.isDryRun ? nil : snapshot.interceptors?.ordered(for: url)
    }

    /// The open as every interceptor of `hits` sees it, made once for all of them.
    private func subject() -> InterceptionSubject {
        let route = first.map { RouteLead(info: snapshot.routes[$0.index].info, match: $0) }
        return InterceptionSubject(url: url, source: source, userInfo: userInfo, route: route,
                                   redirectedFrom: trail?.origin, router: router.weakReference)
    }

    /// What interceptor number `index` of `hits` is asked.
    private func request(_ hits: InterceptorHits, at index: Int, _ subject: InterceptionSubject) -> InterceptedRequest {
        InterceptedRequest(subject: subject, interceptor: hits.interceptor(at: index).info, interceptorMatch: hits.match(at: index))
    }

    /// The interceptors' stage, here: asks `hits` in order, in the open's context (bound by
    /// the caller), up to the first that does not let the open go on or must be awaited.
    func interceptHere(_ hits: InterceptorHits) -> Verdict {
        let subject = subject()
        for index in hits.indices {
            let interceptor = hits.interceptor(at: index)
            guard case .sync(let decide) = interceptor.decide else { return .mustAwait(index: index, interceptor.info) }
            let verdict = verdict(on: decide(request(hits, at: index, subject)), of: interceptor.info)
            if case .proceed = verdict { continue }
            return verdict
        }
        return .proceed
    }

    /// The interceptors' stage, awaited: asks `hits` from number `start` on, in the open's
    /// context (bound by the caller), awaiting asynchronous ones; a cancelled wait ends the open.
    func interceptAwaiting(_ hits: InterceptorHits, from start: Int = 0) async -> Verdict {
        let subject = subject()
        for index in hits.indices.dropFirst(start) {
            let interceptor = hits.interceptor(at: index)
            let asked = request(hits, at: index, subject)
            let decision: Interception?
            switch interceptor.decide {
            case .sync(let decide): decision = decide(asked)
            case .async(let decide): decision = await Self.decision(of: decide, for: asked)
            }
            guard let decision else { return .ended(.refused(.cancelled)) }
            let verdict = verdict(on: decision, of: interceptor.info)
            if case .proceed = verdict { continue }
            return verdict
        }
        return .proceed
    }

    /// What `interceptor`'s `decision` asks of this open: the one reading of a decision, for
    /// every verb, here and awaited.
    func verdict(on decision: Interception, of interceptor: InterceptorInfo) -> Verdict {
        switch decision {
        case .proceed:
            return .proceed
        case .reject(let reason):
            return .ended(.rejected(interceptor, reason))
        case .redirect(let target, let redirectSource):
            let urls = (trail?.urls ?? [url]) + [target]
            guard urls.count - 1 <= router.options.maxRedirects else { return .ended(.refused(.redirectLoop(urls))) }
            let origin = RedirectOrigin(url: url, source: source, userInfo: userInfo, interceptor: interceptor)
            return .redirect(RedirectStep(interceptor: interceptor, target: target, source: redirectSource ?? source,
                                          trail: RedirectTrail(urls: urls, origin: origin)))
        }
    }

    /// What an asynchronous interceptor decides, or `nil` as soon as the task awaiting it is
    /// cancelled: the interceptor runs in a task of its own, so a decision that never comes
    /// (a dropped continuation) cannot hold the open, and a late one is dropped.
    static func decision(of decide: @escaping @Sendable (InterceptedRequest) async -> Interception,
                         for request: InterceptedRequest) async -> Interception? {
        let slot = DecisionSlot()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                guard slot.wait(continuation) else { return }
                Task { slot.resume(with: await decide(request)) }
            }
        } onCancel: {
            slot.resume(with: nil)
        }
    }
}

/// The route an interceptor is told about: the open's best match, unread.
struct RouteLead: Sendable {
    let info: RouteInfo
    let match: MatchedRoute
}
