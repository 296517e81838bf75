import PatternMatcher
import Testing

/// The trie against ``ReferenceMatcher`` (a linear scan that sorts by specificity) on
/// 10,000 generated tables and 40,000 URLs (``LongRuns``: 2,000 and 8,000 in the sample).
/// Every table comes from its own seed, printed with any mismatch; to replay one,
/// `var g = RouteGenerator(seed: s)`, then `g.table(maxRoutes: 10, seed: s)` and
/// `g.url(for:)` four times.
@Suite("Differential: trie vs. naive reference matcher")
struct DifferentialTests {
    /// Every batch; the suites that reuse the differential tables take a prefix.
    static let allBatches: [UInt64] = (0..<20).map { 0x5EED_0000 + UInt64($0) }
    static let batches = LongRuns.batches(allBatches, sample: 4)
    static let tablesPerBatch = 500
    static let urlsPerTable = 4

    /// Every URL the differential test generates for `batch`, with its table, in order, while
    /// `body` returns `true`: for suites that hold another property on the same inputs.
    static func forEachURL(batch: UInt64,
                           _ body: (RouteTable<String>, GeneratedTable, String) throws -> Bool) throws {
        try forEachTable(batch: batch) { table, generated, urls in
            for url in urls {
                guard try body(table, generated, url) else { return false }
            }
            return true
        }
    }

    /// Every table generated for `batch` (`tables` of them, each of up to `maxRoutes` routes),
    /// built, with the `urlsPerTable` URLs drawn for it, while `body` returns `true`. With the
    /// default counts, the tables and URLs of the differential test.
    static func forEachTable(batch: UInt64, tables: Int = tablesPerBatch, maxRoutes: Int = 10,
                             urlsPerTable: Int = urlsPerTable,
                             _ body: (RouteTable<String>, GeneratedTable, [String]) throws -> Bool) throws {
        for index in 0..<tables {
            let seed = derivedSeed(batch, index)
            var generator = RouteGenerator(seed: seed)
            let generated = generator.table(maxRoutes: maxRoutes, seed: seed)
            let table = try generated.makeTable()
            let urls = (0..<urlsPerTable).map { _ in generator.url(for: generated) }
            guard try body(table, generated, urls) else { return }
        }
    }

    @Test("the trie and the reference agree on the route and the parameters", arguments: batches)
    func agreesWithReference(batch: UInt64) throws {
        var stats = Stats()
        for index in 0..<Self.tablesPerBatch {
            let seed = derivedSeed(batch, index)
            var generator = RouteGenerator(seed: seed)
            let generated = generator.table(maxRoutes: 10, seed: seed)
            let table: RouteTable<String>
            do {
                table = try generated.makeTable()
            } catch {
                Issue.record("a conflict-free table was refused: \(error)\n\(generated)")
                continue
            }
            let reference = generated.reference
            for urlIndex in 0..<Self.urlsPerTable {
                let url = generator.url(for: generated)
                // The full precedence order is compared for one URL in four.
                stats.record(compare(url, table, reference, generated, fullOrder: urlIndex == 0))
                if stats.mismatches >= 5 { return }
            }
        }
        // A generator that stopped producing hits would make this test pass for nothing.
        let total = Self.tablesPerBatch * Self.urlsPerTable
        #expect(stats.matched * 20 >= total * 7, "only \(stats.matched) of \(total) URLs matched")
        #expect(stats.notFound * 20 >= total, "only \(stats.notFound) of \(total) URLs found nothing")
        #expect(stats.malformed > 0, "no malformed URL was generated")
        #expect(stats.matchedWithSeveral * 100 >= total * 8, "only \(stats.matchedWithSeveral) URLs had a choice to make")
    }

    struct Stats {
        var matched = 0, notFound = 0, malformed = 0, matchedWithSeveral = 0, mismatches = 0

        mutating func record(_ comparison: Comparison) {
            switch comparison {
            case .agreed(let candidates):
                switch candidates {
                case nil: malformed += 1
                case 0: notFound += 1
                case let count?:
                    matched += 1
                    if count > 1 { matchedWithSeveral += 1 }
                }
            case .mismatch: mismatches += 1
            }
        }
    }

    enum Comparison {
        /// The number of matching routes, `nil` for a malformed URL.
        case agreed(Int?)
        case mismatch
    }

    func compare(_ url: String, _ table: RouteTable<String>, _ reference: ReferenceMatcher,
                 _ generated: GeneratedTable, fullOrder: Bool) -> Comparison {
        let expected = reference.matches(url)
        let actual = table.match(url)
        let expectedOutcome = expected.map { $0.first?.outcome ?? .notFound }
        func report(_ what: String, expected: String, actual: String) -> Comparison {
            Issue.record("""
                \(what) for URL \(url.debugDescription)
                  reference: \(expected)
                  trie:      \(actual)
                \(generated)
                """)
            return .mismatch
        }
        switch (expectedOutcome, actual) {
        case (nil, .malformed):
            guard table.matches(url).malformed != nil, table.matches(url).first(where: { _ in true }) == nil else {
                return report("MatchSequence disagrees with match(_:)", expected: "malformed", actual: "a match")
            }
            return .agreed(nil)
        case (nil, _):
            return report("only the reference calls it malformed", expected: "malformed", actual: "\(actual.outcome)")
        case (let outcome?, _) where outcome != actual.outcome:
            return report("different results", expected: "\(outcome)", actual: "\(actual.outcome)")
        default:
            break
        }
        let candidates = expected!
        if fullOrder {
            let order = table.matches(url).map(\.outcome)
            if order != candidates.map(\.outcome) {
                return report("different matches(_:) order", expected: "\(candidates.map(\.outcome))", actual: "\(order)")
            }
        } else if table.matches(url).first(where: { _ in true })?.outcome != candidates.first?.outcome {
            return report("matches(_:).first differs from match(_:)", expected: "\(expectedOutcome!)",
                          actual: "\(table.matches(url).first(where: { _ in true })?.outcome.description ?? "nothing")")
        }
        return .agreed(candidates.count)
    }
}

/// The reference itself, pinned on hand-checked cases, so that a wrong reference cannot
/// make the differential test agree with a wrong trie.
@Suite("Reference matcher sanity")
struct ReferenceMatcherTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let url: String
        let key: [String]?
        let rests: [String]
        var testDescription: String { "\(url.debugDescription) → \(key.map { "\($0)" } ?? "malformed")" }
    }

    static let cases: [Case] = [
        Case(url: "READER://Book/42/", key: ["reader", "book", "42"], rests: ["", "Book/42/", "42/", ""]),
        Case(url: "reader://u@H:1//a//b?x#y", key: ["reader", "h", "a", "b"], rests: ["", "H//a//b", "a//b", "b", ""]),
        Case(url: "reader:///a/b", key: ["reader", "a", "b"], rests: ["", "a/b", "b", ""]),
        Case(url: "/files/a%2Fb/c", key: ["files", "a/b", "c"], rests: ["files/a/b/c", "a/b/c", "c", ""]),
        Case(url: "a:b/c", key: ["a", "b", "c"], rests: ["", "b/c", "c", ""]),
        Case(url: "a_b:c", key: ["a_b:c"], rests: ["a_b:c", ""]),
        Case(url: "//h/x", key: ["h", "x"], rests: ["h/x", "x", ""]),
        Case(url: "", key: [], rests: [""]),
        Case(url: "/a/%zz", key: nil, rests: []),
        Case(url: "/a/%C3", key: nil, rests: []),
        Case(url: "/a#%", key: nil, rests: []),
    ]

    @Test(arguments: cases)
    func splitsURLs(_ check: Case) {
        let parsed = ReferenceURL(check.url, limits: URLLimits())
        #expect(parsed?.key.utf8Bytes == check.key?.utf8Bytes)
        if let parsed { #expect(parsed.rests == check.rests) }
    }

    @Test("typed grammars")
    func grammars() {
        #expect(ReferenceConverters.isInt("-9223372036854775808"))
        #expect(!ReferenceConverters.isInt("9223372036854775808"))
        #expect(!ReferenceConverters.isInt("+5"))
        #expect(ReferenceConverters.isDouble("1e308") && !ReferenceConverters.isDouble("1e309"))
        #expect(!ReferenceConverters.isDouble(".5") && !ReferenceConverters.isDouble("5.") && !ReferenceConverters.isDouble("inf"))
        #expect(ReferenceConverters.isUUID("123E4567-e89b-12d3-a456-426614174000"))
        #expect(!ReferenceConverters.isUUID("123e4567e89b12d3a456426614174000"))
    }

    @Test("ranks by specificity, an exact end before a catch-all")
    func ranks() {
        func route(_ pattern: String, _ segments: [ReferenceSegment]) -> ReferenceRoute {
            ReferenceRoute(pattern: pattern, hasScheme: false, segments: segments)
        }
        let reference = ReferenceMatcher(routes: [
            route("/**r", [.catchAll(name: "r")]),
            route("/:p/b", [.any(name: "p"), .literal("b")]),
            route("/a/**r", [.literal("a"), .catchAll(name: "r")]),
            route("/a/b", [.literal("a"), .literal("b")]),
            route("/a/<int:n>", [.literal("a"), .typed(converter: "int", name: "n")]),
        ])
        #expect(reference.matches("/a/b")?.map(\.route.pattern) == ["/a/b", "/a/**r", "/:p/b", "/**r"])
        #expect(reference.matches("/a/7")?.map(\.route.pattern) == ["/a/<int:n>", "/a/**r", "/**r"])
        #expect(reference.matches("/a")?.map(\.outcome) == [.match("/a/**r", ["r": ""]), .match("/**r", ["r": "a"])])
    }
}
