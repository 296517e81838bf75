import Foundation
import Workloads

extension Report {
    static let command = "swift run -c release --package-path Benchmarks --scratch-path Benchmarks/.build Report"
    static let chartFile = "lookup-vs-routes.svg"
    static let readmeStart = "<!-- results:start (written by the Report command; do not edit by hand) -->"
    static let readmeEnd = "<!-- results:end -->"

    /// results.md and the chart in `directory`; the results section of Benchmarks/README.md when
    /// `directory` is Benchmarks/Results.
    static func writeResults(_ results: Results, workloads: [Workload], to directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let chart = self.chart(results)
        try chart.svg().write(to: directory.appendingPathComponent(chartFile), atomically: true, encoding: .utf8)
        let document = markdown(results, workloads: workloads, chartPath: chartFile, headingLevel: 1)
        try document.write(to: directory.appendingPathComponent("results.md"), atomically: true, encoding: .utf8)
        note("wrote \(directory.appendingPathComponent("results.md").path) and \(chartFile)")

        let readme = packageDirectory.appendingPathComponent("README.md")
        guard directory.standardizedFileURL == packageDirectory.appendingPathComponent("Results").standardizedFileURL,
              let text = try? String(contentsOf: readme, encoding: .utf8),
              let start = text.range(of: readmeStart), let end = text.range(of: readmeEnd),
              start.upperBound <= end.lowerBound else { return }
        let section = markdown(results, workloads: workloads, chartPath: "Results/\(chartFile)", headingLevel: 3)
        let updated = text[..<start.upperBound] + "\n" + section + "\n" + text[end.lowerBound...]
        try String(updated).write(to: readme, atomically: true, encoding: .utf8)
        note("updated the results section of \(readme.path)")
    }

    static func chart(_ results: Results) -> Chart {
        var panels: [(family: String, series: [Chart.Series])] = []
        for family in ["deep", "flat"] {
            let lookups = results.lookups.filter { $0.workload.series?.family == family }
            guard let names = lookups.first?.results.map(\.contender) else { continue }
            let series = names.map { name in
                Chart.Series(contender: name, points: lookups.compactMap { workload, results in
                    guard let count = workload.series?.routeCount,
                          let ns = results.first(where: { $0.contender == name })?.nanoseconds else { return nil }
                    return (Double(count), ns)
                })
            }
            panels.append((family, series))
        }
        return Chart(title: "Lookup time against route count (log–log; lower is better)", panels: panels)
    }

    static func markdown(_ results: Results, workloads: [Workload], chartPath: String, headingLevel: Int,
                         maxRequests: Int = MeasurementPlan.full.maxRequests) -> String {
        let h = String(repeating: "#", count: headingLevel)
        var out: [String] = []
        if headingLevel == 1 { out.append("# Router benchmark results\n") }
        out.append("""
        Measured by `\(command)` in one process \
        (\(results.environment.joined(separator: "; "))). Times are medians over interleaved rounds, each after one untimed pass; ratios \
        compare contenders measured side by side, so they hold better than the absolute times on a busy machine. \
        "right" counts lookups answered with the route a correct router picks (the exact-string dictionary \
        knows no parameters; MGJRouter and RoutingKit do not backtrack; target-action answers by target and action).

        \(h)# Targets

        \(TextTable.markdown(header: Results.targetHeader, rows: results.targetRows))

        \(h)# Lookup time against route count

        ![Lookup time against route count](\(chartPath))

        \(h)# Lookups

        \(TextTable.markdown(header: Results.lookupHeader, rows: results.lookupRows))

        \(h)# Registering 10,000 and 100,000 routes

        Median time to build the router from the patterns, and the heap bytes the router keeps afterwards \
        (malloc's usable sizes, counted in the Report process), per route.

        \(TextTable.markdown(header: Results.registrationHeader, rows: results.registrationRows))

        \(h)# Launch

        The launch table (\(LaunchTable.summary)) registered by `Router(modules:)` in fresh processes, \
        each the Report started again: the first registration of each process (the cold start an app \
        pays, type metadata and all), and the same table built again in that process; beside it, its floor: \
        as many fresh processes each decoding the table's typed route types once with `JSONDecoder`, no router \
        (what meeting the types costs any process). Medians over the processes.

        \(TextTable.markdown(header: Results.launchHeader, rows: results.launchRows))

        \(h)# Workloads

        """)
        for workload in workloads {
            let sampled = workload.requests.count > maxRequests ? " (\(maxRequests.formatted) of them timed, evenly sampled)" : ""
            out.append("- **\(workload.name)**: \(workload.routes.count.formatted) routes, "
                       + "\(workload.requests.count.formatted) requests\(sampled); \(workload.origin)")
        }
        return out.joined(separator: "\n") + "\n"
    }
}
