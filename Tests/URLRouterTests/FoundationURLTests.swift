import Foundation
import Testing
import URLRouter

/// The `Foundation.URL` overloads read the URL with the router's own parser (Matching rules: URL to route key).
@Suite("Foundation.URL overloads")
struct FoundationURLTests {
    static func router(_ log: Shared<[String]>) throws -> Router {
        try Router { routes in
            routes.action("reader://files/:name", name: "file") { request in
                log.append("file \(request.parameters["name"] ?? "") from \(request.query["from"] ?? "")")
                request.reply(nil)
            }
            routes.action("reader://files/:dir/:name") { request in log.append("nested \(request.parameters.dictionary)") }
            routes.object("reader://count") { _ in 3 }
            routes.asyncAction("reader://sync/<int:id>") { request in log.append("sync \(request.int("id") ?? -1)") }
        }
    }

    @Test("open accepts a URL; the other verbs take its absoluteString")
    func overloads() throws {
        let log = Shared<[String]>([])
        let router = try Self.router(log)
        let url = try #require(URL(string: "reader://files/a%2Fb/?from=shelf"))
        let completed = Shared(0)

        #expect(router.open(url, source: .app) { _ in completed.increment() }.outcome == .handled("reader://files/:name"))
        #expect(log.current == ["file a/b from shelf"], "'%2F' stays inside its segment; the trailing slash changes nothing")
        #expect(completed.current == 1, "the completion reaches the handler")
        #expect(router.canOpen(url.absoluteString, source: .app))
        #expect(!router.canOpen(url.absoluteString, source: .external))
        #expect(router.object(for: try #require(URL(string: "reader://count")).absoluteString, as: Int.self) == 3)
    }

    @Test("an asynchronous handler opened through a URL finishes in a task")
    func asyncHandler() async throws {
        let log = Shared<[String]>([])
        let router = try Self.router(log)

        guard case .pending(_, let pending) = router.open(try #require(URL(string: "reader://sync/5")), source: .app) else {
            Issue.record("an asynchronous handler cannot finish in a synchronous open")
            return
        }

        #expect(await pending.result.outcome == .handled("reader://sync/<int:id>"))
        #expect(log.current == ["sync 5"])
    }

    @Test("a generated Foundation URL opens its route with the same parameters")
    func generatedURL() throws {
        let log = Shared<[String]>([])
        let router = try Self.router(log)

        let url = try #require(try router.foundationURL(for: "file", parameters: ["name": "read me/first.txt"]))

        #expect(url.absoluteString == "reader://files/read%20me%2Ffirst.txt")
        #expect(router.open(url, source: .app).outcome == .handled("reader://files/:name"))
        #expect(log.current == ["file read me/first.txt from "])
    }
}
