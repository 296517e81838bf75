import PatternMatcher

extension Router {
    /// Opens `link`: runs the handler of the best matching route; if it declines, the next
    /// match's, and so on (Matching rules, "Which route wins").
    ///
    /// ```swift
    /// let result = router.open("reader://book/42", userInfo: ["animated": true]) { value in
    ///     print("finished with", value ?? "nothing")
    /// }
    /// router.open(BookRoute(id: 42, from: "shelf"))   // a typed route: its URL, opened the same way
    /// ```
    /// Action and object handlers run on the calling thread, as do main-actor handlers
    /// when the caller is on the main actor. An asynchronous handler, or a main-actor
    /// handler opened elsewhere, cannot finish here: the open then returns
    /// ``OpenResult/pending(_:_:)``, and that handler (and, if it declines, the next
    /// matches') runs in a task, with the same rules.
    ///
    /// - Parameters:
    ///   - link: the URL, as a string (Matching rules, "From a URL to a route key"), or a
    ///     ``TypedRoute`` value, whose URL is written first (one that cannot be written is
    ///     ``OpenResult/refused(_:)`` with ``Refusal/unwritable(_:)``, before anything runs).
    ///   - userInfo: caller data handed to the handler apart from the URL's parameters.
    ///   - source: ``OpenSource/external`` for deep links, which see only external routes;
    ///     ``OpenSource/app`` for code in the app. `nil` (the default) means the source of
    ///     the open being handled on this task or thread, so a handler of a deep link
    ///     forwards as a deep link, and ``OpenSource/app`` outside any handler.
    ///   - completion: called exactly once when the result is ``OpenResult/handled(_:)`` or
    ///     ``OpenResult/pending(_:_:)``: with what the handler passes to
    ///     ``RouteRequest/reply(_:)`` (an object handler's value), or with `nil` once the
    ///     handler finished and released its request without replying. Never called for
    ///     the other results, except ``OpenResult/held(_:)``: a held open's completion is
    ///     called when it is replayed (by these rules), or with `nil` when it is dropped.
    /// - Returns: what happened; nothing is thrown and nothing traps, whatever the URL.
    /// - Complexity: one lookup (O(URL length + trie nodes visited)) plus the handlers run.
    //
    // Every `userInfo` defaults to `Dictionary()` rather than `[:]`: the literal is built at
    // each call through `init(dictionaryLiteral:)`.
    @discardableResult
    public func open(_ link: some RouteLink, userInfo: [String: any Sendable] = Dictionary(), source: OpenSource? = nil,
                     completion: RouteCompletion? = nil) -> OpenResult {
        let url: String
        do { url = try link.routeURL() } catch { return .refused(.unwritable(error)) }
        var state = RunState()
        // A channel only when someone waits for a reply: the common open allocates none.
        return run(url, .run, source: source, userInfo: userInfo, channel: completion.map { ReplyChannel(sink: $0) },
                   holds: true, state: &state)
    }

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
        var state = RunState()
        return await runAwaiting(url, .run, source: source, userInfo: userInfo, channel: nil, state: &state)
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
        var state = RunState()
        let result = await runAwaiting(url, .run, source: source, userInfo: userInfo, channel: channel, state: &state)
        guard let route = result.handledRoute else { return .notHandled(result) }
        switch await channel.wait() {
        case .cancelled: return .cancelled
        case .value(nil): return .noValue(route)
        case .value(let value?):
            if let value = value as? Value { return .value(value) }
            return .otherType(route, "\(type(of: value))")
        }
    }
}
