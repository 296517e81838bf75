import Testing
import URLRouter

@Suite("A handler reaches the router through its request")
struct RequestRouterTests {
    @Test("a handler opens another URL with request.router, without global state")
    func handlerNavigatesThroughRequest() throws {
        let opened = Shared<[String]>([])
        let router = try Router { routes in
            routes.action("reader://old/book/:id") { request in
                let id = try request.require("id", as: Int.self)
                guard let router = request.router,
                      router.open("reader://book/\(id)", userInfo: request.userInfo).isHandled else { throw Decline() }
            }
            routes.action("reader://book/<int:id>") { request in
                opened.append("book \(request.parameters["id"] ?? "")")
            }
        }
        #expect(router.open("reader://old/book/7").route?.pattern == "reader://old/book/:id")
        #expect(opened.withLock { $0 } == ["book 7"])
        #expect(router.open("reader://old/book/x").description.hasPrefix("failed"))
    }

    @Test("a request kept by something the router holds does not keep the router alive")
    func keptRequestHoldsRouterWeakly() throws {
        /// What a picker screen does: it keeps its request to reply later. Here the router's
        /// own handler keeps it, the cycle a strong reference would make.
        let kept = Shared<[RouteRequest]>([])
        weak var released: Router?
        do {
            let router = try Router { routes in
                routes.action("reader://picker") { request in kept.withLock { $0.append(request) } }
            }
            released = router
            #expect(router.open("reader://picker").isHandled)
            #expect(kept.current.first?.router === router)
        }
        #expect(released == nil, "the kept request kept the router alive")
        #expect(kept.current.count == 1)
        #expect(kept.current.first?.router == nil)
        #expect(kept.current.first?.open("reader://picker") == .unmatched)
        #expect(kept.current.first?.url == "reader://picker")
    }

    @Test("a request kept by a handler's own state does not keep the router's tables and handlers alive")
    func keptRequestHoldsNoTable() throws {
        /// Released with the router's handlers: a request that held the published tables (and
        /// with them the handler that captured where it is kept) would make a cycle.
        final class Tracker: Sendable {}
        let kept = Shared<[RouteRequest]>([])
        weak var tracker: Tracker?
        weak var released: Router?
        do {
            let captured = Tracker()
            tracker = captured
            let router = try Router { routes in
                routes.action("reader://picker") { request in
                    withExtendedLifetime(captured) { kept.withLock { $0.append(request) } }
                }
            }
            released = router
            #expect(router.open("reader://picker").isHandled)
        }
        #expect(released == nil, "the kept request kept the router alive")
        #expect(kept.current.count == 1)
        #expect(tracker == nil, "the kept request kept the router's handlers alive")
        kept.withLock { $0.removeAll() }
    }
}

@Suite("MGJRouter's exact can-open and positional generation")
struct MGJRouterExtrasTests {
    let router: Router

    init() throws {
        router = try Router { routes in
            routes.action("reader://user/:id/book/<int:book>", name: "userBook") { _ in }
            routes.action("reader://shelf") { _ in }
            routes.action("reader://**rest") { _ in }
        }
    }

    @Test("canOpen excluding catch-alls ignores the fallback, canOpen alone counts it")
    func exactCanOpen() {
        #expect(router.canOpen("reader://nothing/here"))
        #expect(!router.canOpen("reader://nothing/here", excludingCatchAll: true))
        #expect(router.canOpen("reader://shelf", excludingCatchAll: true))
        #expect(router.canOpen("reader://user/a/book/3", excludingCatchAll: true))
        #expect(!router.canOpen("reader://user/a/book/x", excludingCatchAll: true))
    }

    @Test("values fill the parameters in pattern order, by pattern or by name")
    func positionalGeneration() throws {
        #expect(try router.url(for: "reader://user/:id/book/<int:book>", values: ["7", "42"]) == "reader://user/7/book/42")
        #expect(try router.url(for: "userBook", values: ["a b", "1"]) == "reader://user/a%20b/book/1")
        let pattern = "reader://user/:id/book/<int:book>"
        #expect(throws: GenerationError.missingParameter("book", pattern: pattern)) {
            try router.url(for: "userBook", values: ["7"])
        }
        #expect(throws: GenerationError.self) { try router.url(for: "userBook", values: ["7", "x"]) }
        let tooMany = #expect(throws: GenerationError.self) { try router.url(for: "userBook", values: ["7", "1", "extra"]) }
        #expect(tooMany == .tooManyValues(3, expected: 2, pattern: pattern))
        #expect(tooMany?.parameterName == nil)
        #expect(tooMany?.description == "'\(pattern)' takes 2 values, 3 were given")
        let one = try Router { routes in routes.action("reader://one/:id", name: "one") { _ in } }
        let oneTooMany = #expect(throws: GenerationError.self) { try one.url(for: "one", values: ["1", "2"]) }
        #expect(oneTooMany?.description == "'reader://one/:id' takes 1 value, 2 were given")
        #expect(throws: GenerationError.unknownRoute("reader://nope/:x")) {
            try router.url(for: "reader://nope/:x", values: ["1"])
        }
    }
}
