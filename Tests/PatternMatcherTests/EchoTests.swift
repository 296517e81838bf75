import Testing
@testable import PatternMatcher

/// What descriptions echo of outside text is bounded, escaped and redacted (hostile probe:
/// 200 KB of combining marks printed whole, CR/LF forging log lines, a password echoed).
@Suite("Echoed text in descriptions")
struct EchoTests {
    @Test("bounded in bytes, not characters: 100,000 combining marks are one character")
    func boundedInBytes() {
        let url = "reader://book/a" + String(repeating: "\u{0301}", count: 100_000)
        #expect(url.count == 15)
        let error = MalformedURLError(url: url, reason: .tooLong, offset: nil)
        #expect(error.description.utf8.count < 200, "\(error.description.utf8.count) bytes")
        #expect(Echo.quoted(url).utf8.count <= Echo.defaultLimit + "…".utf8.count)
    }

    @Test("a cut never splits a scalar")
    func scalarBoundary() {
        for limit in 0..<12 {
            let shown = Echo.quoted("家居家居家居", limit: limit)
            #expect(shown.utf8.count <= limit + "…".utf8.count)
            #expect(shown.unicodeScalars.allSatisfy { $0 != "\u{FFFD}" })
        }
    }

    @Test("control characters are escaped, so a URL cannot forge a log line",
          arguments: [("a\nb", "a\\u{0A}b"), ("a\r\nb", "a\\u{0D}\\u{0A}b"), ("\u{0}", "\\u{00}"),
                      ("a\u{2028}b", "a\\u{2028}b"), ("\u{202E}x", "\\u{202E}x"), ("\u{85}", "\\u{85}"),
                      ("tab\there", "tab\\u{09}here"), ("plain/é", "plain/é")])
    func escaped(_ pair: (String, String)) {
        #expect(Echo.quoted(pair.0) == pair.1)
    }

    @Test("userinfo is shown as ***",
          arguments: [("reader://user:secret@host/p", "reader://***@host/p"),
                      ("reader://a@b@evil.com/p?x=@", "reader://***@evil.com/p?x=@"),
                      ("reader://host/p@q", "reader://host/p@q"),
                      ("mailto:me@example.com", "mailto:me@example.com"),
                      ("/user@host", "/user@host"),
                      ("reader://@host", "reader://***@host")])
    func redacted(_ pair: (String, String)) {
        #expect(Echo.quotedURL(pair.0) == pair.1)
    }

    @Test("a malformed URL's message escapes CR/LF and hides the password")
    func malformedMessage() {
        let error = MalformedURLError(url: "reader://me:hunter2@h/%zz\n- [App] forged", reason: .badEscape, offset: 22)
        #expect(!error.description.contains("\n"))
        #expect(!error.description.contains("hunter2"))
        #expect(error.description.contains("***@h/%zz\\u{0A}- [App] forged"))
    }
}

/// A match's parameters described: bounded and escaped like every other message (hostile
/// probe F10: 500 KB for a 1.4 MB value).
@Suite("Path parameters' description")
struct PathParametersDescriptionTests {
    struct DescriptionCase: Sendable, CustomTestStringConvertible {
        var name: String
        var pattern: String
        var url: String
        /// The whole description, when it is short enough to state.
        var exactly: String?
        /// What it must hold, when it is cut.
        var holds: [String] = []

        var testDescription: String { name }
    }

    static let raised = MatchOptions(limits: URLLimits(maxBytes: 65_535, maxPathSegments: 1_000))
    /// The most a description may take: the bounded text, the brackets, the cut mark and the count left out.
    static let bound = Echo.defaultLimit + 40

    static let cases: [DescriptionCase] = [
        DescriptionCase(name: "short values are shown whole", pattern: "reader://book/:id/:tab",
                        url: "reader://book/42/x", exactly: "[id: 42, tab: x]"),
        DescriptionCase(name: "no parameter", pattern: "reader://shelf", url: "reader://shelf", exactly: "[]"),
        DescriptionCase(name: "a decoded line break is escaped", pattern: "/f/:id", url: "/f/a%0A-%20forged",
                        exactly: "[id: a\\u{0A}- forged]"),
        DescriptionCase(name: "a 65,000-byte value is cut", pattern: "/f/:id/:tab",
                        url: "/f/" + String(repeating: "a", count: 65_000) + "/x", holds: ["[id: aaaa", "…", "and 1 more]"]),
        DescriptionCase(name: "300 parameters: the first few, then how many more", pattern: (0..<300).map { "/:p\($0)" }.joined(),
                        url: String(repeating: "/value", count: 300), holds: ["[p0: value, p1: value", "… and 2"]),
    ]

    @Test(arguments: cases)
    func bounded(_ check: DescriptionCase) throws {
        var builder = RouteTableBuilder<Int>(options: Self.raised)
        builder.add(check.pattern, value: 0)
        let parameters = try #require(try builder.build().match(check.url).match).parameters
        let description = parameters.description
        #expect(description.utf8.count <= Self.bound, "\(description.utf8.count) bytes")
        #expect(!description.contains("\n"))
        if let exactly = check.exactly { #expect(description == exactly) }
        for part in check.holds { #expect(description.contains(part), "\(description)") }
    }
}
