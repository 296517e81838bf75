import PatternMatcher
import Testing

/// Matching rules, "Malformed URLs": a table matches URLs of at most 65,535 bytes, so a
/// byte limit above that is a problem of the table's configuration, reported when it is
/// built with the table's other problems.
@Suite("The largest byte limit a table takes (Matching rules: malformed URLs)")
struct TableLimitTests {
    struct LimitCase: Sendable, CustomTestStringConvertible {
        let maxBytes: Int
        /// The problem's description, `nil` when the table builds.
        let problem: String?

        var testDescription: String { "maxBytes \(maxBytes): " + (problem == nil ? "built" : "refused") }
    }

    static let limits: [LimitCase] = [
        LimitCase(maxBytes: 8192, problem: nil),
        LimitCase(maxBytes: 0, problem: nil),
        LimitCase(maxBytes: 65_535, problem: nil),
        LimitCase(maxBytes: 65_536, problem: "URLLimits.maxBytes is 65536; a route table takes at most 65535"),
        LimitCase(maxBytes: 2_000_000, problem: "URLLimits.maxBytes is 2000000; a route table takes at most 65535"),
        LimitCase(maxBytes: .max, problem: "URLLimits.maxBytes is \(Int.max); a route table takes at most 65535"),
    ]

    /// The two ways options reach a table: given to a new builder, or set on a builder
    /// afterwards.
    static func builders(maxBytes: Int) -> [RouteTableBuilder<Int>] {
        var given = RouteTableBuilder<Int>(options: MatchOptions(limits: URLLimits(maxBytes: maxBytes)))
        given.add("/book/:id", value: 0)
        var set = RouteTableBuilder<Int>()
        set.add("/book/:id", value: 0)
        set.options.limits.maxBytes = maxBytes
        return [given, set]
    }

    @Test("a limit up to 65,535 builds; above, the table is refused with one problem that says both", arguments: limits)
    func limit(_ check: LimitCase) throws {
        for builder in Self.builders(maxBytes: check.maxBytes) {
            switch Result(catching: { () throws(RouteTableError) in try builder.build() }) {
            case .success(let table):
                #expect(check.problem == nil, "built")
                #expect(table.options.limits.maxBytes == check.maxBytes)
            case .failure(let error):
                let expected = try #require(check.problem, "refused: \(error)")
                #expect(error.problems == [.limitAboveMaximum("maxBytes", value: check.maxBytes, maximum: 65_535)])
                #expect(error.problems.map(\.description) == [expected])
                #expect(error.problems.first?.pattern == "" && error.problems.first?.owner == "")
                #expect(error.description == "1 problem in the route table:\n- " + expected)
            }
        }
    }

    @Test("the limit is reported with every other problem of the table")
    func withOtherProblems() {
        var builder = RouteTableBuilder<Int>(options: MatchOptions(limits: URLLimits(maxBytes: 70_000)))
        builder.add("/a/**/b", value: 0, owner: "Shelf")
        builder.add("/c/:x", value: 1, owner: "Shelf")
        builder.add("/c/:y", value: 2, owner: "Detail")
        let error = #expect(throws: RouteTableError.self) { try builder.build() }
        #expect(error?.problems.count == 3)
        #expect(error?.problems.first == .limitAboveMaximum("maxBytes", value: 70_000, maximum: 65_535), "sorted first")
        #expect(error?.problems.contains { $0.patternError != nil } == true)
        #expect(error?.problems.contains { $0.conflictingRoute != nil } == true)
    }

    @Test("raising a built table's limit past 65,535 refuses it as a new one would be")
    func extendingATable() throws {
        var first = RouteTableBuilder<Int>()
        first.add("/book/:id", value: 0)
        var builder = RouteTableBuilder<Int>(extending: try first.build())
        builder.add("/shelf", value: 1)
        builder.options.limits.maxBytes = 65_536
        #expect(throws: RouteTableError(problems: [.limitAboveMaximum("maxBytes", value: 65_536, maximum: 65_535)])) {
            try builder.build()
        }
    }
}
