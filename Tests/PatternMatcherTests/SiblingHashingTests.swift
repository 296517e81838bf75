@_spi(Testing) import PatternMatcher
import Testing

/// Registration is linear however many literal children one node has: the builder's edge
/// table spreads the siblings over its slots, so no probe walks a long run. Asserted on
/// the table's shape (distinct home slots, longest probe), never on wall-clock time.
@Suite("Sibling literals spread over the builder's edge table")
struct SiblingHashingTests {
    /// Siblings under one node: 100,000 (``LongRuns``), 50,000 in the sample. Both are past
    /// 47,000, where the 70% of distinct homes asked below exceeds the 2^15 that a hash
    /// spreading siblings by the top bits of one multiply could give.
    static let siblings = LongRuns.count(full: 100_000, sample: 50_000)

    /// Siblings under one node, and the table they extend (none: built at once).
    struct SiblingCase: Sendable, CustomTestStringConvertible {
        var name: String
        var keys: @Sendable (Int) -> String
        var count = SiblingHashingTests.siblings
        /// Routes already in a table the siblings are added to, as a run-time `register` does.
        var base: [String] = []

        var testDescription: String { "\(count) siblings, \(name)" }
    }

    static let cases: [SiblingCase] = [
        SiblingCase(name: "decimal keys", keys: { "reader://base/\($0)" }),
        SiblingCase(name: "keys of more than eight bytes", keys: { "reader://base/item-number-\($0)" }),
        SiblingCase(name: "under a parameter", keys: { "reader://base/:id/x\($0)" }),
        SiblingCase(name: "added to a table that holds as many", keys: { "reader://base/\($0)" },
                    count: siblings / 2, base: (siblings / 2..<siblings).map { "reader://base/\($0)" }),
    ]

    @Test(arguments: cases)
    func siblingsSpread(_ siblings: SiblingCase) throws {
        var builder = RouteTableBuilder<Int>()
        if !siblings.base.isEmpty {
            var base = RouteTableBuilder<Int>()
            for (index, pattern) in siblings.base.enumerated() { base.add(pattern, value: index) }
            builder = RouteTableBuilder(extending: try base.build())
        }
        for index in 0..<siblings.count { builder.add(siblings.keys(index), value: index) }
        let edges = siblings.count + siblings.base.count
        let (homeSlots, longestProbe) = builder.literalEdgeSlots()
        // A table at most half full gives random keys at least 78% distinct homes; siblings
        // that share the top bits of one multiply got at most 2^15.
        #expect(homeSlots >= edges * 7 / 10, "\(homeSlots) home slots for \(edges) edges")
        #expect(longestProbe <= 32, "a probe walks \(longestProbe) slots")
        #expect(try builder.build().count == edges)
    }
}
