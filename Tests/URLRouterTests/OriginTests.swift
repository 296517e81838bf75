import Testing
import URLRouter

/// A book, as an interface module declares it.
struct OriginBookRoute: TypedRoute {
    static let pattern = "reader://book/<int:id>"
    var id: Int
    var from: String?
}

/// One route in the custom-scheme form serves the custom scheme and the universal links of
/// the declared hosts, as an external source.
@Suite("Origins: the custom scheme and universal links")
struct OriginTests {
    static let origins: [Origin] = [
        .scheme("reader"),
        .universalLink(host: "reader.example.com", aliases: ["www.reader.example.com"]),
    ]

    struct Seen: Sendable, Equatable {
        var url = ""
        var parameters: [String: String] = [:]
        var query: [[String]] = []
        var fragment: String?
        var origin: Origin?
        var source: OpenSource = .app
    }

    static func router(_ seen: Shared<Seen>, origins: [Origin] = origins) throws -> Router {
        try Router(options: .init(origins: origins)) { routes in
            routes.action(OriginBookRoute.self, exposure: .external) { _, request in
                seen.withLock {
                    $0 = Seen(url: request.url, parameters: request.parameters.dictionary,
                              query: request.query.map { [String($0.name), String($0.value)] },
                              fragment: request.fragment, origin: request.origin, source: request.source)
                }
            }
            routes.action("reader://admin/wipe") { _ in seen.withLock { $0.url = "INTERNAL" } }
            routes.action("reader://", exposure: .external) { request in seen.withLock { $0.url = request.url } }
        }
    }

    @Test("both forms of a link reach the same route with the same values, and the handler sees its origin",
          arguments: ["reader://book/42?from=mail#top", "https://reader.example.com/book/42?from=mail#top",
                      "https://WWW.Reader.Example.com/book/42?from=mail#top", "http://reader.example.com:443/book/42?from=mail#top"])
    func bothForms(url: String) throws {
        let seen = Shared(Seen())
        let router = try Self.router(seen)
        let result = router.open(url, source: .external)
        #expect(result.route?.pattern == "reader://book/<int:id>", "\(result)")
        #expect(seen.current.url == "reader://book/42?from=mail#top")
        #expect(seen.current.parameters == ["id": "42"])
        #expect(seen.current.query == [["from", "mail"]])
        #expect(seen.current.fragment == "top")
        let isUniversal = !url.hasPrefix("reader:")
        #expect(seen.current.origin == (isUniversal ? Self.origins[1] : Self.origins[0]))
        #expect(seen.current.origin?.host == (isUniversal ? "reader.example.com" : nil))
        #expect(router.canOpen(url, source: .external))
        #expect(router.resolve(url, source: .external).route?.parameters == ["id": "42"])
    }

    @Test("an undeclared host matches nothing; the bare host opens the scheme's root")
    func hosts() throws {
        let seen = Shared(Seen())
        let router = try Self.router(seen)
        #expect(router.open("https://evil.example.com/book/42", source: .external) == .unmatched)
        #expect(router.open("https://reader.example.com.evil.com/book/42", source: .external) == .unmatched)
        #expect(router.open("https://reader.example.com/", source: .external).route?.pattern == "reader://")
        #expect(router.open("https://reader.example.com", source: .external).route?.pattern == "reader://")
    }

    @Test("a universal link is external, whoever opens it: it never reaches an internal route, and its userinfo is refused")
    func neverWidensExposure() throws {
        let seen = Shared(Seen())
        let router = try Self.router(seen)
        for source in [OpenSource.app, .external] {
            #expect(router.open("https://reader.example.com/admin/wipe", source: source) == .unmatched)
            #expect(!router.canOpen("https://reader.example.com/admin/wipe", source: source))
        }
        #expect(router.open("reader://admin/wipe").route?.pattern == "reader://admin/wipe", "the custom scheme from the app")
        #expect(router.open("https://user:pw@reader.example.com/book/1", source: .app) == .refused(.userinfoFromOutside))
        #expect(router.open("https://reader.example.com/book/42", source: .app).isHandled)
        #expect(seen.current.source == .external)
    }

    @Test("universalLink(for:) writes the https form of a URL string or a typed value, on the first host")
    func universalLinks() throws {
        let router = try Self.router(Shared(Seen()))
        #expect(try router.universalLink(for: "reader://book/42?from=mail#top")
            == "https://reader.example.com/book/42?from=mail#top")
        #expect(try router.universalLink(for: OriginBookRoute(id: 42, from: "a b")) == "https://reader.example.com/book/42?from=a%20b")
        #expect(try router.universalLink(for: "READER://book/1") == "https://reader.example.com/book/1")
        #expect(throws: UniversalLinkError.self) { try router.universalLink(for: "other://book/1") }
        #expect(throws: UniversalLinkError.self) { try router.universalLink(for: "https://reader.example.com/book/1") }
        let schemeOnly = try Self.router(Shared(Seen()), origins: [.scheme("reader")])
        #expect(throws: UniversalLinkError.self) { try schemeOnly.universalLink(for: "reader://book/1") }
        // What it writes opens the same route, with the same values.
        let link = try router.universalLink(for: OriginBookRoute(id: 7, from: "c++"))
        #expect(router.resolve(link, source: .external).route?.parameters == ["id": "7"])
        #expect(router.resolve(link, source: .external).route?.query.map { String($0.value) } == ["c++"])
    }

    @Test("origins that cannot be used are a registration problem", arguments: [
        [Origin.universalLink(host: "reader.example.com")],
        [.scheme("reader"), .universalLink(host: "https://reader.example.com")],
        [.scheme("reader"), .universalLink(host: "a.example.com", aliases: ["a.example.com"])],
        [.scheme("https")],
        [.scheme("1reader")],
    ])
    func invalid(origins: [Origin]) throws {
        let error = #expect(throws: RegistrationError.self) { try Router(options: .init(origins: origins)) }
        #expect(error?.problems.count == 1)
        #expect(error?.problems.first?.isInvalidOrigins == true, "\(String(describing: error))")
    }

    @Test("without origins, URLs match as written; the route map lists the origins")
    func optIn() throws {
        let plain = try Router { routes in routes.action("https://reader.example.com/book/:id") { _ in } }
        #expect(plain.open("https://reader.example.com/book/1").isHandled)
        #expect(plain.routeMap.origins.isEmpty)
        #expect(!plain.routeMap.json.contains("origins"))
        let router = try Self.router(Shared(Seen()))
        #expect(router.routeMap.origins == Self.origins)
        #expect(router.routeMap.text.contains("origin  universalLink=reader.example.com  aliases=www.reader.example.com"))
        #expect(router.routeMap.json.contains(#""origins": [\#n    {"scheme": "reader"},\#n    {"aliases": ["www.reader.example.com"], "universalLink": "reader.example.com"}\#n  ]"#))
    }
}
