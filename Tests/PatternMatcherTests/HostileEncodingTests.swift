@_spi(Testing) import PatternMatcher
import Testing

/// One URL and what it must give: a route with parameters, no route, or a malformed report.
struct HostileEncodingCase: Sendable, CustomTestStringConvertible {
    enum Expected: Sendable, Equatable {
        case route(String, [String: String])
        case none
        case malformed(MalformedURLError.Reason)
    }

    var url: String
    var expected: Expected
    var source: String
    var bug: String?

    var testDescription: String { "\(url.debugDescription) — \(source)" }
}

private func check(_ row: HostileEncodingCase, in table: RouteTable<String>) {
    let (result, visited) = table.matchCountingVisits(row.url)
    #expect(visited <= table.nodeCount)
    switch (result, row.expected) {
    case (.matched(let match), .route(let route, let parameters)):
        #expect(match.value == route, "\(row.source)")
        #expect(match.parameters.dictionary == parameters, "\(row.source)")
        for (name, value) in parameters {
            // Compared as bytes: Swift's String equality would call NFC and NFD equal.
            #expect(match.parameters[name].map { Array($0.utf8) } == Array(value.utf8))
        }
    case (.notFound, .none):
        break
    case (.malformed(let error), .malformed(let reason)):
        #expect(error.reason == reason, "\(error)")
        #expect(error.url == row.url)
        #expect(visited == 0, "a malformed URL is rejected before the search")
        #expect(table.matches(row.url).malformed?.reason == reason)
        #expect(Array(table.matches(row.url)).isEmpty)
        #expect(throws: MalformedURLError.self) { try ParsedURL(row.url) }
    default:
        Issue.record("got \(result), expected \(row.expected) (\(row.source))")
    }
}

@Suite("Hostile: encoding")
struct HostileEncodingTests {
    static let table: RouteTable<String> = {
        var builder = RouteTableBuilder<String>()
        for route in ["/files/:name", "/files/:name/raw", "/lit/a+b", "/plus/:v", "/admin", "/a%2Fb",
                      "reader://:host/x", "/q/**rest"] {
            builder.add(route, value: route)
        }
        return try! builder.build()
    }()

    static let cases: [HostileEncodingCase] = [
        // %2F inside a segment.
        HostileEncodingCase(url: "/files/a%2Fb", expected: .route("/files/:name", ["name": "a/b"]),
                     source: "Matching rules: URL to route key: split first, then decode", bug: "https://github.com/laravel/framework/issues/22125"),
        HostileEncodingCase(url: "/files/a%2fb", expected: .route("/files/:name", ["name": "a/b"]), source: "RFC 3986 §2.1: hex digits in either case"),
        HostileEncodingCase(url: "/files/a%2Fb/raw", expected: .route("/files/:name/raw", ["name": "a/b"]),
                     source: "Matching rules: URL to route key", bug: "https://github.com/eclipse-ee4j/jersey/issues/1439"),
        HostileEncodingCase(url: "/files/..%2Fadmin", expected: .route("/files/:name", ["name": "../admin"]),
                     source: "Matching rules: URL to route key: an encoded traversal stays one value"),
        HostileEncodingCase(url: "/a%2Fb", expected: .route("/a%2Fb", [:]), source: "Matching rules: pattern syntax: a literal with an encoded slash"),
        HostileEncodingCase(url: "/a/b", expected: .none, source: "Matching rules: URL to route key: two segments are not the literal 'a/b'"),
        HostileEncodingCase(url: "/%61dmin", expected: .route("/admin", [:]), source: "RFC 3986 §6.2.2.2: an encoded unreserved character is that character"),
        HostileEncodingCase(url: "/q/a%2Fb/c", expected: .route("/q/**rest", ["rest": "a/b/c"]), source: "Matching rules: pattern syntax: the rest decoded once"),
        // Double encoding: decoded exactly once.
        HostileEncodingCase(url: "/files/a%252Fb", expected: .route("/files/:name", ["name": "a%2Fb"]), source: "Matching rules: URL to route key"),
        HostileEncodingCase(url: "/%2561dmin", expected: .none, source: "Matching rules: URL to route key: '%2561' is '%61', never 'a'"),
        HostileEncodingCase(url: "/files/%25%32%46", expected: .route("/files/:name", ["name": "%2F"]), source: "Matching rules: URL to route key"),
        // Malformed escapes: the whole URL counts, query and fragment included.
        HostileEncodingCase(url: "/files/%", expected: .malformed(.badEscape), source: "Matching rules: URL to route key",
                     bug: "https://github.com/getsentry/sentry/pull/10963"),
        HostileEncodingCase(url: "/files/%2", expected: .malformed(.badEscape), source: "Matching rules: URL to route key"),
        HostileEncodingCase(url: "/files/%zz", expected: .malformed(.badEscape), source: "Matching rules: URL to route key"),
        HostileEncodingCase(url: "/files/%G0", expected: .malformed(.badEscape), source: "Matching rules: URL to route key"),
        HostileEncodingCase(url: "/files/%%41", expected: .malformed(.badEscape), source: "Matching rules: URL to route key"),
        HostileEncodingCase(url: "/files/x?q=%", expected: .malformed(.badEscape), source: "Matching rules: URL to route key: the query too"),
        HostileEncodingCase(url: "/files/x#%zz", expected: .malformed(.badEscape), source: "Matching rules: URL to route key: the fragment too"),
        HostileEncodingCase(url: "reader://ho%st/x", expected: .malformed(.badEscape), source: "Matching rules: URL to route key: the host too"),
        // Invalid UTF-8 after decoding.
        HostileEncodingCase(url: "/files/%C3%28", expected: .malformed(.invalidUTF8), source: "RFC 3629 §3",
                     bug: "https://github.com/LadybirdBrowser/ladybird/pull/966"),
        HostileEncodingCase(url: "/files/%FF", expected: .malformed(.invalidUTF8), source: "RFC 3629 §3"),
        HostileEncodingCase(url: "/files/%C0%AF", expected: .malformed(.invalidUTF8), source: "RFC 3629 §10: the overlong '/'"),
        HostileEncodingCase(url: "/files/%E0%80%AF", expected: .malformed(.invalidUTF8), source: "RFC 3629 §10: the overlong '/'"),
        HostileEncodingCase(url: "/files/%ED%A0%80", expected: .malformed(.invalidUTF8), source: "RFC 3629 §3: a surrogate"),
        HostileEncodingCase(url: "/files/%F4%90%80%80", expected: .malformed(.invalidUTF8), source: "RFC 3629 §3: above U+10FFFF"),
        HostileEncodingCase(url: "/files/%E2%82", expected: .malformed(.invalidUTF8), source: "RFC 3629 §3: truncated"),
        HostileEncodingCase(url: "/files/%C3/%A9", expected: .malformed(.invalidUTF8), source: "Matching rules: URL to route key: a sequence split by '/'"),
        HostileEncodingCase(url: "/files/%C3%A9", expected: .route("/files/:name", ["name": "é"]), source: "Matching rules: URL to route key: valid"),
        HostileEncodingCase(url: "/files/%C3é", expected: .malformed(.invalidUTF8), source: "Matching rules: URL to route key: raw and decoded bytes form one stream"),
        // %00 and control characters are data, and never end a segment early.
        HostileEncodingCase(url: "/files/a%00b", expected: .route("/files/:name", ["name": "a\u{0}b"]), source: "Matching rules: URL to route key",
                     bug: "https://github.com/cockpit-project/cockpit/pull/10028"),
        HostileEncodingCase(url: "/admin%00", expected: .none, source: "Matching rules: URL to route key: NUL never truncates a comparison"),
        HostileEncodingCase(url: "/admin%00/x", expected: .none, source: "Matching rules: URL to route key"),
        HostileEncodingCase(url: "/adm\u{0}in", expected: .none, source: "Matching rules: URL to route key"),
        HostileEncodingCase(url: "/files/a\u{1}\u{7F}b", expected: .route("/files/:name", ["name": "a\u{1}\u{7F}b"]), source: "Matching rules: URL to route key"),
        HostileEncodingCase(url: "/admin%0A", expected: .none, source: "Matching rules: URL to route key"),
        HostileEncodingCase(url: "/admin\n", expected: .none, source: "Matching rules: URL to route key"),
        HostileEncodingCase(url: "\n/admin", expected: .none, source: "Matching rules: URL to route key: the newline is a segment"),
        HostileEncodingCase(url: "/admin\t", expected: .none, source: "Matching rules: URL to route key"),
        HostileEncodingCase(url: " /admin", expected: .none, source: "Matching rules: URL to route key: no trimming"),
        HostileEncodingCase(url: "/files/%0D%0ASet-Cookie:x", expected: .route("/files/:name", ["name": "\r\nSet-Cookie:x"]),
                     source: "Matching rules: URL to route key: CRLF is data for the handler to treat as such"),
        // Backslashes are data (WHATWG's special-scheme '\' = '/' is not RFC 3986).
        HostileEncodingCase(url: "/files/..\\admin", expected: .route("/files/:name", ["name": "..\\admin"]), source: "RFC 3986 §3.3"),
        HostileEncodingCase(url: "\\admin", expected: .none, source: "RFC 3986 §3.3"),
        HostileEncodingCase(url: "/admin\\", expected: .none, source: "RFC 3986 §3.3"),
        HostileEncodingCase(url: "\\/admin", expected: .none, source: "RFC 3986 §3.3"),
        HostileEncodingCase(url: "/files%5Cx", expected: .none, source: "RFC 3986 §3.3"),
        HostileEncodingCase(url: "reader://evil\\@h/x", expected: .route("reader://:host/x", ["host": "h"]),
                     source: "Matching rules: URL to route key: the host follows the last '@', backslash or not"),
        // '+' is a plus in the path and a space in the query (Matching rules: URL to route key, parameters and query).
        HostileEncodingCase(url: "/lit/a+b", expected: .route("/lit/a+b", [:]), source: "Matching rules: URL to route key"),
        HostileEncodingCase(url: "/lit/a%2Bb", expected: .route("/lit/a+b", [:]), source: "Matching rules: URL to route key"),
        HostileEncodingCase(url: "/lit/a%20b", expected: .none, source: "Matching rules: URL to route key"),
        HostileEncodingCase(url: "/lit/a b", expected: .none, source: "Matching rules: URL to route key"),
        HostileEncodingCase(url: "/plus/a+b", expected: .route("/plus/:v", ["v": "a+b"]), source: "Matching rules: URL to route key"),
        // The host is decoded, then lowercased.
        HostileEncodingCase(url: "reader://%41%42/x", expected: .route("reader://:host/x", ["host": "ab"]), source: "Matching rules: URL to route key"),
        HostileEncodingCase(url: "reader://a%2Fb/x", expected: .route("reader://:host/x", ["host": "a/b"]), source: "Matching rules: URL to route key"),
        HostileEncodingCase(url: "reader://a%40b/x", expected: .route("reader://:host/x", ["host": "a@b"]),
                     source: "Matching rules: URL to route key: an encoded '@' is no userinfo"),
    ]

    @Test("escapes are decoded once, per segment, and malformed ones are reported",
          arguments: cases.filter { $0.bug == nil })
    func encoding(_ row: HostileEncodingCase) {
        check(row, in: Self.table)
    }

    @Test("encoding cases from public trackers",
          .bug("https://github.com/laravel/framework/issues/22125"),
          .bug("https://github.com/eclipse-ee4j/jersey/issues/1439"),
          .bug("https://github.com/getsentry/sentry/pull/10963"),
          .bug("https://github.com/LadybirdBrowser/ladybird/pull/966"),
          .bug("https://github.com/cockpit-project/cockpit/pull/10028"),
          arguments: cases.filter { $0.bug != nil })
    func trackerCase(_ row: HostileEncodingCase) {
        check(row, in: Self.table)
    }

    @Test("'+' in the query is a literal plus, and a space only when read as an HTML form (Matching rules: parameters and query)")
    func plusInQuery() throws {
        let url = "/plus/x?q=a+b%2B&r=%2B+&=skipped&flag"
        let match = try #require(Self.table.match(url).match)
        #expect(match.query.map { [String($0.name), String($0.value)] } == [["q", "a+b+"], ["r", "++"], ["flag", ""]])
        #expect(match.parameters["v"] == "x")
        var form = RouteTableBuilder<String>(options: MatchOptions(plusAsSpaceInQuery: true))
        form.add("/plus/:v", value: "plus")
        let formMatch = try #require(try form.build().match(url).match)
        #expect(formMatch.query.map { [String($0.name), String($0.value)] } == [["q", "a b+"], ["r", "+ "], ["flag", ""]])
    }
}

@Suite("Hostile: Unicode")
struct HostileUnicodeTests {
    static let nfc = "caf\u{E9}"
    static let nfd = "cafe\u{301}"

    static let table: RouteTable<String> = {
        var builder = RouteTableBuilder<String>()
        for route in ["/tag/\(nfc)", "/e/🦆", "/e/:x", "reader://category/家居", "reader://école/x", "/k/kelvin", "/i/i"] {
            builder.add(route, value: route)
        }
        return try! builder.build()
    }()

    static let insensitive: RouteTable<String> = {
        var builder = RouteTableBuilder<String>(options: MatchOptions(caseInsensitivePaths: true))
        for route in ["/k/kelvin", "/s/strasse", "/i/i", "/l/ſ", "/t/ǅ"] { builder.add(route, value: route) }
        return try! builder.build()
    }()

    static let cases: [HostileEncodingCase] = [
        HostileEncodingCase(url: "/tag/\(nfc)", expected: .route("/tag/\(nfc)", [:]), source: "Matching rules: URL to route key"),
        HostileEncodingCase(url: "/tag/caf%C3%A9", expected: .route("/tag/\(nfc)", [:]), source: "Matching rules: URL to route key"),
        HostileEncodingCase(url: "/tag/\(nfd)", expected: .none, source: "Matching rules: URL to route key: NFD is other bytes, though Swift's == calls them equal"),
        HostileEncodingCase(url: "/tag/cafe%CC%81", expected: .none, source: "Matching rules: URL to route key"),
        HostileEncodingCase(url: "/e/\(nfd)", expected: .route("/e/:x", ["x": nfd]), source: "Matching rules: URL to route key: values keep their bytes"),
        HostileEncodingCase(url: "/e/🦆", expected: .route("/e/🦆", [:]), source: "Matching rules: URL to route key: astral literal"),
        HostileEncodingCase(url: "/e/%F0%9F%A6%86", expected: .route("/e/🦆", [:]), source: "Matching rules: URL to route key"),
        HostileEncodingCase(url: "/e/%f0%9f%a6%86", expected: .route("/e/🦆", [:]), source: "RFC 3986 §2.1"),
        HostileEncodingCase(url: "/e/🦆🦆", expected: .route("/e/:x", ["x": "🦆🦆"]), source: "Matching rules: which route wins: no prefix matching"),
        HostileEncodingCase(url: "/e/👍🏽", expected: .route("/e/:x", ["x": "👍🏽"]), source: "emoji with a skin-tone modifier"),
        HostileEncodingCase(url: "/e/🏳️‍🌈", expected: .route("/e/:x", ["x": "🏳️‍🌈"]), source: "a ZWJ sequence"),
        HostileEncodingCase(url: "/e/\u{10FFFF}", expected: .route("/e/:x", ["x": "\u{10FFFF}"]), source: "the last code point"),
        HostileEncodingCase(url: "/e/𝔘𝔫𝔦", expected: .route("/e/:x", ["x": "𝔘𝔫𝔦"]), source: "astral letters"),
        HostileEncodingCase(url: "/e/\u{FEFF}", expected: .route("/e/:x", ["x": "\u{FEFF}"]), source: "a BOM is data"),
        HostileEncodingCase(url: "/e/\u{202E}nimda", expected: .route("/e/:x", ["x": "\u{202E}nimda"]), source: "a bidi override is data"),
        HostileEncodingCase(url: "/e/%F0%9F%A6", expected: .malformed(.invalidUTF8), source: "a truncated astral character"),
        HostileEncodingCase(url: "/e/%ED%A0%BD%ED%B2%A9", expected: .malformed(.invalidUTF8), source: "CESU-8 surrogate pair (RFC 3629 §3)"),
        HostileEncodingCase(url: "reader://category/%E5%AE%B6%E5%B1%85", expected: .route("reader://category/家居", [:]), source: "Matching rules: pattern syntax"),
        HostileEncodingCase(url: "reader://ÉCOLE/x", expected: .none, source: "Matching rules: URL to route key: the host folds ASCII letters only"),
        HostileEncodingCase(url: "reader://éCOLE/x", expected: .route("reader://école/x", [:]), source: "Matching rules: URL to route key"),
        HostileEncodingCase(url: "/k/\u{212A}elvin", expected: .none, source: "Matching rules: URL to route key: the Kelvin sign is not K"),
        HostileEncodingCase(url: "/i/\u{131}", expected: .none, source: "Matching rules: URL to route key: dotless i is not i"),
    ]

    @Test("Unicode is compared as bytes, never normalized", arguments: cases)
    func unicode(_ row: HostileEncodingCase) {
        check(row, in: Self.table)
    }

    static let foldingCases: [HostileEncodingCase] = [
        HostileEncodingCase(url: "/K/KELVIN", expected: .route("/k/kelvin", [:]), source: "Matching rules: URL to route key: ASCII letters fold"),
        HostileEncodingCase(url: "/k/\u{212A}elvin", expected: .none, source: "Matching rules: URL to route key: the Kelvin sign (U+212A) never folds to k",
                     bug: "https://github.com/swiftlang/swift/pull/16119"),
        HostileEncodingCase(url: "/k/%E2%84%AAelvin", expected: .none, source: "Matching rules: URL to route key: nor encoded"),
        HostileEncodingCase(url: "/s/STRASSE", expected: .route("/s/strasse", [:]), source: "Matching rules: URL to route key"),
        HostileEncodingCase(url: "/s/stra\u{DF}e", expected: .none, source: "Matching rules: URL to route key: ß is not ss"),
        HostileEncodingCase(url: "/s/STRA\u{1E9E}E", expected: .none, source: "Matching rules: URL to route key: ẞ is not SS"),
        HostileEncodingCase(url: "/I/I", expected: .route("/i/i", [:]), source: "Matching rules: URL to route key"),
        HostileEncodingCase(url: "/i/\u{130}", expected: .none, source: "Matching rules: URL to route key: İ does not fold (no Turkish tailoring)"),
        HostileEncodingCase(url: "/l/S", expected: .none, source: "Matching rules: URL to route key: ſ (U+017F) uppercases to S but is not s"),
        HostileEncodingCase(url: "/l/ſ", expected: .route("/l/ſ", [:]), source: "Matching rules: URL to route key"),
        HostileEncodingCase(url: "/t/ǅ", expected: .route("/t/ǅ", [:]), source: "Matching rules: URL to route key"),
        HostileEncodingCase(url: "/t/Ǆ", expected: .none, source: "Matching rules: URL to route key: titlecase digraphs do not fold"),
    ]

    @Test("the case-insensitive option folds ASCII letters only", arguments: foldingCases.filter { $0.bug == nil })
    func folding(_ row: HostileEncodingCase) {
        check(row, in: Self.insensitive)
    }

    @Test("the Kelvin sign never folds to k", .bug("https://github.com/swiftlang/swift/pull/16119"),
          arguments: foldingCases.filter { $0.bug != nil })
    func kelvin(_ row: HostileEncodingCase) {
        check(row, in: Self.insensitive)
    }

    @Test("a case-insensitive match keeps the value's case")
    func foldingKeepsValues() throws {
        var builder = RouteTableBuilder<String>(options: MatchOptions(caseInsensitivePaths: true))
        builder.add("/user/:name", value: "u")
        let table = try builder.build()
        #expect(table.match("/USER/\u{212A}ELVIN").match?.parameters["name"] == "\u{212A}ELVIN")
    }
}
