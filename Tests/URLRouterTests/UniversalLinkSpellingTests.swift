import Foundation
import Testing
import URLRouter

/// A universal link in another spelling than its route's claim (an empty segment, an escape
/// of a letter) opens only when the router's association file claims it: the router opens no
/// link that iOS would leave to Safari. URLRouterTestingTests' differential test holds this
/// over random tables.
@Suite("Universal links: spellings the association file claims")
struct UniversalLinkSpellingTests {
    static let host = "https://reader.example.com"

    static func router(catchAll: Bool = false, caseInsensitivePaths: Bool = false) throws -> Router {
        try Router(options: .init(matching: .init(caseInsensitivePaths: caseInsensitivePaths),
                                  origins: [.scheme("reader"), .universalLink(host: "reader.example.com")])) { routes in
            routes.action("reader://about", exposure: .external) { _ in }
            routes.action("reader://book/<int:id>", exposure: .external) { _ in }
            routes.action("reader://q&a", exposure: .external) { _ in }
            if catchAll { routes.action("reader://**rest", exposure: .external) { _ in } }
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let path: String
        let opens: String?
        var testDescription: String { path }
    }

    static let spellings: [Case] = [
        Case(path: "/about", opens: "reader://about"),
        Case(path: "/about/", opens: "reader://about"),              // claimed: "/about/"
        Case(path: "//about", opens: nil),                            // no claim takes it
        Case(path: "/about//", opens: nil),
        Case(path: "/%61bout", opens: nil),
        Case(path: "/q&a", opens: "reader://q&a"),
        Case(path: "/q%26a", opens: nil),
        Case(path: "/book/42", opens: "reader://book/<int:id>"),
        Case(path: "/book/42/", opens: "reader://book/<int:id>"),   // "/book/?*" takes it
        Case(path: "/book/%34%32", opens: "reader://book/<int:id>"), // so does it take escapes
        Case(path: "//book/42", opens: nil),
    ]

    @Test("a link in another spelling opens only when the generated file claims it", .bug(id: "35", "hostile probe 4, F12"), arguments: spellings)
    func spelling(_ item: Case) throws {
        let router = try Self.router()
        let result = router.open(Self.host + item.path, source: .external)
        #expect(result.route?.pattern == item.opens, "\(result)")
        #expect(router.canOpen(Self.host + item.path, source: .external) == (item.opens != nil))
    }

    @Test("a held link in any spelling is replayed as it opens directly: the claim is checked at the replay",
          .bug(id: "35", "the features fuzz target: unclaimed spellings went through on replay"), arguments: spellings)
    func heldSpellingReplaysAsItOpens(_ item: Case) throws {
        let router = try Self.router()
        router.holdExternalOpens()
        guard case .held = router.open(Self.host + item.path, source: .external) else {
            Issue.record("not held")
            return
        }
        let replayed = router.releaseHeldOpens().replayed.map(\.result.route?.pattern)
        #expect(replayed == [item.opens])
    }

    @Test("a catch-all claims every spelling, so every one opens, read as the custom scheme reads it")
    func catchAllTakesEverySpelling() throws {
        let router = try Self.router(catchAll: true)
        for path in ["//about", "/%61bout", "/about//", "/q%26a"] {
            let opened = router.resolve(Self.host + path, source: .external).route?.route.pattern
            #expect(opened == router.resolve("reader://" + path.dropFirst(), source: .external).route?.route.pattern, "\(path)")
        }
    }

    @Test("a router that folds the case of paths claims every case, and opens every case")
    func caseInsensitive() throws {
        let router = try Self.router(caseInsensitivePaths: true)
        #expect(router.routeMap.appleAppSiteAssociation(appIDs: []).contains(#""defaults": {"caseSensitive": false}"#))
        #expect(router.resolve(Self.host + "/ABOUT/", source: .external).route?.route.pattern == "reader://about")
        #expect(!router.canOpen(Self.host + "//ABOUT", source: .external))
        #expect(!(try Self.router()).routeMap.appleAppSiteAssociation(appIDs: []).contains("caseSensitive"))
    }

    @Test("links in another spelling opened on many threads while modules come and go read the claims of the table they see")
    func claimsFollowTheTable() throws {
        let router = try Self.router()
        let wrong = Shared(0)
        DispatchQueue.concurrentPerform(iterations: 5) { worker in
            for round in 0..<400 {
                if worker == 0 {
                    if round % 2 == 0 {
                        try? router.register(moduleNamed: "Extra") { routes in
                            routes.action("reader://extra/:x", exposure: .external) { _ in }
                        }
                    } else {
                        _ = router.deregister(moduleNamed: "Extra")
                    }
                    continue
                }
                let about = router.resolve(Self.host + "/about/", source: .external).route?.route.pattern
                let doubled = router.resolve(Self.host + "//about", source: .external).route
                let extra = router.resolve(Self.host + "/extra/%61", source: .external).route?.route.pattern
                if about != "reader://about" || doubled != nil || (extra != nil && extra != "reader://extra/:x") {
                    wrong.withLock { $0 += 1 }
                }
            }
        }
        #expect(wrong.current == 0)
    }

    @Test("while external opens are held, a link in another spelling is held too, and read against the routes of its replay")
    func heldUntilTheRoutesAreThere() throws {
        let router = try Router(options: .init(origins: [.scheme("reader"), .universalLink(host: "reader.example.com")]))
        router.holdExternalOpens()
        let replayed = Shared<[String]>([])
        let held = router.open(Self.host + "/about/", source: .external) { _ in replayed.append("completed") }
        guard case .held = held else { Issue.record("not held: \(held)"); return }
        try router.register(moduleNamed: "About") { routes in
            routes.action("reader://about", exposure: .external) { _ in replayed.append("about") }
        }
        _ = router.releaseHeldOpens()
        #expect(replayed.current == ["about", "completed"])
    }
}
