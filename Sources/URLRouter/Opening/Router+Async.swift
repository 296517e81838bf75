import PatternMatcher

extension Router {
    /// Opens `link` and awaits its handler, whatever its kind; a declining handler passes
    /// to the next match, as in the synchronous `open(_:userInfo:source:completion:)`.
    ///
    /// ```swift
    /// let result = await router.openAndWait("reader://book/42/download")
    /// ```
    /// Its name is not `open`: an asynchronous overload of `open` would be chosen or passed
    /// over silently depending on the caller's context. Main-actor handlers run on the main
    /// actor, asynchronous ones are awaited. A handler that throws (including
    /// `CancellationError` when the task is cancelled) gives ``OpenResult/failed(_:_:)``; the
    /// router itself is unchanged.
    /// - Parameters:
    ///   - link: the URL, as a string, or a ``TypedRoute`` value.
    ///   - userInfo: caller data handed to the handler apart from the URL's parameters.
    ///   - source: as for the synchronous `open`; `nil` inherits the source of the open
    ///     being handled, else ``OpenSource/app``.
    /// - Returns: never ``OpenResult/pending(_:_:)``. While the router holds external opens
    ///   (``holdExternalOpens(limit:maxAge:)``), an external open made outside any handler
    ///   returns ``OpenResult/held(_:)`` at once, without suspending, and is replayed by
    ///   ``releaseHeldOpens()``.
    @discardableResult
    public func openAndWait(_ link: some RouteLink, userInfo: [String: any Sendable] = Dictionary(),
                            source: OpenSource? = nil) async -> OpenResult {
        let url: String
        do { url = try link.routeURL() } catch { return .refused(.unwritable(error)) }
        return await open(url, userInfo: userInfo, source: source, replyingTo: nil, trail: nil)
    }

    /// Opens `link` and awaits the value its handler replies with: a picker's choice, a
    /// screen's result, an asynchronous object route's object.
    ///
    /// ```swift
    /// // The destination replies through its request, now or later:
    /// routes.mainActorAction("reader://picker/color") { request in
    ///     showPicker { color in request.reply(color) }
    /// }
    /// // The caller awaits it:
    /// if case .value(let color) = await router.open("reader://picker/color", expecting: String.self) { ... }
    /// ```
    /// The first reply counts; later ones are ignored. A handler that finishes and releases
    /// its request without replying resumes the caller at once with
    /// ``RouteReply/noValue(_:)``; a cancelled caller is resumed with
    /// ``RouteReply/cancelled``.
    ///
    /// It is also the awaited object lookup: an object route's handler, asynchronous or on the
    /// main actor, replies with the object it returns.
    /// ```swift
    /// if let page = await router.open("reader://book/42/page/1", expecting: Page.self).value { ... }
    /// ```
    /// Unlike ``object(for:as:userInfo:source:)``, it opens: an action route that matches runs.
    /// - Parameters:
    ///   - link: the URL, as a string, or a ``TypedRoute`` value.
    ///   - expecting: the type of the reply.
    ///   - userInfo: caller data handed to the handler apart from the URL's parameters.
    ///   - source: as for `open`; `nil` inherits the source of the open being handled.
    public func open<Value>(_ link: some RouteLink, expecting: Value.Type, userInfo: [String: any Sendable] = Dictionary(),
                            source: OpenSource? = nil) async -> RouteReply<Value> {
        let url: String
        do { url = try link.routeURL() } catch { return .notHandled(.refused(.unwritable(error))) }
        let channel = ReplyChannel()
        let result = await open(url, userInfo: userInfo, source: source, replyingTo: channel, trail: nil)
        guard let route = result.handledRoute else { return .notHandled(result) }
        switch await channel.wait() {
        case .cancelled: return .cancelled
        case .value(nil): return .noValue(route)
        case .value(let value?):
            if let value = value as? Value { return .value(value) }
            return .otherType(route, "\(type(of: value))")
        }
    }

    /// The one asynchronous open: what both `await open` forms run, and every redirect they follow.
    func open(_ url: String, userInfo: [String: any Sendable], source: OpenSource?,
              replyingTo channel: ReplyChannel?, trail: RedirectTrail?) async -> OpenResult {
        // A top-level open with an observer is measured and told (a redirect's hop is part of it).
        guard let observer = options.observer, trail == nil, OpenContext.current.depth == 0 else {
            return await openOnce(url, userInfo: userInfo, source: source, replyingTo: channel, trail: trail)
        }
        let started = OpenEvent.now()
        let result = await openOnce(url, userInfo: userInfo, source: source, replyingTo: channel, trail: trail)
        observe(result, of: url, source: source, started: started, observer: observer)
        return result
    }

    /// ``open(_:userInfo:source:replyingTo:trail:)`` without the observer.
    private func openOnce(_ url: String, userInfo: [String: any Sendable], source: OpenSource?,
                          replyingTo channel: ReplyChannel?, trail: RedirectTrail?) async -> OpenResult {
        let opening: Opening
        let first: MatchedRoute?
        // Held, it is replayed with no one awaiting it: its replies go nowhere.
        let holdable = trail == nil ? Opening.Holdable(userInfo: userInfo, channel: nil) : nil
        switch Opening.start(self, url: url, source: source, userInfo: userInfo, runsHandlers: true, trail: trail,
                             holdable: holdable) {
        case .finished(let result):
            channel?.discard()
            return result
        case .unmatched(let started): (opening, first) = (started, nil)
        case .matched(let started): (opening, first) = (started, started.first)
        }
        // The token (made inside) is the call's only owner: once the handlers are done with
        // their requests, a reply that never came is "no value".
        var result = await opening.interceptAwaiting(first: first, channel: channel)
        if result == nil { result = await opening.runAwaiting(first: first, channel: channel) }
        guard let result else { return .unmatched }
        if !result.tookURL { channel?.discard() }
        return result
    }
}

extension Opening {
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

    /// Runs `body` with this open's context: its handlers' nested opens count it and
    /// inherit its source.
    func inContext<R>(_ body: () async -> R) async -> R {
        await OpenContext.$current.withValue(context) { await body() }
    }
}
