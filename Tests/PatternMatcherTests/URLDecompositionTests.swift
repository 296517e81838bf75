import PatternMatcher
import Testing

/// Matching rules: URL to route key: how a URL string becomes a route key, read through ``ParsedURL``.
@Suite("URL decomposition (Matching rules: URL to route key)")
struct URLDecompositionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let url: String
        var scheme: String? = nil
        var userinfo: String? = nil
        var host: String? = nil
        var port: String? = nil
        var path: String = ""
        var key: [String]
        var query: String? = nil
        var fragment: String? = nil
        var why: String

        var testDescription: String { "\(url.debugDescription): \(why)" }
    }

    static let schemes: [Case] = [
        Case(url: "reader://book/42", scheme: "reader", host: "book", path: "/42", key: ["reader", "book", "42"],
             why: "scheme, host and path"),
        Case(url: "READER://Book/42/", scheme: "reader", host: "book", path: "/42/", key: ["reader", "book", "42"],
             why: "scheme and host are lowercased, the path is not; a trailing slash changes nothing"),
        Case(url: "a+b-c.d9:x", scheme: "a+b-c.d9", path: "x", key: ["a+b-c.d9", "x"],
             why: "a scheme may hold letters, digits, '+', '-' and '.'"),
        Case(url: "X+1:", scheme: "x+1", key: ["x+1"], why: "a scheme alone"),
        Case(url: "1abc:x", path: "1abc:x", key: ["1abc:x"], why: "a scheme starts with a letter"),
        Case(url: "+a:x", path: "+a:x", key: ["+a:x"], why: "a scheme starts with a letter, not '+'"),
        Case(url: "ab_c:x", path: "ab_c:x", key: ["ab_c:x"], why: "'_' is not a scheme character"),
        Case(url: "é:x", path: "é:x", key: ["é:x"], why: "a scheme is ASCII"),
        Case(url: ":x", path: ":x", key: [":x"], why: "an empty scheme is no scheme"),
        Case(url: "/a:b", path: "/a:b", key: ["a:b"], why: "a ':' after a '/' is data"),
        Case(url: "a/b:c", path: "a/b:c", key: ["a", "b:c"], why: "a ':' after a '/' is data, even without a leading slash"),
        Case(url: "a?b:c", path: "a", key: ["a"], query: "b:c", why: "a ':' after '?' is query data"),
        Case(url: "a#b:c", path: "a", key: ["a"], fragment: "b:c", why: "a ':' after '#' is fragment data"),
        Case(url: "C:\\x", scheme: "c", path: "\\x", key: ["c", "\\x"], why: "a one-letter scheme is a scheme"),
        Case(url: "search_top_bar", path: "search_top_bar", key: ["search_top_bar"], why: "a bare name is a path"),
        Case(url: "user/1", path: "user/1", key: ["user", "1"], why: "a relative path"),
        Case(url: "/user/1", path: "/user/1", key: ["user", "1"], why: "an absolute path"),
        Case(url: "//host/x", path: "//host/x", key: ["host", "x"],
             why: "without a scheme there is no authority: '//host' is path"),
        Case(url: "", key: [], why: "the empty URL has an empty key"),
    ]

    static let authorities: [Case] = [
        Case(url: "reader://u:p@Host:8080/x", scheme: "reader", userinfo: "u:p", host: "host", port: "8080",
             path: "/x", key: ["reader", "host", "x"], why: "userinfo and port are split off"),
        Case(url: "reader://trusted.com@evil.com/p", scheme: "reader", userinfo: "trusted.com", host: "evil.com",
             path: "/p", key: ["reader", "evil.com", "p"], why: "the host follows the '@'"),
        Case(url: "reader://a@b@c/x", scheme: "reader", userinfo: "a@b", host: "c", path: "/x",
             key: ["reader", "c", "x"], why: "split at the last '@'"),
        Case(url: "reader://a:b:c/x", scheme: "reader", host: "a", port: "b:c", path: "/x", key: ["reader", "a", "x"],
             why: "split at the first ':'"),
        Case(url: "reader://[::1]:80/x", scheme: "reader", host: "[::1]", port: "80", path: "/x",
             key: ["reader", "[::1]", "x"], why: "a ':' inside an IP literal is not a port"),
        Case(url: "reader://[::1]/x", scheme: "reader", host: "[::1]", path: "/x", key: ["reader", "[::1]", "x"],
             why: "an IP literal without a port"),
        Case(url: "reader://u@[FE80::1%25EN0]:8/x", scheme: "reader", userinfo: "u", host: "[fe80::1%en0]", port: "8",
             path: "/x", key: ["reader", "[fe80::1%en0]", "x"], why: "an IP literal is decoded and lowercased"),
        Case(url: "reader://:80/x", scheme: "reader", port: "80", path: "/x", key: ["reader", "x"],
             why: "a port without a host: the host is empty"),
        Case(url: "reader://host:/x", scheme: "reader", host: "host", port: "", path: "/x", key: ["reader", "host", "x"],
             why: "an empty port"),
        Case(url: "reader://@host/x", scheme: "reader", userinfo: "", host: "host", path: "/x", key: ["reader", "host", "x"],
             why: "empty userinfo"),
        Case(url: "reader://B%6Fok/1", scheme: "reader", host: "book", path: "/1", key: ["reader", "book", "1"],
             why: "the host is percent-decoded, then lowercased"),
        Case(url: "reader://a%2Fb/c", scheme: "reader", host: "a/b", path: "/c", key: ["reader", "a/b", "c"],
             why: "an escaped '/' stays in the host"),
        Case(url: "reader://h%40x/c", scheme: "reader", host: "h@x", path: "/c", key: ["reader", "h@x", "c"],
             why: "an escaped '@' is not userinfo"),
        Case(url: "reader://host?x=1", scheme: "reader", host: "host", key: ["reader", "host"], query: "x=1",
             why: "the authority ends at '?'"),
        Case(url: "reader://host#f", scheme: "reader", host: "host", key: ["reader", "host"], fragment: "f",
             why: "the authority ends at '#'"),
        Case(url: "reader://user@host/a@b:c", scheme: "reader", userinfo: "user", host: "host", path: "/a@b:c",
             key: ["reader", "host", "a@b:c"], why: "'@' and ':' in the path are data"),
        Case(url: "reader://host?next=a@b:1", scheme: "reader", host: "host", key: ["reader", "host"], query: "next=a@b:1",
             why: "'@' and ':' in the query do not reach back into the authority"),
        Case(url: "reader:///book/42", scheme: "reader", path: "/book/42", key: ["reader", "book", "42"],
             why: "an empty authority: the same key as reader://book/42"),
        Case(url: "reader://", scheme: "reader", key: ["reader"], why: "a scheme and an empty authority"),
        Case(url: "reader://web?url=https://x.com/a?b=1", scheme: "reader", host: "web", key: ["reader", "web"],
             query: "url=https://x.com/a?b=1", why: "a URL inside the query is query data"),
    ]

    static let opaque: [Case] = [
        Case(url: "app-settings:", scheme: "app-settings", key: ["app-settings"], why: "a scheme alone"),
        Case(url: "mailto:a@b.c", scheme: "mailto", path: "a@b.c", key: ["mailto", "a@b.c"],
             why: "no '//': no authority, and '@' is path data"),
        Case(url: "app:/x", scheme: "app", path: "/x", key: ["app", "x"], why: "one slash is no authority"),
        Case(url: "app:x:y", scheme: "app", path: "x:y", key: ["app", "x:y"], why: "only the first ':' ends the scheme"),
        Case(url: "urn:isbn:0451450523", scheme: "urn", path: "isbn:0451450523", key: ["urn", "isbn:0451450523"],
             why: "a URN"),
        Case(url: "app:?q=1#f", scheme: "app", key: ["app"], query: "q=1", fragment: "f", why: "query and fragment"),
    ]

    static let paths: [Case] = [
        Case(url: "reader://book//42", scheme: "reader", host: "book", path: "//42", key: ["reader", "book", "42"],
             why: "empty segments are dropped"),
        Case(url: "/a/./../b", path: "/a/./../b", key: ["a", ".", "..", "b"], why: "'.' and '..' are data"),
        Case(url: "/files/a%2Fb/c", path: "/files/a%2Fb/c", key: ["files", "a/b", "c"],
             why: "%2F decodes inside its segment"),
        Case(url: "/%252F", path: "/%252F", key: ["%2F"], why: "decoded exactly once"),
        Case(url: "/a+b", path: "/a+b", key: ["a+b"], why: "'+' in a path is a plus"),
        Case(url: "/caf%C3%A9/%e2%9c%93", path: "/caf%C3%A9/%e2%9c%93", key: ["café", "✓"],
             why: "escapes in either case decode to UTF-8"),
        Case(url: "/cafe%CC%81", path: "/cafe%CC%81", key: ["cafe\u{301}"], why: "NFD stays NFD"),
        Case(url: "/%00", path: "/%00", key: ["\u{0}"], why: "NUL is a byte like any other"),
        Case(url: "/a?b/c#d/e", path: "/a", key: ["a"], query: "b/c", fragment: "d/e", why: "the path ends at the first '?'"),
        Case(url: "/a#b?c", path: "/a", key: ["a"], fragment: "b?c", why: "a '?' after '#' belongs to the fragment"),
        Case(url: "?x", key: [], query: "x", why: "a query alone"),
    ]

    @Test("scheme detection", arguments: schemes)
    func scheme(_ check: Case) throws { try verify(check) }

    @Test("authority: userinfo, host, port, IP literals", arguments: authorities)
    func authority(_ check: Case) throws { try verify(check) }

    @Test("opaque URLs", arguments: opaque)
    func opaqueURL(_ check: Case) throws { try verify(check) }

    @Test("path segments", arguments: paths)
    func path(_ check: Case) throws { try verify(check) }

    private func verify(_ check: Case) throws {
        let url = try ParsedURL(check.url)
        #expect(url.scheme == check.scheme)
        #expect(url.userinfo.map(String.init) == check.userinfo)
        #expect(url.host == check.host)
        #expect(url.port.map(String.init) == check.port)
        #expect(String(url.path) == check.path)
        #expect(url.routeKey.utf8Bytes == check.key.utf8Bytes, "key \(url.routeKey)")
        #expect(url.query.map(String.init) == check.query)
        #expect(url.fragment == check.fragment)
        #expect(url.hasAuthority == (check.scheme != nil && check.url.contains("://")))
    }

    struct KeyCase: Sendable, CustomTestStringConvertible {
        let routes: [String]
        let url: String
        let route: String?
        var parameters: [String: String] = [:]
        var testDescription: String { "\(url.debugDescription) → \(route ?? "no route")" }
    }

    /// The key decides the route: spellings with the same key open the same route, and a
    /// URL with a scheme never opens a route without one, nor the other way round.
    static let keyCases: [KeyCase] = [
        KeyCase(routes: ["reader://book/:id"], url: "reader://u:p@BOOK:1//42/?x#y", route: "reader://book/:id",
                parameters: ["id": "42"]),
        KeyCase(routes: ["reader:///book/:id"], url: "reader://book/42", route: "reader:///book/:id", parameters: ["id": "42"]),
        KeyCase(routes: ["reader:book/:id"], url: "reader://book/42", route: "reader:book/:id", parameters: ["id": "42"]),
        KeyCase(routes: ["reader://book/:id"], url: "reader:book/42", route: "reader://book/:id", parameters: ["id": "42"]),
        KeyCase(routes: ["/reader/book/:id"], url: "reader://book/42", route: nil),
        KeyCase(routes: ["reader://book/:id"], url: "/reader/book/42", route: nil),
        KeyCase(routes: ["reader://book/:id"], url: "reader/book/42", route: nil),
        KeyCase(routes: ["reader:///Book/:id"], url: "reader://Book/1", route: nil),
        KeyCase(routes: ["reader:///Book/:id"], url: "reader:///Book/1", route: "reader:///Book/:id", parameters: ["id": "1"]),
        KeyCase(routes: ["reader://:host/x"], url: "reader://EXAMPLE.com:80/x", route: "reader://:host/x",
                parameters: ["host": "example.com"]),
        KeyCase(routes: ["reader://:host/x"], url: "reader://%45x/x", route: "reader://:host/x", parameters: ["host": "ex"]),
        KeyCase(routes: ["reader://[::1]/x"], url: "reader://u@[::1]:8080/x", route: "reader://[::1]/x"),
        KeyCase(routes: ["reader://[::1]/x"], url: "reader://%5B::1%5D/x", route: nil),
        KeyCase(routes: ["reader://a%3Ab/x"], url: "reader://A%3ab/x", route: "reader://a%3Ab/x"),
        KeyCase(routes: ["reader://a%3Ab/x"], url: "reader://a:b/x", route: nil),
        KeyCase(routes: ["*://*/x"], url: "reader://:80/x", route: nil),
        KeyCase(routes: ["*://x"], url: "reader://:80/x", route: "*://x"),
        KeyCase(routes: ["/files/:name/raw"], url: "/files/a%2Fraw", route: nil),
        KeyCase(routes: ["/tag/cafe\u{301}"], url: "/tag/caf%C3%A9", route: nil),
        KeyCase(routes: ["/tag/cafe\u{301}"], url: "/tag/cafe%CC%81", route: "/tag/cafe\u{301}"),
        KeyCase(routes: ["/:a/:b"], url: "/./..", route: "/:a/:b", parameters: ["a": ".", "b": ".."]),
        KeyCase(routes: ["app-settings:"], url: "APP-SETTINGS://", route: "app-settings:"),
        KeyCase(routes: ["**"], url: "", route: "**"),
        KeyCase(routes: ["**"], url: "x:y", route: nil),
    ]

    @Test("same key, same route", arguments: keyCases)
    func keys(_ check: KeyCase) throws {
        let table = try makeTable(check.routes)
        let expected: Outcome = check.route.map { .match($0, check.parameters) } ?? .notFound
        #expect(table.match(check.url).outcome == expected)
    }

    @Test("userinfo is reported, never matched (exposure rules)")
    func userinfo() throws {
        let table = try makeTable(["reader://evil.com/p", "reader://trusted.com/p"])
        let withUserinfo = try #require(table.match("reader://trusted.com@evil.com/p").match)
        #expect(withUserinfo.pattern == "reader://evil.com/p")
        #expect(withUserinfo.hasUserinfo)
        #expect(table.match("reader://trusted.com/p").match?.hasUserinfo == false)
        #expect(table.match("reader://@trusted.com/p").match?.hasUserinfo == true)
    }

    @Test("a match keeps the URL as given")
    func originalURL() throws {
        let table = try makeTable(["/a/:x"])
        let url = "/a/%41?q#f"
        #expect(table.match(url).match?.url == url)
        #expect(try ParsedURL(url).string == url)
    }
}
