import PatternMatcher
import Testing

/// Matching rules: which route wins: the result never depends on registration order: any permutation of the same
/// table gives the same matches and the same errors.
@Suite("Registration order")
struct PermutationTests {
    static let batches = LongRuns.batches((0..<4).map { 0x5407_0000 + UInt64($0) }, sample: 1)

    @Test("shuffled tables give the same matches, in the same order", arguments: batches)
    func sameMatches(batch: UInt64) throws {
        for index in 0..<200 {
            let seed = derivedSeed(batch, index)
            var generator = RouteGenerator(seed: seed)
            let generated = generator.table(maxRoutes: 12, seed: seed)
            let original = try generated.makeTable()
            let order = Array(generated.routes.indices).shuffled(using: &generator.random)
            var reversed = generated
            reversed.converters.reverse()
            let shuffled = try reversed.makeTable(order: order)
            for _ in 0..<4 {
                let url = generator.url(for: generated)
                let first = original.matches(url).map(\.outcome)
                let second = shuffled.matches(url).map(\.outcome)
                #expect(first == second, "URL \(url.debugDescription), order \(order)\n\(generated)")
                #expect(original.match(url).outcome == shuffled.match(url).outcome)
            }
        }
    }

    /// Every order of the example table of Matching rules (which route wins); 720 tables.
    @Test("every permutation of the precedence table")
    func everyPermutation() throws {
        let patterns = ["reader://user/detail", "reader://user/:id", "reader://user/<int:uid>",
                        "reader://user/<double:score>", "reader://user/:id/books", "reader://user/**rest"]
        let urls = ["reader://user/detail", "reader://user/42", "reader://user/4.5", "reader://user/bob",
                    "reader://user/42/books", "reader://user/42/friends", "reader://user"]
        let baseline = try makeTable(patterns)
        let expected = urls.map { baseline.matches($0).map(\.outcome) }
        #expect(expected[0].count == 3 && expected[1].count == 4)
        let orders = permutations(of: patterns)
        #expect(Set(orders).count == 720)
        for order in orders {
            let table = try makeTable(order)
            #expect(urls.map { table.matches($0).map(\.outcome) } == expected, "order \(order)")
        }
    }

    @Test("shuffled invalid tables report the same problems", arguments: batches)
    func sameErrors(batch: UInt64) {
        let invalid = ["", "/", "/a/**/b", "/a/:id/:id", "/a/<nope:x>", "/a/%zz", "/a?x", "/a/*x", "reader://h:1/x"]
        let owners = ["Books", "Profile", "", "Shelf"]
        var sawConflict = false, sawInvalid = false, sawConverter = false
        for index in 0..<150 {
            let seed = derivedSeed(batch, index)
            var generator = RouteGenerator(seed: seed)
            // Routes drawn without removing equal shapes, so conflicts are common.
            var entries: [(pattern: String, owner: String)] = []
            for _ in 0..<generator.random.int(2...10) {
                let pattern = generator.random.chance(0.15) ? generator.random.pick(invalid) : generator.route().pattern
                entries.append((pattern, generator.random.pick(owners)))
                if generator.random.chance(0.2) { entries.append((pattern, generator.random.pick(owners))) }
            }
            // Declarations too, some of them unusable, by several owners.
            let candidates = testConverters + [AcceptAllConverter(name: "int"), AcceptAllConverter(name: "9x"),
                                               AcceptAllConverter(name: "hex"), HexConverter()]
            let converters: [(converter: any ParameterConverter, owner: String)] =
                candidates.prefix(generator.random.int(3...candidates.count)).map { ($0, generator.random.pick(owners)) }
            let caseInsensitive = generator.random.chance(0.3)
            func build(_ entries: [(pattern: String, owner: String)],
                       _ converters: [(converter: any ParameterConverter, owner: String)]) -> RouteTableError? {
                var builder = RouteTableBuilder<Int>(options: MatchOptions(caseInsensitivePaths: caseInsensitive))
                for (converter, owner) in converters { builder.declare(converter, owner: owner) }
                for (index, entry) in entries.enumerated() { builder.add(entry.pattern, value: index, owner: entry.owner) }
                do {
                    _ = try builder.build()
                    return nil
                } catch {
                    return error
                }
            }
            let first = build(entries, converters)
            let shuffledEntries = entries.shuffled(using: &generator.random)
            let second = build(shuffledEntries, converters.shuffled(using: &generator.random))
            #expect(first?.problems == second?.problems, "seed 0x\(String(seed, radix: 16)): \(entries) vs \(shuffledEntries)")
            #expect(first?.description == second?.description)
            sawConflict = sawConflict || first?.problems.contains { $0.conflictingRoute != nil } == true
            sawInvalid = sawInvalid || first?.problems.contains { $0.patternError != nil } == true
            sawConverter = sawConverter || first?.problems.contains { $0.isInvalidConverter && $0.pattern == "hex" } == true
        }
        #expect(sawConflict && sawInvalid && sawConverter, "the generated tables lacked a kind of problem")
    }
}
