@_spi(Testing) import PatternMatcher
import Testing

/// A table registered as given: the patterns the registration phase must call invalid, and
/// the pairs it must call conflicting; everything else must be accepted.
struct HostileRegistrationCase: Sendable, CustomTestStringConvertible {
    var patterns: [String]
    var invalid: [String] = []
    var conflicts: [[String]] = []
    var source: String

    var testDescription: String { "\(patterns) — \(source)" }
}

private func build(_ patterns: [String], options: MatchOptions = MatchOptions()) -> Result<RouteTable<String>, RouteTableError> {
    var builder = RouteTableBuilder<String>(options: options)
    // The owner goes with the pattern, so that reordering a table reorders whole entries.
    for pattern in patterns { builder.add(pattern, value: pattern, owner: "M\(pattern.utf8.count % 2)") }
    do { return .success(try builder.build()) } catch { return .failure(error) }
}

/// The order-independent summary of a registration: invalid patterns and conflicting pairs.
private func report(_ patterns: [String], options: MatchOptions = MatchOptions()) -> (invalid: [String], conflicts: [[String]]) {
    guard case .failure(let error) = build(patterns, options: options) else { return ([], []) }
    let invalid = error.problems.filter { $0.patternError != nil }.map(\.pattern).sorted()
    let conflicts = error.problems.compactMap { problem in
        problem.conflictingRoute.map { [problem.pattern, $0.pattern].sorted() }
    }
    return (invalid, conflicts.sorted { $0.lexicographicallyPrecedes($1) })
}

@Suite("Hostile: registration")
struct HostileRegistrationTests {
    static let tables: [HostileRegistrationCase] = [
        HostileRegistrationCase(patterns: ["/a/:id", "/a/:id"], conflicts: [["/a/:id", "/a/:id"]],
                         source: "Matching rules: conflicts: a duplicate is a conflict, reported, never a trap"),
        HostileRegistrationCase(patterns: ["/a/:id", "/a/:id", "/a/:id"],
                         conflicts: [["/a/:id", "/a/:id"], ["/a/:id", "/a/:id"]],
                         source: "Matching rules: conflicts: every pattern but the reference is reported once"),
        HostileRegistrationCase(patterns: ["/a/:x", "/a/*", "/a/~", "/a/<string:s>"],
                         conflicts: [["/a/*", "/a/:x"], ["/a/*", "/a/<string:s>"], ["/a/*", "/a/~"]],
                         source: "Matching rules: conflicts: :a, *, ~ and <string:> are one shape"),
        HostileRegistrationCase(patterns: ["/t/<int:a>", "/t/<int:b>", "/t/<double:c>", "/t/<uuid:d>"],
                         conflicts: [["/t/<int:a>", "/t/<int:b>"]],
                         source: "Matching rules: conflicts: the same converter is the same shape; different converters are not"),
        HostileRegistrationCase(patterns: ["/a/**", "/a/**rest"], conflicts: [["/a/**", "/a/**rest"]],
                         source: "Matching rules: conflicts: ** and **x are one shape"),
        HostileRegistrationCase(patterns: ["reader://book/:a", "READER://BOOK/:b", "reader:book/:c", "reader:///book/:d"],
                         conflicts: [["READER://BOOK/:b", "reader:///book/:d"], ["READER://BOOK/:b", "reader://book/:a"],
                                     ["READER://BOOK/:b", "reader:book/:c"]],
                         source: "Matching rules: URL to route key, conflicts: scheme and host case, opaque and empty-host spellings give one key"),
        HostileRegistrationCase(patterns: ["/Book", "/book", "/BOOK"],
                         source: "Matching rules: URL to route key: path literals are case-sensitive, so these are three routes"),
        HostileRegistrationCase(patterns: ["/client/:id", "/client/:client_id/resource"],
                         source: "https://github.com/julienschmidt/httprouter/issues/16"),
        HostileRegistrationCase(patterns: ["/api/v1/:user_id/buoys/:id/show", "/api/v1/:user_id/buoys/:name/search"],
                         source: "https://github.com/julienschmidt/httprouter/issues/6"),
        HostileRegistrationCase(patterns: ["/assets/:type/:asset", "/:year/:month/:day/:slug", "/:name/list", "/get"],
                         source: "https://github.com/julienschmidt/httprouter/issues/43"),
        HostileRegistrationCase(patterns: ["/api/**rest/two", "/api/**rest"], invalid: ["/api/**rest/two"],
                         source: "https://github.com/julienschmidt/httprouter/issues/172"),
        HostileRegistrationCase(patterns: ["/a/**/b", "**/x", "reader://**/x", "/a/**r", "**"], invalid: ["**/x", "/a/**/b", "reader://**/x"],
                         source: "Matching rules: pattern syntax: '**' must be the last segment"),
        HostileRegistrationCase(patterns: ["/a/:x", "/a/:x", "/b/:x/:x", "/c/<int:n>/**n"],
                         invalid: ["/b/:x/:x", "/c/<int:n>/**n"], conflicts: [["/a/:x", "/a/:x"]],
                         source: "Matching rules: pattern syntax, conflicts: invalid patterns and conflicts reported together"),
    ]

    @Test("invalid patterns and conflicts are reported, never trapped",
          arguments: tables.filter { !$0.source.hasPrefix("https://") })
    func table(_ row: HostileRegistrationCase) {
        check(row)
    }

    @Test("registration cases from public trackers",
          .bug("https://github.com/julienschmidt/httprouter/issues/16"),
          .bug("https://github.com/julienschmidt/httprouter/issues/6"),
          .bug("https://github.com/julienschmidt/httprouter/issues/43"),
          .bug("https://github.com/julienschmidt/httprouter/issues/172"),
          arguments: tables.filter { $0.source.hasPrefix("https://") })
    func trackerCase(_ row: HostileRegistrationCase) {
        check(row)
    }

    private func check(_ row: HostileRegistrationCase) {
        let got = report(row.patterns)
        #expect(got.invalid == row.invalid.sorted(), "\(row.source)")
        #expect(got.conflicts == row.conflicts.map { $0.sorted() }.sorted { $0.lexicographicallyPrecedes($1) }, "\(row.source)")
        if case .failure(let error) = build(row.patterns) {
            for problem in error.problems {
                // build(_:) gives each pattern the owner M<length % 2>.
                #expect(problem.owner == "M\(problem.pattern.utf8.count % 2)", "every problem names its module: \(problem)")
                if let other = problem.conflictingRoute {
                    #expect(other.owner == "M\(other.pattern.utf8.count % 2)")
                    #expect(problem.description.contains(problem.pattern) && problem.description.contains(other.pattern))
                }
            }
        }
    }

    @Test("the same-shape check folds literals under the case-insensitive option (Matching rules: URL to route key, conflicts)")
    func caseInsensitiveShapes() {
        let options = MatchOptions(caseInsensitivePaths: true)
        let got = report(["/Book", "/book", "/BOOK/:x", "/book/:y"], options: options)
        #expect(got.conflicts == [["/BOOK/:x", "/book/:y"], ["/Book", "/book"]])
    }

    /// A pattern the registration phase must reject, and the column it must name.
    struct SyntaxCase: Sendable, CustomTestStringConvertible {
        var pattern: String
        var column: Int
        var source: String
        var testDescription: String { "'\(pattern)' — \(source)" }
    }

    static let malformed: [SyntaxCase] = [
        SyntaxCase(pattern: "", column: 1, source: "Matching rules: pattern syntax: neither a scheme nor a segment"),
        SyntaxCase(pattern: "/", column: 1, source: "Matching rules: pattern syntax: neither a scheme nor a segment"),
        SyntaxCase(pattern: "///", column: 1, source: "Matching rules: pattern syntax: empty segments are dropped, leaving none"),
        SyntaxCase(pattern: "/a?b", column: 3, source: "Matching rules: pattern syntax: a pattern may hold no query"),
        SyntaxCase(pattern: "/a#b", column: 3, source: "Matching rules: pattern syntax: a pattern may hold no fragment"),
        SyntaxCase(pattern: "/a/<int:id", column: 4, source: "Matching rules: pattern syntax: an unclosed '<type:'"),
        SyntaxCase(pattern: "/a/<foo:x>", column: 5, source: "Matching rules: pattern syntax: an unknown converter"),
        SyntaxCase(pattern: "/a/<:x>", column: 4, source: "Matching rules: pattern syntax: a converter with no name"),
        SyntaxCase(pattern: "/a/<int:>", column: 4, source: "Matching rules: pattern syntax: an empty parameter name"),
        SyntaxCase(pattern: "/a/<>", column: 4, source: "Matching rules: pattern syntax: an empty typed parameter"),
        SyntaxCase(pattern: "/a/<", column: 4, source: "Matching rules: pattern syntax: a lone '<'"),
        SyntaxCase(pattern: "/a/:", column: 4, source: "Matching rules: pattern syntax: an empty parameter name"),
        SyntaxCase(pattern: "/a/:1x", column: 4, source: "Matching rules: pattern syntax: names are [A-Za-z_][A-Za-z0-9_]*"),
        SyntaxCase(pattern: "/a/:a-b", column: 4, source: "Matching rules: pattern syntax: names are [A-Za-z_][A-Za-z0-9_]*"),
        SyntaxCase(pattern: "/:foo-:bar-", column: 2, source: "CVE-2024-45813 (find-my-way's multi-parameter segment is no syntax here)"),
        SyntaxCase(pattern: "/a/:é", column: 4, source: "Matching rules: pattern syntax: names are ASCII"),
        SyntaxCase(pattern: "/*x", column: 2, source: "Matching rules: pattern syntax: '*' must be '*', '**' or '**name'"),
        SyntaxCase(pattern: "/***", column: 2, source: "Matching rules: pattern syntax: '*' must be '*', '**' or '**name'"),
        SyntaxCase(pattern: "/**-", column: 2, source: "Matching rules: pattern syntax: '**name' needs a valid name"),
        SyntaxCase(pattern: "/%", column: 2, source: "Matching rules: pattern syntax: malformed percent-encoding"),
        SyntaxCase(pattern: "/%zz", column: 2, source: "Matching rules: pattern syntax: malformed percent-encoding"),
        SyntaxCase(pattern: "/ok/%C3", column: 5, source: "Matching rules: pattern syntax: escapes that decode to invalid UTF-8"),
        SyntaxCase(pattern: "reader://h:80/x", column: 10, source: "Matching rules: URL to route key: a pattern's host holds no port"),
        SyntaxCase(pattern: "reader://u@h/x", column: 10, source: "exposure rules: a pattern's host holds no userinfo"),
        SyntaxCase(pattern: "reader://<int:id", column: 10, source: "Matching rules: pattern syntax: an unclosed '<type:' in the host"),
        SyntaxCase(pattern: "/a/:x/:x", column: 7, source: "Matching rules: pattern syntax: a name repeats"),
        SyntaxCase(pattern: ":s://:s", column: 6, source: "Matching rules: pattern syntax: a name repeats across scheme and host"),
        SyntaxCase(pattern: "/中/:x/%", column: 7, source: "Matching rules: pattern syntax: columns count characters, not bytes"),
    ]

    @Test("malformed syntax is an error with its column", arguments: malformed)
    func malformedSyntax(_ row: SyntaxCase) {
        let error = #expect(throws: PatternError.self) { try RoutePattern(row.pattern) }
        #expect(error?.pattern == row.pattern)
        #expect(error?.column == row.column, "\(error.map(String.init(describing:)) ?? "")")
        guard case .failure(let tableError) = build([row.pattern, "/fine"]) else {
            Issue.record("the table with '\(row.pattern)' builds")
            return
        }
        #expect(tableError.problems.map(\.pattern) == [row.pattern])
    }

    /// An escaped syntax character is a literal (Matching rules: pattern syntax): the route matches only that text.
    struct EscapeCase: Sendable, CustomTestStringConvertible {
        var pattern: String
        var literal: String
        var matching: [String]
        var notMatching: [String]
        var testDescription: String { "'\(pattern)' is the literal '\(literal)'" }
    }

    static let escapes: [EscapeCase] = [
        EscapeCase(pattern: "/%3Aid", literal: ":id", matching: ["/:id", "/%3Aid", "/%3aid"], notMatching: ["/42", "/id"]),
        EscapeCase(pattern: "/%2A", literal: "*", matching: ["/*", "/%2A"], notMatching: ["/x"]),
        EscapeCase(pattern: "/%2A%2A", literal: "**", matching: ["/**"], notMatching: ["/a/b", "/"]),
        EscapeCase(pattern: "/%3Cint:n%3E", literal: "<int:n>", matching: ["/<int:n>", "/%3Cint:n%3E"], notMatching: ["/7"]),
        EscapeCase(pattern: "/%7E", literal: "~", matching: ["/~"], notMatching: ["/x"]),
        EscapeCase(pattern: "/~x", literal: "~x", matching: ["/~x"], notMatching: ["/y"]),
        EscapeCase(pattern: "/a:b", literal: "a:b", matching: ["/a:b", "/a%3Ab"], notMatching: ["/a"]),
        EscapeCase(pattern: "/a%2Fb", literal: "a/b", matching: ["/a%2Fb"], notMatching: ["/a/b"]),
        EscapeCase(pattern: "/%25", literal: "%", matching: ["/%25"], notMatching: ["/%2525"]),
    ]

    @Test("escapes make literals of syntax characters (Matching rules: pattern syntax)", arguments: escapes)
    func escape(_ row: EscapeCase) throws {
        let pattern = try RoutePattern(row.pattern)
        #expect(pattern.segments.map(\.literal) == [row.literal])
        guard case .success(let table) = build([row.pattern]) else { Issue.record("does not build"); return }
        for url in row.matching { #expect(table.match(url).match?.value == row.pattern, "\(url)") }
        for url in row.notMatching { #expect(table.match(url).match == nil, "\(url)") }
    }

    @Test("a pattern's host reads as a URL's: no port or userinfo can hide in it (Matching rules: URL to route key)")
    func patternHosts() throws {
        for invalid in ["reader://h:80/x", "reader://h:/x", "reader://u@h/x", "reader://@h/x", "reader://[a]:b/c"] {
            #expect(throws: PatternError.self, "\(invalid)") { try RoutePattern(invalid) }
        }
        guard case .success(let table) = build(["reader://[::1]/x", "reader://h%3A80/x", "reader://a%40b/x"]) else {
            Issue.record("does not build")
            return
        }
        #expect(table.match("reader://[::1]/x").match?.value == "reader://[::1]/x")
        #expect(table.match("reader://[::1]:8080/x").match?.value == "reader://[::1]/x", "the port is not the host")
        #expect(table.match("reader://h%3A80/x").match?.value == "reader://h%3A80/x")
        #expect(table.match("reader://h:80/x").match == nil, "a real port is no escaped colon")
        #expect(table.match("reader://a%40b/x").match?.value == "reader://a%40b/x")
        #expect(table.match("reader://a@b/x").match == nil, "real userinfo is no escaped '@'")
        for pattern in ["reader://[::1]/x", "reader://h%3A80/x", "reader://a%40b/x"] {
            let url = try table.url(for: pattern, parameters: [:])
            #expect(table.match(url).match?.value == pattern, "Matching rules: generating URLs: '\(url)'")
        }
    }

    @Test("reserved-looking names are plain names, and query items never replace them")
    func reservedLookingNames() throws {
        let patterns = ["/a/<string:string>", "/b/<int:int>/<uuid:uuid>", "/c/:_", "/d/:__proto__/:constructor",
                        "/e/**query"]
        guard case .success(let table) = build(patterns) else { Issue.record("does not build"); return }
        let match = try #require(table.match("/d/x/y?__proto__=evil&constructor=evil").match)
        #expect(match.parameters.dictionary == ["__proto__": "x", "constructor": "y"])
        #expect(table.match("/a/x?string=evil").match?.parameters["string"] == "x")
        #expect(table.match("/e/p/q?query=evil").match?.parameters["query"] == "p/q")
        #expect(table.match("/b/7/6ba7b810-9dad-11d1-80b4-00c04fd430c8").match?.parameters["int"] == "7")
        #expect(throws: PatternError.self) { try RoutePattern("/r/:router.url") }
    }

    struct Named: ParameterConverter {
        var name: String
        func accepts(_ text: Substring) -> Bool { true }
    }

    @Test("declared converters cannot take built-in or malformed names")
    func converterNames() {
        var builder = RouteTableBuilder<Int>()
        for name in ["int", "string", "", "1x", "a-b", "ok", "ok"] { builder.declare(Named(name: name)) }
        builder.add("/x/<ok:v>", value: 0)
        do {
            _ = try builder.build()
            Issue.record("converters named int, string, '', 1x, a-b and a second ok were accepted")
        } catch {
            #expect(error.problems.filter(\.isInvalidConverter).count == 6, "\(error)")
            #expect(error.problems.allSatisfy { $0.isInvalidConverter }, "\(error)")
        }
    }

    /// Small tables whose every permutation must give the same errors, the same trie and
    /// the same matches (Matching rules: which route wins).
    static let permutationTables: [[String]] = [
        ["/a/**r", "/:p/b/c/h", "/google/callback", "/:provider", "/a/b/<int:n>/h"],
        ["reader://book/<int:id>", "reader://book/:slug", "reader://book/<uuid:u>", "reader://book/<double:x>", "reader://**"],
        ["/api/**rest/two", "/api/**rest", "/api/:x", "/api/:y", "/api/v"],
        ["/x/:a/b", "/x/:c/:d", "/x/y/**", "/x/*/b/**t", "/x/y/z"],
        ["*://*/user/:id", "reader://:host/user/:id", "reader://web/user/<int:id>", "reader://web/**u", "*:user"],
    ]

    static let permutationURLs = [
        "/a/b/c/h", "/a/b/7/h", "/google", "/google/callback", "/a", "/a/x/y",
        "reader://book/42", "reader://book/1.5", "reader://book/6ba7b810-9dad-11d1-80b4-00c04fd430c8", "reader://book/x",
        "reader://book", "/api/v", "/api/x", "/api/x/two", "/x/y/b", "/x/y/z", "/x/q/b", "/x/y/b/c",
        "reader://web/user/7", "reader://web/user/x", "https://web/user/7", "reader:user", "reader://web",
    ]

    @Test("every permutation of a small table gives the same errors, trie and matches",
          .bug("https://github.com/ibraheemdev/matchit/issues/83"),
          .bug("https://github.com/julienschmidt/httprouter/issues/172"),
          arguments: permutationTables)
    func permutations(_ patterns: [String]) {
        func summary(_ order: [String]) -> String {
            switch build(order) {
            case .failure(let error):
                return "error: " + error.problems.map { "\($0.pattern)|\($0.conflictingRoute?.pattern ?? "")|\($0.patternError?.column ?? 0)" }.joined(separator: "; ")
            case .success(let table):
                let matches = Self.permutationURLs.map { url in
                    table.matches(url).map { "\($0.value) \($0.parameters.dictionary.sorted { $0.key < $1.key })" }.joined(separator: ", ")
                }
                return table.description + "\n" + matches.joined(separator: "\n")
            }
        }
        let reference = summary(patterns)
        var count = 0
        for order in PatternMatcherTests.permutations(of: patterns) {  // the method above hides the name
            count += 1
            let got = summary(order)
            if got != reference {
                Issue.record("order \(order) differs:\n\(got)\nfrom:\n\(reference)")
                return
            }
        }
        #expect(count == (1...patterns.count).reduce(1, *))
    }

    @Test("10,000 routes build, and each lookup enters a handful of nodes")
    func tenThousandRoutes() throws {
        var builder = RouteTableBuilder<Int>()
        for i in 0..<5_000 {
            builder.add("reader://module\(i)/item/<int:id>", value: i)
            builder.add("/m\(i)/:a/:b", value: 5_000 + i)
        }
        let table = try builder.build()
        #expect(table.count == 10_000)
        for i in stride(from: 0, to: 5_000, by: 499) {
            let (result, visited) = table.matchCountingVisits("reader://module\(i)/item/\(i)")
            #expect(result.match?.value == i)
            #expect(visited <= 5, "visited \(visited) nodes of \(table.nodeCount)")
            let (other, otherVisited) = table.matchCountingVisits("/m\(i)/x/y")
            #expect(other.match?.value == 5_000 + i)
            #expect(otherVisited <= 4)
        }
        let (miss, missVisited) = table.matchCountingVisits("reader://module5000/item/1")
        #expect(miss.match == nil && missVisited <= 2)
    }

    @Test("10,000 routes with 5,000 duplicates report 5,000 conflicts, each once")
    func tenThousandConflicts() {
        var builder = RouteTableBuilder<Int>()
        for i in 0..<5_000 {
            builder.add("/r\(i)/:id", value: i, owner: "A")
            builder.add("/r\(i)/:name", value: i, owner: "B")
        }
        do {
            _ = try builder.build()
            Issue.record("built")
        } catch {
            #expect(error.problems.count == 5_000)
            // `/r<i>/:id` sorts before `/r<i>/:name`: A's patterns are the references.
            #expect(error.problems.allSatisfy { $0.owner == "B" && $0.conflictingRoute?.owner == "A" })
        }
    }

    @Test("very long patterns register, match with raised limits and generate")
    func veryLongPatterns() throws {
        let segments = (0..<1_000).map { "s\($0)" }
        let deep = "/" + segments.joined(separator: "/") + "/:last"
        let wide = "/" + String(repeating: "a", count: 60_000)
        let manyParameters = "/" + (0..<300).map { ":p\($0)" }.joined(separator: "/")
        let options = MatchOptions(limits: URLLimits(maxBytes: 65_535, maxPathSegments: 200_000))
        var builder = RouteTableBuilder<Int>(options: options)
        builder.add(deep, value: 0)
        builder.add(wide, value: 1)
        builder.add(manyParameters, value: 2)
        let table = try builder.build()

        let deepURL = try table.url(for: deep, parameters: ["last": "end"])
        let (deepResult, deepVisits) = table.matchCountingVisits(deepURL)
        #expect(deepResult.match?.value == 0 && deepResult.match?.parameters["last"] == "end")
        #expect(deepVisits <= table.nodeCount)
        #expect(table.match(wide).match?.value == 1)
        let values = Dictionary(uniqueKeysWithValues: (0..<300).map { ("p\($0)", "v\($0)") })
        let manyURL = try table.url(for: manyParameters, parameters: values)
        #expect(table.match(manyURL).match?.parameters.dictionary == values)

        // Under the default limits the same URLs are malformed, never matched half-way.
        var defaults = RouteTableBuilder<Int>()
        defaults.add(deep, value: 0)
        defaults.add(manyParameters, value: 2)
        let strict = try defaults.build()
        guard case .malformed(let error) = strict.match(deepURL) else { Issue.record("not malformed"); return }
        #expect(error.reason == .tooManySegments)
        guard case .malformed(let many) = strict.match(manyURL) else { Issue.record("not malformed"); return }
        #expect(many.reason == .tooManySegments)
    }
}
