import Testing
import URLRouter
import URLRouterTesting

@Suite("assertNoBreakingChanges: the release gate")
struct GateTests {
    /// The released map, written where the gate reads it.
    private func baseline(_ folder: borrowing TemporaryFolder, deprecatedShelf: Bool = false) throws -> String {
        try folder.file("routes-4.2.json", try releasedRouter(deprecatedShelf: deprecatedShelf).routeMap.json)
    }

    @Test("the same routes pass")
    func unchanged() throws {
        let folder = try TemporaryFolder()
        try assertNoBreakingChanges(try releasedRouter(), since: try baseline(folder))
    }

    @Test("a removed external route fails, named by its pattern and its name")
    func removedExternalRoute() throws {
        let folder = try TemporaryFolder()
        let path = try baseline(folder)
        let router = try releasedRouter(omitting: ["author"])
        let caught = failure { try assertNoBreakingChanges(router, since: path) }
        #expect(caught?.problems == [
            "external route 'reader://author/:id' (name 'author', module App) disappeared and no redirect covers its URLs",
        ])
    }

    @Test("a route a channel no longer reaches fails, naming the channels; one that reaches more passes")
    func narrowedExposure() throws {
        let folder = try TemporaryFolder()
        let path = try baseline(folder)
        let narrowed = try releasedRouter(omitting: ["shelf"]) { routes in
            routes.action("reader://shelf", name: "shelf", exposure: .external(from: [.external, .notification])) { _ in }
        }
        let caught = failure { try assertNoBreakingChanges(narrowed, since: path) }
        #expect(caught?.problems == [
            "external route 'reader://shelf' (name 'shelf', module App) is no longer reached from widget, shortcut, "
                + "spotlight, handoff, intent, deferred ('reader://shelf', module App, now external(from: external, "
                + "notification)) and no redirect covers its URLs",
        ])
        // Released narrowed, widened since: nothing breaks.
        let narrowPath = try folder.file("routes-4.3.json", narrowed.routeMap.json)
        try assertNoBreakingChanges(try releasedRouter(), since: narrowPath)
    }

    @Test("an external route whose parameter was renamed or made internal fails, saying what it became")
    func changedShape() throws {
        let folder = try TemporaryFolder()
        let path = try baseline(folder)
        let router = try releasedRouter(omitting: ["shelf", "author"]) { routes in
            routes.action("reader://shelf", name: "shelf") { _ in }
            routes.action("reader://author/<int:authorID>", name: "author", exposure: .external) { _ in }
        }
        let caught = failure { try assertNoBreakingChanges(router, since: path) }
        #expect(caught?.problems == [
            "external route 'reader://author/:id' (name 'author', module App) changed shape: its name now has "
                + "'reader://author/<int:authorID>' and no redirect covers its URLs",
            "external route 'reader://shelf' (name 'shelf', module App) became internal ('reader://shelf', module App) "
                + "and no redirect covers its URLs",
        ])
    }

    @Test("a renamed typed route type fails, naming the old type")
    func renamedTypedRoute() throws {
        struct BookDetailRoute: TypedRoute {
            static let pattern = "reader://book/<int:id>"
            var id: Int
        }
        let folder = try TemporaryFolder()
        let path = try baseline(folder)
        let router = try releasedRouter(omitting: ["book"]) { routes in
            routes.action(BookDetailRoute.self, name: "book", exposure: .external) { _, _ in }
        }
        let caught = failure { try assertNoBreakingChanges(router, since: path) }
        #expect(caught?.problems == [
            "typed route 'URLRouterTestingTests.BookRoute' of 'reader://book/<int:id>' (name 'book', module App) "
                + "disappeared or was renamed",
        ])
    }

    @Test("a removed service and a removed universal-link host fail, each named")
    func removedServiceAndOrigin() throws {
        let folder = try TemporaryFolder()
        let path = try baseline(folder)
        let router = try releasedRouter(origins: [.scheme("reader")], catalog: false)
        let caught = failure { try assertNoBreakingChanges(router, since: path) }
        #expect(caught?.problems.count == 2)
        #expect(caught?.problems.first?.hasPrefix("service 'catalog' (type ") == true)
        #expect(caught?.problems.first?.hasSuffix(", module App) disappeared") == true)
        #expect(caught?.problems.last == "universal-link origin host 'reader.example.com' disappeared")
    }

    @Test("a route renamed with a redirect that covers its old URLs passes", arguments: [
        ("reader://author/:id", "reader://writer/:id"), ("reader://author/:old", "reader://writer/:old"),
        ("reader://author/*", "reader://writer/1"), ("reader://author/**", "reader://writer/1"),
        ("reader://**", "reader://writer/1"),
    ])
    func renameCoveredByRedirect(from: String, to: String) throws {
        let folder = try TemporaryFolder()
        let path = try baseline(folder)
        let router = try releasedRouter(omitting: ["author"]) { routes in
            routes.action("reader://writer/:id", name: "author", exposure: .external) { _ in }
            routes.redirect(from, to: to)
        }
        try assertNoBreakingChanges(router, since: path)
    }

    @Test("a redirect narrower than the old route does not cover it")
    func narrowRedirect() throws {
        let folder = try TemporaryFolder()
        let path = try baseline(folder)
        let router = try releasedRouter(omitting: ["author"]) { routes in
            routes.action("reader://writer/<int:id>", exposure: .external) { _ in }
            routes.redirect("reader://author/<int:id>", to: "reader://writer/<int:id>")
        }
        let caught = failure { try assertNoBreakingChanges(router, since: path) }
        #expect(caught?.problems == [
            "external route 'reader://author/:id' (name 'author', module App) disappeared and no redirect covers its URLs",
        ])
    }

    @Test("the removal of a route the released map marked deprecated passes")
    func removedDeprecatedRoute() throws {
        let folder = try TemporaryFolder()
        let path = try baseline(folder, deprecatedShelf: true)
        let router = try releasedRouter(omitting: ["shelf"])
        try assertNoBreakingChanges(router, since: path)
    }

    @Test("a file that is not a route map fails, naming the file")
    func notAMap() throws {
        let folder = try TemporaryFolder()
        let path = try folder.file("routes.json", "[1, 2]")
        let caught = failure { try assertNoBreakingChanges(try releasedRouter(), since: path) }
        #expect(caught?.description.hasPrefix("assertNoBreakingChanges: '\(path)' is not a route map's JSON") == true)
    }
}
