import Testing
import URLRouter
import URLRouterTesting

/// The drift ``AssociationCheck`` reports between an `apple-app-site-association` file and
/// the routes.
@Suite("Association file: drift")
struct AssociationCheckTests {
    static let origins: [Origin] = [.scheme("reader"), .universalLink(host: "reader.example.com", aliases: ["www.reader.example.com"])]

    static func router(_ routes: [(String, Exposure)]) throws -> Router {
        try Router(options: Router.Options(origins: origins)) { registrar in
            for (pattern, exposure) in routes { registrar.action(pattern, exposure: exposure) { _ in } }
        }
    }

    static func file(_ components: String) -> String {
        #"{"applinks": {"details": [{"appIDs": ["T.app"], "components": "# + components + "}]}}"
    }

    @Test("the file generated for every kind of component claims exactly its routes")
    func generatedFileIsClean() throws {
        // The table of the golden file in URLRouterTests' AssociationFileTests.
        let router = try Self.router([
            ("reader://book/<int:id>", .external),
            ("reader://book/<uuid:u>", .external),
            ("reader://book/<int:id>/screen", .external),
            ("reader://book/new", .internal),
            ("reader://book/:slug", .internal),
            ("reader://category/家居", .external),
            ("reader://collection/**path", .external),
            ("reader://shelf", .external),
            ("reader://a%2Ab", .external),
            ("reader://*", .external),
            ("reader://admin/users", .internal),
            ("reader://admin/**", .internal),
            ("other://book/:id", .external),
            ("/legacy/:id", .external),
        ])
        let text = router.routeMap.appleAppSiteAssociation(appIDs: ["ABCDE12345.com.example.reader"])
        let check = try AssociationCheck(router: router, json: text, host: "reader.example.com", appIDs: ["ABCDE12345.com.example.reader"])
        #expect(check.unclaimed.isEmpty)
        #expect(check.deadClaims.isEmpty)
    }

    struct Drift: Sendable, CustomTestStringConvertible {
        let note: String
        let routes: [(String, Exposure)]
        let components: String
        var unclaimed: [String] = []
        var excludedBy: String?
        var dead: [String] = []
        var over: [String] = []
        var testDescription: String { note }
    }

    static let drifts: [Drift] = [
        Drift(note: "a file missing a route", routes: [("reader://book/<int:id>", .external), ("reader://shelf", .external)],
              components: #"[{"/": "/book/$(digit)*"}]"#, unclaimed: ["reader://shelf"], over: ["/book/$(digit)*"]),
        Drift(note: "a claim with no route", routes: [("reader://shelf", .external), ("reader://invite/:code", .internal)],
              components: #"[{"/": "/shelf"}, {"/": "/invite/*"}]"#, dead: ["/invite/*"]),
        Drift(note: "a claim wider than its routes", routes: [("reader://book/<int:id>", .external)],
              components: #"[{"/": "/book/*"}]"#, over: ["/book/*"]),
        Drift(note: "an excluded path", routes: [("reader://book/<int:id>", .external)],
              components: #"[{"/": "/book/4*", "exclude": true}, {"/": "/book/*"}]"#,
              unclaimed: ["reader://book/<int:id>"], excludedBy: "/book/4*", over: ["/book/*"]),
        Drift(note: "a clean file", routes: [("reader://shelf", .external), ("reader://book/new", .internal)],
              components: #"[{"/": "/shelf"}]"#),
    ]

    @Test("the check reports each kind of drift", arguments: drifts)
    func drift(_ item: Drift) throws {
        let router = try Self.router(item.routes)
        let check = try AssociationCheck(router: router, json: Self.file(item.components), host: "reader.example.com", appIDs: ["T.app"])
        #expect(check.unclaimed.map(\.pattern) == item.unclaimed)
        #expect(check.unclaimed.first?.excludedBy == item.excludedBy)
        #expect(check.deadClaims.map(\.claim) == item.dead)
        #expect(check.overClaims.map(\.claim) == item.over)
        #expect(check.isClean == (item.unclaimed.isEmpty && item.dead.isEmpty))
        for line in check.description.split(separator: "\n") { #expect(line.utf8.count < 1000) }
    }

    @Test("a host that is not a universal-link origin opens nothing, so every claim is dead")
    func undeclaredHost() throws {
        let router = try Self.router([("reader://shelf", .external)])
        let check = try AssociationCheck(router: router, json: Self.file(#"[{"/": "/shelf"}]"#), host: "evil.example", appIDs: ["T.app"])
        #expect(check.deadClaims.map(\.claim) == ["/shelf"])
        #expect(check.unclaimed.isEmpty)
    }

    @Test("reports name the route, the claim and an example URL")
    func descriptions() throws {
        let router = try Self.router([("reader://shelf", .external), ("reader://book/<int:id>", .external)])
        let check = try AssociationCheck(router: router, json: Self.file(#"[{"/": "/book/*"}, {"/": "/gone"}]"#),
                                         host: "reader.example.com", appIDs: ["T.app"])
        #expect(check.description == """
            unclaimed  'reader://shelf' is not claimed: https://reader.example.com/shelf matches no component
            dead claim  '/gone' claims https://reader.example.com/gone, which no external route opens
            over-claim  '/book/*' claims https://reader.example.com/book/, which no external route opens
            """)
    }
}
