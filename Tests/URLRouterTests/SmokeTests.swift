import Testing
import URLRouter

private enum Shelf: RouteModule {
    static func registerRoutes(in routes: inout RouteRegistrar) {
        routes.action("reader://shelf", name: "shelf", exposure: .external) { request in request.complete("shelf") }
        routes.action("reader://user/:id") { request in
            if request.parameters["id"] == "me" { throw Decline() }
        }
        routes.action("reader://user/**rest") { _ in }
        routes.action("reader://nativeSecret") { _ in Issue.record("internal route reached") }
        routes.object("reader://service/count") { _ in 42 }
    }
}

@Suite struct SmokeTests {
    @Test func opensDeclinesAndRefuses() throws {
        let router = try Router(modules: [Shelf.self])
        #expect(router.open("reader://shelf").isHandled)
        #expect(router.open("reader://user/me").route?.pattern == "reader://user/**rest")
        #expect(router.open("reader://nativeSecret", source: .external).description == "no route matches")
        #expect(router.object(for: "reader://service/count", as: Int.self) == 42)
        #expect(try router.url(for: "shelf") == "reader://shelf")
        #expect(!router.canOpen("reader://nothing"))
        #expect(router.deregister(pattern: "reader://shelf"))
        #expect(!router.canOpen("reader://shelf"))
    }
}
