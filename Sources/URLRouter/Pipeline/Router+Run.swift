import PatternMatcher

/// How one hop of an open ended: with its result, or sent on by an interceptor (boxed: the
/// common hop ends, and copies its result without a box).
enum HopEnd {
    case ended(OpenResult)
    indirect case redirect(RedirectStep)
}

/// What a verb's run reads back besides its result: why candidates passed, and what the one
/// that took the URL gave.
struct RunState {
    var passes = Passes()
    var taken = Taken.nothing
}

extension Router {
    /// The pipeline, here: every synchronous verb (`open`, `object(for:as:)`, `canOpen`,
    /// `resolve`, `plan`, `restore`, a replayed open) is this run with its purpose. Each hop
    /// arrives, then asks the interceptors and tries the candidates in one binding of the
    /// open's context; a redirect arrives afresh in the same loop, so a chain of redirects uses
    /// the stack of one open. A top-level open whose purpose is observed is told to the
    /// observer once, inside its context, so that the opens the observer makes are nested in it.
    ///
    /// - Parameters:
    ///   - holds: whether the open may be held (a top-level verb's; not a replay's).
    ///   - accepts: what an object lookup takes.
    func run(_ url: String, _ purpose: Purpose, source: OpenSource?, userInfo: [String: any Sendable],
             channel: ReplyChannel?, holds: Bool, state: inout RunState,
             accepting accepts: (Any) -> Bool = { _ in true }) -> OpenResult {
        let outer = OpenContext.current
        // The common open, with no observer, checks one word.
        let observer = purpose.isDryRun || outer.depth != 0 ? nil : options.observer
        let started = observer == nil ? 0 : MonotonicClock.now()
        var redirects: [RedirectStep] = []
        var hop: (url: String, source: OpenSource?, trail: RedirectTrail?) = (url, source, nil)
        while true {
            let open: Open
            switch arrive(hop.url, source: hop.source, userInfo: userInfo, trail: hop.trail, outer: outer,
                          purpose: purpose, holds: holds && redirects.isEmpty, channel: channel) {
            case .arrived(let arrived):
                open = arrived
            case .ended(let result, let arrivedFrom):
                let wrapped = Self.wrap(result, in: redirects)
                // A held open keeps its completion for its replay, and is told when it is
                // replayed or dropped.
                if result.isHeld { return wrapped }
                channel?.discard()
                if let observer {
                    tell(observer, wrapped, url: url, source: source, started: started,
                         in: outer.entering(hop.url, from: arrivedFrom))
                }
                return wrapped
            }
            let end = open.hopHere(channel: channel, carried: redirects.last?.token, outer: outer, state: &state,
                                   accepting: accepts) { result in
                guard let observer else { return }
                tell(observer, Self.wrap(result, in: redirects), url: url, source: source, started: started)
            }
            switch end {
            case .ended(let result):
                let wrapped = Self.wrap(result, in: redirects)
                if let observer, let pending = result.pendingOpen {
                    // Told when it finishes, with the redirects around its final outcome.
                    let (context, redirects) = (open.context, redirects)
                    pending.whenFinished { [weak self] final in
                        self?.tell(observer, Self.wrap(final, in: redirects), url: url, source: source, started: started,
                                   in: context)
                    }
                }
                return wrapped
            case .redirect(let step):
                redirects.append(step)
                hop = (step.target, step.source, step.trail)
            }
        }
    }

    /// The pipeline, awaited: every awaited verb (`openAndWait`, `open(_:expecting:)`,
    /// `navigate(to:)`) is this run with its purpose, each hop's interceptors and handlers
    /// awaited. Told to the observer as ``run(_:_:source:userInfo:channel:holds:state:accepting:)`` is,
    /// before it returns.
    func runAwaiting(_ url: String, _ purpose: Purpose, source: OpenSource?, userInfo: [String: any Sendable],
                     channel: ReplyChannel?, state: inout RunState) async -> OpenResult {
        let outer = OpenContext.current
        let observer = purpose.isDryRun || outer.depth != 0 ? nil : options.observer
        let started = observer == nil ? 0 : MonotonicClock.now()
        let result: OpenResult
        let context: OpenContext
        switch arrive(url, source: source, userInfo: userInfo, trail: nil, outer: outer, purpose: purpose, holds: true,
                      channel: nil) {
        case .ended(let ended, let arrivedFrom):
            channel?.discard()
            result = ended
            context = outer.entering(url, from: arrivedFrom)
        case .arrived(let open):
            (result, context) = await continueAwaiting(open, from: 0, channel: channel, outer: outer, state: &state)
            // Nothing took the URL: a caller waiting for a reply is told at once.
            if !result.callsCompletion { channel?.discard() }
        }
        if let observer, !result.isHeld {
            // A pending result cannot come from an awaited run: it is told now, finished.
            tell(observer, result, url: url, source: source, started: started, in: context)
        }
        return result
    }

    /// Carries an arrived open on, awaited, from interceptor number `index`, following its
    /// redirects: the rest of an awaited run, and of a synchronous open that met an
    /// asynchronous interceptor. Returns the result and the last hop's context; the caller
    /// closes `channel` when nothing took the URL.
    func continueAwaiting(_ open: Open, from index: Int, channel: ReplyChannel?, carried: ReplyToken? = nil,
                          outer: OpenContext, state: inout RunState) async -> (OpenResult, OpenContext) {
        var open = open
        var index = index
        var carried = carried
        var redirects: [RedirectStep] = []
        while true {
            switch await open.hopAwaiting(from: index, channel: channel, carried: carried, state: &state) {
            case .ended(let result):
                return (Self.wrap(result, in: redirects), open.context)
            case .redirect(let step):
                redirects.append(step)
                switch arrive(step.target, source: step.source, userInfo: open.userInfo, trail: step.trail, outer: outer,
                              purpose: open.purpose, holds: false, channel: nil) {
                case .ended(let result, _):
                    return (Self.wrap(result, in: redirects), open.context)
                case .arrived(let next):
                    (open, index, carried) = (next, 0, step.token)
                }
            }
        }
    }

    /// `result` inside the redirects that led to it, the first one outermost, as the chain reads.
    static func wrap(_ result: OpenResult, in redirects: [RedirectStep]) -> OpenResult {
        if redirects.isEmpty { return result }
        return redirects.reversed().reduce(result) { .redirected($1.interceptor, to: $1.target, $0) }
    }
}

extension Open {
    /// One hop, here: the interceptors, then the candidates, in one binding of the open's
    /// context (a dry run binds nothing: it runs no code of the app's). `tell` is called with
    /// the hop's final result inside the binding; not for a redirect, nor for a result still
    /// pending (its caller tells that one when it finishes).
    ///
    /// - Parameter carried: the reply token a switched-off route's redirect handed on, if any.
    func hopHere(channel: ReplyChannel?, carried: ReplyToken?, outer: OpenContext, state: inout RunState,
                 accepting accepts: (Any) -> Bool,
                 tell: (OpenResult) -> Void) -> HopEnd {
        if purpose.isDryRun {
            return finish(candidatesHere(token: nil, passes: &state.passes, taken: &state.taken, accepting: accepts),
                          token: nil, passes: state.passes)
        }
        let hits = interceptors
        return OpenContext.$current.withValue(context) {
            if let hits {
                switch interceptHere(hits) {
                case .proceed: break
                case .redirect(let step): return .redirect(step)
                case .ended(let result):
                    channel?.discard()
                    tell(result)
                    return .ended(result)
                case .mustAwait(_, let interceptor) where purpose == .object:
                    // An object lookup never waits.
                    state.passes.mustAwait(interceptor)
                    let result = OpenResult.rejected(interceptor, "must be awaited: use await open(_:expecting:)")
                    tell(result)
                    return .ended(result)
                case .mustAwait(let index, let interceptor):
                    let open = self
                    return .ended(.intercepting(interceptor, router.finishLater(channel, context: context) {
                        var state = RunState()
                        return await open.router.continueAwaiting(open, from: index, channel: channel, carried: carried,
                                                                  outer: outer, state: &state).0
                    }))
                }
            }
            // The requests hold the token; when the last one goes without a reply, the
            // completion gets `nil`.
            let token = purpose == .run ? carried ?? channel.map(ReplyToken.init) : nil
            let candidates = candidatesHere(token: token, passes: &state.passes, taken: &state.taken, accepting: accepts)
            if case .disabled(let rule, let match) = candidates {
                // A switched-off route's redirect goes on in the verb's loop; its refusal ends here.
                switch divert(rule, match, token: token) {
                case .redirect(let step): return .redirect(step)
                case .ended(let refused):
                    channel?.discard()
                    tell(refused)
                    return .ended(refused)
                }
            }
            let result = ended(candidates, token: token, passes: state.passes)
            if result.pendingOpen == nil {
                if !result.callsCompletion { channel?.discard() }
                tell(result)
            }
            return .ended(result)
        }
    }

    /// One hop, awaited, from interceptor number `index`: as ``hopHere(channel:outer:state:accepting:tell:)``,
    /// each interceptor and handler awaited.
    func hopAwaiting(from index: Int, channel: ReplyChannel?, carried: ReplyToken?, state: inout RunState) async -> HopEnd {
        await OpenContext.$current.withValue(context) {
            if let hits = interceptors {
                switch await interceptAwaiting(hits, from: index) {
                case .proceed: break
                case .redirect(let step): return .redirect(step)
                case .ended(let result): return .ended(result)
                case .mustAwait: preconditionFailure("an awaited hop awaits its interceptors")
                }
            }
            if Task.isCancelled { return .ended(.refused(.cancelled)) }
            let token = purpose == .run ? carried ?? channel.map(ReplyToken.init) : nil
            return finish(await candidatesAwaiting(from: first, token: token, passes: &state.passes, taken: &state.taken),
                          token: token, passes: state.passes)
        }
    }

    /// How a hop ends, from how its candidates ended: a switched-off route sends the open to
    /// its fallback (a redirect, followed in the verb's loop), the rest end here.
    private func finish(_ end: CandidatesEnd, token: ReplyToken?, passes: Passes) -> HopEnd {
        if case .disabled(let rule, let match) = end { return divert(rule, match, token: token) }
        return .ended(ended(end, token: token, passes: passes))
    }

    /// How a hop ends, from how its candidates ended (a switched-off route aside).
    private func ended(_ end: CandidatesEnd, token: ReplyToken?, passes: Passes) -> OpenResult {
        switch end {
        case .took(let route): return .handled(route)
        case .failed(let route, let error): return .failed(route, error)
        case .cancelled: return .refused(.cancelled)
        case .none:
            if first == nil {
                notifyUnmatched()
                return .unmatched
            }
            return passes.result
        case .waits(let route, let match):
            // The rest runs in a task: this handler awaited, then the matches after it.
            let open = self
            return .pending(route, router.finishLater(token?.channel, context: context) {
                var passes = passes
                var taken = Taken.nothing
                switch open.finish(await open.candidatesAwaiting(from: match, token: token, passes: &passes, taken: &taken),
                                   token: token, passes: passes) {
                case .ended(let result): return result
                case .redirect(let step): return await open.router.follow(step, after: open, channel: token?.channel)
                }
            })
        case .disabled:
            preconditionFailure("a switched-off route is diverted by finish(_:token:passes:) or hopHere, never ended here")
        }
    }

    /// Where a switched-off route sends this open (see <doc:RulesFromAServer>): an app URL is opened
    /// as a redirect, from the open's source, with the query and the fragment as written; a
    /// web page is told to the unmatched handler (when its exposure lets this source reach it)
    /// and carried by the refusal; no fallback, or one the match's values cannot be written
    /// into, is a refusal naming the rule.
    func divert(_ rule: DisabledRoute, _ match: MatchedRoute, token: ReplyToken?) -> HopEnd {
        guard let fallback = rule.fallback,
              let written = try? fallback.url(parameters: match.parameters.dictionary, converters: snapshot.converters) else {
            return .ended(.refused(.disabled(rule.rule, fallback: nil)))
        }
        if rule.isWeb {
            notifyUnmatched(url: written)
            return .ended(.refused(.disabled(rule.rule, fallback: written)))
        }
        let target = written + RegisteredInterceptor.queryAndFragment(of: url)
        switch verdict(on: .redirect(to: target), of: rule.redirector) {
        case .redirect(var step):
            step.token = token
            return .redirect(step)
        case .ended(let result): return .ended(result)
        case .proceed, .mustAwait: preconditionFailure("a redirect's verdict redirects or ends")
        }
    }
}

extension Router {
    /// Follows a redirect met in a task that finishes a synchronous open (a switched-off
    /// route after an awaited handler declined): the redirected open, awaited, inside `step`.
    func follow(_ step: RedirectStep, after open: Open, channel: ReplyChannel?) async -> OpenResult {
        switch arrive(step.target, source: step.source, userInfo: open.userInfo, trail: step.trail, outer: open.context,
                      purpose: open.purpose, holds: false, channel: nil) {
        case .ended(let result, _):
            return Self.wrap(result, in: [step])
        case .arrived(let next):
            var state = RunState()
            let (result, _) = await continueAwaiting(next, from: 0, channel: channel, carried: step.token, outer: open.context,
                                                     state: &state)
            return Self.wrap(result, in: [step])
        }
    }

    /// Runs the rest of a synchronous open in a task, in `context`; the completion is called
    /// exactly once for a pending open, even when no handler takes the URL in the end.
    ///
    /// The rest is let go of before the open finishes: what it holds (the handlers' reply
    /// token) is released first, so that a completion told when no handler kept its request
    /// is called before anyone awaiting the pending open resumes.
    func finishLater(_ channel: ReplyChannel?, context: OpenContext,
                     _ rest: @escaping @Sendable () async -> OpenResult) -> PendingOpen {
        let pending = PendingOpen()
        let once = Locked<(@Sendable () async -> OpenResult)?>(rest)
        pending.start {
            let result: OpenResult
            do {
                guard let rest = once.withLock({ $0.take() }) else {
                    preconditionFailure("the rest of a pending open runs once, in its one task")
                }
                result = await OpenContext.$current.withValue(context) { await rest() }
            }
            if !result.callsCompletion { channel?.deliver(.value(nil)) }
            pending.finish(result)
        }
        return pending
    }
}
