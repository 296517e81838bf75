import PatternMatcher

/// How one candidate ended, for its open's purpose.
enum Attempt {
    /// The route took the URL: a handler finished, an object was made, a typed value decoded.
    case took
    /// The route passed the URL on to the next match; why is in the open's ``Passes``.
    case passed
    /// The route's handler (or the plan of its value) failed: the open ends with this error.
    case failed(any Error)
    /// The route must be awaited: an asynchronous handler, or the main actor from elsewhere.
    case waits
}

/// How the candidates' stage ended.
///
/// The rare ends are boxed, so that the common one, `took`, is copied and destroyed as one word.
enum CandidatesEnd {
    case took(RouteInfo)
    indirect case failed(RouteInfo, any Error)
    /// The route of this match must be awaited; the later matches come after it.
    indirect case waits(RouteInfo, MatchedRoute)
    /// Every match passed the URL on, or none matched.
    case none
    /// The awaiting task was cancelled before the next handler started.
    case cancelled
    /// The best candidate left is switched off by the installed rules; this is its match.
    indirect case disabled(DisabledRoute, MatchedRoute)
}

/// What the candidates gave the verb, besides the route: the object of an object lookup,
/// the value and match of a dry run, the plan of a navigation. Boxed: the common open takes
/// nothing, and destroys one word.
indirect enum Taken {
    case nothing
    case object(Any)
    /// A dry run's route, its value, and the presentation overrides of the table that
    /// matched it, which a plan of the value reads.
    case route(MatchedRoute, value: (any TypedRoute)?, presentations: PresentationOverrides?)
    case plan(NavigationPlan)
}

/// How a handler run once ended, here or awaited.
///
/// One word and a tag: an object handler's value is handed back apart and a decline's
/// reason is boxed, so that the common step, `handled`, is copied and destroyed without a
/// value witness.
enum Step {
    case handled
    /// It declined; a typed route whose URL did not decode says why.
    indirect case declined(TypedRouteError?)
    case failed(any Error)
    /// A main-actor handler, and the caller is not on the main actor (here only).
    case needsMainActor
    /// An asynchronous handler (here only).
    case needsAsync

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

extension Open {
    /// The candidates' stage, here: tries the best match and, while each passes the URL on,
    /// the later ones in precedence order (Matching rules, "Which route wins"), in the open's
    /// context (bound by the caller). Later matches are searched for only after a pass.
    func candidatesHere(token: ReplyToken?, passes: inout Passes, taken: inout Taken,
                        accepting accepts: (Any) -> Bool) -> CandidatesEnd {
        guard let first else { return .none }
        // A route the installed rules switch off never runs: the open goes to its fallback.
        if let rule = snapshot.disabled?[first.index] { return .disabled(rule, first) }
        var search: MatchSearch?
        // The best match is tried where the open keeps it, before the loop: the common open
        // tries one candidate, and moving it into `match` first cost every open a copy.
        var attempt = attemptHere(first, token: token, passes: &passes, taken: &taken, accepting: accepts)
        var match = first
        while true {
            let route = snapshot.routes[match.index].info
            switch attempt {
            case .took: return .took(route)
            case .failed(let error): return .failed(route, error)
            case .waits: return .waits(route, match)
            case .passed: break
            }
            if search == nil { search = MatchSearch(table.matches(after: first.record).makeIterator()) }
            guard let next = search?.next() else { return .none }
            match = next
            if let rule = snapshot.disabled?[match.index] { return .disabled(rule, match) }
            attempt = attemptHere(match, token: token, passes: &passes, taken: &taken, accepting: accepts)
        }
    }

    /// The candidates' stage, awaited: tries the match given (a handler that had to be
    /// awaited, or the best match) and the later ones, each to its end; a cancelled open
    /// starts no handler.
    func candidatesAwaiting(from start: MatchedRoute?, token: ReplyToken?, passes: inout Passes,
                            taken: inout Taken) async -> CandidatesEnd {
        guard let start else { return .none }
        var search: MatchSearch?
        var match = start
        while true {
            guard !Task.isCancelled else { return .cancelled }
            if let rule = snapshot.disabled?[match.index] { return .disabled(rule, match) }
            let route = snapshot.routes[match.index].info
            switch await attemptAwaiting(match, token: token, passes: &passes, taken: &taken) {
            case .took: return .took(route)
            case .failed(let error): return .failed(route, error)
            case .waits, .passed: break
            }
            if search == nil { search = MatchSearch(table.matches(after: start.record).makeIterator()) }
            guard let next = search?.next() else { return .none }
            match = next
        }
    }

    /// One candidate, here, for the open's purpose.
    private func attemptHere(_ match: MatchedRoute, token: ReplyToken?, passes: inout Passes, taken: inout Taken,
                             accepting accepts: (Any) -> Bool) -> Attempt {
        let route = snapshot.routes[match.index]
        switch purpose {
        case .run:
            var object: Any?
            return passes.read(stepHere(route.handler, request(for: match, route: route, token: token), object: &object),
                               of: route.info)
        case .object:
            guard route.handler.isObject else { return passes.pass(route.info, .notAnObjectRoute) }
            var object: Any?
            switch stepHere(route.handler, request(for: match, route: route, token: nil), object: &object) {
            case .handled:
                if let object, accepts(object) {
                    taken = .object(object)
                    return .took
                }
                return passes.pass(route.info, .otherType(object.map { "\(type(of: $0))" } ?? "nil"))
            case .declined(let undecodable?): return passes.pass(route.info, .failed(undecodable))
            case .declined(nil): return passes.pass(route.info, .declined(nil))
            case .failed(let error): return passes.pass(route.info, .failed(error))
            case .needsMainActor: return passes.pass(route.info, .needsMainActor)
            case .needsAsync: return passes.pass(route.info, .needsAsync)
            }
        case .dryRun(let excludingCatchAll):
            let value: (any TypedRoute)?
            switch decode(match, route: route, passes: &passes) {
            case .undecodable: return .passed
            case .untyped: value = nil
            case .typed(let typed): value = typed
            }
            if excludingCatchAll && match.isCatchAllMatch { return passes.pass(route.info, .excluded) }
            taken = .route(match, value: value, presentations: snapshot.presentations)
            return .took
        case .navigate(let coldStart):
            guard let plan = plan(match, route: route, passes: &passes, taken: &taken) else { return .passed }
            switch plan {
            case .failure(let error): return .failed(error)
            case .success(let plan):
                guard let navigator = router.options.navigator else { return .took }
                guard isMainThread() else { return .waits }
                let (source, placement) = (source, router.options.placement(source, coldStart))
                MainActor.assumeIsolated { navigator.show(plan, placement: placement, source: source) }
                return .took
            }
        }
    }

    /// One candidate, awaited: a handler run to its end, or a plan shown on the main actor.
    private func attemptAwaiting(_ match: MatchedRoute, token: ReplyToken?, passes: inout Passes,
                                 taken: inout Taken) async -> Attempt {
        let route = snapshot.routes[match.index]
        switch purpose {
        case .run, .object, .dryRun:
            return passes.read(await stepAwaiting(route.handler, request(for: match, route: route, token: token)),
                               of: route.info)
        case .navigate(let coldStart):
            guard let plan = plan(match, route: route, passes: &passes, taken: &taken) else { return .passed }
            switch plan {
            case .failure(let error): return .failed(error)
            case .success(let plan):
                if let navigator = router.options.navigator {
                    let (source, placement) = (source, router.options.placement(source, coldStart))
                    await MainActor.run { navigator.show(plan, placement: placement, source: source) }
                }
                return .took
            }
        }
    }

    /// What a dry run reads of a match.
    enum Decoded {
        case typed(any TypedRoute)
        /// The route is not a typed route.
        case untyped
        /// Its values do not decode (the pass is recorded).
        case undecodable
    }

    /// A dry run's reading of `match`: its typed value, decoded once.
    private func decode(_ match: MatchedRoute, route: RegisteredRoute, passes: inout Passes) -> Decoded {
        guard let decoding = snapshot.routes.typedDecoding(of: match.index) else { return .untyped }
        switch decoding.value(match.parameters, match.query, links) {
        case .success(let value): return .typed(value)
        case .failure(let error):
            passes.undecodable(route.info, error)
            return .undecodable
        }
    }

    /// A navigation's reading of `match`: the plan of its typed value (kept in `taken`), why
    /// there is none, or `nil` when the values do not decode.
    private func plan(_ match: MatchedRoute, route: RegisteredRoute, passes: inout Passes,
                      taken: inout Taken) -> Result<NavigationPlan, NavigationError>? {
        switch decode(match, route: route, passes: &passes) {
        case .undecodable: return nil
        case .untyped: return .failure(.notTypedRoute(route.info, url: url))
        case .typed(let value):
            do throws(NavigationError) {
                let plan = try router.plan(endingWith: value, url: url, redirectedFrom: trail?.urls.first,
                                           presentations: snapshot.presentations)
                taken = .plan(plan)
                return .success(plan)
            } catch {
                return .failure(error)
            }
        }
    }
}

/// The search for later matches, in a box made only when a candidate passes, so that the
/// common open neither builds nor destroys an iterator. It resumes where the passed match
/// was found (``RouteTable/matches(after:)``): no part of the trie is searched twice.
private final class MatchSearch {
    var iterator: MatchSequence<Int>.Iterator
    init(_ iterator: MatchSequence<Int>.Iterator) { self.iterator = iterator }
    func next() -> MatchedRoute? { iterator.next().map(MatchedRoute.init) }
}

/// The routes that passed an open on to the next match, best first, and why: what the open
/// ends with when no candidate takes it, read by every verb (``OpenResult``, ``ObjectError``,
/// ``Resolution``).
struct Passes: Sendable {
    enum Reason {
        case declined(TypedRouteError?)
        case failed(any Error)
        case notAnObjectRoute
        case otherType(String)
        case needsMainActor
        case needsAsync
        /// A dry run asked to leave out matches through a catch-all.
        case excluded
    }

    /// The routes whose handlers declined, in order.
    private(set) var declined: [RouteInfo] = []
    /// The typed routes whose values did not decode, in order.
    private(set) var undecodable: [TypedDecline] = []
    /// An object lookup's most telling reason so far, at most one (in an array: the common open,
    /// which has none, destroys one word).
    private var objectReasons: [ObjectError] = []
    private var objectReason: ObjectError? {
        get { objectReasons.first }
        set { objectReasons = newValue.map { [$0] } ?? [] }
    }

    /// Records how a handler run for an open (or awaited for an object) ended.
    mutating func read(_ step: Step, of route: RouteInfo) -> Attempt {
        switch step {
        case .handled: return .took
        case .failed(let error): return .failed(error)
        case .needsMainActor, .needsAsync: return .waits
        case .declined(let reason):
            declined.append(route)
            if let reason { undecodable.append(TypedDecline(route: route, error: reason)) }
            return .passed
        }
    }

    /// Records why `route` passed an object lookup (or a dry run) on.
    mutating func pass(_ route: RouteInfo, _ reason: Reason) -> Attempt {
        let error: ObjectError
        switch reason {
        case .declined:
            declined.append(route)
            error = .declined([route])
        case .failed(let thrown): error = .failed(route, thrown)
        case .notAnObjectRoute: error = .notAnObjectRoute(route)
        case .otherType(let type): error = .otherType(route, type)
        case .needsMainActor: error = .needsMainActor(route)
        case .needsAsync: error = .needsAsync(route)
        case .excluded: return .passed
        }
        if let best = objectReason, Self.rank(best) <= Self.rank(error) { return .passed }
        objectReason = error
        return .passed
    }

    /// Records a typed route whose values did not decode.
    mutating func undecodable(_ route: RouteInfo, _ error: TypedRouteError) {
        undecodable.append(TypedDecline(route: route, error: error))
    }

    /// What an open ends with when no candidate took it: the first typed route whose URL did
    /// not decode fails it (naming the key and the text), else the declines, else no match.
    var result: OpenResult {
        if let first = undecodable.first { return .failed(first.route, first.error) }
        return declined.isEmpty ? .unmatched : .declined(declined)
    }

    /// Records that an object lookup met an interceptor that must be awaited, which it cannot.
    mutating func mustAwait(_ interceptor: InterceptorInfo) {
        objectReason = .needsAwaitedInterceptor(interceptor)
    }

    /// What an object lookup that ended with `result` throws: why its candidates passed, or
    /// why it ended before them.
    func objectError(after result: OpenResult) -> ObjectError {
        if objectReason != nil { return objectError }
        var last = result
        while case .redirected(_, _, let next) = last { last = next }
        return ObjectError(last)
    }

    /// What an object lookup throws when no candidate gave an object: an object route's own
    /// failure (threw, another type, needs the main actor or `await`) before its decline, and
    /// a decline before a match that is not an object route; among equals, the best
    /// match's. Declines add up.
    var objectError: ObjectError {
        if case .declined? = objectReason { return .declined(declined) }
        return objectReason ?? .unmatched
    }

    private static func rank(_ reason: ObjectError) -> Int {
        switch reason {
        case .failed, .otherType, .needsMainActor, .needsAsync: 0
        case .declined: 1
        default: 2
        }
    }
}
