import PatternMatcher
import Testing

/// The builder reads plain patterns (`/a/b/:id/<int:n>`: literals, `:name` parameters and
/// parameters of a built-in type) without the parser, and hands anything else to the parser
/// after trying. These pin that the two ways agree: the same table, the same problems.
@Suite("Plain patterns")
struct PlainPatternTests {
    /// Plain patterns, and a spelling of each that the plain reading hands to the parser (the
    /// first character of its last literal escaped, `%61` for `a`, so that the plain reading
    /// makes the children before it, typed ones too, and then gives up): both must build the
    /// same trie.
    static let plain = [
        "/m0/page0", "/m0/page1/:id", "/m0/items/:id/sub2", "/m0/page3/:id/detail/:tab",
        "/a//b/", "/a/bcdefghijklmnop/:q", "/a/b:c/d*e/f~", "/é/家居/:x", "/A/c", "/a/B/:Name",
        "/m0/t0/<int:id>", "/m0/t1/<uuid:u>/x/<double:d>", "/m0/t2/<string:s>", "/m0/t3/:a/<int:b>", "/m0/t4/<int:a>/:b",
        "/m0/t5/<int:a>/y",
    ]

    static func parserSpelling(_ pattern: String) -> String {
        var segments = pattern.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let last = segments.lastIndex(where: { $0.first.map { $0 != ":" && $0 != "<" } ?? false }) else {
            preconditionFailure("every plain pattern here has a literal: \(pattern)")
        }
        let first = segments[last].startIndex
        let escaped = segments[last][first].utf8.map { "%" + String($0, radix: 16, uppercase: true) }.joined()
        segments[last] = escaped + segments[last][segments[last].index(after: first)...]
        return segments.joined(separator: "/")
    }

    @Test("plain patterns build the trie their parsed spellings build", arguments: [false, true])
    func sameTrie(caseInsensitive: Bool) throws {
        let options = MatchOptions(caseInsensitivePaths: caseInsensitive)
        let spelled = Self.plain.map(Self.parserSpelling)
        let plain = try makeTable(Self.plain, options: options)
        let parsed = try makeTable(spelled, options: options)
        // Mixed, so that a parsed pattern follows plain ones and the other way round.
        let mixed = try makeTable(Self.plain.indices.map { $0.isMultiple(of: 2) ? Self.plain[$0] : spelled[$0] },
                                  options: options)
        let drawn = plain.description
        for other in [parsed, mixed] {
            #expect(shape(of: other.description) == shape(of: drawn))
        }
        var misses: [String] = []
        for url in ["/m0/page0", "/m0/page1/7", "/m0/items/8/sub2", "/m0/page3/9/detail/x", "/a/b", "/a/bcdefghijklmnop/1",
                    "/a/b:c/d*e/f~", "/é/家居/1", "/A/c", "/a/c", "/a/B/n", "/a/b/n", "/m0/t0/42", "/m0/t0/x",
                    "/m0/t1/123e4567-e89b-12d3-a456-426614174000/x/1.5", "/m0/t2/s", "/m0/t3/q/7", "/m0/t4/7/q", "/m0/t5/3/y"] {
            // The route (the tables register in one order) and its parameters.
            let outcomes = [plain, parsed, mixed].map { table in
                table.match(url).match.map { "\($0.routeIndex) \($0.parameters)" } ?? "none"
            }
            #expect(Set(outcomes).count == 1, "\(url): \(outcomes)")
            if outcomes[0] == "none" { misses.append(url) }
        }
        // Only what case decides misses, so the agreement above is over real matches.
        #expect(misses == (caseInsensitive ? ["/m0/t0/x"] : ["/a/c", "/a/b/n", "/m0/t0/x"]))
    }

    /// Plain patterns with a scheme and a host, and a spelling of each that the plain reading
    /// hands to the parser (the scheme and the host in capitals, which the parser lowercases):
    /// both must build the same trie, mixed with patterns without a scheme.
    static let schemed = [
        "reader://book/:id", "reader://book/:id/chapter/:n", "reader://shelf", "reader://search/",
        "a1+b.c-d://x-1.example.com/p/:q", "reader://book/7/notes", "https://reader.example.com/book/:id", "/book/:id",
        "reader://shelf/<int:id>/<uuid:copy>",
    ]

    static func capitalized(_ pattern: String) -> String {
        guard let authority = pattern.range(of: "://") else { return pattern }
        let hostEnd = pattern[authority.upperBound...].firstIndex(of: "/") ?? pattern.endIndex
        return pattern[..<hostEnd].uppercased() + pattern[hostEnd...]
    }

    @Test("plain patterns with a scheme build the trie their parsed spellings build", arguments: [false, true])
    func sameTrieWithScheme(caseInsensitive: Bool) throws {
        let options = MatchOptions(caseInsensitivePaths: caseInsensitive)
        let spelled = Self.schemed.map(Self.capitalized)
        #expect(zip(spelled, Self.schemed).filter { $0 == $1 }.map(\.0) == ["/book/:id"], "each schemed spelling differs")
        let plain = try makeTable(Self.schemed, options: options)
        let parsed = try makeTable(spelled, options: options)
        let mixed = try makeTable(Self.schemed.indices.map { $0.isMultiple(of: 2) ? Self.schemed[$0] : spelled[$0] },
                                  options: options)
        for other in [parsed, mixed] {
            #expect(shape(of: other.description) == shape(of: plain.description))
        }
        var misses: [String] = []
        for url in ["reader://book/1", "READER://Book/1", "reader://book/1/chapter/2", "reader://shelf", "reader://shelf/",
                    "reader://search", "a1+b.c-d://x-1.example.com/p/v", "reader://book/7/notes", "reader://book/7/Notes",
                    "https://reader.example.com/book/9", "https://reader.example.com:8080/book/9", "/book/3", "reader://nothing",
                    "reader://shelf/4/123e4567-e89b-12d3-a456-426614174000", "reader://shelf/x/123e4567-e89b-12d3-a456-426614174000"] {
            let outcomes = [plain, parsed, mixed].map { table in
                table.match(url).match.map { "\($0.routeIndex) \($0.parameters)" } ?? "none"
            }
            #expect(Set(outcomes).count == 1, "\(url): \(outcomes)")
            if outcomes[0] == "none" { misses.append(url) }
        }
        // Only these miss, so the agreement above is over real matches.
        #expect(misses == (caseInsensitive ? [] : ["reader://book/7/Notes"])
                + ["reader://nothing", "reader://shelf/x/123e4567-e89b-12d3-a456-426614174000"], "\(misses)")
    }

    /// A declared converter is the parser's to read: a pattern plain up to it, after a typed
    /// child, builds the trie the same as when every pattern goes to the parser.
    @Test("a declared converter after built-in typed parameters builds the same trie")
    func declaredConverter() throws {
        let patterns = ["/m1/<int:a>/<slug:s>", "/m1/<int:a>/x", "/m1/<slug:s>/<int:n>", "/m1/<uuid:u>"]
        let converters: [any ParameterConverter] = [SlugConverter()]
        let plain = try makeTable(patterns, converters: converters)
        let parsed = try makeTable(patterns.map { $0.replacingOccurrences(of: "/m1/", with: "/%6D1/") }, converters: converters)
        #expect(shape(of: parsed.description) == shape(of: plain.description))
        for url in ["/m1/7/some-book", "/m1/7/x", "/m1/a-b/3", "/m1/123e4567-e89b-12d3-a456-426614174000", "/m1/7/7"] {
            let outcomes = [plain, parsed].map { table in
                table.match(url).match.map { "\($0.routeIndex) \($0.parameters)" } ?? "none"
            }
            #expect(outcomes[0] == outcomes[1], "\(url): \(outcomes)")
            #expect(outcomes[0] != "none" || url == "/m1/7/7", "\(url) matches")
        }
    }

    /// The tree drawing without the patterns, which are spelled differently.
    private func shape(of drawing: String) -> [Substring] {
        drawing.split(separator: "\n").map { $0.split(separator: "→").first ?? $0 }
    }

    static let refused = [
        "/a/b/:x/c/:x", "/a/:1", "/a/:", "/a/:x-y", "/a/b?x", "/a/:id?", "/a(/:b)", "/a/b/c#d", "/a/%zz", "/a/%FF",
        "/a/b/**/c", "/", "//", "/é/:1", "/a/*b", "/a/<int:x", "/a/:x/:y/:x",
        "reader://book/:id/:id", "reader:// book/x", "reader://host:80/x", "reader://user@host/x", "reader://book/%zz",
        "reader://book/a?b", "reader://{host}/x",
        "/a/<int:x>/<uuid:x>", "/a/:x/<int:x>", "/a/<int:x>/:x", "/a/<int:>", "/a/<:x>", "/a/<Int:x>", "/a/<int:x>y",
        "/a/<int:x/y>", "/a/<int x>", "/a/<int:1x>", "/a/<int:x-y>", "/a/<string:x>/<string:x>", "/a/<int:x%31>",
    ]

    @Test("a pattern plain up to a problem: the builder reports what the parser does", arguments: refused)
    func sameProblem(_ pattern: String) throws {
        var expected: PatternError?
        do { _ = try RoutePattern(pattern) } catch { expected = error }
        let error = try #require(expected, "\(pattern) parses")
        var builder = RouteTableBuilder<String>()
        builder.add("/a/b/c", value: "", owner: "Before")
        builder.add(pattern, value: "", owner: "Module")
        builder.add("/a/b/:z", value: "", owner: "After")
        #expect(throws: RouteTableError(problems: [.invalidPattern(error, owner: "Module")])) { try builder.build() }
    }
}
