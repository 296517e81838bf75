import Testing
import URLRouter

/// `await router.open(_:expecting:)` and the completion: a destination's reply, given once,
/// and a caller that is never left suspended.
@Suite("Replies: a result back from the destination")
struct RepliesTests {
    struct Broken: Error, Equatable {}

    /// Requests a handler kept to reply later, by the URL's `id`.
    final class Kept: @unchecked Sendable {
        private let requests = Shared<[String: RouteRequest]>([:])
        func keep(_ request: RouteRequest) { requests.withLock { $0[String(request.parameters["id"] ?? "")] = request } }
        func take(_ id: String) -> RouteRequest? { requests.withLock { $0.removeValue(forKey: id) } }
        var count: Int { requests.current.count }
    }

    static func router(_ kept: Kept) throws -> Router {
        try Router { routes in
            routes.action("reader://pick/now") { request in request.reply("now") }
            routes.asyncAction("reader://pick/later") { request in
                await Task.yield()
                request.reply("later")
            }
            routes.mainActorAction("reader://pick/screen") { request in request.reply("screen") }
            routes.action("reader://pick/twice") { request in
                request.reply("first")
                request.reply("second")
            }
            routes.action("reader://pick/silent") { _ in }
            routes.action("reader://pick/number") { request in request.reply(7) }
            routes.action("reader://pick/nothing") { request in request.reply(nil) }
            routes.action("reader://pick/declines") { _ in throw Decline() }
            routes.action("reader://pick/broken") { _ in throw Broken() }
            routes.action("reader://kept/:id") { request in kept.keep(request) }
            routes.object("reader://object/color") { _ in "teal" }
        }
    }

    static func info(_ router: Router, _ pattern: String) -> RouteInfo {
        router.routes.first { $0.pattern == pattern }!
    }

    @Test("a synchronous, an asynchronous and a main-actor handler reply through their request")
    func replies() async throws {
        let router = try Self.router(Kept())
        #expect(await router.open("reader://pick/now", expecting: String.self) == .value("now"))
        #expect(await router.open("reader://pick/later", expecting: String.self) == .value("later"))
        #expect(await router.open("reader://pick/screen", expecting: String.self) == .value("screen"))
        // An object route's value is its reply.
        #expect(await router.open("reader://object/color", expecting: String.self) == .value("teal"))
    }

    @Test("a reply given twice counts once: the first")
    func replyTwice() async throws {
        let router = try Self.router(Kept())
        #expect(await router.open("reader://pick/twice", expecting: String.self) == .value("first"))

        let values = Shared<[String]>([])
        router.open("reader://pick/twice") { value in values.append(value as? String ?? "nil") }
        #expect(values.current == ["first"])
    }

    @Test("a handler that finishes without replying resumes the caller at once with noValue")
    func noReply() async throws {
        let router = try Self.router(Kept())
        let silent = Self.info(router, "reader://pick/silent")
        #expect(await router.open("reader://pick/silent", expecting: String.self) == .noValue(silent))
        #expect(await router.open("reader://pick/nothing", expecting: String.self)
                == .noValue(Self.info(router, "reader://pick/nothing")))

        let values = Shared<[String]>([])
        router.open("reader://pick/silent") { value in values.append(value.map { "\($0)" } ?? "nil") }
        #expect(values.current == ["nil"], "the completion is called once, with nil")
    }

    @Test("a pending open's completion is called before its result is awaited, when its handler kept nothing")
    func pendingCompletionBeforeResult() async throws {
        let router = try Router { routes in
            routes.asyncAction("reader://later/silent") { _ in await Task.yield() }
            routes.asyncAction("reader://later/first") { _ in throw Decline() }
            routes.action("reader://later/:any") { _ in }
        }
        let completions = Shared(0)
        // The race it guards against (the task keeping the reply token past the result) shows
        // only now and then: many rounds, so that a regression fails in most runs.
        for round in 1...300 {
            let url = round.isMultiple(of: 2) ? "reader://later/silent" : "reader://later/first"
            guard case .pending(_, let pending) = router.open(url, completion: { _ in completions.increment() }) else {
                Issue.record("expected pending")
                return
            }
            _ = await pending.result
            #expect(completions.current == round, "round \(round): the completion comes first")
        }
    }

    @Test("a reply of another type says which type came")
    func otherType() async throws {
        let router = try Self.router(Kept())
        #expect(await router.open("reader://pick/number", expecting: String.self)
                == .otherType(Self.info(router, "reader://pick/number"), "Int"))
        #expect(await router.open("reader://pick/number", expecting: Int.self) == .value(7))
    }

    @Test("a URL nothing handles gives notHandled with the open's result")
    func notHandled() async throws {
        let router = try Self.router(Kept())
        #expect(await router.open("reader://nowhere", expecting: String.self) == .notHandled(.unmatched))
        #expect(await router.open("reader://pick/declines", expecting: String.self)
                == .notHandled(.declined([Self.info(router, "reader://pick/declines")])))
        #expect(await router.open("reader://pick/broken", expecting: String.self)
                == .notHandled(.failed(Self.info(router, "reader://pick/broken"), Broken())))
    }

    @Test("a kept request replies later; dropped unanswered, it resumes the caller")
    func keptRequests() async throws {
        let kept = Kept()
        let router = try Self.router(kept)
        let route = Self.info(router, "reader://kept/:id")

        async let later = router.open("reader://kept/1", expecting: String.self)
        while kept.count == 0 { await Task.yield() }
        kept.take("1")?.reply("chosen")
        #expect(await later == .value("chosen"))

        async let dropped = router.open("reader://kept/2", expecting: String.self)
        while kept.count == 0 { await Task.yield() }
        _ = kept.take("2")       // the last reference goes, without a reply
        #expect(await dropped == .noValue(route))
    }

    @Test("the completion of a kept request is called exactly once: with the reply, or nil when it is dropped")
    func keptRequestCompletion() throws {
        let kept = Kept()
        let router = try Self.router(kept)
        let values = Shared<[String]>([])
        #expect(router.open("reader://kept/1") { values.append($0 as? String ?? "nil") }.isHandled)
        #expect(router.open("reader://kept/2") { values.append($0 as? String ?? "nil") }.isHandled)
        #expect(values.current.isEmpty, "nobody replied yet")
        kept.take("1")?.reply("chosen")
        kept.take("1")?.reply("again")
        _ = kept.take("2")
        #expect(values.current == ["chosen", "nil"])
    }

    @Test("a cancelled caller is resumed with cancelled, and a later reply goes nowhere")
    func cancelledCaller() async throws {
        let kept = Kept()
        let router = try Self.router(kept)
        let waiting = Task { await router.open("reader://kept/3", expecting: String.self) }
        while kept.count == 0 { await Task.yield() }
        waiting.cancel()
        #expect(await waiting.value == .cancelled)
        kept.take("3")?.reply("too late")
    }

    @Test("RouteReply and OpenResult compare by value")
    func equality() throws {
        let router = try Self.router(Kept())
        let a = Self.info(router, "reader://pick/now")
        let b = Self.info(router, "reader://pick/later")
        #expect(RouteReply<String>.value("x") == .value("x"))
        #expect(RouteReply<String>.value("x") != .value("y"))
        #expect(RouteReply<String>.noValue(a) != .noValue(b))
        #expect(RouteReply<String>.otherType(a, "Int") == .otherType(a, "Int"))
        #expect(RouteReply<String>.cancelled == .cancelled)
        #expect(OpenResult.handled(a) == .handled(a))
        #expect(OpenResult.handled(a) != .handled(b))
        #expect(OpenResult.failed(a, Broken()) == .failed(a, Broken()))
        #expect(OpenResult.failed(a, Broken()) != .failed(a, CancellationError()), "errors of different types differ")
        #expect(OpenResult.declined([a, b]) != .declined([b, a]))
        #expect(router.open("reader://pick/now") == .handled(a))
    }
}
