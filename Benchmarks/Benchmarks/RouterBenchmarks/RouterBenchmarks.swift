import Benchmark
import Contenders
import Foundation
import Workloads

// Every contender on the app table, github.txt and the 10,000-route tables, the typed-route
// contenders on their workloads, and the registration of the 10,000-route tables. Allocation counts
// are deterministic, so the matcher's, the typed open's and the typed decode's are gated by the
// committed Thresholds/ (`Scripts/ci-smoke.sh`); wall-clock time is reported, never gated.
//
//   swift package --package-path Benchmarks --scratch-path Benchmarks/.build benchmark
//
// URLROUTER_BENCHMARK_SMOKE=1 runs each benchmark for a few iterations only.

let benchmarks: @Sendable () -> Void = {
    let smoke = ProcessInfo.processInfo.environment["URLROUTER_BENCHMARK_SMOKE"] != nil
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        warmupIterations: 1,
        scalingFactor: .one,
        maxDuration: smoke ? .milliseconds(20) : .seconds(1),
        maxIterations: smoke ? 3 : 1_000
    )

    // One iteration looks up 100 requests of the workload, evenly sampled.
    let lookupsPerIteration = 100
    var workloads = [AppTable.staticLookups, AppTable.parameterLookups, AppTable.misses]
    if let github = BenchmarkSupport.routeFile("github.txt") { workloads.append(github) }
    workloads += [GeneratedTables.deep(count: 10_000), GeneratedTables.flat(count: 10_000)]

    for workload in workloads {
        let sample = workload.sampled(atMost: lookupsPerIteration)
        for entry in ContenderCatalog.all {
            // The matcher allocates nothing per lookup: any allocation is a regression.
            let gated = entry.name == URLRouterMatcher.name
            var configuration = Benchmark.defaultConfiguration
            if gated { configuration.thresholds = [.mallocCountTotal: .init(absolute: [.p90: 0])] }
            let state = BenchmarkSupport.State()
            let body: Benchmark.BenchmarkClosure = { benchmark in
                guard let prepared = state.prepared else { return }
                for _ in benchmark.scaledIterations {
                    blackHole(prepared.run(1))
                }
            }
            Benchmark(BenchmarkSupport.name(entry.name, workload.name), configuration: configuration, closure: body, setup: {
                state.prepared = try entry.prepare(sample.routes, sample.requests)
            }, teardown: {
                state.prepared = nil
            })
        }
    }

    // Typed routes: every contender of each typed workload (the typed open beside the string open
    // of the same URL, and the typed open's parts), one lookup of the workload's first URL per
    // iteration, so that a count reads as one open's or one decode's. The typed open and the
    // decode are gated exactly at the counts of `Thresholds/` (`gatedTypedContenders`), like the
    // allocating lookups below.
    for run in ContenderCatalog.typed {
        let first = run.workload.sampled(atMost: 1)
        for entry in run.contenders {
            var configuration = Benchmark.defaultConfiguration
            if BenchmarkSupport.gatedTypedContenders.contains(entry.name) {
                configuration.thresholds = BenchmarkSupport.exactAllocations
            }
            let state = BenchmarkSupport.State()
            let body: Benchmark.BenchmarkClosure = { benchmark in
                guard let prepared = state.prepared else { return }
                for _ in benchmark.scaledIterations {
                    blackHole(prepared.run(1))
                }
            }
            Benchmark(BenchmarkSupport.name(entry.name, run.workload.name), configuration: configuration, closure: body, setup: {
                state.prepared = try entry.prepare(first.routes, first.requests)
            }, teardown: {
                state.prepared = nil
            })
        }
    }

    // The matcher's zero-allocation promise at its limit: one lookup capturing eight parameters
    // (beside a catch-all it must outrank), gated like the workloads above.
    do {
        var configuration = Benchmark.defaultConfiguration
        configuration.thresholds = [.mallocCountTotal: .init(absolute: [.p90: 0])]
        let pattern = "reader://m/" + (1...8).map { ":p\($0)" }.joined(separator: "/")
        let url = "reader://m/" + (1...8).map { "value-\($0)" }.joined(separator: "/")
        let matcher = try? URLRouterMatcher(routes: ["reader://m/**rest", pattern])
        precondition(matcher?.lookup(url) == 1, "the eight-parameter route must match '\(url)'")
        Benchmark(BenchmarkSupport.name(URLRouterMatcher.name, "eight parameters"), configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(matcher?.lookup(url)) }
        }
    }

    // The lookups that do allocate, each gated exactly at its documented count, which its threshold
    // file holds: one more or one fewer fails until the documentation and the file say so. (The
    // tolerance is zero; it used to be the count itself, which let 0 and 2 pass for a count of 1.)
    do {
        let cases = try AllocatingLookup.all()
        for lookup in cases {
            precondition(lookup.findsItsRoute, "'\(lookup.name)' must find its route")
            var configuration = Benchmark.defaultConfiguration
            configuration.thresholds = BenchmarkSupport.exactAllocations
            Benchmark(BenchmarkSupport.name(URLRouterMatcher.name, lookup.name), configuration: configuration) { benchmark in
                for _ in benchmark.scaledIterations { blackHole(lookup.lookup()) }
            }
        }
    } catch {
        fatalError("the allocating lookups could not be built: \(error)")
    }

    // A `.shared` service already built: asking for it again allocates nothing.
    do {
        var configuration = Benchmark.defaultConfiguration
        configuration.thresholds = [.mallocCountTotal: .init(absolute: [.p90: 0])]
        let resolution = try? ServiceResolution()
        precondition((try? resolution?.resolve()) == 12, "the service must resolve")
        Benchmark(BenchmarkSupport.name("service", "shared built"), configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try? resolution?.resolve()) }
        }
    }

    for workload in [GeneratedTables.deep(count: 10_000), GeneratedTables.flat(count: 10_000)] {
        for entry in ContenderCatalog.all where entry.hasRouteTable {
            var configuration = Benchmark.defaultConfiguration
            configuration.maxIterations = smoke ? 1 : 20
            let body: Benchmark.BenchmarkClosure = { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(try? entry.register(workload.routes))
                }
            }
            Benchmark(BenchmarkSupport.name("register", entry.name, workload.name), configuration: configuration, closure: body)
        }
    }
}

enum BenchmarkSupport {
    /// `URLRouter-matcher:github.txt`: benchmark names become threshold file names, and the tool
    /// writes those with spaces replaced but reads them as given, so names have no spaces.
    static func name(_ parts: String...) -> String {
        parts.map { $0.split(separator: " ").joined(separator: "-") }.joined(separator: ":")
    }

    /// The allocation count a gated benchmark must equal: the threshold file holds the count, and
    /// the benchmark's tolerance is what `thresholds check` lets it differ by ("Allowed Δ"), so
    /// it is zero. (A tolerance of N would let any count within N of the file's pass.)
    static var exactAllocations: [BenchmarkMetric: BenchmarkThresholds] { [.mallocCountTotal: .init(absolute: [.p90: 0])] }

    /// The typed contenders whose allocations are gated on every typed workload: the typed open
    /// and the decode. `Thresholds/` holds their counts for one lookup of the workload's first URL
    /// as this suite counts them. The malloc interposer of this suite counts two allocations fewer
    /// per open than the Report's MallocCounter (0 against 2 for the string open), so the typed
    /// open's count here is two below the Report's "allocs/lookup"; the decode's is the same.
    static let gatedTypedContenders: Set<String> = [TypedContenderName.typedOpen, TypedContenderName.keptDecode]

    /// The contender a benchmark's setup prepares and its body runs; the benchmark runner calls
    /// setup, body and teardown one after the other, never at once.
    final class State: @unchecked Sendable {
        var prepared: PreparedContender?
    }

    /// `Benchmarks/Routes/<name>`, the package's copy of the public route lists.
    static func routeFile(_ name: String) -> Workload? {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Routes").path
        return try? RouteFile.workload(atPath: directory + "/" + name)
    }
}
