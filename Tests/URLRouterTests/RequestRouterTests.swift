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
                let result = request.router.open("reader://book/\(id)", userInfo: request.userInfo)
                guard result.isHandled else { throw Decline() }
            }
            routes.action("reader://book/<int:id>") { request in
                opened.append("book \(request.parameters["id"] ?? "")")
            }
        }
        #expect(router.open("reader://old/book/7").route?.pattern == "reader://old/book/:id")
        #expect(opened.withLock { $0 } == ["book 7"])
        #expect(router.open("reader://old/book/x").description.hasPrefix("failed"))
    }
}
