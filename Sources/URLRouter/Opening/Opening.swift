import PatternMatcher

/// One open, from the lookup to the outcome. Every entry point (`open`, `await open`,
/// `object(for:)`, `canOpen`, `resolve`) starts with ``start(_:url:source:userInfo:runsHandlers:)``
/// and runs handlers through ``runHere(_:_:)`` or ``runAwaiting(_:_:)``, so that their rules
/// (sources, refusals, the nesting limit, precedence, declines) cannot drift apart.
struct Opening: Sendable {
    let router: Router
    let snapshot: Snapshot
    let table: RouteTable<Int>
    let url: String
    let source: OpenSource
    let userInfo: [String: any Sendable]
    /// What the handlers of this open run in: this open counted, its source.
    let context: OpenContext

    enum Start {
        /// The best match, and the open that will run its handler.
        case matched(Opening, RouteMatch<Int>)
        /// The open ends before any handler: malformed, refused or unmatched.
        case finished(OpenResult)
    }

    /// Looks `url` up for `source` (or, when `nil`, the source of the open being handled
    /// on this task or thread, else ``OpenSource/app``).
    ///
    /// - Parameter runsHandlers: whether the caller will run handlers; only such opens
    ///   count against ``Router/Options/maxNestedOpens``.
    static func start(_ router: Router, url: String, source: OpenSource?, userInfo: [String: any Sendable],
                      runsHandlers: Bool) -> Start {
        let outer = OpenContext.current
        let source = source ?? outer?.source ?? .app
        if runsHandlers, let outer, outer.depth >= router.options.maxNestedOpens {
            return .finished(.refused(.nestingLimit(router.options.maxNestedOpens, firstURL: outer.firstURL)))
        }
        let snapshot = router.current
        let table = snapshot.table(for: source)
        switch table.match(url) {
        case .malformed(let error):
            return .finished(.malformed(error))
        case .notFound:
            return .finished(router.refusal(of: url, from: source, hasUserinfo: nil) ?? .unmatched)
        case .matched(let match):
            if source.isExternal && match.hasUserinfo { return .finished(.refused(.userinfoFromOutside)) }
            let context = outer?.entering(url, from: source) ?? .outermost(url, from: source)
            let opening = Opening(router: router, snapshot: snapshot, table: table, url: url, source: source,
                                  userInfo: userInfo, context: context)
            return .matched(opening, match)
        }
    }

    /// The matches whose handlers may be tried, best first, from match number `index`
    /// (0 for the best), which is `first`.
    struct Candidates: IteratorProtocol {
        let opening: Opening
        private var first: RouteMatch<Int>?
        private var later: DropFirstSequence<MatchSequence<Int>>.Iterator?
        /// The number of the match `next()` returned last.
        private(set) var index: Int

        init(_ opening: Opening, first: RouteMatch<Int>, index: Int = 0) {
            self.opening = opening
            self.first = first
            self.index = index - 1
        }

        mutating func next() -> RouteMatch<Int>? {
            index += 1
            if let match = first {
                first = nil
                return match
            }
            // The common case never gets here: later matches are searched for only after
            // a handler declined.
            if later == nil { later = opening.table.matches(opening.url).dropFirst(index).makeIterator() }
            return later?.next()
        }
    }

    /// What the handler of `route` receives for `match`; its replies go to `token`'s channel.
    func request(for match: RouteMatch<Int>, route: RegisteredRoute, token: ReplyToken?) -> RouteRequest {
        RouteRequest(route: route.info, source: source, userInfo: userInfo, router: router,
                     match: match, token: token, context: context)
    }

    /// What an object handler made.
    enum Made {
        case nothing
        /// An ``RouteRegistrar/object(_:name:exposure:handler:)`` handler's value.
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
    enum Step {
        /// It finished; an object handler's value comes with it.
        case handled(Made)
        case declined
        case failed(any Error)
        /// A main-actor handler, and the caller is not on the main actor.
        case needsMainActor
        /// An asynchronous handler.
        case needsAsync
    }

    /// Runs `handler` on the calling thread, if it can run there.
    func runHere(_ handler: RouteHandler, _ request: RouteRequest) -> Step {
        OpenContext.$current.withValue(context) {
            do {
                switch handler {
                case .action(let action):
                    try action(request)
                    return .handled(.nothing)
                case .object(let make):
                    let object = try make(request)
                    request.reply(object)
                    return .handled(.sendable(object))
                case .mainActorAction(let action):
                    guard isMainThread() else { return .needsMainActor }
                    try MainActor.assumeIsolated { try action(request) }
                    return .handled(.nothing)
                case .mainActorObject(let make):
                    guard isMainThread() else { return .needsMainActor }
                    // The value (a view controller) stays on the main actor: made there, and
                    // handed to a caller that runs there too.
                    nonisolated(unsafe) var made: Any?
                    try MainActor.assumeIsolated { made = try make(request) }
                    return .handled(made.map(Made.mainActor) ?? .nothing)
                case .asyncAction, .asyncObject:
                    return .needsAsync
                }
            } catch is Decline {
                return .declined
            } catch {
                return .failed(error)
            }
        }
    }

    /// How a handler run to its end (awaited) ended.
    enum AwaitedStep {
        case handled
        case declined
        case failed(any Error)
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
                case .mainActorObject(let make): try await MainActor.run { _ = try make(request) }
                case .asyncAction(let action): try await action(request)
                case .asyncObject(let make): request.reply(try await make(request))
                }
                return .handled
            } catch is Decline {
                return .declined
            } catch {
                return .failed(error)
            }
        }
    }

    /// Runs the handlers of `first` and, while they decline, of the later matches, each to
    /// its end. `first` is match number `index` (0 for the best); `declined` lists the
    /// routes that declined before it.
    func runAwaiting(from first: RouteMatch<Int>, index: Int, declined: [RouteInfo],
                     token: ReplyToken) async -> OpenResult {
        var declined = declined
        var candidates = Candidates(self, first: first, index: index)
        while let match = candidates.next() {
            let route = snapshot.routes[match.value]
            switch await runAwaiting(route.handler, request(for: match, route: route, token: token)) {
            case .handled: return .handled(route.info)
            case .failed(let error): return .failed(route.info, error)
            case .declined: declined.append(route.info)
            }
        }
        return .declined(declined)
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

    func notifyUnmatched(_ url: String, source: OpenSource, userInfo: [String: any Sendable]) {
        guard let unmatched = options.unmatched, !source.isExternal || unmatched.exposure.isExternal else { return }
        unmatched.handle(UnmatchedRequest(url: url, source: source, userInfo: userInfo))
    }
}
