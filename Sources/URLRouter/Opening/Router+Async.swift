import PatternMatcher

extension Router {
    /// Opens `url` and awaits its handler, whatever its kind; a declining handler passes
    /// to the next match, as in the synchronous `open(_:userInfo:source:completion:)`.
    ///
    /// ```swift
    /// let result = await router.open("reader://book/42/download")
    /// ```
    /// Main-actor handlers run on the main actor, asynchronous ones are awaited. A handler
    /// that throws (including `CancellationError` when the task is cancelled) gives
    /// ``OpenResult/failed(_:_:)``; the router itself is unchanged.
    /// - Parameters:
    ///   - url: the URL, as a string.
    ///   - userInfo: caller data handed to the handler apart from the URL's parameters.
    ///   - source: as for the synchronous `open`; `nil` inherits the source of the open
    ///     being handled, else ``OpenSource/app``.
    /// - Returns: never ``OpenResult/pending(_:_:)``. While the router holds external opens
    ///   (``holdExternalOpens(limit:maxAge:)``), an external open made outside any handler
    ///   returns ``OpenResult/held(_:)`` at once, without suspending, and is replayed by
    ///   ``releaseHeldOpens()``.
    @discardableResult
    public func open(_ url: String, userInfo: [String: any Sendable] = Dictionary(),
                     source: OpenSource? = nil) async -> OpenResult {
        await open(url, userInfo: userInfo, source: source, replyingTo: nil, trail: nil)
    }

    /// Opens `url` and awaits the value its handler replies with: a picker's choice, a
    /// screen's result.
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
    /// - Parameters:
    ///   - url: the URL, as a string.
    ///   - expecting: the type of the reply.
    ///   - userInfo: caller data handed to the handler apart from the URL's parameters.
    ///   - source: as for `open`; `nil` inherits the source of the open being handled.
    public func open<Value>(_ url: String, expecting: Value.Type, userInfo: [String: any Sendable] = Dictionary(),
                            source: OpenSource? = nil) async -> RouteReply<Value> {
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
        let first: RouteMatch<Int>?
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

    /// The object the best matching object route returns for `url`, awaiting
    /// asynchronous object handlers; `nil` if none gives one.
    /// - Parameters:
    ///   - url: the URL, as a string.
    ///   - userInfo: caller data handed to the handler.
    ///   - source: as for `open`; `nil` inherits the source of the open being handled.
    public func object(for url: String, userInfo: [String: any Sendable] = Dictionary(),
                       source: OpenSource? = nil) async -> (any Sendable)? {
        try? await makeObject(for: url, userInfo: userInfo, source: source, as: (any Sendable).self, mainActorValues: false)
    }

    /// The object for `url`, if it is a `T`, awaiting asynchronous object handlers and
    /// running main-actor ones on the main actor.
    public func object<T: Sendable>(for url: String, as type: T.Type, userInfo: [String: any Sendable] = Dictionary(),
                                    source: OpenSource? = nil) async -> T? {
        try? await makeObject(for: url, as: type, userInfo: userInfo, source: source)
    }

    /// The object for `url` as a `T`, or the reason there is none, awaiting asynchronous
    /// object handlers and running main-actor ones on the main actor.
    /// - Throws: ``ObjectError``, as the synchronous form, except that it never needs
    ///   `await` or the main actor.
    public func makeObject<T: Sendable>(for url: String, as type: T.Type = T.self, userInfo: [String: any Sendable] = Dictionary(),
                                        source: OpenSource? = nil) async throws(ObjectError) -> T {
        try await makeObject(for: url, userInfo: userInfo, source: source, as: type, mainActorValues: true)
    }

    private func makeObject<T: Sendable>(for url: String, userInfo: [String: any Sendable], source: OpenSource?,
                                         as type: T.Type, mainActorValues: Bool,
                                         trail: RedirectTrail? = nil) async throws(ObjectError) -> T {
        let opening: Opening
        let first: RouteMatch<Int>?
        switch Opening.start(self, url: url, source: source, userInfo: userInfo, runsHandlers: true, trail: trail) {
        case .finished(let result): throw ObjectError(result)
        case .unmatched(let started): (opening, first) = (started, nil)
        case .matched(let started): (opening, first) = (started, started.first)
        }
        if let redirect = try await opening.interceptForObject(first: first) {
            return try await makeObject(for: redirect.url, userInfo: userInfo, source: redirect.source, as: type,
                                        mainActorValues: mainActorValues, trail: redirect.trail)
        }
        guard let first else { throw .unmatched }
        var reasons = ObjectError.Collector()
        var candidates = Opening.Candidates(opening)
        var next: RouteMatch<Int>? = first
        while let match = next {
            guard !Task.isCancelled else { throw ObjectError(.refused(.cancelled)) }
            let route = opening.snapshot.routes[match.value]
            let request = opening.request(for: match, route: route, token: nil, isOpen: false)
            let made: Result<T?, any Error>?
            switch route.handler {
            case .object(let make):
                made = await opening.inContext { Result { try make(request) as? T } }
            case .asyncObject(let make):
                made = await opening.inContext { await Result { try await make(request) as? T } }
            case .mainActorObject(let make) where mainActorValues:
                made = await opening.inContext { await MainActor.run { Result { try make(request) as? T } } }
            case .mainActorObject:
                reasons.add(.needsMainActor(route.info))
                made = nil
            default:
                reasons.add(.notAnObjectRoute(route.info))
                made = nil
            }
            switch made {
            case .success(let value?)?: return value
            case .success(nil)?: reasons.add(.otherType(route.info, "a value that is not a \(T.self)"))
            case .failure(is Decline)?: reasons.add(.declined([route.info]))
            case .failure(let undecodable as UndecodableRoute)?: reasons.add(.failed(route.info, undecodable.error))
            case .failure(let error)?: reasons.add(.failed(route.info, error))
            case nil: break
            }
            next = candidates.next()
        }
        throw reasons.error
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

extension Result where Failure == any Error {
    /// Catches an asynchronous body's error, as `Result(catching:)` does a synchronous one's.
    init(_ body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }

    init(_ body: () throws -> Success) {
        do { self = .success(try body()) } catch { self = .failure(error) }
    }
}
