import PatternMatcher
import Testing

/// A built table is read from many tasks at once without locks; every task must see what
/// a single thread sees.
@Suite("Concurrent lookups")
struct ConcurrencyTests {
    @Test("lookups from many tasks agree with a serial run")
    func concurrentLookups() async throws {
        var generator = RouteGenerator(seed: 0xC0C0_C0C0)
        var tables: [(RouteTable<String>, [String])] = []
        for index in 0..<20 {
            let generated = generator.table(maxRoutes: 12, seed: UInt64(index))
            tables.append((try generated.makeTable(), (0..<20).map { _ in generator.url(for: generated) }))
        }
        let serial = tables.map { table, urls in urls.map { table.matches($0).map(\.outcome) } }
        let shared = tables
        let concurrent = await withTaskGroup(of: (Int, [[Outcome]]).self) { group in
            // Eight tasks over four tables: every table is read by two tasks at once.
            for task in 0..<8 {
                group.addTask {
                    let index = task % 4
                    let (table, urls) = shared[index]
                    var results: [[Outcome]] = []
                    for _ in 0..<25 { results = urls.map { table.matches($0).map(\.outcome) } }
                    return (index, results)
                }
            }
            var collected: [(Int, [[Outcome]])] = []
            for await result in group { collected.append(result) }
            return collected
        }
        #expect(concurrent.count == 8)
        for (index, results) in concurrent {
            #expect(results == serial[index])
        }
    }
}
