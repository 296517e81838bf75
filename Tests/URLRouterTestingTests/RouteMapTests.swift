import Foundation
import Testing
import URLRouter
import URLRouterTesting

// Serialized: the record test sets URLROUTER_RECORD for the process while it runs.
@Suite("assertRouteMap and deprecation in the map", .serialized)
struct RouteMapTests {
    @Test("URLROUTER_RECORD=1 writes the file and its folders, and passes; the file then matches")
    func records() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/Fixtures/routes.json"
        let router = try releasedRouter()
        setenv("URLROUTER_RECORD", "1", 1)
        defer { unsetenv("URLROUTER_RECORD") }
        try assertRouteMap(router, matches: path)
        unsetenv("URLROUTER_RECORD")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == router.routeMap.json + "\n")
        try assertRouteMap(router, matches: path)
    }

    @Test("a matching golden file passes; a trailing newline is not compared")
    func matches() throws {
        let folder = try TemporaryFolder()
        let router = try releasedRouter()
        try assertRouteMap(router, matches: try folder.file("routes.json", router.routeMap.json + "\n"))
        try assertRouteMap(router, matches: try folder.file("bare.json", router.routeMap.json))
    }

    @Test("a differing file fails with the first differing line and the lines that differ")
    func differs() throws {
        let folder = try TemporaryFolder()
        let path = try folder.file("routes.json", try releasedRouter().routeMap.json)
        let router = try releasedRouter(omitting: ["author"]) { routes in
            routes.action("reader://author/:id", name: "writer", exposure: .external) { _ in }
        }
        let caught = failure { try assertRouteMap(router, matches: path) }
        #expect(caught?.description == """
            assertRouteMap: the route map differs from '\(path)' (URLROUTER_RECORD=1 records it) from line 9:
            -     {"exposure": "external", "handler": "action", "module": "App", "name": "author", "pattern": "reader://author/:id", "typedRoute": null},
            +     {"exposure": "external", "handler": "action", "module": "App", "name": "writer", "pattern": "reader://author/:id", "typedRoute": null},
            """)
    }

    @Test("a missing file fails, saying how to record it")
    func missing() throws {
        let caught = failure { try assertRouteMap(try releasedRouter(), matches: "/nonexistent/routes.json") }
        #expect(caught?.description.contains("cannot read '/nonexistent/routes.json'") == true)
        #expect(caught?.description.hasSuffix("run with URLROUTER_RECORD=1 to record it") == true)
    }

    @Test("a deprecated route shows what replaces it in RouteInfo, the text and the JSON; others do not change")
    func deprecation() throws {
        let plain = try releasedRouter()
        let marked = try releasedRouter(deprecatedShelf: true)
        let shelf = try #require(marked.routes.first { $0.name == "shelf" })
        #expect(shelf.deprecation == "use reader://library")
        #expect(shelf == RouteInfo(pattern: "reader://shelf", name: "shelf", module: "App", exposure: .external))
        #expect(marked.routeMap.routes.first { $0.name == "shelf" }?.deprecatedFor == "use reader://library")
        #expect(marked.routeMap.text.contains("name=shelf  module=App  handler=action  deprecated=use reader://library"))
        #expect(marked.routeMap.json.contains(
            #"{"deprecatedFor": "use reader://library", "exposure": "external", "handler": "action", "module": "App", "name": "shelf""#))
        #expect(!plain.routeMap.json.contains("deprecatedFor"))
        #expect(plain.routeMap.json.replacingOccurrences(of: #""deprecatedFor": "use reader://library", "#, with: "")
                == marked.routeMap.json.replacingOccurrences(of: #""deprecatedFor": "use reader://library", "#, with: ""))
    }

    @Test("typed and object registrations take a deprecation too")
    func typedDeprecation() throws {
        let router = try Router { routes in
            routes.action(BookRoute.self, exposure: .external, deprecated: "use reader://books/<int:id>") { _, _ in }
            routes.object("reader://store", deprecated: "use the catalog service") { _ in 1 }
            routes.mainActorObject(ReviewsRoute.self, deprecated: "use reader://book/<int:id>/reviews") { _, _ in 2 }
        }
        #expect(router.routes.map(\.deprecation) == [
            "use reader://books/<int:id>", "use the catalog service", "use reader://book/<int:id>/reviews",
        ])
        #expect(router.deregister(pattern: "reader://book/<int:id>"))
        #expect(router.routes.map(\.deprecation) == ["use the catalog service", "use reader://book/<int:id>/reviews"])
    }

    @Test("a RouteInfo built by a test equals the route a result holds")
    func expectedRouteInfo() throws {
        let router = try Router(modules: [BookDetailModule.self])
        #expect(router.open("reader://book/42") == .handled(RouteInfo(
            pattern: "reader://book/<int:id>", name: "book", module: "BookDetailModule", exposure: .external,
            typedRoute: "URLRouterTestingTests.BookRoute")))
        #expect(router.open("reader://shelf") != .handled(RouteInfo(pattern: "reader://shelf", module: "BookDetailModule")))
    }
}
