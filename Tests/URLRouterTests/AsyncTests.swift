import Testing
import URLRouter

/// `await router.openAndWait(_:)` and `await router.open(_:expecting:)`.
@Suite("Asynchronous handlers")
struct AsyncTests {
    struct Broken: Error, Equatable {}

    /// Signals that a handler has started, so a test can cancel it without guessing a delay.
    typealias Started = CheckedContinuation<Void, Never>

    static func router(_ log: Shared<[String]>) throws -> Router {
        try Router { routes in
            routes.asyncAction("reader://download/<int:id>") { request in
                await Task.yield()
                log.append("downloaded \(request.parameters["id"] ?? "")")
            }
            routes.asyncAction("reader://download/me") { _ in throw Decline() }
            routes.asyncAction("reader://download/:name") { request in
                log.append("download by name \(request.parameters["name"] ?? "")")
            }
            routes.asyncAction("reader://broken/<int:id>") { request in
                await Task.yield()
                if request.int("id") == 1 { throw Broken() }
                log.append("not broken \(request.parameters["id"] ?? "")")
            }
            routes.asyncAction("reader://slow") { request in
                (request.userInfo["started"] as? Started)?.resume()
                // Bounded, so that a router that loses the cancellation fails instead of hanging.
                for _ in 0..<6_000 { try await Task.sleep(nanoseconds: 10_000_000) }
            }
            routes.asyncObject("reader://cover/<int:id>") { request in
                await Task.yield()
                return "cover \(request.parameters["id"] ?? "")"
            }
            routes.object("reader://title/<int:id>") { request in "title \(request.parameters["id"] ?? "")" }
            routes.action("reader://sync") { _ in log.append("sync") }
            routes.mainActorAction("reader://screen") { _ in
                log.append("screen")
            }
        }
    }

    @Test("open awaits an asynchronous action before it returns")
    func awaitsAsyncAction() async throws {
        let log = Shared<[String]>([])
        let router = try Self.router(log)

        let result = await router.openAndWait("reader://download/42")

        #expect(result.outcome == .handled("reader://download/<int:id>"))
        #expect(log.current == ["downloaded 42"])
    }

    @Test("the awaiting open runs every kind of handler and passes declines on")
    func everyKindOfHandler() async throws {
        let log = Shared<[String]>([])
        let router = try Self.router(log)

        #expect(await router.openAndWait("reader://download/me").outcome == .handled("reader://download/:name"))
        #expect(await router.openAndWait("reader://sync").outcome == .handled("reader://sync"))
        #expect(await router.openAndWait("reader://screen").outcome == .handled("reader://screen"))
        #expect(await router.openAndWait("reader://title/1").outcome == .handled("reader://title/<int:id>"))
        #expect(await router.openAndWait("reader://nothing").outcome == .unmatched)
        #expect(await router.openAndWait("reader://x/%zz").outcome == .malformed(.badEscape))
        #expect(await router.openAndWait("reader://u@sync", source: .external).outcome == .refused)
        // Refused too when nothing matches, rather than reported unmatched.
        #expect(await router.openAndWait("reader://u@nothing", source: .external).outcome == .refused)
        #expect(log.current == ["download by name me", "sync", "screen"])
    }

    @Test("open(_:expecting:) awaits asynchronous object handlers; object(for:as:) never waits")
    func awaitsAsyncObject() async throws {
        let router = try Self.router(Shared([]))

        #expect(await router.open("reader://cover/7", expecting: String.self).value == "cover 7")
        #expect(await router.open("reader://title/7", expecting: String.self).value == "title 7")
        #expect(await router.open("reader://download/7", expecting: String.self).value == nil, "an action route runs: no value")
        // In asynchronous code too, the lookup is synchronous: it returns at once, without the object.
        #expect(router.object(for: "reader://cover/7", as: String.self) == nil)
        #expect(throws: ObjectError.needsAsync(router.routes.first { $0.pattern == "reader://cover/<int:id>" }!)) {
            try router.requireObject(for: "reader://cover/7", as: String.self)
        }
    }

    @Test("a throwing asynchronous handler fails the open and leaves the router unchanged")
    func throwingHandler() async throws {
        let log = Shared<[String]>([])
        let router = try Self.router(log)
        let routes = router.routes

        let result = await router.openAndWait("reader://broken/1")

        #expect(result.outcome == .failed("reader://broken/<int:id>"))
        #expect(result.error as? Broken == Broken())
        #expect(router.routes == routes)
        #expect(await router.openAndWait("reader://broken/2").outcome == .handled("reader://broken/<int:id>"))
        #expect(await router.openAndWait("reader://download/3").isHandled)
        #expect(log.current == ["not broken 2", "downloaded 3"])
    }

    @Test("a cancelled asynchronous handler fails the open and leaves the router unchanged")
    func cancelledHandler() async throws {
        let log = Shared<[String]>([])
        let router = try Self.router(log)
        let routes = router.routes

        var opening: Task<OpenResult, Never>?
        await withCheckedContinuation { (started: Started) in
            opening = Task { await router.openAndWait("reader://slow", userInfo: ["started": started]) }
        }
        opening?.cancel()
        let result = try #require(await opening?.value)

        #expect(result.outcome == .failed("reader://slow"))
        #expect(result.error is CancellationError)
        #expect(router.routes == routes)
        #expect(await router.openAndWait("reader://download/4").isHandled)
        #expect(router.canOpen("reader://slow"))
    }

    @Test("the synchronous open starts an asynchronous handler, which calls the completion")
    func synchronousOpenStartsAsyncHandlers() async throws {
        let router = try Router { routes in
            routes.asyncAction("reader://download") { request in
                await Task.yield()
                request.reply("downloaded")
            }
            routes.asyncObject("reader://cover") { _ in "cover" }
        }

        for (url, expected) in [("reader://download", "downloaded"), ("reader://cover", "cover")] {
            let value = await withCheckedContinuation { (done: CheckedContinuation<String, Never>) in
                let result = router.open(url) { value in done.resume(returning: value as? String ?? "nothing") }
                #expect(result.outcome == .pending(url), "an asynchronous handler cannot finish in a synchronous open")
            }
            #expect(value == expected)
        }
    }
}
