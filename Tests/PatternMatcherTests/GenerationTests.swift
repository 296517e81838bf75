import PatternMatcher
import Testing

/// Matching rules: generating URLs: `url(for:parameters:)` writes the scheme, then the segments joined by `/`,
/// escaping every byte outside RFC 3986 `pchar` as uppercase `%XX`.
@Suite("URL generation (Matching rules: generating URLs)")
struct GenerationTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let pattern: String
        let parameters: [String: String]
        let url: String
        let why: String
        var testDescription: String { "\(pattern) → \(url): \(why)" }
    }

    static let generated: [Case] = [
        Case(pattern: "reader://book/:id", parameters: ["id": "42"], url: "reader://book/42", why: "scheme://"),
        Case(pattern: "READER://Book/X", parameters: [:], url: "reader://book/X", why: "scheme and host as matched, lowercase"),
        Case(pattern: "/book/:id", parameters: ["id": "42"], url: "/book/42", why: "a leading slash is kept"),
        Case(pattern: "book/:id", parameters: ["id": "42"], url: "book/42", why: "and not added"),
        Case(pattern: "//a//b/", parameters: [:], url: "/a/b", why: "empty segments are not written"),
        Case(pattern: "reader://web/**path", parameters: ["path": "/https:/x"], url: "reader://web/%2Fhttps:/x",
             why: "a catch-all's leading '/' is escaped, so it reads back"),
        Case(pattern: "/a/**rest", parameters: ["rest": "//b/"], url: "/a/%2F/b/", why: "only the first '/' is escaped"),
        Case(pattern: "app-settings:", parameters: [:], url: "app-settings:", why: "an opaque scheme alone"),
        Case(pattern: "app:/x/:y", parameters: ["y": "7"], url: "app:x/7", why: "an opaque pattern: scheme:"),
        Case(pattern: "reader://", parameters: [:], url: "reader://", why: "an empty authority alone"),
        Case(pattern: "reader:///book/:id", parameters: ["id": "AB"], url: "reader:///book/AB",
             why: "an empty authority stays empty, so the first segment is not read as a host"),
        Case(pattern: "reader://:host/a", parameters: ["host": "h.example"], url: "reader://h.example/a", why: "a host value"),
        Case(pattern: "reader://:host/a", parameters: ["host": "a:b@c"], url: "reader://a%3Ab%40c/a",
             why: "':' and '@' in a host would read as a port or userinfo"),
        Case(pattern: ":v", parameters: ["v": "a:b"], url: "a%3Ab", why: "a ':' first in a scheme-less URL would read as a scheme"),
        Case(pattern: "/p/:v", parameters: ["v": "a:b@c"], url: "/p/a:b@c", why: "':' and '@' are pchar elsewhere"),
        Case(pattern: "/p/:v", parameters: ["v": "!$&'()*+,;=:@-._~"], url: "/p/!$&'()*+,;=:@-._~",
             why: "unreserved and sub-delims stay"),
        Case(pattern: "/p/:v", parameters: ["v": " \"#%/<>?[\\]^`{|}"], url: "/p/%20%22%23%25%2F%3C%3E%3F%5B%5C%5D%5E%60%7B%7C%7D",
             why: "everything else is escaped, uppercase"),
        Case(pattern: "/p/:v", parameters: ["v": "\u{0}\u{1F}\u{7F}"], url: "/p/%00%1F%7F", why: "control bytes"),
        Case(pattern: "/p/:v", parameters: ["v": "é家👍"], url: "/p/%C3%A9%E5%AE%B6%F0%9F%91%8D", why: "UTF-8 bytes"),
        Case(pattern: "/p/%2F/x%20y", parameters: [:], url: "/p/%2F/x%20y", why: "literals are escaped as well"),
        Case(pattern: "/static/**", parameters: [:], url: "/static", why: "an anonymous catch-all adds nothing"),
        Case(pattern: "reader://web/**url", parameters: ["url": ""], url: "reader://web", why: "an empty catch-all adds nothing"),
        Case(pattern: "reader://web/**url", parameters: ["url": "a//b/"], url: "reader://web/a//b/", why: "a catch-all keeps its '/'"),
        Case(pattern: "reader://web/**url", parameters: ["url": "https://x.com/a?b#c"], url: "reader://web/https://x.com/a%3Fb%23c",
             why: "but not '?' or '#'"),
        Case(pattern: "/**rest", parameters: ["rest": ""], url: "/", why: "an empty catch-all keeps the leading slash"),
        Case(pattern: "**rest", parameters: ["rest": "a:b/c"], url: "a%3Ab/c", why: "a leading catch-all is escaped like a first segment"),
        Case(pattern: "reader://**rest", parameters: ["rest": "h:1/a:b"], url: "reader://h%3A1/a:b",
             why: "at the host, only the host part is escaped strictly"),
        Case(pattern: ":s://x", parameters: ["s": "a+b.c-d9"], url: "a+b.c-d9://x", why: "a scheme value"),
        Case(pattern: "/n/<int:n>/<double:d>/<uuid:u>", parameters: ["n": "-9223372036854775808", "d": "1e308",
                                                                     "u": "123E4567-E89B-12D3-A456-426614174000"],
             url: "/n/-9223372036854775808/1e308/123E4567-E89B-12D3-A456-426614174000", why: "typed values"),
    ]

    @Test("generated URLs", arguments: generated)
    func generates(_ check: Case) throws {
        let table = try makeTable([check.pattern])
        #expect(try table.url(for: check.pattern, parameters: check.parameters) == check.url)
        #expect(try RoutePattern(check.pattern).url(parameters: check.parameters) == check.url)
        #expect(table.match(check.url).outcome == .match(check.pattern, check.parameters), "and it matches back")
    }

    struct ErrorCase: Sendable, CustomTestStringConvertible {
        let pattern: String
        let parameters: [String: String]
        let error: GenerationError
        var testDescription: String { "\(pattern) with \(parameters)" }
    }

    static let errors: [ErrorCase] = [
        ErrorCase(pattern: "/a/:x", parameters: [:], error: .missingParameter("x", pattern: "/a/:x")),
        ErrorCase(pattern: "/a/**rest", parameters: [:], error: .missingParameter("rest", pattern: "/a/**rest")),
        ErrorCase(pattern: "/a/:x", parameters: ["x": ""], error: .emptyValue("x", pattern: "/a/:x")),
        ErrorCase(pattern: "reader://:h/x", parameters: ["h": ""], error: .emptyValue("h", pattern: "reader://:h/x")),
        ErrorCase(pattern: ":s://x", parameters: ["s": ""], error: .emptyValue("s", pattern: ":s://x")),
        ErrorCase(pattern: "/a/<int:n>", parameters: ["n": "1.5"],
                  error: .rejectedValue("n", value: "1.5", reason: "not a valid 'int'", pattern: "/a/<int:n>")),
        ErrorCase(pattern: "/a/<int:n>", parameters: ["n": "9223372036854775808"],
                  error: .rejectedValue("n", value: "9223372036854775808", reason: "not a valid 'int'", pattern: "/a/<int:n>")),
        ErrorCase(pattern: "/a/<double:d>", parameters: ["d": "1e309"],
                  error: .rejectedValue("d", value: "1e309", reason: "not a valid 'double'", pattern: "/a/<double:d>")),
        ErrorCase(pattern: "/a/<uuid:u>", parameters: ["u": "x"],
                  error: .rejectedValue("u", value: "x", reason: "not a valid 'uuid'", pattern: "/a/<uuid:u>")),
        ErrorCase(pattern: "reader://**rest", parameters: ["rest": "/b"], error: .rejectedValue(
            "rest", value: "/b", reason: "a catch-all value at the host cannot start with '/': a URL's host is not empty there",
            pattern: "reader://**rest")),
        ErrorCase(pattern: "reader://:h/x", parameters: ["h": "Host"], error: .rejectedValue(
            "h", value: "Host", reason: "a host is matched lowercased, so its value cannot hold capital letters",
            pattern: "reader://:h/x")),
        ErrorCase(pattern: ":s://x", parameters: ["s": "Zed"], error: .rejectedValue(
            "s", value: "Zed", reason: "a scheme is a lowercase letter followed by letters, digits, '+', '-' or '.'",
            pattern: ":s://x")),
        ErrorCase(pattern: ":s://x", parameters: ["s": "1a"], error: .rejectedValue(
            "s", value: "1a", reason: "a scheme is a lowercase letter followed by letters, digits, '+', '-' or '.'",
            pattern: ":s://x")),
        ErrorCase(pattern: ":s://x", parameters: ["s": "a_b"], error: .rejectedValue(
            "s", value: "a_b", reason: "a scheme is a lowercase letter followed by letters, digits, '+', '-' or '.'",
            pattern: ":s://x")),
        ErrorCase(pattern: "/a/*/b", parameters: [:], error: .anonymousWildcard(column: 4, pattern: "/a/*/b")),
        ErrorCase(pattern: "/a/~", parameters: [:], error: .anonymousWildcard(column: 4, pattern: "/a/~")),
        ErrorCase(pattern: "*://x", parameters: [:], error: .anonymousWildcard(column: 1, pattern: "*://x")),
        ErrorCase(pattern: "reader://*/:x", parameters: ["x": "1"], error: .anonymousWildcard(column: 10, pattern: "reader://*/:x")),
    ]

    @Test("refused parameter sets", arguments: errors)
    func refuses(_ check: ErrorCase) throws {
        let table = try makeTable([check.pattern])
        #expect(throws: check.error) { try table.url(for: check.pattern, parameters: check.parameters) }
    }

    @Test("errors name the parameter and read as sentences")
    func errorDescriptions() {
        #expect(GenerationError.missingParameter("x", pattern: "/a/:x").description == "no value for parameter 'x' of '/a/:x'")
        #expect(GenerationError.missingParameter("x", pattern: "/a/:x").parameterName == "x")
        #expect(GenerationError.emptyValue("x", pattern: "/a/:x").description
            == "parameter 'x' of '/a/:x' stands for one segment and cannot be empty")
        #expect(GenerationError.rejectedValue("n", value: "x", reason: "not a valid 'int'", pattern: "/<int:n>").description
            == "value 'x' for parameter 'n' of '/<int:n>' is rejected: not a valid 'int'")
        #expect(GenerationError.anonymousWildcard(column: 4, pattern: "/a/*").description
            == "'/a/*' has an anonymous '*' at column 4, which cannot be generated")
        #expect(GenerationError.anonymousWildcard(column: 4, pattern: "/a/*").parameterName == nil)
        #expect(GenerationError.unknownRoute("/nope").description == "no route '/nope' is registered")
    }

    @Test("only registered patterns, spelled as registered")
    func unknownRoute() throws {
        let table = try makeTable(["/a/:x", "reader://book/:id"])
        #expect(throws: GenerationError.unknownRoute("/nope")) { try table.url(for: "/nope", parameters: [:]) }
        #expect(throws: GenerationError.unknownRoute("/a/:y")) { try table.url(for: "/a/:y", parameters: ["y": "1"]) }
        #expect(throws: GenerationError.unknownRoute("READER://book/:id")) {
            try table.url(for: "READER://book/:id", parameters: ["id": "1"])
        }
        #expect(throws: GenerationError.unknownRoute("/a/:x?")) { try table.url(for: "/a/:x?", parameters: ["x": "1"]) }
        #expect(try table.url(for: "/a/:x", parameters: ["x": "1"]) == "/a/1")
    }

    @Test("positional values fill the named parameters in pattern order")
    func positionalValues() throws {
        var builder = RouteTableBuilder<Int>()
        builder.add("reader://user/:id/*/book/<int:book>/**rest", value: 0)
        let table = try builder.build()
        let pattern = "reader://user/:id/*/book/<int:book>/**rest"
        // The anonymous `*` takes no value, so three values fill id, book and rest.
        #expect(throws: GenerationError.anonymousWildcard(column: 19, pattern: pattern)) {
            try table.url(for: pattern, values: ["7", "42", "a/b"])
        }
        var named = RouteTableBuilder<Int>()
        named.add("reader://user/:id/book/<int:book>/**rest", value: 0)
        let namedTable = try named.build()
        let namedPattern = "reader://user/:id/book/<int:book>/**rest"
        #expect(try namedTable.url(for: namedPattern, values: ["7 8", "42", "a/b"]) == "reader://user/7%208/book/42/a/b")
        #expect(throws: GenerationError.tooManyValues(4, expected: 3, pattern: namedPattern)) {
            try namedTable.url(for: namedPattern, values: ["7", "42", "a", "extra"])
        }
        #expect(throws: GenerationError.missingParameter("rest", pattern: namedPattern)) {
            try namedTable.url(for: namedPattern, values: ["7", "42"])
        }
        #expect(throws: GenerationError.unknownRoute("reader://user/:id")) {
            try namedTable.url(for: "reader://user/:id", values: ["7"])
        }
    }
}
