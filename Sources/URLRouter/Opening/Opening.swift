import PatternMatcher

/// One open, from the lookup to the outcome. Every entry point (`open`, `openAndWait`,
/// `object(for:as:)`, `canOpen`, `resolve`, `plan`, `navigate`) starts with
/// ``lookUp(_:url:source:outer:runsHandlers:holdable:)``, asks the interceptors through
/// ``follow(_:of:)`` before any handler runs, tries the matches in precedence order
/// (``Candidates``), and runs each candidate's handler through one step, here
/// (``run(_:_:in:made:)``) or awaited (``runAwaiting(_:_:)``), whose thrown errors are read
/// once (``AwaitedStep/init(thrown:)``): their rules (sources, refusals, the nesting limit,
/// precedence, declines) cannot drift apart. An object lookup is an open whose policy takes
/// only object routes and hands the object to its caller.
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
    let first: MatchedRoute?

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
    /// handler takes it) never allocates and releases an ``Opening``.
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
        case matched(Lookup, MatchedRoute)
        /// No route matches; interceptors may still redirect the URL.
        case unmatched(Lookup)
        /// The open ends before any interceptor or handler: malformed or refused. Boxed,
        /// as in ``Start``.
        indirect case finished(OpenResult)
    }

    /// Looks `url` up for `source` (or, when `nil`, the source of `outer`, the open being
    /// handled on this task or thread, else ``OpenSource/app``): the nesting limit, the lookup
    /// and the refusals, for every entry point.
    ///
    /// - Parameters:
    ///   - outer: ``OpenContext/current``, read once by the caller.
    ///   - runsHandlers: whether the caller will run handlers; only such opens count
    ///     against ``Router/Options/maxNestedOpens``.
    ///   - holdable: given by an `open` that may be held (not a redirect, a replay, an
    ///     object lookup or a dry run): an external one outside any open is then held while
    ///     the router holds external opens.
    ///
    /// Inlined into each entry point: returning the match through ``Looked`` from a call
    /// copied it twice.
    @inline(__always)
    static func lookUp(_ router: Router, url: String, source: OpenSource?, outer: OpenContext, runsHandlers: Bool,
                       holdable: Holdable? = nil) -> Looked {
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
            return .matched(Lookup(snapshot: snapshot, source: source, outer: outer, url: url, origin: origin),
                            MatchedRoute(match))
        }
    }

    /// ``lookUp(_:url:source:runsHandlers:holdable:)``, and the ``Opening`` that carries the open on.
    static func start(_ router: Router, url: String, source: OpenSource?, userInfo: [String: any Sendable],
                      runsHandlers: Bool, trail: RedirectTrail? = nil, holdable: Holdable? = nil) -> Start {
        switch lookUp(router, url: url, source: source, outer: OpenContext.current, runsHandlers: runsHandlers,
                      holdable: holdable) {
        case .finished(let result):
            return .finished(result)
        case .unmatched(let lookup):
            return .unmatched(Opening(router, lookup, userInfo, trail, first: nil))
        case .matched(let lookup, let match):
            return .matched(Opening(router, lookup, userInfo, trail, first: match))
        }
    }

    init(_ router: Router, _ lookup: Lookup, _ userInfo: [String: any Sendable],
         _ trail: RedirectTrail?, first: MatchedRoute?) {
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
        private let resumingAfter: MatchedRoute?
        private var later: Later?

        init(_ opening: Opening, after match: MatchedRoute? = nil) {
            self.opening = opening
            self.resumingAfter = match
        }

        /// The match after the last one returned (or after the match given at the start).
        /// The common case never calls it: later matches are searched for only after a
        /// handler declined.
        mutating func next() -> MatchedRoute? {
            if later == nil {
                guard let start = resumingAfter ?? opening.first else { return nil }
                later = Later(opening.table.matches(after: start.record).makeIterator())
            }
            return later?.iterator.next().map(MatchedRoute.init)
        }
    }

    /// What the handler of `route` receives for `match`; its replies go to `token`'s channel.
    /// - Parameter isOpen: `false` for an object lookup, whose object goes to its caller only.
    func request(for match: MatchedRoute, route: RegisteredRoute, token: ReplyToken?, isOpen: Bool = true) -> RouteRequest {
        RouteRequest(route: route.info, source: source, origin: origin, userInfo: userInfo, router: router,
                     match: match, token: token, context: context, trail: trail, isOpen: isOpen)
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
