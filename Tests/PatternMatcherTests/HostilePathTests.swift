@_spi(Testing) import PatternMatcher
import Testing

/// One URL against ``HostilePathTests/routes``: the route it must open (or none) and the
/// parameters it must capture.
struct HostilePathCase: Sendable, CustomTestStringConvertible {
    var url: String
    var route: String?
    var parameters: [String: String] = [:]
    var source: String

    var testDescription: String { "'\(url)' → \(route ?? "no route") — \(source)" }
}

@Suite("Hostile: paths")
struct HostilePathTests {
    static let routes = [
        "reader://", "reader://home", "reader://admin", "reader://book/:id", "reader://book/:id/edit",
        "reader://files/**path", "/home", "/admin", "/user/:id", "/a/b", "/static/**rest", "/x/:b/:c/d",
    ]

    static let table: RouteTable<String> = {
        var builder = RouteTableBuilder<String>()
        for route in routes { builder.add(route, value: route) }
        return try! builder.build()
    }()

    static let cases: [HostilePathCase] = [
        // Empty and root.
        HostilePathCase(url: "", route: nil, source: "Matching rules: URL to route key: no scheme, no segment, and no route for it"),
        HostilePathCase(url: "/", route: nil, source: "Matching rules: URL to route key"),
        HostilePathCase(url: "//", route: nil, source: "Matching rules: URL to route key"),
        HostilePathCase(url: "reader://", route: "reader://", source: "https://github.com/devxoul/URLNavigator/pull/29"),
        HostilePathCase(url: "reader:///", route: "reader://", source: "Matching rules: URL to route key: an empty host and a lone slash change nothing"),
        HostilePathCase(url: "reader:", route: "reader://", source: "Matching rules: URL to route key: the opaque form has the same key"),
        HostilePathCase(url: "READER://", route: "reader://", source: "Matching rules: URL to route key: the scheme is lowercased"),
        HostilePathCase(url: "reader", route: nil, source: "Matching rules: URL to route key: no ':' means no scheme"),
        // Trailing and doubled slashes.
        HostilePathCase(url: "reader://home/", route: "reader://home", source: "Matching rules: URL to route key"),
        HostilePathCase(url: "reader://home//", route: "reader://home", source: "Matching rules: URL to route key"),
        HostilePathCase(url: "reader://book/42/", route: "reader://book/:id", parameters: ["id": "42"], source: "Matching rules: URL to route key"),
        HostilePathCase(url: "reader://book//42", route: "reader://book/:id", parameters: ["id": "42"], source: "Matching rules: URL to route key"),
        HostilePathCase(url: "reader:////book///42///edit//", route: "reader://book/:id/edit", parameters: ["id": "42"],
                 source: "Matching rules: URL to route key"),
        HostilePathCase(url: "//home", route: "/home", source: "https://github.com/expressjs/express/issues/3373"),
        HostilePathCase(url: "///admin///", route: "/admin", source: "https://github.com/caddyserver/caddy/issues/1859"),
        // Empty parameter values: a one-segment parameter never captures "".
        HostilePathCase(url: "/user/", route: nil, source: "https://github.com/joeldev/JLRoutes/pull/57"),
        HostilePathCase(url: "/user//", route: nil, source: "https://github.com/joeldev/JLRoutes/pull/57"),
        HostilePathCase(url: "/x///d", route: nil, source: "https://github.com/delvedor/find-my-way/issues/240"),
        HostilePathCase(url: "/x/1//2/d", route: "/x/:b/:c/d", parameters: ["b": "1", "c": "2"],
                 source: "https://github.com/delvedor/find-my-way/issues/240"),
        HostilePathCase(url: "reader://book//edit", route: "reader://book/:id", parameters: ["id": "edit"],
                 source: "Matching rules: URL to route key: empty segments are dropped before matching, so 'edit' is the id"),
        HostilePathCase(url: "/static", route: "/static/**rest", parameters: ["rest": ""], source: "Matching rules: pattern syntax: '**' takes zero or more"),
        HostilePathCase(url: "/static/", route: "/static/**rest", parameters: ["rest": ""], source: "Matching rules: pattern syntax"),
        HostilePathCase(url: "/static//a//b/", route: "/static/**rest", parameters: ["rest": "a//b/"],
                 source: "Matching rules: pattern syntax: the rest of the path as written"),
        // Dot segments are data (RFC 3986 §5.2.4's remove_dot_segments is not applied).
        HostilePathCase(url: "/user/..", route: "/user/:id", parameters: ["id": ".."], source: "Matching rules: URL to route key"),
        HostilePathCase(url: "/user/.", route: "/user/:id", parameters: ["id": "."], source: "Matching rules: URL to route key"),
        HostilePathCase(url: "/home/../admin", route: nil, source: "Matching rules: URL to route key, RFC 3986 §5.2.4"),
        HostilePathCase(url: "/./admin", route: nil, source: "Matching rules: URL to route key, RFC 3986 §5.2.4"),
        HostilePathCase(url: "/%2E%2E/admin", route: nil, source: "Matching rules: URL to route key, RFC 3986 §5.2.4"),
        HostilePathCase(url: "reader://home/../admin", route: nil, source: "Matching rules: URL to route key"),
        HostilePathCase(url: "reader://files/../../etc/passwd", route: "reader://files/**path", parameters: ["path": "../../etc/passwd"],
                 source: "Matching rules: URL to route key: handlers see the dots, nothing resolves them"),
        // A query or fragment never selects a route.
        HostilePathCase(url: "/home?next=/admin", route: "/home", source: "Matching rules: URL to route key; exposure rules"),
        HostilePathCase(url: "/home?/admin", route: "/home", source: "Matching rules: URL to route key"),
        HostilePathCase(url: "/home#/admin", route: "/home", source: "Matching rules: URL to route key"),
        HostilePathCase(url: "/home#?/admin", route: "/home", source: "Matching rules: URL to route key: the first '#' ends the path"),
        HostilePathCase(url: "/?/admin", route: nil, source: "Matching rules: URL to route key"),
        HostilePathCase(url: "reader://home?reader://admin", route: "reader://home", source: "Matching rules: URL to route key"),
        HostilePathCase(url: "reader://?admin", route: "reader://", source: "Matching rules: URL to route key: '?' ends the authority"),
        HostilePathCase(url: "reader://#admin", route: "reader://", source: "Matching rules: URL to route key: '#' ends the authority"),
        HostilePathCase(url: "/user/1?id=2", route: "/user/:id", parameters: ["id": "1"], source: "https://github.com/joeldev/JLRoutes/pull/16"),
        HostilePathCase(url: "/home;/admin", route: nil, source: "RFC 3986 §3.3: ';' is data in a segment"),
        // Prefix over-matching: a route matches the whole key or nothing.
        HostilePathCase(url: "/homeX", route: nil, source: "Matching rules: which route wins: the whole key"),
        HostilePathCase(url: "/hom", route: nil, source: "Matching rules: which route wins"),
        HostilePathCase(url: "/home/x", route: nil, source: "Matching rules: which route wins"),
        HostilePathCase(url: "/a", route: nil, source: "Matching rules: which route wins"),
        HostilePathCase(url: "/a/b/c", route: nil, source: "Matching rules: which route wins"),
        HostilePathCase(url: "/a/bc", route: nil, source: "Matching rules: which route wins"),
        HostilePathCase(url: "/staticx", route: nil, source: "Matching rules: which route wins: '**' hangs off whole segments"),
        HostilePathCase(url: "reader://homepage", route: nil, source: "Matching rules: which route wins"),
        HostilePathCase(url: "reader://adminx", route: nil, source: "Matching rules: which route wins"),
        HostilePathCase(url: "reader://admin.evil", route: nil, source: "Matching rules: which route wins"),
        HostilePathCase(url: "reader://book/42/edit/x", route: nil, source: "Matching rules: which route wins"),
        HostilePathCase(url: "home", route: "/home", source: "Matching rules: URL to route key: a leading slash changes nothing"),
        HostilePathCase(url: "reader/home", route: nil, source: "Matching rules: URL to route key: a key with a scheme never equals one without"),
        HostilePathCase(url: "reader:/home", route: "reader://home", source: "Matching rules: URL to route key"),
        // Authority parts that take no part in matching.
        HostilePathCase(url: "reader://home:8080", route: "reader://home", source: "Matching rules: URL to route key: the port is ignored"),
        HostilePathCase(url: "reader://home:", route: "reader://home", source: "Matching rules: URL to route key"),
        HostilePathCase(url: "reader://evil@home", route: "reader://home", source: "Matching rules: URL to route key: the host follows the last '@'"),
        HostilePathCase(url: "reader://home@evil", route: nil, source: "Matching rules: URL to route key: the host follows the last '@'"),
        HostilePathCase(url: "reader://a@b@home/", route: "reader://home", source: "Matching rules: URL to route key: the last '@'"),
    ]

    @Test("paths open exactly the route the key names", arguments: cases.filter { !$0.source.hasPrefix("https://") })
    func path(_ row: HostilePathCase) {
        check(row)
    }

    @Test("path cases from public trackers",
          .bug("https://github.com/devxoul/URLNavigator/pull/29"),
          .bug("https://github.com/expressjs/express/issues/3373"),
          .bug("https://github.com/caddyserver/caddy/issues/1859"),
          .bug("https://github.com/joeldev/JLRoutes/pull/57"),
          .bug("https://github.com/delvedor/find-my-way/issues/240"),
          .bug("https://github.com/joeldev/JLRoutes/pull/16"),
          arguments: cases.filter { $0.source.hasPrefix("https://") })
    func trackerCase(_ row: HostilePathCase) {
        check(row)
    }

    private func check(_ row: HostilePathCase) {
        let (result, visited) = Self.table.matchCountingVisits(row.url)
        #expect(visited <= Self.table.nodeCount)
        if case .malformed(let error) = result {
            Issue.record("unexpectedly malformed: \(error)")
            return
        }
        #expect(result.match?.value == row.route, "\(row.source)")
        if let match = result.match {
            #expect(match.parameters.dictionary == row.parameters)
            // The lazy sequence starts with the same match.
            #expect(Self.table.matches(row.url).first { _ in true }?.value == row.route)
        }
    }

    @Test("a userinfo URL is matched by the engine but flagged, for the router to refuse (exposure rules)")
    func userinfoIsFlagged() throws {
        let match = try #require(Self.table.match("reader://trusted.com@home").match)
        #expect(match.value == "reader://home" && match.hasUserinfo)
        #expect(Self.table.match("reader://home").match?.hasUserinfo == false)
    }
}
