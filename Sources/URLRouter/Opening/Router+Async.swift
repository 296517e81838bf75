import PatternMatcher

extension Router {
    /// Opens `url` and awaits its handler, asynchronous or not; a declining handler passes
    /// to the next match, as in the synchronous `open(_:userInfo:source:completion:)`.
    ///
    /// ```swift
    /// let result = await router.open("reader://book/42/download")
    /// ```
    /// A handler that throws (including `CancellationError` when the task is cancelled)
    /// gives ``OpenResult/failed(_:_:)``; the router itself is unchanged.
    @discardableResult
    public func open(_ url: String, userInfo: [String: any Sendable] = [:],
                     source: OpenSource = .app) async -> OpenResult {
        let snapshot = current
        let matches = snapshot.table(for: source).matches(url)
        var declined: [RouteInfo] = []
        for match in matches {
            if let refusal = refusal(of: url, from: source, hasUserinfo: match.hasUserinfo) { return refusal }
            let route = snapshot.routes[match.value]
            let request = request(for: match, route: route, source: source, userInfo: userInfo, completion: nil)
            do {
                switch route.handler {
                case .action(let action): try action(request)
                case .mainActorAction(let action): try await MainActor.run { try action(request) }
                case .asyncAction(let action): try await action(request)
                case .object(let make): _ = try make(request)
                case .asyncObject(let make): _ = try await make(request)
                }
                return .handled(route.info)
            } catch is Decline {
                declined.append(route.info)
            } catch {
                return .failed(route.info, error)
            }
        }
        if declined.isEmpty {
            // Nothing matched: the URL is looked at again only now, to say why.
            if let error = matches.malformed { return .malformed(error) }
            if let refusal = refusal(of: url, from: source, hasUserinfo: nil) { return refusal }
            notifyUnmatched(url, source: source, userInfo: userInfo)
            return .unmatched
        }
        return .declined(declined)
    }

    /// The object the best matching object route returns for `url`, awaiting
    /// asynchronous object handlers; `nil` if none gives one.
    public func object(for url: String, userInfo: [String: any Sendable] = [:],
                       source: OpenSource = .app) async -> (any Sendable)? {
        let snapshot = current
        for match in snapshot.table(for: source).matches(url) {
            if refusal(of: url, from: source, hasUserinfo: match.hasUserinfo) != nil { return nil }
            let route = snapshot.routes[match.value]
            let request = request(for: match, route: route, source: source, userInfo: userInfo, completion: nil)
            switch route.handler {
            case .object(let make):
                if let object = try? make(request) { return object }
            case .asyncObject(let make):
                if let object = try? await make(request) { return object }
            default:
                continue
            }
        }
        return nil
    }
}
