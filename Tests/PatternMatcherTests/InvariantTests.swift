import Foundation
@testable @_spi(Testing) import PatternMatcher
import Testing

/// The frozen trie's invariants (`FrozenTrie.invariantViolations()`): they hold for every
/// table the builder makes, and the check finds a table that breaks them. A build with
/// `-DURLROUTER_INTERNAL_CHECKS` (CI runs the tests so) also checks them at every freeze
/// and holds every lookup the direct walk decides to the full search.
@Suite("Internal checks: the frozen trie's invariants")
struct InvariantTests {
    @Test("every generated table keeps its invariants", arguments: LongRuns.batches([0x1A7A_0000, 0x1A7A_0001], sample: 1))
    func generatedTables(batch: UInt64) throws {
        for index in 0..<1_000 {
            let seed = derivedSeed(batch, index)
            var generator = RouteGenerator(seed: seed)
            let generated = generator.table(maxRoutes: 10, seed: seed)
            let table = try generated.makeTable()
            let violations = table.invariantViolations
            #expect(violations.isEmpty, "\(violations)\n\(generated)")
            if !violations.isEmpty { return }
        }
    }

    @Test("hash tables, long literals, typed children, catch-alls and case folding keep them", arguments: [false, true])
    func largeTables(caseInsensitive: Bool) throws {
        var patterns: [String] = []
        for i in 0..<600 {
            patterns.append("reader://host\(i)/page")
            patterns.append("/shelf/section-number-\(i)/<int:id>")
            patterns.append("/Shelf/S\(i)/**rest")
        }
        patterns += ["/shelf/:name/<uuid:u>", "/shelf/:name/<double:d>", "/**"]
        let table = try makeTable(patterns, options: MatchOptions(caseInsensitivePaths: caseInsensitive))
        #expect(table.invariantViolations == [])
        #expect(table.match("/shelf/section-number-599/7").match?.value == "/shelf/section-number-\(599)/<int:id>")
    }

    @Test("a table that breaks them is found out")
    func brokenTables() throws {
        let table = try makeTable((0..<40).map { "/a/literal-number-\($0)/:x" } + ["/a/:y/b"])
        let storage = table.storage
        #expect(storage.invariantViolations().isEmpty)
        func copy(nodes: [TrieNode]? = nil, nodeCount: Int? = nil, routes: [RouteRecord]? = nil) -> FrozenTrie {
            FrozenTrie(nodes: nodes ?? storage.nodes, nodeCount: nodeCount ?? storage.nodeCount, extras: storage.extras,
                         literalBytes: storage.literalBytes, typedEdges: storage.typedEdges, converters: storage.converters,
                         converterOwners: storage.converterOwners,
                         routes: routes ?? storage.routes, captureSpecs: storage.captureSpecs, patternText: storage.patternText,
                         owners: storage.owners, pathRoot: storage.pathRoot, schemeRoot: storage.schemeRoot,
                         maxDepth: storage.maxDepth, options: storage.options)
        }
        // A child out of range.
        var nodes = storage.nodes
        let parent = try #require(nodes.firstIndex { $0.hasParamChild })
        nodes[parent].paramChild = Int32(nodes.count)
        #expect(!copy(nodes: nodes).invariantViolations().isEmpty)
        // A node with two parents.
        nodes = storage.nodes
        let other = try #require(nodes.indices.last { $0 != parent && nodes[$0].hasLiteral })
        nodes[parent].paramChild = Int32(other)
        #expect(copy(nodes: nodes).invariantViolations().contains { $0.contains("2 parents") })
        // A literal moved out of its hash table's probe sequence.
        nodes = storage.nodes
        let hashed = try #require(nodes.first { $0.literals.isHashed })
        let block = hashed.literals.range
        let full = try #require(block.first { nodes[$0].hasLiteral })
        let empty = try #require(block.first { !nodes[$0].hasLiteral })
        nodes.swapAt(full, empty)
        let moved = copy(nodes: nodes).invariantViolations()
        #expect(moved.contains { $0.contains("past an empty slot") } || moved.contains { $0.contains("parents") }, "\(moved)")
        // A wrong node count, and a route that ends nowhere.
        #expect(!copy(nodeCount: storage.nodeCount + 1).invariantViolations().isEmpty)
        nodes = storage.nodes
        let ending = try #require(nodes.firstIndex { $0.hasRoute })
        nodes[ending].route = TrieNode.none
        #expect(copy(nodes: nodes).invariantViolations().contains { $0.contains("ends at 0 nodes") })
    }

    @Test("the direct walk's answers are the full search's, compared as the internal checks compare them")
    func walkAgrees() throws {
        let table = try makeTable(["/a/b", "/a/:x", "/u/<int:id>", "reader://book/:id", "/c/**rest", "/c/d/e"])
        for url in ["/a/b", "/a/c", "/u/1", "/u/x", "READER://Book/7?x#y", "/c/d/e", "/c/d", "/%zz", "/nothing"] {
            let storage = table.storage
            if let walked = storage.firstMatchByDirectWalk(url) {
                #expect(walked.isSame(as: storage.firstMatchByFullSearch(url)), "\(url)")
            }
        }
        let one = table.storage.firstMatchByFullSearch("/a/b")
        let other = table.storage.firstMatchByFullSearch("/a/c")
        #expect(!one.isSame(as: other) && !one.isSame(as: .notFound))
    }

    @Test("a lookup written in place overwrites whatever the caller's variable held, by either strategy")
    func lookupInPlace() throws {
        let table = try makeTable(["/a/b", "/a/:x", "/c/**rest"])
        // "/a" is decided by the direct walk, "/a/%62/c" by the full search (a '%' in the key).
        // Each URL starts from two values, one of them another URL's outcome, so a lookup that
        // left the variable as it was would fail on at least one.
        let storage = table.storage
        for url in ["/a/b", "/a/%62", "/a", "/a/%62/c", "/%zz"] {
            for before in ["/a/b", "/c/x/y"] {
                var lookup = storage.firstMatch(before)
                storage.firstMatch(url, into: &lookup)
                #expect(lookup.isSame(as: storage.firstMatchByFullSearch(url)), "\(url) after \(before)")
            }
        }
    }

    @Test("the internal checks are on exactly when CI says it built them")
    func configuration() {
        // `.ci/run` sets URLROUTER_EXPECT_INTERNAL_CHECKS=1 for its internal-checks step, so a
        // flag that stopped reaching the engine fails here instead of checking nothing.
        let expected = ProcessInfo.processInfo.environment["URLROUTER_EXPECT_INTERNAL_CHECKS"] == "1"
        #expect(RouteTable<Int>.checksInvariants == expected)
    }
}
