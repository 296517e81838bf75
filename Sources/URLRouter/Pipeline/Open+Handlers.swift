import PatternMatcher

extension Open {
    /// Runs `handler` here, in the open's context (bound by the caller), if it can run here:
    /// the one step that runs a candidate on the calling thread. What an object handler made
    /// goes in `object`; a main-actor object made for an open is delivered
    /// (``deliver(_:value:_:)``).
    ///
    /// `@inline(__always)`: out of line, the call itself showed in every open.
    @inline(__always)
    func stepHere(_ handler: RouteHandler, _ request: RouteRequest, object: inout Any?) -> Step {
        do {
            switch handler {
            case .action(let action):
                try action(request)
                return .handled
            case .object(let make):
                let made = try make(request)
                if purpose != .object { request.reply(made) }
                object = made
                return .handled
            case .mainActorAction(let action):
                guard isMainThread() else { return .needsMainActor }
                try MainActor.assumeIsolated { try action(request) }
                return .handled
            case .mainActorObject(let make):
                guard isMainThread() else { return .needsMainActor }
                // The value (a view controller) stays on the main actor: made there, and
                // handed to a caller that runs there too.
                nonisolated(unsafe) var made: Any?
                try MainActor.assumeIsolated {
                    let (object, value) = try make(request)
                    deliver(object, value: value, request)
                    made = object
                }
                object = made
                return .handled
            case .asyncAction, .asyncObject:
                return .needsAsync
            }
        } catch {
            return Step(thrown: error)
        }
    }

    /// Runs `handler` to its end: main-actor handlers on the main actor, asynchronous ones
    /// awaited (in the open's context, bound by the caller).
    func stepAwaiting(_ handler: RouteHandler, _ request: RouteRequest) async -> Step {
        do {
            switch handler {
            case .action(let action): try action(request)
            case .object(let make): request.reply(try make(request))
            case .mainActorAction(let action): try await MainActor.run { try action(request) }
            // Its value cannot leave the main actor; `object(for:as:)` is the way to get it.
            case .mainActorObject(let make):
                try await MainActor.run {
                    let (object, value) = try make(request)
                    deliver(object, value: value, request)
                }
            case .asyncAction(let action): try await action(request)
            case .asyncObject(let make): request.reply(try await make(request))
            }
            return .handled
        } catch {
            return Step(thrown: error)
        }
    }

    /// What a main-actor object route made for an open (a view controller): shown by the
    /// router's navigator when there is one, with its URL (and `value`, the typed value the
    /// handler was given, for a typed route), and replied to the caller as a
    /// ``MainActorObject``, so that a link to a screen shows it instead of dropping it. An
    /// object lookup does neither: its caller takes the object.
    @MainActor
    func deliver(_ object: Any, value: (any TypedRoute)?, _ request: RouteRequest) {
        guard purpose != .object else { return }
        if let navigator = router.options.navigator {
            navigator.show(object: object, for: request.route, url: url, value: value.map(AnyRoute.init(any:)),
                           source: source)
        }
        request.reply(MainActorObject(object))
    }

    /// Tells the router's unmatched handler, if it may hear of this open, in this open's
    /// context (bound by the caller): an open the handler makes (a "not found" screen, a
    /// search) is nested in this one and keeps its source, as a route handler's does.
    func notifyUnmatched(url: String? = nil) {
        guard purpose == .run, let unmatched = router.options.unmatched,
              unmatched.exposure.isReachable(from: source) else { return }
        unmatched.handle(UnmatchedRequest(url: url ?? self.url, source: source, userInfo: userInfo, router: router,
                                          context: context))
    }
}
