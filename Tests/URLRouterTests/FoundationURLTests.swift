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
                request.complete()
            }
            routes.action("reader://files/:dir/:name") { request in log.append("nested \(request.parameters.dictionary)") }
            routes.object("reader://count") { _ in 3 }
            routes.asyncAction("reader://sync/<int:id>") { request in log.append("sync \(request.int("id") ?? -1)") }
        }
    }

    @Test("open, canOpen and object accept a URL")
    func overloads() throws {
        let log = Shared<[String]>([])
        let router = try Self.router(log)
        let url = try #require(URL(string: "reader://files/a%2Fb/?from=shelf"))
        let completed = Shared(0)

        #expect(router.open(url, source: .app) { _ in completed.increment() }.outcome == .handled("reader://files/:name"))
        #expect(log.current == ["file a/b from shelf"], "'%2F' stays inside its segment; the trailing slash changes nothing")
        #expect(completed.current == 1, "the completion reaches the handler")
        #expect(router.canOpen(url, source: .app))
        #expect(!router.canOpen(try #require(URL(string: "reader://nothing")), source: .app))
        #expect(!router.canOpen(url, source: .external))
        #expect(router.object(for: try #require(URL(string: "reader://count")), source: .app) as? Int == 3)
        #expect(router.object(for: try #require(URL(string: "reader://count")), as: Int.self, source: .app) == 3)
    }

    @Test("the awaiting open accepts a URL")
    func asyncOverload() async throws {
        let log = Shared<[String]>([])
        let router = try Self.router(log)

        let result = await router.open(try #require(URL(string: "reader://sync/5")), source: .app)

        #expect(result.outcome == .handled("reader://sync/<int:id>"))
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
