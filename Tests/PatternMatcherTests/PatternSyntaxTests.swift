import PatternMatcher
import Testing

/// Matching rules: pattern syntax: how a pattern decomposes, and every way it can be invalid, each reported with
/// its 1-based column (in characters) and a sentence that says what is wrong.
@Suite("Pattern syntax (Matching rules: pattern syntax)")
struct PatternSyntaxTests {
    struct ValidCase: Sendable, CustomTestStringConvertible {
        let pattern: String
        let segments: [String]
        var hasScheme = false
        var hasAuthority = false
        var hasHost = false
        var hasLeadingSlash = false
        var names: [String] = []
        var testDescription: String { pattern.debugDescription }
    }

    static let valid: [ValidCase] = [
        ValidCase(pattern: "reader://book/<int:id>", segments: ["reader", "book", "<int:id>"], hasScheme: true,
                  hasAuthority: true, hasHost: true, names: ["id"]),
        ValidCase(pattern: "READER://Book/X", segments: ["reader", "book", "X"], hasScheme: true, hasAuthority: true,
                  hasHost: true),
        ValidCase(pattern: "reader://category/%E5%AE%B6%E5%B1%85", segments: ["reader", "category", "家居"],
                  hasScheme: true, hasAuthority: true, hasHost: true),
        ValidCase(pattern: "reader://B%6Fok", segments: ["reader", "book"], hasScheme: true, hasAuthority: true, hasHost: true),
        ValidCase(pattern: "reader:///Book", segments: ["reader", "Book"], hasScheme: true, hasAuthority: true),
        ValidCase(pattern: "reader://[::1]/x", segments: ["reader", "[::1]", "x"], hasScheme: true, hasAuthority: true,
                  hasHost: true),
        ValidCase(pattern: "reader://[FE80::1%25en0]", segments: ["reader", "[fe80::1%en0]"], hasScheme: true,
                  hasAuthority: true, hasHost: true),
        ValidCase(pattern: "reader://a%3Ab%40c/x", segments: ["reader", "a:b@c", "x"], hasScheme: true, hasAuthority: true,
                  hasHost: true),
        ValidCase(pattern: "reader://", segments: ["reader"], hasScheme: true, hasAuthority: true),
        ValidCase(pattern: "app-settings:", segments: ["app-settings"], hasScheme: true),
        ValidCase(pattern: "app:x/y", segments: ["app", "x", "y"], hasScheme: true),
        ValidCase(pattern: "a:b", segments: ["a", "b"], hasScheme: true),
        ValidCase(pattern: "*:", segments: ["*"], hasScheme: true),
        ValidCase(pattern: "*://*/user/:id", segments: ["*", "*", "user", ":id"], hasScheme: true, hasAuthority: true,
                  hasHost: true, names: ["id"]),
        ValidCase(pattern: ":s://echo/:v", segments: [":s", "echo", ":v"], hasScheme: true, hasAuthority: true,
                  hasHost: true, names: ["s", "v"]),
        ValidCase(pattern: "reader://:module/open", segments: ["reader", ":module", "open"], hasScheme: true,
                  hasAuthority: true, hasHost: true, names: ["module"]),
        ValidCase(pattern: "reader://**rest", segments: ["reader", "**rest"], hasScheme: true, hasAuthority: true,
                  hasHost: true, names: ["rest"]),
        ValidCase(pattern: "/a/%3Aid", segments: ["a", ":id"], hasLeadingSlash: true),
        ValidCase(pattern: "/a/%2A", segments: ["a", "*"], hasLeadingSlash: true),
        ValidCase(pattern: "/a/%2A%2A", segments: ["a", "**"], hasLeadingSlash: true),
        ValidCase(pattern: "/a/%3Cint:x%3E", segments: ["a", "<int:x>"], hasLeadingSlash: true),
        ValidCase(pattern: "/a/%7E", segments: ["a", "~"], hasLeadingSlash: true),
        ValidCase(pattern: "/a/b:c", segments: ["a", "b:c"], hasLeadingSlash: true),
        ValidCase(pattern: "/a/~x", segments: ["a", "~x"], hasLeadingSlash: true),
        ValidCase(pattern: "/a/x*", segments: ["a", "x*"], hasLeadingSlash: true),
        ValidCase(pattern: "/a/x<y>", segments: ["a", "x<y>"], hasLeadingSlash: true),
        ValidCase(pattern: "/a/~", segments: ["a", "*"], hasLeadingSlash: true),
        ValidCase(pattern: "/a/<string:s>", segments: ["a", ":s"], hasLeadingSlash: true, names: ["s"]),
        ValidCase(pattern: "/a/<uuid:u>/<double:d>", segments: ["a", "<uuid:u>", "<double:d>"], hasLeadingSlash: true,
                  names: ["u", "d"]),
        ValidCase(pattern: "/a/:_x9/**Rest_1", segments: ["a", ":_x9", "**Rest_1"], hasLeadingSlash: true,
                  names: ["_x9", "Rest_1"]),
        ValidCase(pattern: "//a//b//", segments: ["a", "b"], hasLeadingSlash: true),
        ValidCase(pattern: "a/b", segments: ["a", "b"]),
        ValidCase(pattern: "**", segments: ["**"]),
        ValidCase(pattern: "/a+b/c d", segments: ["a+b", "c d"], hasLeadingSlash: true),
        ValidCase(pattern: "/a/%7Bid%7D", segments: ["a", "{id}"], hasLeadingSlash: true),
        ValidCase(pattern: "/a/x{id}", segments: ["a", "x{id}"], hasLeadingSlash: true),
        ValidCase(pattern: "/a/%20c", segments: ["a", " c"], hasLeadingSlash: true),
    ]

    @Test("valid patterns decompose like URLs", arguments: valid)
    func decomposes(_ check: ValidCase) throws {
        let pattern = try RoutePattern(check.pattern)
        #expect(pattern.segments.map(\.description) == check.segments)
        #expect(pattern.hasScheme == check.hasScheme)
        #expect(pattern.hasAuthority == check.hasAuthority)
        #expect(pattern.hasHost == check.hasHost)
        #expect(pattern.hasLeadingSlash == check.hasLeadingSlash)
        #expect(pattern.parameterNames == check.names)
        #expect(pattern.text == check.pattern && pattern.description == check.pattern)
    }

    @Test("segment kinds")
    func kinds() throws {
        let pattern = try RoutePattern("/%3Aid/:id/<int:n>/*/~/**rest")
        let segments = pattern.segments
        #expect(segments.map(\.literal) == [":id", nil, nil, nil, nil, nil])
        #expect(segments.map(\.parameterName) == [nil, "id", "n", nil, nil, "rest"])
        #expect(segments.map(\.converterName) == [nil, nil, "int", nil, nil, nil])
        #expect(segments.map(\.isWildcard) == [false, false, false, true, true, false])
        #expect(segments.map(\.isCatchAll) == [false, false, false, false, false, true])
        #expect(segments.map(\.column) == [2, 8, 12, 20, 22, 24])
        #expect(pattern.isCatchAll)
    }

    struct InvalidCase: Sendable, CustomTestStringConvertible {
        let pattern: String
        let column: Int
        let message: String
        var testDescription: String { "\(pattern.debugDescription) at column \(column)" }
    }

    static let noSegment = "a pattern needs a scheme or a segment (use '**' to match every path)"
    static let queryOrFragment = "a pattern cannot hold a query or a fragment"
    static let badEscape = "'%' must be followed by two hexadecimal digits"
    static let badUTF8 = "percent-decoded bytes are not valid UTF-8"
    static let unknownConverter = "is not a known converter (built in: int, double, uuid, string)"

    static let invalid: [InvalidCase] = [
        InvalidCase(pattern: "", column: 1, message: noSegment),
        InvalidCase(pattern: "/", column: 1, message: noSegment),
        InvalidCase(pattern: "///", column: 1, message: noSegment),
        InvalidCase(pattern: "/a/*x", column: 4, message: "a segment starting with '*' must be '*', '**' or '**name', not '*x'"),
        InvalidCase(pattern: "/a/***", column: 4, message: "'*' is not a parameter name ([A-Za-z_][A-Za-z0-9_]*)"),
        InvalidCase(pattern: "/a/**-x", column: 4, message: "'-x' is not a parameter name ([A-Za-z_][A-Za-z0-9_]*)"),
        InvalidCase(pattern: "*x://a", column: 1, message: "a segment starting with '*' must be '*', '**' or '**name', not '*x:'"),
        InvalidCase(pattern: "/a/:", column: 4, message: "a parameter name is empty"),
        InvalidCase(pattern: "/a/:1x", column: 4, message: "'1x' is not a parameter name ([A-Za-z_][A-Za-z0-9_]*)"),
        InvalidCase(pattern: "/a/:x-y", column: 4, message: "'x-y' is not a parameter name ([A-Za-z_][A-Za-z0-9_]*)"),
        InvalidCase(pattern: "/a/:é", column: 4, message: "'é' is not a parameter name ([A-Za-z_][A-Za-z0-9_]*)"),
        InvalidCase(pattern: ":1s://x", column: 1, message: "'1s:' is not a parameter name ([A-Za-z_][A-Za-z0-9_]*)"),
        InvalidCase(pattern: "/a/:id/:id", column: 8, message: "parameter name 'id' is used twice"),
        InvalidCase(pattern: "/a/:id/**id", column: 8, message: "parameter name 'id' is used twice"),
        InvalidCase(pattern: "/<int:id>/<uuid:id>", column: 11, message: "parameter name 'id' is used twice"),
        InvalidCase(pattern: ":s://x/:s", column: 8, message: "parameter name 's' is used twice"),
        InvalidCase(pattern: "/a/**/b", column: 4, message: "'**' must be the last segment"),
        InvalidCase(pattern: "/a/**rest/b", column: 4, message: "'**rest' must be the last segment"),
        InvalidCase(pattern: "**/a", column: 1, message: "'**' must be the last segment"),
        InvalidCase(pattern: "reader://**/x", column: 10, message: "'**' must be the last segment"),
        InvalidCase(pattern: "/a/<int:id", column: 4,
                    message: "'<' opens a typed parameter that is not closed with '>' at the end of the segment"),
        InvalidCase(pattern: "/a/<int:id>x", column: 4,
                    message: "'<' opens a typed parameter that is not closed with '>' at the end of the segment"),
        InvalidCase(pattern: "/a/<", column: 4,
                    message: "'<' opens a typed parameter that is not closed with '>' at the end of the segment"),
        InvalidCase(pattern: "/a/<int>", column: 4, message: "a typed parameter is written '<type:name>'; name the value: '<int:name>'"),
        InvalidCase(pattern: "/a/<>", column: 4, message: "a typed parameter is written '<type:name>'"),
        InvalidCase(pattern: "/a/<:x>", column: 4, message: "a typed parameter needs a type before ':'"),
        InvalidCase(pattern: "/a/<int:>", column: 4, message: "a parameter name is empty"),
        InvalidCase(pattern: "/a/<int:i-d>", column: 4, message: "'i-d' is not a parameter name ([A-Za-z_][A-Za-z0-9_]*)"),
        InvalidCase(pattern: "/a/<nope:id>", column: 5, message: "'nope' " + unknownConverter),
        InvalidCase(pattern: "/a/<Int:id>", column: 5, message: "'Int' " + unknownConverter),
        InvalidCase(pattern: "/a/%zz", column: 4, message: badEscape),
        InvalidCase(pattern: "/a/b%zz", column: 5, message: badEscape),
        InvalidCase(pattern: "/a/b%4", column: 5, message: badEscape),
        InvalidCase(pattern: "reader://h%/x", column: 11, message: badEscape),
        InvalidCase(pattern: "/a/%FF", column: 4, message: badUTF8),
        InvalidCase(pattern: "/a/x%C3%28", column: 5, message: badUTF8),
        InvalidCase(pattern: "/a/x%C3", column: 5, message: badUTF8),
        InvalidCase(pattern: "/a?x=1", column: 3, message: queryOrFragment),
        InvalidCase(pattern: "/a#f", column: 3, message: queryOrFragment),
        InvalidCase(pattern: "reader://book?", column: 14, message: queryOrFragment),
        InvalidCase(pattern: "<int:x>://a", column: 1,
                    message: "'<' opens a typed parameter that is not closed with '>' at the end of the segment"),
        InvalidCase(pattern: "**://a", column: 1, message: "':' is not a parameter name ([A-Za-z_][A-Za-z0-9_]*)"),
        InvalidCase(pattern: "reader://host:80/x", column: 10, message: "a pattern's host cannot hold a port or userinfo ('host:80')"),
        InvalidCase(pattern: "reader://u@host/x", column: 10, message: "a pattern's host cannot hold a port or userinfo ('u@host')"),
        InvalidCase(pattern: "reader://[::1]:80/x", column: 10,
                    message: "a pattern's host cannot hold a port or userinfo ('[::1]:80')"),
        InvalidCase(pattern: "reader://%5B::1%5D/x", column: 10,
                    message: "a pattern's host cannot hold a port or userinfo ('[::1]')"),
        // Columns count characters, not bytes.
        InvalidCase(pattern: "/家居/**/x", column: 5, message: "'**' must be the last segment"),
        InvalidCase(pattern: "/é/:1", column: 4, message: "'1' is not a parameter name ([A-Za-z_][A-Za-z0-9_]*)"),
        InvalidCase(pattern: "/e\u{301}/:1", column: 4, message: "'1' is not a parameter name ([A-Za-z_][A-Za-z0-9_]*)"),
        InvalidCase(pattern: "/👍🏽/%zz", column: 4, message: badEscape),
        InvalidCase(pattern: "/家/x%FF", column: 5, message: badUTF8),
    ]

    @Test("invalid patterns: column and message", arguments: invalid)
    func rejects(_ check: InvalidCase) {
        #expect {
            try RoutePattern(check.pattern)
        } throws: { error in
            guard let error = error as? PatternError else { return false }
            return error.pattern == check.pattern && error.column == check.column && error.message == check.message
        }
    }

    /// A pattern written for another router, and the reason (with its hint) it is refused.
    struct ReasonCase: Sendable, CustomTestStringConvertible {
        let pattern: String
        let reason: PatternError.Reason
        let hint: String?
        var testDescription: String { pattern }
    }

    static let reasonCases: [ReasonCase] = [
        ReasonCase(pattern: "reader://a/<float:x>", reason: .unknownConverter("float"), hint: "'<double:name>'"),
        ReasonCase(pattern: "reader://a/<path:rest>", reason: .unknownConverter("path"), hint: "'**name'"),
        ReasonCase(pattern: "reader://a/<integer:n>", reason: .unknownConverter("integer"), hint: "'<int:name>'"),
        ReasonCase(pattern: "reader://a/<nope:n>", reason: .unknownConverter("nope"), hint: nil),
        ReasonCase(pattern: "reader://a/<id>", reason: .typedParameterSyntax("id"), hint: "write ':id'"),
        ReasonCase(pattern: "reader://a/<uuid>", reason: .typedParameterSyntax("uuid"), hint: "'<uuid:name>'"),
        ReasonCase(pattern: "reader://a(/:opt)", reason: .optionalSegment, hint: "with the segment and without it"),
        ReasonCase(pattern: "reader://a/:id?", reason: .optionalSegment, hint: "with the segment and without it"),
        ReasonCase(pattern: "reader://a/<int:id>?/b", reason: .optionalSegment, hint: "with the segment and without it"),
        ReasonCase(pattern: "reader://a?x=1", reason: .queryOrFragment, hint: nil),
        ReasonCase(pattern: "reader://a/b?", reason: .queryOrFragment, hint: nil),
        ReasonCase(pattern: "reader://a/*path", reason: .invalidStarSegment("*path"), hint: nil),
        ReasonCase(pattern: "reader://a/:x/:x", reason: .duplicateParameterName("x"), hint: nil),
        ReasonCase(pattern: "reader://a/**/b", reason: .catchAllNotLast("**"), hint: nil),
        ReasonCase(pattern: "reader://a/%zz", reason: .badEscape, hint: nil),
        ReasonCase(pattern: "reader://a/%FF", reason: .invalidUTF8, hint: nil),
        ReasonCase(pattern: "reader://a/:", reason: .emptyParameterName, hint: nil),
        ReasonCase(pattern: "reader://a/:x-y", reason: .invalidParameterName("x-y"), hint: nil),
        ReasonCase(pattern: "reader://h:80/a", reason: .hostWithPortOrUserinfo("h:80"), hint: nil),
        ReasonCase(pattern: "reader://a/<:x>", reason: .missingConverterType, hint: nil),
        ReasonCase(pattern: "reader://a/<int:x", reason: .unclosedTypedParameter, hint: nil),
        ReasonCase(pattern: "", reason: .noSegment, hint: nil),
        ReasonCase(pattern: "reader://book/{id}", reason: .braceParameter("{id}"), hint: "write ':id', or '%7Bid%7D' for a literal brace"),
        ReasonCase(pattern: "/users/{user-id}/a", reason: .braceParameter("{user-id}"), hint: "write ':name', or '%7Buser-id%7D'"),
        ReasonCase(pattern: "reader://book/ :id", reason: .surroundingSpace(" :id"), hint: "write ':id'"),
        ReasonCase(pattern: "reader://book/:id ", reason: .surroundingSpace(":id "), hint: "write ':id'"),
        ReasonCase(pattern: "reader://book/\tshelf/x", reason: .surroundingSpace("\tshelf"), hint: "'%20'"),
        ReasonCase(pattern: " reader://book", reason: .surroundingSpace(" reader:"), hint: "write 'reader:'"),
    ]

    @Test("invalid patterns: a typed reason to compare, and a hint for another router's spelling", arguments: reasonCases)
    func reasons(_ check: ReasonCase) {
        do {
            _ = try RoutePattern(check.pattern)
            Issue.record("'\(check.pattern)' was accepted")
        } catch {
            #expect(error.reason == check.reason)
            #expect(error.message == check.reason.description)
            if let hint = check.hint {
                #expect(error.message.contains(hint), "\(error.message)")
            } else {
                #expect(!error.message.contains(";"), "an unexpected hint: \(error.message)")
            }
        }
    }

    @Test("a message names the text it quotes bounded, whatever its length")
    func boundedReasons() {
        let long = String(repeating: "x", count: 100_000)
        for pattern in ["reader://a/<\(long):n>", "reader://a/:\(long)-", "reader://a/*\(long)"] {
            do {
                _ = try RoutePattern(pattern)
                Issue.record("accepted")
            } catch {
                #expect(error.description.utf8.count < 1_000)
            }
        }
    }

    /// A pattern is valid on its own exactly when a table of it alone builds, and the
    /// table reports the same error; nothing traps on any text.
    @Test("random pattern text: RoutePattern and the builder agree, nothing traps")
    func randomPatterns() throws {
        var random = SplitMix64(seed: 0x9A77_E2)
        let pieces = ["/", "//", ":", "*", "**", "~", "<", ">", "<int:", "<hex:", "<string:", "int", "a", "_1", "%", "%zz",
                      "%41", "%3A", "%C3", "?", "#", "@", "://", "é", "x:", ":a", "[", "]", "-", "家"]
        var valid = 0
        var roundTrips = 0
        for _ in 0..<3_000 {
            let text = (0..<random.int(0...8)).map { _ in random.pick(pieces) }.joined()
            var builder = RouteTableBuilder<String>()
            builder.declare(HexConverter())
            builder.add(text, value: text, owner: "Fuzz")
            do {
                let pattern = try RoutePattern(text, converters: ["hex"])
                valid += 1
                let table = try builder.build()
                let values = Dictionary(uniqueKeysWithValues: pattern.parameterNames.map { ($0, "1") })
                if let url = try? table.url(for: text, parameters: values) {
                    roundTrips += 1
                    #expect(table.match(url).match?.pattern == Substring(text), "\(text.debugDescription) → \(url.debugDescription)")
                }
            } catch let error as PatternError {
                #expect(throws: RouteTableError(problems: [.invalidPattern(error, owner: "Fuzz")])) { try builder.build() }
                #expect(error.column >= 1 && error.column <= max(text.count, 1), "\(error)")
            }
        }
        #expect(valid > 300, "only \(valid) valid patterns")
        #expect(roundTrips > 100, "only \(roundTrips) patterns generated a URL")
    }

    @Test("the error reads as a sentence with its place")
    func errorDescription() {
        let error = PatternError(pattern: "/a/**/b", column: 4, message: "'**' must be the last segment")
        #expect(error.description == "'**' must be the last segment (column 4 in '/a/**/b')")
    }

    @Test("a pattern's literals are decoded like a URL's")
    func sameAsURL() throws {
        let table = try makeTable(["reader://category/%E5%AE%B6%E5%B1%85", "/a/%3Aid", "/a/%2A", "/b/%25"])
        #expect(table.match("reader://category/家居").outcome == .match("reader://category/%E5%AE%B6%E5%B1%85"))
        #expect(table.match("/a/:id").outcome == .match("/a/%3Aid"))
        #expect(table.match("/a/%3aid").outcome == .match("/a/%3Aid"))
        #expect(table.match("/a/*").outcome == .match("/a/%2A"))
        #expect(table.match("/a/x").outcome == .notFound)
        #expect(table.match("/b/%25").outcome == .match("/b/%25"))
    }
}

@Suite("Other routers' spellings through the table's plain-pattern path")
struct PlainPathSpellingTests {
    @Test("a plain path pattern with '{id}' or a space around a segment is refused by the table too",
          arguments: ["/book/{id}", "/a/b /c", "/a/ b", "/a/b\t", "/boo/book\u{0}M0 & /book"])
    func refused(pattern: String) {
        var builder = RouteTableBuilder<Int>()
        builder.add(pattern, value: 0)
        #expect(throws: RouteTableError.self) { try builder.build() }
        #expect(throws: PatternError.self) { try RoutePattern(pattern) }
    }
}
