import PatternMatcher

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
    /// already bound (what ``Opening/run(_:_:in:made:)`` runs, and what the interceptors'
    /// binding runs the best match's handler with when every interceptor let the open go
    /// on); what an object handler made goes in `made` (left as it is for an action).
    ///
    /// `@_transparent`, as the body of a closure: out of line, the call itself showed in
    /// every open.
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
