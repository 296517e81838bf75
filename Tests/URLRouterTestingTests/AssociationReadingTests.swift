import Testing
import URLRouter
import URLRouterTesting

/// The association check reads a served file as iOS does for the app: every `details` entry
/// that names it, the old `paths` key; and it reports a claim of the whole domain and a file
/// that names none of the app's IDs.
@Suite("Association file: read as iOS reads it")
struct AssociationReadingTests {
    static let host = "reader.example.com"
    static let app = "ABCDE12345.com.example.reader"

    /// The probe's router: external `book/<int:id>`, `collection/**path` and `about`; internal `admin/wipe`.
    static func router(catchAll: Bool = false) throws -> Router {
        try Router(options: .init(origins: [.scheme("reader"), .universalLink(host: host)])) { routes in
            routes.action("reader://book/<int:id>", exposure: .external) { _ in }
            routes.action("reader://collection/**path", exposure: .external) { _ in }
            routes.action("reader://about", exposure: .external) { _ in }
            routes.action("reader://admin/wipe") { _ in }
            if catchAll { routes.action("reader://**rest", exposure: .external) { _ in } }
        }
    }

    static let correct = #"[{"/": "/about"}, {"/": "/book/?*"}, {"/": "/collection"}, {"/": "/collection/*"}]"#

    static func file(_ details: String) -> String { #"{"applinks": {"details": ["# + details + "]}}" }

    struct Case: Sendable, CustomTestStringConvertible {
        let note: String
        let details: String
        var clean: Bool
        var unclaimed = 0
        var wholeDomain: [String] = []
        var unnamed: [String] = []
        var testDescription: String { note }
    }

    static let cases: [Case] = [
        Case(note: "a file that claims the whole domain with '*'",
             details: #"{"appIDs": [""# + app + #""], "components": [{"/": "*"}]}"#, clean: false, wholeDomain: ["*"]),
        Case(note: "a file that claims the whole domain with '/?*'",
             details: #"{"appIDs": [""# + app + #""], "components": [{"/": "/?*"}]}"#, clean: false, wholeDomain: ["/?*"]),
        Case(note: "a component without '/' claims the whole domain",
             details: #"{"appIDs": [""# + app + #""], "components": [{"comment": "all"}]}"#, clean: false, wholeDomain: ["*"]),
        Case(note: "a file that names only another app",
             details: #"{"appIDs": ["ZZZZZ99999.com.evil.other"], "components": "# + correct + "}",
             clean: false, unclaimed: 3, unnamed: [app]),
        Case(note: "another app's entry first, the app's own second",
             details: #"{"appIDs": ["OTHER.app"], "components": [{"/": "*", "exclude": true}]}, {"appIDs": [""# + app + #""], "components": "# + correct + "}",
             clean: true),
        Case(note: "the app's entries are read in order, each one's components in turn",
             details: #"{"appIDs": [""# + app + #""], "components": [{"/": "/about"}]}, {"appID": ""# + app + #"", "components": [{"/": "/book/?*"}, {"/": "/collection*"}]}"#,
             clean: true),
        Case(note: "the old 'paths' key",
             details: #"{"appID": ""# + app + #"", "paths": ["NOT /admin/*", "/about", "/book/*", "/collection", "/collection/*"]}"#,
             clean: true),
        Case(note: "'components' win over 'paths'",
             details: #"{"appIDs": [""# + app + #""], "components": [{"/": "/about"}], "paths": ["*"]}"#,
             clean: false, unclaimed: 2),
    ]

    @Test("the check reads every entry for the app, the old paths key, and reports the whole domain and a missing app ID",
          .bug(id: "35", "hostile probe 4, F11"), arguments: cases)
    func reads(_ item: Case) throws {
        let check = try AssociationCheck(router: try Self.router(), json: Self.file(item.details), host: Self.host,
                                         appIDs: [Self.app])
        #expect(check.isClean == item.clean, "\(check)")
        #expect(check.unclaimed.count == item.unclaimed, "\(check)")
        #expect(check.wholeDomainClaims.map(\.claim) == item.wholeDomain)
        #expect(check.unnamedAppIDs == item.unnamed)
        for line in check.description.split(separator: "\n") { #expect(line.utf8.count < 1000) }
    }

    @Test("the old paths key: 'NOT' excludes, the first match decides, the query is not read")
    func oldPaths() throws {
        let file = Self.file(#"{"appID": "T.app", "paths": ["NOT /book/4*", "/book/*", "/about"]}"#)
        #expect(try AssociationCheck.decision(json: file, url: "https://h.example/book/42")?.exclude == true)
        #expect(try AssociationCheck.decision(json: file, url: "https://h.example/book/7")?.exclude == false)
        #expect(try AssociationCheck.decision(json: file, url: "https://h.example/about?x=1#y")?.claim == "/about")
        #expect(try AssociationCheck.decision(json: file, url: "https://h.example/About") == nil)
        #expect(try AssociationCheck.decision(json: Self.file(#"{"appID": "T.app", "paths": ["/$(digit)"]}"#),
                                              url: "https://h.example/$(digit)")?.claim == "/$(digit)")
    }

    @Test("a whole-domain claim is clean where the routes open every path, as a catch-all does")
    func wholeDomainOfACatchAll() throws {
        let router = try Self.router(catchAll: true)
        let generated = router.routeMap.appleAppSiteAssociation(appIDs: [Self.app])
        #expect(generated.contains(#"{"/": "/*""#))
        let check = try AssociationCheck(router: router, json: generated, host: Self.host, appIDs: [Self.app])
        #expect(check.isClean && check.wholeDomainClaims.isEmpty, "\(check)")
    }

    @Test("reports say which app ID is missing and what the whole-domain claim hands the app")
    func descriptions() throws {
        let file = Self.file(#"{"appIDs": ["OTHER.app"], "components": [{"/": "*"}]}, {"appIDs": [""# + Self.app + #""], "components": [{"/": "*"}]}"#)
        let check = try AssociationCheck(router: try Self.router(), json: file, host: Self.host,
                                         appIDs: [Self.app, "ABCDE12345.com.example.reader.beta"])
        #expect(check.description == """
            unnamed app ID  no details entry names the app ID 'ABCDE12345.com.example.reader.beta': iOS opens none of the links in that app
            whole domain  '*' claims the whole domain: https://reader.example.com/zq7-aasa-probe opens the app, and no external route opens it
            """)
    }
}
