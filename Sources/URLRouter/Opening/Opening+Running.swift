import PatternMatcher

extension Opening {
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
    /// `handled`, is copied and destroyed without a value witness (with the value and the
    /// reason inline, every step went through one).
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
    func runHere(_ match: MatchedRoute, token: ReplyToken?) -> (route: RegisteredRoute, step: Step) {
        let route = snapshot.routes[match.index]
        var made = Made.nothing
        return (route, Opening.run(route.handler, request(for: match, route: route, token: token), in: context, made: &made))
    }

    /// Runs the handler of `match`'s route in the open's context, already bound (the
    /// interceptors' binding, when every one let the open go on).
    func runInContext(_ match: MatchedRoute, token: ReplyToken?) -> (route: RegisteredRoute, step: Step) {
        let route = snapshot.routes[match.index]
        var made = Made.nothing
        return (route, route.handler.runHere(request(for: match, route: route, token: token), made: &made))
    }

    /// Runs `handler` on the calling thread, if it can run there, in `context`: the one step
    /// that runs a candidate here, for every synchronous entry point, with an ``Opening`` or
    /// before one is made. What an object handler made goes in `made` (left as it is for an
    /// action); ``runAwaiting(_:_:)`` is the step that runs one to its end.
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
    func runAwaiting(from first: MatchedRoute, declined: Declines, token: ReplyToken?) async -> OpenResult {
        var declined = declined
        var candidates = Candidates(self, after: first)
        var next: MatchedRoute? = first
        while let match = next {
            // A cancelled open starts no handler, however it got here.
            guard !Task.isCancelled else { return .refused(.cancelled) }
            let route = snapshot.routes[match.index]
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
