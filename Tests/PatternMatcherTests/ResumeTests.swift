@_spi(Testing) import PatternMatcher
import Testing

/// After a router's handler declines the best match, the next matches are searched for
/// from where the best one was found (``RouteTable/matches(after:)``), whichever strategy
/// found it (the direct walk keeps no frames). A match also carries the offsets of the
/// URL's parts, so reading the query, the fragment or the userinfo bit never parses the URL
/// again. Both are held to the plain full search on chosen tables and on the generated
/// tables of the differential test.
@Suite("Resuming after a match, and the parts a match carries")
struct ResumeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let patterns: [String]
        let url: String
        var options = MatchOptions()
        var testDescription: String { "\(url) in \(patterns)" }
    }

    static let caseInsensitive = MatchOptions(caseInsensitivePaths: true)

    static let cases: [Case] = [
        // Literal before typed before parameter before catch-all, at one depth.
        Case(patterns: ["/a/b", "/a/<int:x>", "/a/:y", "/a/**rest", "/**all"], url: "/a/b"),
        Case(patterns: ["/a/b", "/a/<int:x>", "/a/:y", "/a/**rest", "/**all"], url: "/a/42"),
        // Two typed edges on one node, then the parameter.
        Case(patterns: ["/n/<int:i>", "/n/<double:d>", "/n/:s", "/n/**"], url: "/n/7"),
        // A catch-all over an exhausted key (the node's own route tried first).
        Case(patterns: ["/a", "/a/**rest", "/**"], url: "/a"),
        Case(patterns: ["/a/**rest", "/:x/**", "/**"], url: "/a/b/c?q=1#f"),
        // Deeper backtracking: the best match is found past a dead end.
        Case(patterns: ["/a/b/c", "/a/:x/d", "/:y/b/d", "/**"], url: "/a/b/d"),
        // Scheme and host, folded; a wildcard; a hash table of literals (more than eight siblings).
        Case(patterns: ["Reader://Book/:id", "reader://*/:id", "reader://**"], url: "READER://book/42?from=shelf"),
        Case(patterns: (0..<20).map { "/s/lit\($0)/:x" } + ["/s/:k/:x", "/s/**"], url: "/s/lit13/v"),
        Case(patterns: (0..<20).map { "/s/literal-longer-than-8-\($0)" } + ["/s/:k", "/**"],
             url: "/s/literal-longer-than-8-17"),
        // Percent-escapes in the key, decoded before comparing.
        Case(patterns: ["/caf%C3%A9/:x", "/:y/:x", "/**"], url: "/caf%C3%A9/1%2F2?x=%41#%42"),
        // Paths folded.
        Case(patterns: ["/Books/:id", "/books/**", "/:a/:b"], url: "/BOOKS/9", options: caseInsensitive),
        // Userinfo and a port: only the full search reads them.
        Case(patterns: ["app://host/:p", "app://*/:p", "app://**"], url: "app://user:pw@host:8080/x?y#z"),
    ]

    @Test("matches(after:) gives what follows in the full sequence", arguments: cases)
    func chosen(_ check: Case) throws {
        let table = try makeTable(check.patterns, options: check.options)
        try expectResumes(table, check.url)
    }

    @Test("on the differential tables, resuming after any match gives the rest of the sequence",
          arguments: LongRuns.batches(Array(DifferentialTests.allBatches.prefix(4)), sample: 1))
    func generatedTables(batch: UInt64) throws {
        var resumedAfterWalk = 0, resumedLater = 0
        try DifferentialTests.forEachURL(batch: batch) { table, generated, url in
            let counts = try expectResumes(table, url, context: "\(generated)")
            resumedAfterWalk += counts.afterWalk
            resumedLater += counts.later
            return true
        }
        // Both starting points must have been exercised, or agreement proves little.
        #expect(resumedAfterWalk >= 50, "resumed after only \(resumedAfterWalk) matches the walk decided")
        #expect(resumedLater >= 50, "resumed after only \(resumedLater) later matches")
    }

    @Test("a match of another table resumes nothing")
    func foreignMatch() throws {
        let one = try makeTable(["/a/:x", "/**"])
        let other = try makeTable(["/a/:x", "/**"])
        guard case .matched(let match) = one.match("/a/1") else { Issue.record("no match"); return }
        #expect(Array(one.matches(after: match)).map(\.outcome) == [.match("/**")])
        #expect(Array(other.matches(after: match)).isEmpty)
    }

    /// Checks resuming after the best match and after every later one, and the parts the
    /// best match carries; returns how many resumptions started from a walk-decided match
    /// and from a later match.
    @discardableResult
    private func expectResumes(_ table: RouteTable<String>, _ url: String,
                               context: String = "") throws -> (afterWalk: Int, later: Int) {
        let all = Array(table.matches(url))
        guard case .matched(let best) = table.match(url) else {
            #expect(all.isEmpty, "\(url.debugDescription)\n\(context)")
            return (0, 0)
        }
        let expected = all.map(\.outcome)
        #expect(best.outcome == expected.first, "\(url.debugDescription)\n\(context)")
        #expect(Array(table.matches(after: best)).map(\.outcome) == Array(expected.dropFirst()),
                "after the best match of \(url.debugDescription)\n\(context)")
        for (k, match) in all.enumerated().dropFirst() {
            #expect(Array(table.matches(after: match)).map(\.outcome) == Array(expected.dropFirst(k + 1)),
                    "after match \(k) of \(url.debugDescription)\n\(context)")
        }
        guard let parsed = try? ParsedURL(url, limits: URLLimits(maxBytes: .max, maxPathSegments: .max)) else {
            Issue.record("a matched URL parses: \(url.debugDescription)")
            return (0, 0)
        }
        for match in [best] + all { expectParts(match, parsed, context: context) }
        let walked = table.matchByDirectWalk(url) != nil
        return (walked ? 1 : 0, max(all.count - 1, 0))
    }

    /// The query, fragment and userinfo bit a match carries are those a full parse finds.
    private func expectParts(_ match: RouteMatch<String>, _ parsed: ParsedURL, context: String) {
        let url = parsed.string.debugDescription
        #expect(Array(match.query) == Array(parsed.queryItems), "\(url)\n\(context)")
        #expect(match.fragment.map(String.init) == parsed.fragment, "\(url)\n\(context)")
        #expect(match.hasUserinfo == (parsed.userinfo != nil), "\(url)\n\(context)")
    }
}
