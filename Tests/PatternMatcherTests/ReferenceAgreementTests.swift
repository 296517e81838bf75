import PatternMatcher
import Testing

/// The two naive readings of the Matching rules held to each other: ``ReferenceMatcher``
/// (the differential tests' reference, which knows each route's meaning from the generator)
/// and `FuzzOracle` (the fuzz targets' reference, which reads pattern text itself). Each
/// is checked against the engine elsewhere; this keeps a mistake shared by the engine and
/// one reference from passing as agreement.
@Suite("The two reference matchers agree")
struct ReferenceAgreementTests {
    static let batches = LongRuns.batches((0..<4).map { 0xA6EE_0000 + UInt64($0) }, sample: 1)

    @Test("same best route and parameters, and the same malformed URLs, on generated tables", arguments: batches)
    func agree(batch: UInt64) {
        var compared = 0, matched = 0, malformed = 0, skipped = 0, mismatches = 0
        for index in 0..<500 where mismatches < 5 {
            let seed = derivedSeed(batch, index)
            var generator = RouteGenerator(seed: seed)
            let generated = generator.table(maxRoutes: 10, seed: seed)
            // Declared converters are defined once for the tests and once for the fuzz
            // targets; only the built-in ones mean the same to both readers.
            guard generated.routes.allSatisfy({ $0.segments.allSatisfy(Self.isBuiltIn) }) else {
                skipped += 1
                continue
            }
            let readings = generated.routes.compactMap { FuzzOracle.parsePattern($0.pattern) }
            guard readings.count == generated.routes.count else {
                Issue.record("the oracle refuses a pattern the generator wrote\n\(generated)")
                mismatches += 1
                continue
            }
            let reference = generated.reference
            for _ in 0..<4 {
                let url = generator.url(for: generated)
                let expected = reference.matches(url)
                let reading = FuzzOracle.URLReading(url, limits: generated.options.limits)
                compared += 1
                guard let expected else {
                    malformed += 1
                    if reading.malformed == nil {
                        Issue.record("only the reference calls \(url.debugDescription) malformed\n\(generated)")
                        mismatches += 1
                    }
                    continue
                }
                guard reading.malformed == nil else {
                    Issue.record("only the oracle calls \(url.debugDescription) malformed: \(reading.malformed!)\n\(generated)")
                    mismatches += 1
                    continue
                }
                let hits = FuzzOracle.matches(readings, url: reading, caseInsensitive: generated.options.caseInsensitivePaths)
                let oracle = hits.first.map { "\(generated.routes[$0.route].pattern) \($0.parameters.sorted { $0.key < $1.key })" }
                let reference = expected.first.map { "\($0.route.pattern) \($0.parameters.sorted { $0.key < $1.key })" }
                if oracle != reference {
                    Issue.record("""
                        different best match for \(url.debugDescription)
                          reference: \(reference ?? "none")
                          oracle:    \(oracle ?? "none")
                        \(generated)
                        """)
                    mismatches += 1
                }
                if reference != nil { matched += 1 }
            }
        }
        // A generator that stopped producing built-in-only tables, hits or malformed URLs
        // would make this pass for nothing.
        #expect(compared >= 800, "only \(compared) URLs compared (\(skipped) tables skipped)")
        #expect(matched * 4 >= compared, "only \(matched) of \(compared) URLs matched")
        #expect(malformed > 0, "no malformed URL was compared")
    }

    static func isBuiltIn(_ segment: ReferenceSegment) -> Bool {
        if case .typed(let converter, _) = segment { return ["int", "uuid", "double"].contains(converter) }
        return true
    }
}
