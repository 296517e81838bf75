@_spi(Testing) import PatternMatcher
import Testing

/// Matching rules: which route wins: the work per lookup is bounded by the number of trie nodes, never exponential
/// in the URL. Asserted on the visited-node counter (every node is entered at most once),
/// never on wall-clock time; where the shape of the trie allows, on a much tighter count.
@Suite("Bounded work on adversarial tables")
struct BoundedWorkTests {
    private func lookup(_ table: RouteTable<String>, _ url: String) -> (outcome: Outcome, visited: Int) {
        let (result, visited) = table.matchCountingVisits(url)
        #expect(visited <= table.nodeCount, "\(visited) visits in \(table.nodeCount) nodes")
        #expect(result.outcome == table.match(url).outcome)
        return (result.outcome, visited)
    }

    @Test("500 routes /:a/x<i>: one parameter node, then one hashed literal lookup")
    func siblingLiteralsUnderAParameter() throws {
        let table = try makeTable((0..<500).map { "/:a/x\($0)" })
        #expect(table.nodeCount == 2 + 1 + 500)
        let miss = lookup(table, "/v/y")
        #expect(miss.outcome == .notFound)
        #expect(miss.visited <= 2)  // the root and the parameter node
        let hit = lookup(table, "/v/x499")
        #expect(hit.outcome == .match("/:a/x499", ["a": "v"]))
        #expect(hit.visited <= 3)
    }

    @Test("200 sibling converters that accept everything, each with a failing tail")
    func siblingConverters() throws {
        let names = (0..<200).map { "c" + String(1000 + $0).dropFirst() }
        var patterns = names.map { "/<\($0):v>/x\($0)" }
        patterns.append("/:v/y")
        let table = try makeTable(patterns, converters: names.map { AcceptAllConverter(name: $0) })
        let miss = lookup(table, "/q/nope")
        #expect(miss.outcome == .notFound)
        #expect(miss.visited <= 1 + 200 + 1)  // the root, each typed child once, the parameter child
        #expect(lookup(table, "/q/y").outcome == .match("/:v/y", ["v": "q"]))
        #expect(lookup(table, "/q/xc199").outcome == .match("/<c199:v>/xc199", ["v": "q"]))
    }

    /// `/*/fail`, `/*/*/fail`, … 255 wildcards deep, and a URL of 256 segments: a matcher
    /// that re-explores shared prefixes would take exponential time; the trie enters each
    /// wildcard node once.
    @Test("a chain of 255 wildcards, a failing tail at every depth")
    func wildcardChain() throws {
        let patterns = (1...255).map { String(repeating: "/*", count: $0) + "/fail" } + ["/**rest"]
        let table = try makeTable(patterns)
        #expect(table.nodeCount == 2 + 255 + 255)
        let url = String(repeating: "/a", count: 256)
        let result = lookup(table, url)
        #expect(result.outcome == .match("/**rest", ["rest": String(String(repeating: "a/", count: 256).dropLast())]))
        #expect(result.visited <= 1 + 255)  // the root and the wildcard chain; no 'fail' node matches

        // With 'fail' everywhere, every 'fail' node is tried on the way down and only the
        // deepest fits: every node but the other root is entered, once.
        let allFail = lookup(table, String(repeating: "/fail", count: 256))
        #expect(allFail.outcome == .match(patterns[254]))
        #expect(allFail.visited <= table.nodeCount - 1)
        #expect(table.matches(String(repeating: "/fail", count: 200)).map { String($0.pattern) } == [patterns[198], "/**rest"])
    }

    /// Every combination of `a` and a parameter over nine positions: a complete binary
    /// trie of 1,022 inner nodes. A URL that fails at the tenth position explores all of
    /// them, once each: bounded by the trie, however the URL is shaped.
    @Test("a complete binary trie of literals and parameters")
    func binaryTrie() throws {
        let depth = 9
        let patterns = (0..<(1 << depth)).map { bits in
            (0..<depth).map { bit in bits >> bit & 1 == 0 ? "/a" : "/:p\(bit)" }.joined() + "/end"
        }
        let table = try makeTable(patterns)
        #expect(table.nodeCount == 2 + (2 << depth) - 2 + (1 << depth))
        let miss = lookup(table, String(repeating: "/a", count: depth) + "/nope")
        #expect(miss.outcome == .notFound)
        #expect(miss.visited <= 1 + (2 << depth) - 2)  // the root and every inner node, not one 'end'
        let hit = lookup(table, String(repeating: "/a", count: depth) + "/end")
        #expect(hit.outcome == .match(patterns[0]))
        #expect(hit.visited <= 1 + depth + 1)  // straight down the literals
        #expect(Array(table.matches(String(repeating: "/a", count: depth) + "/end")).count == 1 << depth)
    }

    @Test("a catch-all at every level: the deepest wins, the others follow in order")
    func catchAllLadder() throws {
        let patterns = (0..<200).map { String(repeating: "/a", count: $0) + "/**r" }
        let table = try makeTable(patterns)
        let url = String(repeating: "/a", count: 255) + "/b"
        let result = lookup(table, url)
        #expect(result.outcome == .match(patterns[199], ["r": String(repeating: "a/", count: 56) + "b"]))
        #expect(result.visited <= 200)  // the root and 199 literal nodes
        let all = table.matches(url).map { String($0.pattern) }
        #expect(all == Array(patterns.reversed()))
    }

    @Test("a URL of 256 segments through a route of 256 parameters")
    func deepRoute() throws {
        let pattern = (0..<256).map { "/:p\($0)" }.joined()
        let table = try makeTable([pattern, "/**rest"])
        let url = (0..<256).map { "/v\($0)" }.joined()
        let result = lookup(table, url)
        #expect(result.outcome == .match(pattern, Dictionary(uniqueKeysWithValues: (0..<256).map { ("p\($0)", "v\($0)") })))
        #expect(result.visited <= 257)
        #expect(lookup(table, url + "/extra").outcome == .malformed(.tooManySegments))
        #expect(lookup(table, String(url.dropLast(5))).outcome == .match("/**rest", ["rest": String(url.dropFirst().dropLast(5))]))
    }

    @Test("URLs near the 8192-byte limit, against 1,000 literal siblings")
    func longURLs() throws {
        let long = String(repeating: "a", count: 8191)
        let escaped = String(repeating: "%41", count: 2730)
        var patterns = (0..<1_000).map { "/s\($0)" }
        patterns += ["/" + long, "/" + String(repeating: "A", count: 2730)]
        let table = try makeTable(patterns)
        let hit = lookup(table, "/" + long)
        #expect(hit.outcome == .match("/" + long))
        #expect(hit.visited <= 2)
        let miss = lookup(table, "/" + String(long.dropLast()) + "b")
        #expect(miss.outcome == .notFound)
        #expect(miss.visited <= 1)
        #expect(lookup(table, "/" + escaped).outcome == .match("/" + String(repeating: "A", count: 2730)))
        #expect(lookup(table, "/" + long + "a").outcome == .malformed(.tooLong))
        #expect(lookup(table, "/x/" + String(repeating: "%zz", count: 2729)).outcome == .malformed(.badEscape))
    }

    @Test("the number of literal siblings does not change the work", arguments: [10, 10_000])
    func siblingCount(count: Int) throws {
        let table = try makeTable((0..<count).map { "/s\($0)/x" } + ["/:p/y"])
        #expect(lookup(table, "/s5/x").visited <= 3)
        #expect(lookup(table, "/s\(count - 1)/x").visited <= 3)
        #expect(lookup(table, "/zzz/y").visited <= 3)  // the root, the parameter, 'y'
        #expect(lookup(table, "/s5/y").visited <= 4)  // into s5, back out, into the parameter
    }
}
