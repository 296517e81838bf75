@_spi(Testing) import PatternMatcher
import Testing

/// A lookup is decided by a one-pass direct walk when it can be, else by the full search.
/// The walk must never answer differently from the full search, and must leave to it
/// every URL it cannot decide alone. Checked on chosen cases and on the generated tables
/// of the differential test, where both strategies run on every URL.
@Suite("Direct walk vs. full search")
struct DirectWalkTests {
    /// What the walk did with one URL.
    enum Verdict: Equatable, CustomStringConvertible {
        case decided(Outcome)
        case leftToFullSearch

        var description: String {
            switch self {
            case .decided(let outcome): "decided: \(outcome)"
            case .leftToFullSearch: "left to the full search"
            }
        }
    }

    private func verdict(_ table: RouteTable<String>, _ url: String) -> Verdict {
        table.matchByDirectWalk(url).map { .decided($0.outcome) } ?? .leftToFullSearch
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let patterns: [String]
        let url: String
        /// Whether the walk decides the URL.
        let walkDecides: Bool
        let expected: Outcome
        var testDescription: String { "\(url) in \(patterns)" }
    }

    static let cases: [Case] = [
        // Decided: a straight descent to a route.
        Case(patterns: ["/a/b", "/a/:x"], url: "/a/b", walkDecides: true, expected: .match("/a/b")),
        Case(patterns: ["/a/b", "/a/:x"], url: "/a/c", walkDecides: true, expected: .match("/a/:x", ["x": "c"])),
        Case(patterns: ["/user/<int:id>", "/user/:name"], url: "/user/42", walkDecides: true,
             expected: .match("/user/<int:id>", ["id": "42"])),
        Case(patterns: ["/user/<int:id>", "/user/:name"], url: "/user/bob", walkDecides: true,
             expected: .match("/user/:name", ["name": "bob"])),
        Case(patterns: ["reader://book/:id"], url: "READER://Book/7?from=shelf#top", walkDecides: true,
             expected: .match("reader://book/:id", ["id": "7"])),
        Case(patterns: ["/a/averyverylongliteral/b"], url: "//a///averyverylongliteral/b/", walkDecides: true,
             expected: .match("/a/averyverylongliteral/b")),
        // Decided: a miss with nothing passed on the way to backtrack to.
        Case(patterns: ["/a/b"], url: "/a/c", walkDecides: true, expected: .notFound),
        Case(patterns: ["/a/b"], url: "/a", walkDecides: true, expected: .notFound),
        Case(patterns: ["reader://book/:id"], url: "other://book/1", walkDecides: true, expected: .notFound),
        // Left to the full search: a dead end with a parameter sibling behind it.
        Case(patterns: ["/a/b/c", "/a/:x/d"], url: "/a/b/d", walkDecides: false,
             expected: .match("/a/:x/d", ["x": "b"])),
        Case(patterns: ["/a/b/c", "/a/:x/d"], url: "/a/b/e", walkDecides: false, expected: .notFound),
        // ... a typed edge that led nowhere, before the parameter.
        Case(patterns: ["/u/<int:id>/x", "/u/:name/y"], url: "/u/1/y", walkDecides: false,
             expected: .match("/u/:name/y", ["name": "1"])),
        // ... a catch-all, at the end or passed on the way.
        Case(patterns: ["/a/**rest"], url: "/a/b/c", walkDecides: false, expected: .match("/a/**rest", ["rest": "b/c"])),
        Case(patterns: ["/a/**rest", "/a/b/c"], url: "/a/b", walkDecides: false,
             expected: .match("/a/**rest", ["rest": "b"])),
        // ... an escape anywhere, which the full parse validates.
        Case(patterns: ["/a/b"], url: "/a/%62", walkDecides: false, expected: .match("/a/b")),
        Case(patterns: ["/a/b"], url: "/a/b?q=%zz", walkDecides: false, expected: .malformed(.badEscape)),
        Case(patterns: ["/a/b"], url: "/x/y?q=%zz", walkDecides: false, expected: .malformed(.badEscape)),
        Case(patterns: ["/a/b"], url: "/x/%FF", walkDecides: false, expected: .malformed(.invalidUTF8)),
        // ... userinfo, a port or an IP literal in the authority.
        Case(patterns: ["reader://book/:id"], url: "reader://me@book/1", walkDecides: false,
             expected: .match("reader://book/:id", ["id": "1"])),
        Case(patterns: ["reader://book/:id"], url: "reader://book:80/1", walkDecides: false,
             expected: .match("reader://book/:id", ["id": "1"])),
    ]

    @Test("decides what it can, leaves the rest, and agrees with the full search", arguments: cases)
    func chosenCase(_ check: Case) throws {
        let table = try makeTable(check.patterns)
        #expect(table.match(check.url).outcome == check.expected)
        #expect(table.matchByFullSearch(check.url).outcome == check.expected)
        #expect(verdict(table, check.url) == (check.walkDecides ? .decided(check.expected) : .leftToFullSearch))
    }

    @Test("a URL over the segment limit is malformed, however the walk ends")
    func segmentLimit() throws {
        var options = MatchOptions()
        options.limits = URLLimits(maxBytes: 8192, maxPathSegments: 3)
        let table = try makeTable(["/a/:b/:c/:d", "/x"], options: options)
        for url in ["/a/1/2/3", "/a/1/2/3/4", "/y/1/2/3"] {
            #expect(table.match(url).outcome == .malformed(.tooManySegments), "\(url)")
            #expect(verdict(table, url) == .leftToFullSearch, "\(url)")
        }
        #expect(verdict(table, "/y/1/2") == .decided(.notFound))
    }

    @Test("on the differential tables, every URL the walk decides, it decides as the full search does",
          arguments: LongRuns.batches(Array(DifferentialTests.allBatches.prefix(5)), sample: 1))
    func generatedTables(batch: UInt64) throws {
        var decidedMatches = 0, decidedMisses = 0, left = 0, disagreements = 0
        try DifferentialTests.forEachURL(batch: batch) { table, generated, url in
            let full = table.matchByFullSearch(url).outcome
            #expect(table.match(url).outcome == full, "\(url)\n\(generated)")
            switch verdict(table, url) {
            case .leftToFullSearch: left += 1
            case .decided(let outcome):
                if outcome != full {
                    disagreements += 1
                    Issue.record("walk: \(outcome), full search: \(full), URL \(url.debugDescription)\n\(generated)")
                }
                if case .matched = outcome { decidedMatches += 1 } else { decidedMisses += 1 }
            }
            return disagreements < 5
        }
        if disagreements >= 5 { return }
        // Each strategy must have had real work, or agreement would prove nothing.
        let total = DifferentialTests.tablesPerBatch * DifferentialTests.urlsPerTable
        #expect(decidedMatches * 20 >= total, "the walk decided only \(decidedMatches) matches of \(total) URLs")
        #expect(decidedMisses * 50 >= total, "the walk decided only \(decidedMisses) misses of \(total) URLs")
        #expect(left * 10 >= total, "only \(left) of \(total) URLs were left to the full search")
    }
}
