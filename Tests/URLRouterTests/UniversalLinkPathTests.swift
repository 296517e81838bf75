import Testing
import URLRouter

/// A universal link's path is a path: its first segment takes the custom scheme's host
/// position, but is never read as an authority (userinfo, a port, an IP literal) nor folded
/// to lower case as a host is.
@Suite("Universal links: the path is a path")
struct UniversalLinkPathTests {
    static let origins: [Origin] = [.scheme("reader"), .universalLink(host: "reader.example.com")]

    static func router(caseInsensitivePaths: Bool = false) throws -> Router {
        try Router(options: .init(matching: .init(caseInsensitivePaths: caseInsensitivePaths), origins: origins)) { routes in
            routes.action("reader://:handle/profile", exposure: .external) { _ in }
            routes.action("reader://book/<int:id>", exposure: .external) { _ in }
            routes.action("reader://:section/home", exposure: .external) { _ in }
            routes.action("reader://shelf/Recent", exposure: .external) { _ in }
            routes.action("reader://admin/wipe") { _ in }
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let path: String
        /// The pattern reached, with its parameters, or `nil` for no route.
        let pattern: String?
        var parameters: [String: String] = [:]
        var testDescription: String { path }
    }

    static let cases: [Case] = [
        Case(path: "/@alice/profile", pattern: "reader://:handle/profile", parameters: ["handle": "@alice"]),
        Case(path: "/alice:1/profile", pattern: "reader://:handle/profile", parameters: ["handle": "alice:1"]),
        Case(path: "/a:b@c/profile", pattern: "reader://:handle/profile", parameters: ["handle": "a:b@c"]),
        Case(path: "/:alice/profile", pattern: "reader://:handle/profile", parameters: ["handle": ":alice"]),
        Case(path: "/[x]/profile", pattern: "reader://:handle/profile", parameters: ["handle": "[x]"]),
        Case(path: "/%40alice/profile", pattern: "reader://:handle/profile", parameters: ["handle": "@alice"]),
        Case(path: "/Alice/profile", pattern: "reader://:handle/profile", parameters: ["handle": "Alice"]),
        Case(path: "/news:80/home", pattern: "reader://:section/home", parameters: ["section": "news:80"]),
        Case(path: "/book:99/42", pattern: nil),
        Case(path: "/Book/42", pattern: nil),
        Case(path: "/BOOK/42", pattern: nil),
        Case(path: "/book/42", pattern: "reader://book/<int:id>", parameters: ["id": "42"]),
        Case(path: "/shelf/Recent", pattern: "reader://shelf/Recent"),
        Case(path: "/SHELF/Recent", pattern: nil),
        Case(path: "/u@admin/wipe", pattern: nil),
    ]

    @Test("every segment of a universal link's path is matched as a path segment", .bug(id: "35", "hostile probe 4, F3"), arguments: cases)
    func pathIsAPath(_ item: Case) throws {
        let router = try Self.router()
        for source in [OpenSource.app, .external] {
            let resolved = router.resolve("https://reader.example.com" + item.path + "?from=mail", source: source)
            #expect(resolved.route?.route.pattern == item.pattern, "\(resolved)")
            #expect(resolved.route?.parameters ?? [:] == item.parameters)
        }
    }

    @Test("the handler sees the custom-scheme form: the host's position when the first segment reads as a host, an empty host when not")
    func requestURL() throws {
        let seen = Shared<[String]>([])
        let router = try Router(options: .init(origins: Self.origins)) { routes in
            routes.action("reader://:handle/profile", exposure: .external) { request in seen.withLock { $0.append(request.url) } }
        }
        #expect(router.open("https://reader.example.com/alice/profile?x=1#top", source: .external).isHandled)
        #expect(router.open("https://reader.example.com/@alice/profile?x=1#top", source: .external).isHandled)
        #expect(seen.current == ["reader://alice/profile?x=1#top", "reader:///@alice/profile?x=1#top"])
    }

    @Test("a custom-scheme URL's authority is read as before: its userinfo is still refused from outside")
    func customSchemeKeepsItsAuthority() throws {
        let router = try Self.router()
        #expect(router.open("reader://@alice/profile", source: .external) == .refused(.userinfoFromOutside))
        #expect(router.open("reader://a@book/42", source: .external) == .refused(.userinfoFromOutside))
        #expect(router.resolve("reader://book:99/42", source: .external).route?.route.pattern == "reader://book/<int:id>")
        #expect(router.open("https://user@reader.example.com/book/42", source: .external) == .refused(.userinfoFromOutside))
    }

    @Test("with case-insensitive paths, a universal link's literals fold as the custom scheme's do, and its values keep their case")
    func caseInsensitivePaths() throws {
        let router = try Self.router(caseInsensitivePaths: true)
        #expect(router.resolve("https://reader.example.com/BOOK/42", source: .external).route?.parameters == ["id": "42"])
        #expect(router.resolve("https://reader.example.com/SHELF/recent", source: .external).route?.route.pattern
                == "reader://shelf/Recent")
        #expect(router.resolve("https://reader.example.com/Alice/profile", source: .external).route?.parameters
                == ["handle": "Alice"])
    }

    @Test("the trailing-dot form of a declared host is that host, read as external", .bug(id: "35", "hostile probe 4, F13"))
    func trailingDot() throws {
        let reached = Shared<[String]>([])
        let router = try Router(options: .init(origins: Self.origins)) { routes in
            routes.action("reader://book/<int:id>", exposure: .external) { request in reached.withLock { $0.append(request.url) } }
            routes.action(":scheme://:host/secret/**") { _ in reached.withLock { $0.append("INTERNAL") } }
            routes.action("https://reader.example.com./https-internal") { _ in reached.withLock { $0.append("INTERNAL") } }
        }
        for source in [OpenSource.app, .external] {
            let result = router.open("https://reader.example.com./book/42", source: source)
            #expect(result.route?.pattern == "reader://book/<int:id>", "\(result)")
            #expect(router.open("https://READER.example.com.:443/secret/x", source: source) == .unmatched)
            #expect(router.open("https://reader.example.com./https-internal", source: source) == .unmatched)
        }
        #expect(reached.current == ["reader://book/42", "reader://book/42"])
        // Declared with the dot, the host is the same one.
        let dotted = try Router(options: .init(origins: [.scheme("reader"), .universalLink(host: "reader.example.com.")])) { routes in
            routes.action("reader://book/<int:id>", exposure: .external) { _ in }
        }
        #expect(dotted.resolve("https://reader.example.com/book/1").route != nil)
        #expect(try dotted.universalLink(for: "reader://book/1") == "https://reader.example.com/book/1")
    }
}
