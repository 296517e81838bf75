import Contenders
import Foundation
import Workloads

/// Runs every contender on every workload in one process (a typed workload with its own contenders:
/// the typed open and its parts beside the string open) and prints one table; unless told not to,
/// writes `Results/results.md`, `Results/lookup-vs-routes.svg` and the results section of README.md.
///
///     swift run -c release --package-path Benchmarks --scratch-path Benchmarks/.build Report [options]
@main
struct Report {
    static let usage = """
    USAGE: Report [--smoke] [--routes FILE]... [--no-default-routes] [--output DIR] [--no-write] [--explain] [--workload NAME]...
                  [--only registration|launch|observer]

      --smoke              a few lookups of every contender on every workload, nothing written; fails
                           when a URLRouter contender answers wrong, or a typed workload's value does not
                           write the URL its string contenders open (what Scripts/ci-smoke.sh runs); with
                           URLROUTER_ROUTES_DIR set, also when a generated table differs from the
                           synthetic_N.txt / flat_N.txt there
      --routes FILE        also measure the route file FILE (`METHOD /path/:param` lines); repeatable
      --no-default-routes  skip github.txt, gplus.txt, parse.txt, static.txt and matchit.txt (Benchmarks/Routes)
      --output DIR         where results.md and lookup-vs-routes.svg go (default: Benchmarks/Results)
      --no-write           print the table only
      --explain            also print a few of each contender's wrong answers
      --workload NAME      only the workloads whose name contains NAME (repeatable; `typed` picks the
                           typed-route workloads); nothing written
      --only registration  only the registration measurements (the 10,000-route tables, the
                           100,000-route table, 100,000 siblings under one node beside the same
                           routes over 100 hosts, one module registered into a 50,000-route router);
                           nothing written
      --only launch        only the launch table: its first Router(modules:) in each of several fresh
                           processes (this executable started again), and the same built again there,
                           beside its floor (its typed route types decoded once by JSONDecoder, no
                           router) in as many fresh processes; nothing written
      --only observer      only the open with an empty observer against the plain open (app static);
                           nothing written
    """

    static let defaultRouteFiles = ["github.txt", "gplus.txt", "parse.txt", "static.txt", "matchit.txt"]
    static let generatedSizes = [100, 1_000, 10_000]
    /// The large registration: the deep table of this many routes, by the matcher, the router and
    /// the dictionary (the contenders whose registration the targets compare).
    static let largeRegistrationSize = 100_000
    /// A late module of `lateModuleSize` routes (the deep table's next module) registered into a
    /// router of the deep table of `lateModuleBase` routes.
    static let lateModuleBase = 50_000
    static let lateModuleSize = 50
    /// Literal siblings under one node, registered beside the same routes spread over 100 hosts.
    static let siblingCount = 100_000

    /// Benchmarks/, found from this file, so that the command works from any directory.
    static let packageDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func main() {
        if CommandLine.arguments.dropFirst().first == Measurement.launchChildArgument {
            Measurement.runLaunchChild(floor: CommandLine.arguments.dropFirst(2).first == Measurement.floorArgument)
        }
        var smoke = false
        var routeFiles: [String] = []
        var defaultRoutes = true
        var write = true
        var explain = false
        var onlyWorkloads: [String] = []
        var onlyRegistration = false
        var onlyLaunch = false
        var onlyObserver = false
        var output = packageDirectory.appendingPathComponent("Results").path
        var arguments = CommandLine.arguments.dropFirst()
        while let argument = arguments.popFirst() {
            switch argument {
            case "--smoke": smoke = true; write = false
            case "--routes":
                guard let path = arguments.popFirst() else { fail("--routes needs a file") }
                routeFiles.append(path)
            case "--no-default-routes": defaultRoutes = false
            case "--output":
                guard let path = arguments.popFirst() else { fail("--output needs a directory") }
                output = path
                write = true
            case "--no-write": write = false
            case "--explain": explain = true
            case "--workload":
                guard let name = arguments.popFirst() else { fail("--workload needs a name") }
                onlyWorkloads.append(name)
            case "--only":
                switch arguments.popFirst() {
                case "registration": onlyRegistration = true
                case "launch": onlyLaunch = true
                case "observer": onlyObserver = true
                default: fail("--only takes `registration`, `launch` or `observer`")
                }
                write = false
            case "-h", "--help": print(usage); return
            default: fail("unknown argument \(argument)\n\n\(usage)")
            }
        }
        let plan = smoke ? MeasurementPlan.smoke : MeasurementPlan.full
        var problems: [String] = []

        if defaultRoutes {
            routeFiles = defaultRouteFiles.map { routesDirectory.appendingPathComponent($0).path } + routeFiles
        }

        var workloads = [AppTable.staticLookups, AppTable.parameterLookups, AppTable.misses]
        for path in routeFiles {
            do {
                var workload = try RouteFile.workload(atPath: path, displayedAs: displayPath(path))
                // A route file written for HTTP routers may hold patterns URLRouter refuses by design:
                // measure every contender on the rest, and say so.
                let refused = URLRouterMatcher.refusedPatterns(in: workload.routes)
                if !refused.isEmpty {
                    let reason = refused.map { "`\($0.pattern)` (URLRouter: \($0.reason))" }.joined(separator: ", ")
                    note("\(workload.name): left out \(reason)")
                    workload = workload.excluding(Set(refused.map(\.pattern)), because: reason)
                }
                workloads.append(workload)
            } catch {
                problems.append("\(error)")
            }
        }
        workloads += generatedSizes.map(GeneratedTables.deep(count:))
        workloads += generatedSizes.map(GeneratedTables.flat(count:))
        if let published = ProcessInfo.processInfo.environment["URLROUTER_ROUTES_DIR"] {
            problems += compareGeneratedTables(with: URL(fileURLWithPath: published))
        }
        // Every workload above runs every contender of the catalog; a typed workload runs its own
        // (the typed open and its parts beside the string open of the same URLs).
        var runs = workloads.map { (workload: $0, contenders: ContenderCatalog.all) }
        for typed in ContenderCatalog.typed {
            problems += typed.mismatchedSamples()
            runs.append((typed.workload, typed.contenders))
        }
        if !onlyWorkloads.isEmpty {
            let picked = { (workload: Workload) in onlyWorkloads.contains { workload.name.contains($0) } }
            workloads = workloads.filter(picked)
            runs = runs.filter { picked($0.workload) }
            write = false
        }

        // The interceptor contender must really ask three interceptors on every workload.
        for workload in workloads {
            guard let url = workload.requests.first?.url,
                  let contender = try? URLRouterOpenIntercepted(routes: workload.routes) else { continue }
            let asked = contender.interceptors(for: url)
            if asked != 3 { problems.append("\(URLRouterOpenIntercepted.name) asks \(asked) interceptors for \(url)") }
        }
        var results = Results()
        results.environment = environment()
        let started = Date()
        let measuresAll = !onlyRegistration && !onlyLaunch && !onlyObserver
        for (workload, contenders) in runs where measuresAll {
            note("measuring \(workload.name) (\(workload.routes.count) routes, "
                 + "\(min(workload.requests.count, plan.maxRequests)) lookups)")
            results.lookups.append((workload, Measurement.lookups(on: workload, contenders: contenders, plan: plan)))
        }
        for workload in workloads where workload.series?.routeCount == 10_000 && !onlyLaunch && !onlyObserver {
            note("measuring registration of \(workload.name)")
            results.registrations += Measurement.registration(of: workload, contenders: ContenderCatalog.all, plan: plan)
        }
        if onlyWorkloads.isEmpty && !onlyLaunch && !onlyObserver {
            // Only its registration is measured: its requests go unused.
            let large = GeneratedTables.deep(count: largeRegistrationSize)
            note("measuring registration of \(large.name)")
            let compared: Set = [Results.reference, Results.open, ExactStringDictionary.name]
            results.registrations += Measurement.registration(
                of: large, contenders: ContenderCatalog.all.filter { compared.contains($0.name) }, plan: plan)
            let siblings = GeneratedTables.registrationOnly(
                Results.siblingsWorkload, origin: "generated: reader://base/<i>",
                routes: GeneratedTables.siblingPatterns(count: siblingCount))
            let spread = GeneratedTables.registrationOnly(
                Results.spreadWorkload, origin: "generated: reader://h<i mod 100>/<i>",
                routes: GeneratedTables.spreadPatterns(count: siblingCount))
            note("measuring registration of \(siblings.name) and \(spread.name)")
            let siblingContenders: Set = [Results.reference, Results.open]
            results.registrations += Measurement.registration(
                of: [siblings, spread], contenders: ContenderCatalog.all.filter { siblingContenders.contains($0.name) },
                plan: plan)
            for result in results.registrations where [siblings.name, spread.name].contains(result.workload) {
                if let refusal = result.refusal { problems.append("\(result.contender) refused \(result.workload): \(refusal)") }
            }
            note("measuring one \(lateModuleSize)-route module registered into a \(lateModuleBase.formatted)-route router")
            let patterns = GeneratedTables.deepPatterns(count: lateModuleBase + lateModuleSize)
            results.lateModule = Measurement.lateModuleRegistration(
                base: Array(patterns.prefix(lateModuleBase)), module: Array(patterns.suffix(lateModuleSize)), plan: plan)
            if let refusal = results.lateModule?.refusal { problems.append("late module registration: \(refusal)") }
            note("measuring service(_:) of a built shared service")
            results.service = Measurement.serviceResolution(plan: plan)
            if let refusal = results.service?.refusal { problems.append("service resolution: \(refusal)") }
        }
        if onlyWorkloads.isEmpty && !onlyLaunch && !onlyRegistration {
            note("measuring an open with an empty observer")
            results.observer = Measurement.observerOverhead(on: AppTable.staticLookups, plan: plan)
            if let refusal = results.observer?.refusal { problems.append("observer: \(refusal)") }
        }
        if onlyWorkloads.isEmpty && !onlyRegistration && !onlyObserver {
            note("measuring the launch table in fresh processes (\(plan.launchProcesses)): \(LaunchTable.summary)")
            results.launch = Measurement.launch(processes: plan.launchProcesses)
            if let refusal = results.launch?.refusal { problems.append("launch table: \(refusal)") }
        }
        note("done in \(Int(Date().timeIntervalSince(started))) s")

        // The tables of what ran (`--only` and `--workload` leave some empty), then the targets.
        for (header, rows) in [(Results.lookupHeader, results.lookupRows),
                               (Results.registrationHeader, results.registrationRows),
                               (Results.launchHeader, results.launchRows)] where !rows.isEmpty {
            print()
            print(TextTable.render(header: header, rows: rows))
        }
        print()
        print(TextTable.render(header: Results.targetHeader, rows: results.targetRows))
        if explain {
            print()
            for (workload, lookups) in results.lookups {
                for result in lookups where !result.wrongExamples.isEmpty {
                    print("\(workload.name), \(result.contender), \(result.wrong ?? 0) wrong, for example:")
                    for example in result.wrongExamples {
                        let routes = workload.routes
                        func describe(_ answer: Int) -> String {
                            answer < 0 ? "none" : routes.indices.contains(answer) ? routes[answer] : "#\(answer)"
                        }
                        print("  \(example.url) → \(describe(example.answer)), expected \(describe(example.expected))")
                    }
                }
            }
        }

        // URLRouter must answer every request right (on a typed workload, the right values too); the
        // other contenders' wrong answers are findings.
        let mustBeRight = Set([Results.reference, Results.open, URLRouterOpenIntercepted.name]
                              + ContenderCatalog.typed.flatMap { $0.contenders.map(\.name) })
        for (workload, lookups) in results.lookups {
            for result in lookups where mustBeRight.contains(result.contender) {
                switch result.outcome {
                case .refused(let reason): problems.append("\(result.contender) refused \(workload.name): \(reason)")
                case .measured(_, _, let wrong) where wrong > 0:
                    problems.append("\(result.contender) answered \(wrong) of \(result.lookups) lookups wrong on \(workload.name)")
                default: break
                }
            }
        }

        if write {
            do {
                try writeResults(results, workloads: runs.map(\.workload), to: URL(fileURLWithPath: output))
            } catch {
                problems.append("writing results: \(error)")
            }
        }
        if !problems.isEmpty {
            print()
            problems.forEach { print("FAIL: \($0)") }
            exit(1)
        }
    }

    /// The public route lists the Report measures by default, kept in the package with a
    /// note of where each comes from (`Routes/README.md`), so a plain clone runs every workload.
    static let routesDirectory = packageDirectory.appendingPathComponent("Routes")

    /// `path` relative to the repository (`Benchmarks/Routes/github.txt`) when it lies inside it,
    /// so that results do not record one machine's directories.
    static func displayPath(_ path: String) -> String {
        let repository = packageDirectory.deletingLastPathComponent().standardizedFileURL.path + "/"
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        return absolute.hasPrefix(repository) ? String(absolute.dropFirst(repository.count)) : path
    }

    /// The generated tables must be the published ones, or results would not line up with them:
    /// checked when `URLROUTER_ROUTES_DIR` names a folder holding `synthetic_N.txt` and `flat_N.txt`.
    static func compareGeneratedTables(with directory: URL) -> [String] {
        var problems: [String] = []
        for size in generatedSizes {
            for (file, patterns) in [("synthetic_\(size).txt", GeneratedTables.deepPatterns(count: size)),
                                     ("flat_\(size).txt", GeneratedTables.flatPatterns(count: size))] {
                let path = directory.appendingPathComponent(file).path
                guard FileManager.default.fileExists(atPath: path) else { continue }
                guard let contents = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
                if RouteFile.patterns(inFileContents: contents) != patterns {
                    problems.append("the generated table differs from \(path)")
                }
            }
        }
        return problems
    }

    static func environment() -> [String] {
        var lines: [String] = []
        let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("model name") }?
            .split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces)
        lines.append("\(ProcessInfo.processInfo.activeProcessorCount) cores\(cpu.map { ", \($0)" } ?? "")")
        lines.append(ProcessInfo.processInfo.operatingSystemVersionString)
        if let load = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) {
            // Other work on the machine inflates absolute times; the interleaved ratios suffer less.
            lines.append("load average \(load.split(separator: " ").prefix(3).joined(separator: " ")) at the start")
        }
        #if compiler(>=6.3)
        lines.append("Swift 6.3 or later, release build")
        #else
        lines.append("Swift before 6.3, release build")
        #endif
        return lines
    }

    static func note(_ message: String) {
        FileHandle.standardError.write(Data("[Report] \(message)\n".utf8))
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("Report: \(message)\n".utf8))
        exit(2)
    }
}
