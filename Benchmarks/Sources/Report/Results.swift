import Contenders
import Foundation
import Workloads

/// Everything one run measured.
struct Results {
    var lookups: [(workload: Workload, results: [LookupResult])] = []
    var registrations: [RegistrationResult] = []
    var lateModule: LateModuleResult?
    var service: ServiceResult?
    var observer: ObserverResult?
    var launch: LaunchResult?
    var environment: [String] = []

    static let reference = URLRouterMatcher.name
    static let open = URLRouterOpen.name
    /// The sibling registration's two tables: every route under one node, and spread over 100 hosts.
    static let siblingsWorkload = "one node 100,000"
    static let spreadWorkload = "100 hosts 100,000"

    func lookup(_ contender: String, on workload: String) -> LookupResult? {
        lookups.first { $0.workload.name == workload }?.results.first { $0.contender == contender }
    }

    func ratio(_ contender: String, to reference: String = Results.reference, on workload: String) -> Double? {
        guard let value = lookup(contender, on: workload)?.nanoseconds,
              let base = lookup(reference, on: workload)?.nanoseconds, base > 0 else { return nil }
        return value / base
    }

    // MARK: The lookup table

    /// One row per workload and contender: the table printed and written to results.md.
    var lookupRows: [[String]] {
        var rows: [[String]] = []
        for (workload, results) in lookups {
            let base = results.first { $0.contender == Self.reference }?.nanoseconds
            for result in results {
                var row = [workload.name, result.contender]
                switch result.outcome {
                case .refused(let reason):
                    row += ["refused", "", "", oneLine(reason)]
                case .measured(let ns, let allocations, let wrong):
                    let ratio = base.map { ns / $0 }
                    row += [format(ns, digits: ns < 100 ? 1 : 0),
                            allocations < 0 ? "?" : format(allocations, digits: allocations < 10 ? 2 : 1),
                            ratio.map { format($0, digits: $0 < 10 ? 2 : 1) + "×" } ?? "",
                            "\(result.lookups - wrong)/\(result.lookups)"]
                }
                rows.append(row)
            }
        }
        return rows
    }

    static let lookupHeader = ["workload", "contender", "ns/lookup", "allocs/lookup", "vs URLRouter", "right"]

    var registrationRows: [[String]] {
        registrations.map { result in
            if let refusal = result.refusal {
                return [result.workload, result.contender, "refused", "", oneLine(refusal)]
            }
            return [result.workload, result.contender,
                    result.milliseconds.map { format($0, digits: 2) } ?? "",
                    result.bytesPerRoute.map { format($0, digits: 0) } ?? "", ""]
        }
    }

    static let registrationHeader = ["table", "contender", "register ms", "bytes/route", ""]

    // MARK: Targets

    struct Target {
        let goal: String
        let measured: String
        /// `nil` when the workload it needs was not run.
        let met: Bool?
    }

    /// The targets the project holds itself to: only rows that are gates (Benchmarks/PERFORMANCE.md,
    /// "Retired targets", says why the others went).
    var targets: [Target] {
        var targets: [Target] = []
        let github = "github.txt"
        if let matcher = lookup(Self.reference, on: github), let ns = matcher.nanoseconds,
           let allocations = matcher.allocations {
            targets.append(Target(goal: "matcher lookup on github.txt ≤ 75 ns and 0 allocations",
                                  measured: "\(format(ns, digits: 1)) ns, \(format(allocations, digits: 2)) allocations",
                                  met: ns <= 75 && allocations == 0))
        } else {
            targets.append(Target(goal: "matcher lookup on github.txt ≤ 75 ns and 0 allocations",
                                  measured: "github.txt not run", met: nil))
        }
        if let ratio = ratio(RoutingKitTrie.name, on: github) {
            targets.append(Target(goal: "matcher ≥ 20× faster than RoutingKit (github.txt)",
                                  measured: "\(format(ratio, digits: 1))× faster", met: ratio >= 20))
        } else {
            targets.append(Target(goal: "matcher ≥ 20× faster than RoutingKit (github.txt)",
                                  measured: "github.txt not run", met: nil))
        }
        // What users feel of an open: the full open against MGJRouter's algorithm, the router it replaces.
        let appWorkloads = ["app static", "app params", "app misses"]
        let mgjRatios = appWorkloads.compactMap { name in ratio(MGJRouterAlgorithm.name, to: Self.open, on: name).map { (name, $0) } }
        if let worst = mgjRatios.min(by: { $0.1 < $1.1 }) {
            let all = mgjRatios.map { "\($0.0) \(format($0.1, digits: 1))×" }.joined(separator: ", ")
            targets.append(Target(goal: "open ≥ 20× faster than MGJRouter (app table)", measured: all, met: worst.1 >= 20))
        }
        // Typed routes: the typed open against the string open of the same URLs whose handler reads the
        // same values by name, on every typed workload that ran.
        let typedOpenRatios = lookups.compactMap { workload, _ -> (String, Double, Double)? in
            guard let typed = lookup(TypedContenderName.typedOpen, on: workload.name),
                  let string = lookup(TypedContenderName.openReadingByName, on: workload.name),
                  let typedNS = typed.nanoseconds, let stringNS = string.nanoseconds, stringNS > 0 else { return nil }
            return (workload.name, typedNS / stringNS, (typed.allocations ?? .nan) - (string.allocations ?? .nan))
        }
        if let worst = typedOpenRatios.max(by: { $0.1 < $1.1 }) {
            let all = typedOpenRatios.map {
                "\($0.0) \(format($0.1, digits: 2))× (\($0.2 < 0 ? "" : "+")\(format($0.2, digits: 2)) allocations)"
            }.joined(separator: ", ")
            targets.append(Target(goal: "typed open ≤ 3× the string open of the same URL, its handler reading the same values by name",
                                  measured: all, met: worst.1 <= 3))
        }
        let staticRatios = ["static.txt", "app static"].compactMap { name in
            ratio(Self.reference, to: ExactStringDictionary.name, on: name).map { (name, $0) }
        }
        if let worst = staticRatios.max(by: { $0.1 < $1.1 }) {
            let all = staticRatios.map { "\($0.0) \(format($0.1, digits: 2))×" }.joined(separator: ", ")
            targets.append(Target(goal: "static table within 2× of the exact-string dictionary",
                                  measured: all + " the dictionary's time", met: worst.1 <= 2))
        }
        let growth = ["deep", "flat"].compactMap { family -> (String, Double)? in
            guard let small = lookup(Self.reference, on: "\(family) 100")?.nanoseconds,
                  let large = lookup(Self.reference, on: "\(family) 10,000")?.nanoseconds else { return nil }
            return (family, large / small)
        }
        if let worst = growth.max(by: { $0.1 < $1.1 }) {
            let all = growth.map { "\($0.0) \(format($0.1, digits: 2))×" }.joined(separator: ", ")
            targets.append(Target(goal: "matcher lookup, 10,000 routes vs 100 routes ≤ 2×", measured: all,
                                  met: worst.1 <= 2))
        }
        let matcherRegistrations = registrations.filter {
            $0.contender == Self.reference && $0.refusal == nil && $0.routes == 10_000
        }
        if let slowest = matcherRegistrations.compactMap(\.milliseconds).max() {
            let all = matcherRegistrations.map { "\($0.workload) \(format($0.milliseconds ?? .nan, digits: 2)) ms" }
                .joined(separator: ", ")
            targets.append(Target(goal: "register 10,000 routes ≤ 15 ms (matcher)", measured: all, met: slowest <= 15))
        }
        if let largest = matcherRegistrations.compactMap(\.bytesPerRoute).max() {
            let all = matcherRegistrations.map { "\($0.workload) \(format($0.bytesPerRoute ?? .nan, digits: 0)) B" }
                .joined(separator: ", ")
            targets.append(Target(goal: "≤ 128 bytes per route after registration (matcher)", measured: all,
                                  met: largest <= 128))
        }
        targets += registrationRatioTargets
        targets += launchTargets
        return targets
    }

    /// Registration set against a baseline registered in the same run: the matcher against a
    /// dictionary of the same strings (the least a table can cost), and the router against the
    /// matcher it builds on; and what the router keeps per route.
    private var registrationRatioTargets: [Target] {
        func registration(_ contender: String, _ workload: String) -> RegistrationResult? {
            registrations.first { $0.contender == contender && $0.workload == workload && $0.refusal == nil }
        }
        var targets: [Target] = []
        let families = ["deep 10,000", "flat 10,000"]
        let routerFamilies = families + ["deep 100,000"]
        let matcherVsDictionary = families.compactMap { name -> (String, Double)? in
            guard let matcher = registration(Self.reference, name)?.milliseconds,
                  let dictionary = registration(ExactStringDictionary.name, name)?.milliseconds else { return nil }
            return (name, matcher / dictionary)
        }
        if let worst = matcherVsDictionary.max(by: { $0.1 < $1.1 }) {
            targets.append(Target(goal: "register 10,000 routes ≤ 4× the exact-string dictionary of the same strings (matcher)",
                                  measured: matcherVsDictionary.map { "\($0.0) \(format($0.1, digits: 1))×" }.joined(separator: ", "),
                                  met: worst.1 <= 4))
        }
        let routerVsMatcher = routerFamilies.compactMap { name -> (String, Double)? in
            guard let router = registration(URLRouterOpen.name, name)?.milliseconds,
                  let matcher = registration(Self.reference, name)?.milliseconds else { return nil }
            return (name, router / matcher)
        }
        if let worst = routerVsMatcher.max(by: { $0.1 < $1.1 }) {
            targets.append(Target(goal: "Router registration ≤ 2× the matcher's alone",
                                  measured: routerVsMatcher.map { "\($0.0) \(format($0.1, digits: 2))×" }.joined(separator: ", "),
                                  met: worst.1 <= 2))
        }
        let routerBytes = routerFamilies.compactMap { name in registration(URLRouterOpen.name, name)?.bytesPerRoute.map { (name, $0) } }
        if let largest = routerBytes.max(by: { $0.1 < $1.1 }) {
            targets.append(Target(goal: "Router heap ≤ 200 bytes per route after registration",
                                  measured: routerBytes.map { "\($0.0) \(format($0.1, digits: 0)) B" }.joined(separator: ", "),
                                  met: largest.1 <= 200))
        }
        var worstSiblingRatio: Double?
        let siblingRatios = [Self.reference, Self.open].compactMap { contender -> String? in
            guard let one = registration(contender, Self.siblingsWorkload)?.milliseconds,
                  let spread = registration(contender, Self.spreadWorkload)?.milliseconds else { return nil }
            worstSiblingRatio = max(worstSiblingRatio ?? 0, one / spread)
            return "\(contender == Self.reference ? "matcher" : "Router") \(format(one, digits: 1)) ms against "
                + "\(format(spread, digits: 1)) ms: \(format(one / spread, digits: 2))×"
        }
        if let worst = worstSiblingRatio {
            targets.append(Target(goal: "register 100,000 siblings under one node ≤ 2× the same routes over 100 hosts",
                                  measured: siblingRatios.joined(separator: ", "), met: worst <= 2))
        }
        if let observer, let plain = observer.plainNanoseconds, let observed = observer.observedNanoseconds {
            targets.append(Target(goal: "open with an empty observer ≤ 1.25× the plain open (\(observer.workload))",
                                  measured: "\(format(observed, digits: 1)) ns against \(format(plain, digits: 1)) ns: "
                                      + "\(format(observed / plain, digits: 2))×",
                                  met: observed / plain <= 1.25))
        }
        if let service, let ns = service.nanoseconds, let dictionary = service.dictionaryNanoseconds,
           let allocations = service.allocations {
            // The gate is the allocation count; the time is shown beside a dictionary lookup by name.
            targets.append(Target(goal: "service(_:) of a built .shared service: 0 allocations (time beside a dictionary lookup by name)",
                                  measured: "\(format(ns, digits: 1)) ns, \(format(ns / dictionary, digits: 2))× the dictionary's "
                                      + "\(format(dictionary, digits: 1)) ns, \(format(allocations, digits: 2)) allocations",
                                  met: allocations == 0))
        }
        if let late = lateModule, let ms = late.milliseconds, let anew = late.baseAnewMilliseconds,
           let alone = late.moduleAloneMilliseconds {
            let measured = "\(format(ms, digits: 2)) ms: \(format(ms / alone, digits: 1))× a new router of the "
                + "module's routes alone (\(format(alone, digits: 3)) ms), \(format(ms / anew, digits: 3))× a new router "
                + "of the \(late.baseRoutes.formatted) (\(format(anew, digits: 1)) ms)"
            targets.append(Target(goal: "register one \(late.moduleRoutes)-route module into a \(late.baseRoutes.formatted)-route router ≤ 20 ms",
                                  measured: measured, met: ms <= 20))
        }
        return targets
    }

    var targetRows: [[String]] {
        targets.map { [$0.goal, $0.measured, $0.met.map { $0 ? "met" : "NOT met" } ?? "not measured"] }
    }

    static let targetHeader = ["target", "measured", ""]
}

// MARK: Formatting

/// A refusal's first problem on one line, short enough for a table cell.
func oneLine(_ text: String) -> String {
    let flat = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        .joined(separator: " ")
    return flat.count > 90 ? String(flat.prefix(89)) + "…" : flat
}

func format(_ value: Double, digits: Int) -> String {
    guard value.isFinite else { return "–" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = digits == 0 ? String(Int(rounded)) : String(rounded)
    if digits > 0 {
        let decimals = text.split(separator: ".").last?.count ?? 0
        text += String(repeating: "0", count: max(0, digits - decimals))
    }
    return text
}

enum TextTable {
    /// Columns padded to their widest cell; text left-aligned, numbers right-aligned.
    static func render(header: [String], rows: [[String]]) -> String {
        let widths = header.indices.map { column in
            ([header] + rows).map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return isNumeric(cell) ? padding + cell : cell + padding
            }.joined(separator: "  ")
        }
        var lines = [line(header), widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")]
        var previousGroup: String?
        for row in rows {
            if let previousGroup, previousGroup != row.first { lines.append("") }
            previousGroup = row.first
            lines.append(line(row))
        }
        return lines.joined(separator: "\n")
    }

    static func markdown(header: [String], rows: [[String]]) -> String {
        let align = header.indices.map { column in
            rows.contains { $0.indices.contains(column) && isNumeric($0[column]) } ? "---:" : "---"
        }
        return ([header, align] + rows).map { "| " + $0.map { $0.replacingPipes() }.joined(separator: " | ") + " |" }
            .joined(separator: "\n")
    }

    static func isNumeric(_ cell: String) -> Bool {
        guard let first = cell.first else { return false }
        return first.isNumber || (first == "–" && cell.count == 1) || cell == "?"
    }
}

extension String {
    func replacingPipes() -> String {
        split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
    }
}
