import PatternMatcher
import Testing

/// Matching rules: URL to route key: a malformed URL matches nothing and is reported with its reason (and, for
/// encoding problems, the UTF-8 offset of the culprit); nothing traps.
@Suite("Malformed URLs and limits (Matching rules: URL to route key)")
struct MalformedURLTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let url: String
        var limits = URLLimits()
        /// `nil`: the URL is well formed.
        let reason: MalformedURLError.Reason?
        var offset: Int? = nil
        let why: String

        var testDescription: String {
            let shown = url.count > 40 ? String(url.prefix(37)) + "…(\(url.utf8.count) bytes)" : url
            return "\(shown.debugDescription): \(why)"
        }
    }

    static let limits: [Case] = [
        Case(url: "/abcdefghi", limits: URLLimits(maxBytes: 10), reason: nil, why: "exactly maxBytes"),
        Case(url: "/abcdefghij", limits: URLLimits(maxBytes: 10), reason: .tooLong, why: "one byte over"),
        Case(url: "/éééé" + "a", limits: URLLimits(maxBytes: 10), reason: nil, why: "ten UTF-8 bytes in six characters"),
        Case(url: "/ééééé", limits: URLLimits(maxBytes: 10), reason: .tooLong, why: "bytes are counted, not characters"),
        Case(url: "/a?q=" + String(repeating: "x", count: 20), limits: URLLimits(maxBytes: 20), reason: .tooLong,
             why: "the query counts too"),
        Case(url: "", limits: URLLimits(maxBytes: 0), reason: nil, why: "an empty URL fits in nothing"),
        Case(url: "a", limits: URLLimits(maxBytes: 0), reason: .tooLong, why: "a limit of zero bytes"),
        Case(url: "/a/b/c", limits: URLLimits(maxPathSegments: 3), reason: nil, why: "exactly maxPathSegments"),
        Case(url: "/a/b/c/d", limits: URLLimits(maxPathSegments: 3), reason: .tooManySegments, why: "one segment over"),
        Case(url: "//a//b///c//", limits: URLLimits(maxPathSegments: 3), reason: nil, why: "empty segments do not count"),
        Case(url: "reader://host/a/b/c", limits: URLLimits(maxPathSegments: 3), reason: nil,
             why: "the scheme and the host are not path segments"),
        Case(url: "reader:a/b/c/d", limits: URLLimits(maxPathSegments: 3), reason: .tooManySegments,
             why: "an opaque path counts"),
        Case(url: "/a/b/c?x=/d/e#/f/g", limits: URLLimits(maxPathSegments: 3), reason: nil,
             why: "slashes in the query and fragment do not count"),
        Case(url: "/a%2Fb%2Fc%2Fd", limits: URLLimits(maxPathSegments: 1), reason: nil, why: "escaped slashes do not count"),
        Case(url: "reader://host", limits: URLLimits(maxPathSegments: 0), reason: nil, why: "no path segment at all"),
        Case(url: "/" + String(repeating: "a", count: 8191), reason: nil, why: "the default limit is 8192 bytes"),
        Case(url: "/" + String(repeating: "a", count: 8192), reason: .tooLong, why: "8193 bytes"),
        Case(url: String(repeating: "/a", count: 256), reason: nil, why: "the default limit is 256 segments"),
        Case(url: String(repeating: "/a", count: 257), reason: .tooManySegments, why: "257 segments"),
    ]

    static let escapes: [Case] = [
        Case(url: "/a/%zz", reason: .badEscape, offset: 3, why: "not hex"),
        Case(url: "/a/b%4", reason: .badEscape, offset: 4, why: "one hex digit at the end"),
        Case(url: "/a/%", reason: .badEscape, offset: 3, why: "a lone '%' at the end"),
        Case(url: "%", reason: .badEscape, offset: 0, why: "a lone '%' at the start"),
        Case(url: "/%4g", reason: .badEscape, offset: 1, why: "the second digit is not hex"),
        Case(url: "/a%2", reason: .badEscape, offset: 2, why: "cut short"),
        Case(url: "/a%%41", reason: .badEscape, offset: 2, why: "'%%' is not an escape"),
        Case(url: "/a?q=%", reason: .badEscape, offset: 5, why: "in the query"),
        Case(url: "/a?q=1#%g0", reason: .badEscape, offset: 7, why: "in the fragment"),
        Case(url: "reader://h%/x", reason: .badEscape, offset: 10, why: "in the host"),
        Case(url: "reader://u%@h/x", reason: .badEscape, offset: 10, why: "in the userinfo, which is never matched"),
        Case(url: "reader://h:8%/x", reason: .badEscape, offset: 12, why: "in the port"),
        Case(url: "/a/%41%42", reason: nil, why: "well formed"),
        Case(url: "/%e2%9c%93", reason: nil, why: "lowercase hex"),
    ]

    static let utf8: [Case] = [
        Case(url: "/a/%FF", reason: .invalidUTF8, offset: 3, why: "0xFF never starts a character"),
        Case(url: "/a/%C3", reason: .invalidUTF8, offset: 3, why: "a character cut short at the end"),
        Case(url: "/a/%C3/b", reason: .invalidUTF8, offset: 3, why: "a character cut short by '/'"),
        Case(url: "/a/%C3%28", reason: .invalidUTF8, offset: 3, why: "a bad continuation byte"),
        Case(url: "/%C0%80", reason: .invalidUTF8, offset: 1, why: "an overlong NUL"),
        Case(url: "/%ED%A0%80", reason: .invalidUTF8, offset: 1, why: "a UTF-16 surrogate"),
        Case(url: "/%F4%90%80%80", reason: .invalidUTF8, offset: 1, why: "beyond U+10FFFF"),
        Case(url: "/%E2%82x", reason: .invalidUTF8, offset: 1, why: "a raw byte cannot finish an escaped character"),
        Case(url: "/é%A9", reason: .invalidUTF8, offset: 3, why: "a lone continuation byte after a whole character"),
        Case(url: "/ok?q=%FF", reason: .invalidUTF8, offset: 6, why: "in the query"),
        Case(url: "/ok#%80", reason: .invalidUTF8, offset: 4, why: "in the fragment"),
        Case(url: "reader://%FF/x", reason: .invalidUTF8, offset: 9, why: "in the host"),
        Case(url: "/%C3%A9", reason: nil, why: "an escaped é"),
        Case(url: "/%F0%9F%91%8D", reason: nil, why: "an escaped four-byte character"),
        Case(url: "/%EF%BF%BF", reason: nil, why: "a noncharacter is still valid UTF-8"),
    ]

    @Test("limits set with MatchOptions(limits:)", arguments: limits)
    func limit(_ check: Case) throws { try verify(check) }

    @Test("bad escapes", arguments: escapes)
    func escape(_ check: Case) throws { try verify(check) }

    @Test("invalid UTF-8 after decoding", arguments: utf8)
    func invalidUTF8(_ check: Case) throws { try verify(check) }

    private func verify(_ check: Case) throws {
        let table = try makeTable(["**rest", "*:**rest"], options: MatchOptions(limits: check.limits))
        let result = table.match(check.url)
        let sequence = table.matches(check.url)
        guard let reason = check.reason else {
            #expect(result.match != nil, "\(result.outcome)")
            #expect(sequence.malformed == nil)
            #expect(throws: Never.self) { try ParsedURL(check.url, limits: check.limits) }
            return
        }
        let expected = MalformedURLError(
            url: check.url, reason: reason, offset: check.offset,
            limit: reason == .tooLong ? check.limits.maxBytes : reason == .tooManySegments ? check.limits.maxPathSegments : nil,
            segmentCount: reason == .tooManySegments ? Self.pathSegments(of: check.url) : nil)
        guard case .malformed(let error) = result else {
            Issue.record("expected \(expected), got \(result.outcome)")
            return
        }
        #expect(error == expected)
        #expect(sequence.malformed == expected)
        #expect(Array(sequence).isEmpty, "a malformed URL matches nothing")
        #expect(throws: expected) { try ParsedURL(check.url, limits: check.limits) }
    }

    /// The non-empty path segments of the simple URLs above: after `scheme:` and `//host`,
    /// before `?` or `#`.
    static func pathSegments(of url: String) -> Int {
        var rest = Substring(url)
        if let colon = rest.firstIndex(of: ":"), !rest[..<colon].contains("/") { rest = rest[rest.index(after: colon)...] }
        if rest.hasPrefix("//") { rest = rest.dropFirst(2).drop { $0 != "/" } }
        rest = rest.prefix { $0 != "?" && $0 != "#" }
        return rest.split(separator: "/").count
    }

    @Test("the error says what and where")
    func descriptions() {
        #expect(MalformedURLError(url: "/a/%zz", reason: .badEscape, offset: 3).description
            == "malformed URL: '%' is not followed by two hexadecimal digits (byte 3 in '/a/%zz')")
        #expect(MalformedURLError(url: "/a/%FF", reason: .invalidUTF8, offset: 3).description
            == "malformed URL: percent-decoded bytes are not valid UTF-8 (byte 3 in '/a/%FF')")
        #expect(MalformedURLError(url: "/a/b", reason: .tooManySegments, offset: nil).description
            == "malformed URL: the path has more segments than the limit ('/a/b', 4 bytes)")
        let long = "/" + String(repeating: "a", count: 99)
        #expect(MalformedURLError(url: long, reason: .tooLong, offset: nil).description
            == "malformed URL: the URL is longer than the limit ('\(long.prefix(80))…', 100 bytes)")
        #expect(Set([MalformedURLError.Reason.badEscape, .invalidUTF8, .tooLong, .tooManySegments]).count == 4)
    }

    @Test("a URL over a limit names the limit and, for segments, how many it has")
    func limitsNamed() throws {
        var builder = RouteTableBuilder<Int>(options: MatchOptions(limits: URLLimits(maxBytes: 40, maxPathSegments: 3)))
        builder.add("/**", value: 0)
        let table = try builder.build()
        guard case .malformed(let segments) = table.match("/a/b/c/d/e") else {
            Issue.record("five segments were not refused")
            return
        }
        #expect(segments.reason == .tooManySegments && segments.limit == 3 && segments.segmentCount == 5)
        #expect(segments.description == "malformed URL: the path has more segments than the limit ('/a/b/c/d/e', 10 bytes, 5 segments, limit 3)")
        let long = "/" + String(repeating: "a", count: 40)
        guard case .malformed(let length) = table.match(long) else {
            Issue.record("41 bytes were not refused")
            return
        }
        #expect(length.limit == 40 && length.segmentCount == nil)
        #expect(length.description.hasSuffix("41 bytes, limit 40 bytes)"))
        #expect(throws: MalformedURLError(url: "/a/b/c/d", reason: .tooManySegments, offset: nil, limit: 3, segmentCount: 4)) {
            try ParsedURL("/a/b/c/d", limits: URLLimits(maxPathSegments: 3))
        }
    }

    @Test("a malformed URL is never passed on raw, even to a catch-all")
    func neverRaw() throws {
        let table = try makeTable(["**rest", "*:**rest"])
        for url in ["/%", "reader://%zz", "x:%C3", "/a?%", "/a#%FF"] {
            #expect(table.match(url).match == nil, "\(url)")
        }
    }

    @Test("nothing traps on hostile input")
    func hostileInput() throws {
        let table = try makeTable(["**rest", "*:**rest", "reader://:h/<int:n>/<double:d>/<uuid:u>/**r"])
        var random = SplitMix64(seed: 0xBAD_1A9E7)
        let pieces = ["%", "%%", "%0", "%C3", "%FF", "%E2%82", "/", "//", ":", "::", "@", "[", "]", "?", "#", "\u{0}",
                      "é", "\u{212A}", "\u{FFFD}", "a", "1", "-", ".", "e", "\u{10FFFF}", "reader:", "//h"]
        for _ in 0..<2_000 {
            let url = (0..<random.int(0...30)).map { _ in random.pick(pieces) }.joined()
            _ = table.match(url)
            _ = Array(table.matches(url))
            _ = try? ParsedURL(url, limits: URLLimits(maxBytes: random.int(0...40), maxPathSegments: random.int(0...5)))
        }
    }
}
