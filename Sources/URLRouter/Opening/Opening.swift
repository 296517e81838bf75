import PatternMatcher

/// One open, from the lookup to the outcome. Every entry point (`open`, `await open`,
/// `object(for:)`, `canOpen`, `resolve`) starts with ``lookUp(_:url:source:runsHandlers:holdable:)``
/// and runs handlers through ``RouteHandler/runHere(_:)`` (in the open's context: see
/// ``run(_:_:in:)``) or ``runAwaiting(_:_:)``, so that their rules (sources, refusals, the
/// nesting limit, precedence, declines) cannot drift apart.
///
/// A class: the entry points, their tasks and the requests' helpers pass it around by
/// reference instead of copying its ten fields each time. The synchronous `open` makes one
/// only when it needs more than its best match's handler: an interceptor sees the URL, no
/// route matches, or the handler does not take the URL (it declines, fails or must wait).
final class Opening: Sendable {
    let router: Router
    let snapshot: Snapshot
    let table: RouteTable<Int>
    let url: String
    let source: OpenSource
    /// The declared origin that delivered the URL, if the router declares origins.
    let origin: Origin?
    let userInfo: [String: any Sendable]
    /// What the handlers of this open run in: this open counted, its source.
    let context: OpenContext
    /// The redirects that led here, when an interceptor redirected the open.
    let trail: RedirectTrail?
    /// The best match, or `nil` when no route matches (interceptors may still redirect).
    let first: RouteMatch<Int>?

    enum Start {
        /// The open that will run the best match's handler (``first``).
        case matched(Opening)
        /// No route matches; interceptors may still redirect the URL.
        case unmatched(Opening)
        /// The open ends before any interceptor or handler: malformed or refused. Boxed, so
        /// that every case is one reference and the common cases copy as one retain
        /// (`OpenResult` is large, and copying it inline made every start pay for it).
        indirect case finished(OpenResult)
    }

    /// What an open knows once its URL is looked up, before anything is allocated: the
    /// published routes it uses, its source and the open it is nested in. Kept on the
    /// stack, so that the common open (no interceptor sees the URL, and its best match's
    /// handler takes it) never makes an ``Opening``: making and releasing one
    /// cost 1,034 instructions an open (callgrind, app static: 4,652 against 3,618).
    struct Lookup {
        let snapshot: Snapshot
        let source: OpenSource
        /// The open being handled on this task or thread, or ``OpenContext/outside``.
        let outer: OpenContext
        /// The URL looked up: as given, or a universal link in its custom-scheme form.
        let url: String
        /// The declared origin that delivered the URL, if the router declares origins.
        let origin: Origin?

        /// What the handlers of this open run in: the open counted, its source.
        func context() -> OpenContext {
            outer.entering(url, from: source)
        }
    }

    /// What a top-level open gives the lookup, so that it can be held while the app holds
    /// external opens: its caller data and where its completion goes.
    struct Holdable {
        let userInfo: [String: any Sendable]
        let channel: ReplyChannel?
    }

    /// What the lookup of an open found.
    enum Looked {
        /// The best match, and what the open needs to run its handler.
        case matched(Lookup, RouteMatch<Int>)
        /// No route matches; interceptors may still redirect the URL.
        case unmatched(Lookup)
        /// The open ends before any interceptor or handler: malformed or refused. Boxed,
        /// as in ``Start``.
        indirect case finished(OpenResult)
    }

    /// Looks `url` up for `source` (or, when `nil`, the source of the open being handled
    /// on this task or thread, else ``OpenSource/app``): the nesting limit, the lookup and
    /// the refusals, for every entry point.
    ///
    /// - Parameters:
    ///   - runsHandlers: whether the caller will run handlers; only such opens count
    ///     against ``Router/Options/maxNestedOpens``.
    ///   - holdable: given by an `open` that may be held (not a redirect, a replay, an
    ///     object lookup or a dry run): an external one outside any open is then held while
    ///     the router holds external opens.
    ///
    /// Inlined into each entry point: returning the match through ``Looked`` from a call
    /// copied it twice, 254 instructions an open (callgrind, app static: 3,391 against 3,137).
    @inline(__always)
    static func lookUp(_ router: Router, url: String, source: OpenSource?, runsHandlers: Bool,
                       holdable: Holdable? = nil) -> Looked {
        let outer = OpenContext.current
        var source = (source ?? outer.source).narrowed(to: router.boundSource)
        var url = url
        var origin: Origin?
        if let origins = router.origins {
            switch origins.arrival(of: url, limits: router.options.matching.limits) {
            case .customScheme(let declared): origin = declared
            case .universalLink(let declared, let rewritten):
                // A universal link comes from outside the app, whoever opens it.
                (origin, url, source) = (declared, rewritten, .external)
            case .refused(let result): return .finished(result)
            case .other: break
            }
        }
        // Held before anything is looked up: the URL is looked up when it is replayed,
        // against the routes registered by then.
        if let holdable, source.isExternal, outer.depth == 0, let held = router.hold(url, from: source, holdable) {
            return .finished(.held(held))
        }
        // Outside any open (depth 0) the open itself always runs, whatever the limit.
        if runsHandlers, outer.depth > 0, outer.depth >= router.options.maxNestedOpens {
            return .finished(.refused(.nestingLimit(router.options.maxNestedOpens, firstURL: outer.firstURL)))
        }
        let snapshot = router.current
        switch snapshot.match(url, from: source) {
        case .malformed(let error):
            return .finished(.malformed(error))
        case .notFound:
            if let refusal = router.refusal(of: url, from: source, hasUserinfo: nil) { return .finished(refusal) }
            return .unmatched(Lookup(snapshot: snapshot, source: source, outer: outer, url: url, origin: origin))
        case .matched(let match):
            if source.isExternal && match.hasUserinfo { return .finished(.refused(.userinfoFromOutside)) }
            return .matched(Lookup(snapshot: snapshot, source: source, outer: outer, url: url, origin: origin), match)
        }
    }

    /// ``lookUp(_:url:source:runsHandlers:holdable:)``, and the ``Opening`` that carries the open on.
    static func start(_ router: Router, url: String, source: OpenSource?, userInfo: [String: any Sendable],
                      runsHandlers: Bool, trail: RedirectTrail? = nil, holdable: Holdable? = nil) -> Start {
        switch lookUp(router, url: url, source: source, runsHandlers: runsHandlers, holdable: holdable) {
        case .finished(let result):
            return .finished(result)
        case .unmatched(let lookup):
            return .unmatched(Opening(router, lookup, userInfo, trail, first: nil))
        case .matched(let lookup, let match):
            return .matched(Opening(router, lookup, userInfo, trail, first: match))
        }
    }

    init(_ router: Router, _ lookup: Lookup, _ userInfo: [String: any Sendable],
         _ trail: RedirectTrail?, first: RouteMatch<Int>?) {
        self.first = first
        self.router = router
        self.snapshot = lookup.snapshot
        self.table = lookup.snapshot.table(for: lookup.source)
        self.url = lookup.url
        self.origin = lookup.origin
        self.source = lookup.source
        self.userInfo = userInfo
        self.context = lookup.context()
        self.trail = trail
    }

    /// The matches whose handlers may be tried after one declined, in precedence order.
    ///
    /// Kept small (the opening and the match to resume after), so that the common open,
    /// whose best match's handler takes the URL, copies nothing it does not need.
    struct Candidates {
        /// The search for later matches, in a box made only when a handler declines, so that
        /// the common open neither builds nor destroys an iterator. It resumes where the
        /// declined match was found (``RouteTable/matches(after:)``): the URL is parsed once
        /// more for its frames, and no part of the trie is searched twice.
        private final class Later {
            var iterator: MatchSequence<Int>.Iterator
            init(_ iterator: MatchSequence<Int>.Iterator) { self.iterator = iterator }
        }
        private let opening: Opening
        /// The match the search resumes after; `nil` for the opening's best match.
        private let resumingAfter: RouteMatch<Int>?
        private var later: Later?

        init(_ opening: Opening, after match: RouteMatch<Int>? = nil) {
            self.opening = opening
            self.resumingAfter = match
        }

        /// The match after the last one returned (or after the match given at the start).
        /// The common case never calls it: later matches are searched for only after a
        /// handler declined.
        mutating func next() -> RouteMatch<Int>? {
            if later == nil {
                guard let start = resumingAfter ?? opening.first else { return nil }
                later = Later(opening.table.matches(after: start).makeIterator())
            }
            return later?.iterator.next()
        }
    }

    /// What the handler of `route` receives for `match`; its replies go to `token`'s channel.
    /// - Parameter isOpen: `false` for an object lookup, whose object goes to its caller only.
    func request(for match: RouteMatch<Int>, route: RegisteredRoute, token: ReplyToken?, isOpen: Bool = true) -> RouteRequest {
        RouteRequest(route: route.info, source: source, origin: origin, userInfo: userInfo, router: router,
                     match: match, token: token, context: context, trail: trail, isOpen: isOpen)
    }

    /// What an object handler made.
    enum Made {
        case nothing
        /// An ``RouteRegistrar/object(_:name:exposure:deprecated:handler:)-(String,_,_,_,_)`` handler's value.
        case sendable(any Sendable)
        /// A main-actor object handler's value, which must stay on the main actor.
        case mainActor(Any)

        /// The value, whatever its kind.
        var value: Any? {
            switch self {
            case .nothing: nil
            case .sendable(let value): value
            case .mainActor(let value): value
            }
        }
    }

    /// How a handler run on the calling thread ended.
    ///
    /// One word and a tag: an object handler's value is handed back apart (see
    /// ``run(_:_:in:made:)``) and a decline's reason is boxed, so that the common step,
    /// `handled`, is copied and destroyed without a value witness. With the value and the
    /// reason inline, an open ran 83 more instructions (callgrind, app static: 2,655
    /// against 2,572).
    enum Step {
        /// It finished (an object handler's value is in the `made` its runner was given).
        case handled
        /// It declined; a typed route whose URL did not decode says why.
        indirect case declined(TypedRouteError?)
        case failed(any Error)
        /// A main-actor handler, and the caller is not on the main actor.
        case needsMainActor
        /// An asynchronous handler.
        case needsAsync

        /// A handler run to its end, as a step (it made no object).
        init(_ awaited: AwaitedStep) {
            switch awaited {
            case .handled: self = .handled
            case .declined(let reason): self = .declined(reason)
            case .failed(let error): self = .failed(error)
            }
        }
    }

    /// Runs the handler of `match`'s route on the calling thread, if it can run there; the
    /// route comes back with how it ended.
    func runHere(_ match: RouteMatch<Int>, token: ReplyToken?) -> (route: RegisteredRoute, step: Step) {
        let route = snapshot.routes[match.value]
        return (route, Opening.run(route.handler, request(for: match, route: route, token: token), in: context))
    }

    /// Runs the handler of the best match in the open's context, already bound. There must be
    /// a best match. It is read where this open keeps it, not handed over as an argument:
    /// that copied it through its generic value witnesses (about 280 instructions an open).
    private func runFirstInContext(token: ReplyToken?) -> (route: RegisteredRoute, step: Step) {
        assert(first != nil, "only an open that matched runs its best match")
        let route = snapshot.routes[first.unsafelyUnwrapped.value]
        return (route, route.handler.runHere(request(for: first.unsafelyUnwrapped, route: route, token: token)))
    }

    /// Runs `handler` on the calling thread, if it can run there, in `context`: what every
    /// synchronous entry point runs a handler with, with an ``Opening`` or before one is made.
    static func run(_ handler: RouteHandler, _ request: RouteRequest, in context: OpenContext) -> Step {
        OpenContext.$current.withValue(context) { handler.runHere(request) }
    }

    /// ``run(_:_:in:)``, and what an object handler made, in `made` (left as it is for
    /// an action).
    static func run(_ handler: RouteHandler, _ request: RouteRequest, in context: OpenContext,
                    made: inout Made) -> Step {
        OpenContext.$current.withValue(context) { handler.runHere(request, made: &made) }
    }

    /// How a handler run to its end (awaited) ended.
    enum AwaitedStep {
        case handled
        case declined(TypedRouteError?)
        case failed(any Error)

        /// How a handler that threw `error` ended: ``Decline`` declines, and so does a typed
        /// route whose URL did not decode (saying why); any other error fails the open.
        init(thrown error: any Error) {
            if error is Decline {
                self = .declined(nil)
            } else if let undecodable = error as? UndecodableRoute {
                self = .declined(undecodable.error)
            } else {
                self = .failed(error)
            }
        }
    }

    /// Runs `handler` to its end: main-actor handlers on the main actor, asynchronous ones
    /// awaited.
    func runAwaiting(_ handler: RouteHandler, _ request: RouteRequest) async -> AwaitedStep {
        await OpenContext.$current.withValue(context) {
            do {
                switch handler {
                case .action(let action): try action(request)
                case .object(let make): request.reply(try make(request))
                case .mainActorAction(let action): try await MainActor.run { try action(request) }
                // Its value cannot leave the main actor; `object(for:as:)` is the way to get it.
                case .mainActorObject(let make): try await MainActor.run { request.deliver(try make(request)) }
                case .asyncAction(let action): try await action(request)
                case .asyncObject(let make): request.reply(try await make(request))
                }
                return .handled
            } catch {
                return AwaitedStep(thrown: error)
            }
        }
    }

    /// Runs the handlers of `first` and, while they decline, of the later matches, each to
    /// its end; `declined` lists the routes that declined before `first`.
    func runAwaiting(from first: RouteMatch<Int>, declined: Declines, token: ReplyToken?) async -> OpenResult {
        var declined = declined
        var candidates = Candidates(self, after: first)
        var next: RouteMatch<Int>? = first
        while let match = next {
            // A cancelled open starts no handler, however it got here.
            guard !Task.isCancelled else { return .refused(.cancelled) }
            let route = snapshot.routes[match.value]
            switch await runAwaiting(route.handler, request(for: match, route: route, token: token)) {
            case .handled: return .handled(route.info)
            case .failed(let error): return .failed(route.info, error)
            case .declined(let reason): declined.add(route.info, reason)
            }
            next = candidates.next()
        }
        return declined.result
    }

    /// The routes that declined an open, and the first typed route among them whose URL did
    /// not decode: when every match declines, that is the open's failure (it names the key
    /// and the text), else the result lists the declines.
    struct Declines: Sendable {
        private(set) var routes: [RouteInfo] = []
        private var undecodable: (route: RouteInfo, error: TypedRouteError)?

        mutating func add(_ route: RouteInfo, _ reason: TypedRouteError?) {
            routes.append(route)
            if undecodable == nil, let reason { undecodable = (route, reason) }
        }

        var result: OpenResult {
            if let undecodable { return .failed(undecodable.route, undecodable.error) }
            return .declined(routes)
        }
    }
}

/// The redirects that led to an open: the URLs, the first opened first, and the open
/// the last interceptor redirected. A class: an open that was never redirected carries a
/// `nil` reference, not the fields.
final class RedirectTrail: Sendable {
    let urls: [String]
    let origin: RedirectOrigin

    init(urls: [String], origin: RedirectOrigin) {
        self.urls = urls
        self.origin = origin
    }
}

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
        /// it: with the hit copied out first, and the match read from the lookup's result
        /// rather than matched in place, an open with three interceptors ran 712 more
        /// instructions (callgrind, app static: 10,915 against 10,203).
        func request(at index: Int) -> InterceptedRequest {
            InterceptedRequest(subject: subject, interceptor: hits.interceptor(at: index).info,
                               interceptorMatch: hits.match(at: index))
        }
    }

    /// The interceptors for this open's URL, and the route they see (`first`'s, unread),
    /// or `nil` when no interceptor's pattern matches.
    func interceptors(first: RouteMatch<Int>?) -> Intercepting? {
        interceptors(snapshot.interceptors?.ordered(for: url), first: first)
    }

    /// ``interceptors(first:)`` for the interceptors already found for this open's URL.
    func interceptors(_ hits: consuming InterceptorHits?, first: RouteMatch<Int>?) -> Intercepting? {
        guard let hits else { return nil }
        let route = first.map { RouteLead(info: snapshot.routes[$0.value].info, match: $0) }
        return Intercepting(hits: hits, subject: InterceptionSubject(
            url: url, source: source, userInfo: userInfo, route: route, redirectedFrom: trail?.origin,
            router: router.weakReference))
    }

    /// Runs `hits`, the synchronous interceptors that see this open's URL, until one decides
    /// or one must be awaited. When there are some and every one lets the open go on, it
    /// also runs the best match's handler, if there is one, in the same binding of the
    /// open's context (binding it again for the handler cost two allocations and 288
    /// instructions an open; callgrind, app static, three interceptors: 13,541 against 13,253).
    func interceptHere(_ hits: consuming InterceptorHits?, channel: ReplyChannel?) -> Interceptions {
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
            guard first != nil else { return .proceeded }
            // The requests hold the token; when the last one goes without a reply, the
            // completion gets `nil`.
            let token = channel.map(ReplyToken.init)
            let (route, step) = runFirstInContext(token: token)
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
    func interceptAwaiting(first: RouteMatch<Int>?, from start: Int = 0, channel: ReplyChannel?) async -> OpenResult? {
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

    /// Runs the interceptors for an object lookup, awaiting asynchronous ones: `nil` to go on, a redirect to follow,
    /// or the reason there will be no object.
    func interceptForObject(first: RouteMatch<Int>?) async throws(ObjectError) -> ObjectRedirect? {
        switch await interceptAwaitingDecision() {
        case .proceed: return nil
        case .ended(let result): throw ObjectError(result)
        case .redirect(let target, let source, let trail): return ObjectRedirect(url: target, source: source, trail: trail)
        }
    }

    /// Runs this open's interceptors, awaiting asynchronous ones, up to the first that does not
    /// let it go on: what an object lookup and a navigation follow (an open follows a redirect
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

    /// ``interceptForObject(first:)`` for a synchronous lookup, which cannot
    /// await an interceptor: it never suspends.
    func interceptForObjectHere(first: RouteMatch<Int>?) throws(ObjectError) -> ObjectRedirect? {
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
    func runAwaiting(first: RouteMatch<Int>?, channel: ReplyChannel?) async -> OpenResult {
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

extension Router {
    /// External URLs that carry userinfo are refused (Matching rules, "Sources and
    /// exposure"), before any handler runs.
    ///
    /// - Parameter hasUserinfo: what the match found, when there is a match; `nil` when
    ///   nothing matched. The URL is parsed here only for an external URL that matched
    ///   nothing, to tell a refusal from a miss.
    func refusal(of url: String, from source: OpenSource, hasUserinfo: Bool?) -> OpenResult? {
        guard source.isExternal, hasUserinfo != false else { return nil }
        do {
            let parsed = try ParsedURL(url, limits: options.matching.limits)
            return parsed.userinfo == nil ? nil : .refused(.userinfoFromOutside)
        } catch {
            return .malformed(error)
        }
    }

}

extension Opening {
    /// Tells the router's unmatched handler, if it may hear of this open, inside this open's
    /// context: an open the handler makes (a "not found" screen, a search) is nested in this
    /// one and keeps its source, as a route handler's does.
    func notifyUnmatched() {
        guard let unmatched = router.options.unmatched, !source.isExternal || unmatched.exposure.isExternal else { return }
        let request = UnmatchedRequest(url: url, source: source, userInfo: userInfo, router: router, context: context)
        OpenContext.$current.withValue(context) { unmatched.handle(request) }
    }
}

extension RouteHandler {
    /// Runs the handler on the calling thread, if it can run there, in the open's context,
    /// already bound: what ``Opening/run(_:_:in:)`` runs, and what the interceptors' binding
    /// runs the best match's handler with when every interceptor let the open go on.
    ///
    /// `@_transparent`, as the body of a closure: out of line, or `@inline(__always)`, it
    /// cost 34 more instructions an open (callgrind, app static: 2,884 against 2,850).
    @_transparent
    func runHere(_ request: RouteRequest) -> Opening.Step {
        var made = Opening.Made.nothing
        return runHere(request, made: &made)
    }

    /// ``runHere(_:)``, and what an object handler made, in `made` (left as it is for an
    /// action).
    @_transparent
    func runHere(_ request: RouteRequest, made: inout Opening.Made) -> Opening.Step {
        do {
            switch self {
            case .action(let action):
                try action(request)
                return .handled
            case .object(let make):
                let object = try make(request)
                request.reply(object)
                made = .sendable(object)
                return .handled
            case .mainActorAction(let action):
                guard isMainThread() else { return .needsMainActor }
                try MainActor.assumeIsolated { try action(request) }
                return .handled
            case .mainActorObject(let make):
                guard isMainThread() else { return .needsMainActor }
                // The value (a view controller) stays on the main actor: made there, and
                // handed to a caller that runs there too.
                nonisolated(unsafe) var value: Any?
                try MainActor.assumeIsolated {
                    let object = try make(request)
                    request.deliver(object)
                    value = object
                }
                if let value { made = .mainActor(value) }
                return .handled
            case .asyncAction, .asyncObject:
                return .needsAsync
            }
        } catch {
            return Opening.Step(Opening.AwaitedStep(thrown: error))
        }
    }
}
