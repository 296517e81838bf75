import Testing
import URLRouter
import URLRouterTesting

@Suite("assertOpens, assertRegistered and assertAssociationFile")
struct OpensTests {
    @Test("a URL that reaches the named route passes, from the app and from outside")
    func reaches() throws {
        let router = try releasedRouter()
        try assertOpens(router, "reader://book/42", reaches: "book")
        try assertOpens(router, "reader://book/42", reaches: "book", source: .external)
        try assertOpens(router, "https://reader.example.com/book/42", reaches: "book", source: .external)
        try assertOpens(router, BookRoute(id: 7), reaches: "book", source: .external)
    }

    @Test("a URL that reaches another route, none, or is refused fails, saying what it reached")
    func reachesSomethingElse() throws {
        let router = try releasedRouter()
        #expect(failure { try assertOpens(router, "reader://shelf", reaches: "book") }?.description
                == "assertOpens: 'reader://shelf' from app reaches reader://shelf (shelf) [App], not 'book'")
        #expect(failure { try assertOpens(router, "reader://reviews/1", reaches: "reviews", source: .external) }?.description
                == "assertOpens: 'reader://reviews/1' from external matches no route, not 'reviews'")
        #expect(failure { try assertOpens(router, ReviewsRoute(book: 1), reaches: "reviews", source: .external) }?.description
                == "assertOpens: 'reader://reviews/1' from external matches no route, not 'reviews'")
        let refused = failure { try assertOpens(router, "reader://x@evil.com/book/1", reaches: "book", source: .external) }
        #expect(refused?.description.hasPrefix("assertOpens: 'reader://x@evil.com/book/1' from external is refused: ") == true)
        #expect(failure { try assertOpens(router, "reader://book/%zz", reaches: "book") }?.description
                .hasPrefix("assertOpens: 'reader://book/%zz' from app is malformed: ") == true)
    }

    @Test("a dry run: no handler runs")
    func runsNothing() throws {
        let recording = try RecordingRouter { routes in
            routes.action("reader://book/<int:id>", name: "book") { _ in Issue.record("the handler ran") }
        }
        try assertOpens(recording.router, "reader://book/1", reaches: "book")
        #expect(recording.opened.isEmpty)
    }

    @Test("every offered typed route registered passes; missing ones are named")
    func registered() throws {
        let router = try Router(modules: [BookDetailModule.self])
        try assertRegistered(router, offered: [BookRoute.self, ReviewsRoute.self])
        #expect(failure { try assertRegistered(router, offered: [BookRoute.self, UnregisteredRoute.self]) }?.description
                == "assertRegistered: no route is registered for 'URLRouterTestingTests.UnregisteredRoute'")
    }

    @Test("a generated association file passes; one that forgets a route fails, naming it")
    func associationFile() throws {
        let folder = try TemporaryFolder()
        let router = try releasedRouter()
        let generated = router.routeMap.appleAppSiteAssociation(appIDs: ["ABCDE12345.com.example.reader"])
        try assertAssociationFile(router, path: try folder.file("aasa.json", generated), host: "reader.example.com",
                                  appIDs: ["ABCDE12345.com.example.reader"])

        let stale = """
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.reader"],
              "components": [{"/": "/book/*"}, {"/": "/gone"}]}]}}
            """
        let caught = failure {
            try assertAssociationFile(router, path: try folder.file("stale.json", stale), host: "reader.example.com",
                                      appIDs: ["ABCDE12345.com.example.reader"])
        }
        #expect(caught?.problems.count == 3)
        #expect(caught?.problems.contains { $0.hasPrefix("'reader://shelf' is not claimed") } == true)
        #expect(caught?.problems.contains { $0.hasPrefix("'reader://author/:id' is not claimed") } == true)
        #expect(caught?.problems.last?.hasPrefix("'/gone' claims ") == true)
    }
}
