@_spi(Testing) import PatternMatcher
import Testing

/// A table extended with more routes (what the router builds when a module registers after
/// start-up) against the same routes built at once: the same tree, matches and problems.
@Suite("Extending a table")
struct ExtensionTests {
    static let batches = LongRuns.batches((0..<4).map { 0xE87E_0000 + UInt64($0) }, sample: 1)

    @Test("a generated table extended after any of its routes matches as the table built at once", arguments: batches)
    func sameMatches(batch: UInt64) throws {
        try DifferentialTests.forEachTable(batch: batch, tables: 150, maxRoutes: 12) { whole, generated, urls in
            let split = Int(generated.seed % UInt64(generated.routes.count + 1))
            let patterns = generated.routes.map(\.pattern)
            let base = try makeTable(Array(patterns[..<split]), options: generated.options, converters: generated.converters)
            var builder = RouteTableBuilder<String>(extending: base)
            for pattern in patterns[split...] { builder.add(pattern, value: pattern) }
            #expect(builder.count == patterns.count)
            let extended = try builder.build()

            #expect(extended.invariantViolations.isEmpty, "\(generated)")
            #expect(extended.description == whole.description, "split after \(split)\n\(generated)")
            #expect(extended.routes.map(\.value) == patterns)
            #expect(extended.routes.map { String($0.pattern) } == patterns)
            for url in urls {
                #expect(extended.matches(url).map(\.outcome) == whole.matches(url).map(\.outcome),
                        "URL \(url.debugDescription), split after \(split)\n\(generated)")
            }
            return true
        }
    }

    @Test("conflicts with the base table's routes and among the added ones, and invalid added patterns, are reported as at once")
    func sameProblems() throws {
        let first = [("reader://book/:id", "Books"), ("reader://shelf", "Shelf"), ("reader://shelf/:row", "Shelf")]
        let added = [("reader://book/:slug", "Late"), ("reader://shelf/*", "Late"), ("reader://a/b", "Late"),
                     ("reader://a/b", "Other"), ("reader://bad/:", "Late"), ("reader://new", "Late")]
        var base = RouteTableBuilder<Int>()
        for (i, (pattern, owner)) in first.enumerated() { base.add(pattern, value: i, owner: owner) }
        var extending = RouteTableBuilder<Int>(extending: try base.build())
        var whole = base
        for (i, (pattern, owner)) in added.enumerated() {
            extending.add(pattern, value: first.count + i, owner: owner)
            whole.add(pattern, value: first.count + i, owner: owner)
        }

        let extendedError = try #require(throws: RouteTableError.self) { try extending.build() }
        let wholeError = try #require(throws: RouteTableError.self) { try whole.build() }
        #expect(extendedError.problems == wholeError.problems)
        #expect(extendedError.problems.count == 4, "book/:slug, shelf/*, one a/b and bad/:")
        #expect(extendedError.description.contains("[Late] 'reader://book/:slug' conflicts with 'reader://book/:id' [Books]"),
                "the base table's route is named with its owner")
    }

    @Test("extending a table with no route gives the same table")
    func nothingAdded() throws {
        let base = try makeTable(["reader://book/<int:id>", "reader://shelf"])
        let same = try RouteTableBuilder<String>(extending: base).build()
        #expect(same.count == 2)
        #expect(same.description == base.description)
        #expect(same.match("reader://book/3").match?.value == "reader://book/<int:id>")
    }

    @Test("a converter declared on the extending builder, or other options, build the whole table anew")
    func converterOnTheExtension() throws {
        let base = try makeTable(["reader://book/<int:id>", "reader://book/:slug"])
        var builder = RouteTableBuilder<String>(extending: base)
        builder.declare(HexConverter())
        builder.add("reader://book/<hex:code>", value: "hex")
        let table = try builder.build()
        #expect(table.match("reader://book/ff").match?.value == "hex")
        #expect(table.match("reader://book/42").match?.value == "reader://book/<int:id>")
        #expect(table.match("reader://book/moby").match?.value == "reader://book/:slug")
        #expect(table.invariantViolations.isEmpty)

        var folding = RouteTableBuilder<String>(extending: base)
        folding.options.caseInsensitivePaths = true
        folding.add("reader://Shelf", value: "shelf")
        let folded = try folding.build()
        #expect(folded.match("reader://SHELF").match?.value == "shelf")
        #expect(folded.match("reader://BOOK/7").match?.value == "reader://book/<int:id>")
    }

    @Test("a converter declared again on the extension names the module that declared it on the base table")
    func converterDeclaredAgain() throws {
        var first = RouteTableBuilder<String>()
        first.declare(HexConverter(), owner: "A")
        first.add("reader://book/<hex:code>", value: "hex", owner: "A")
        var builder = RouteTableBuilder<String>(extending: try first.build())
        builder.declare(HexConverter(), owner: "B")
        let error = try #require(throws: RouteTableError.self) { try builder.build() }
        #expect(error.problems == [.invalidConverter("hex", owner: "B", reason: "declared twice (first by A)")])
    }
}
