import Foundation
import PatternMatcher

/// One executable conformance vector (`Conformance/*.json` beside these tests, and any folder
/// named by `URLROUTER_CONFORMANCE_DIR`), tagged with the file and the position it came from so a failure names both.
struct ConformanceCase: Sendable, CustomStringConvertible {
    enum Check: Sendable {
        case match(url: String, route: String?, params: [String: String]?, query: [[String]]?, fragment: String?)
        case malformed(url: String)
        case valid(pattern: String)
        case invalid(pattern: String)
        case conflicts(routes: [String], pairs: [[String]])
        case generate(route: String, params: [String: String], url: String?, isError: Bool)
    }

    let file: String
    let label: String
    let routes: [String]
    let options: MatchOptions
    let check: Check

    var description: String { "\(file): \(label)" }

    func makeTable() throws -> RouteTable<String> {
        var builder = RouteTableBuilder<String>(options: options)
        for route in routes { builder.add(route, value: route, owner: file) }
        return try builder.build()
    }
}

enum ConformanceSuites {
    /// The bundled copies, plus every `*.json` in `URLROUTER_CONFORMANCE_DIR` when set.
    static let all: [ConformanceCase] = {
        var files: [URL] = []
        if let bundled = Bundle.module.url(forResource: "Conformance", withExtension: nil) {
            files += jsonFiles(in: bundled)
        }
        if let extra = ProcessInfo.processInfo.environment["URLROUTER_CONFORMANCE_DIR"], !extra.isEmpty {
            files += jsonFiles(in: URL(fileURLWithPath: extra))
        }
        return files.flatMap { file in
            do { return try cases(in: file) } catch {
                return [ConformanceCase(file: file.lastPathComponent, label: "unreadable: \(error)",
                                        routes: [], options: MatchOptions(), check: .invalid(pattern: "\u{0}unreadable"))]
            }
        }
    }()

    static func jsonFiles(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { folder.appendingPathComponent($0) }
    }

    static func cases(in file: URL) throws -> [ConformanceCase] {
        let name = file.deletingLastPathComponent().lastPathComponent + "/" + file.lastPathComponent
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file))
        guard let suite = object as? [String: Any] else { throw SuiteError.notAnObject }
        let routes = suite["routes"] as? [String] ?? []
        let options = suite["options"] as? [String: Any] ?? [:]
        let matchOptions = MatchOptions(caseInsensitivePaths: options["caseInsensitivePaths"] as? Bool ?? false,
                                        plusAsSpaceInQuery: options["plusAsSpaceInQuery"] as? Bool ?? false)
        var result: [ConformanceCase] = []
        func add(_ label: String, _ check: ConformanceCase.Check) {
            result.append(ConformanceCase(file: name, label: label, routes: routes,
                                          options: matchOptions, check: check))
        }
        // A suite whose options this runner does not know would run under the wrong reading.
        for key in options.keys.sorted() where !["caseInsensitivePaths", "plusAsSpaceInQuery"].contains(key) {
            add("unreadable: unknown option '\(key)'", .invalid(pattern: "\u{0}unknown option"))
        }
        for (i, entry) in (suite["matches"] as? [[String: Any]] ?? []).enumerated() {
            let url = entry["url"] as? String ?? ""
            let shown = url.count > 60 ? String(url.prefix(57)) + "..." : url
            if entry["malformed"] as? Bool == true {
                add("matches[\(i)] '\(shown)' is malformed", .malformed(url: url))
            } else {
                let route = entry["route"] as? String
                add("matches[\(i)] '\(shown)' → \(route ?? "no route")", .match(
                    url: url, route: route, params: entry["params"] as? [String: String],
                    query: entry["query"] as? [[String]], fragment: entry["fragment"] as? String))
            }
        }
        for pattern in suite["valid"] as? [String] ?? [] {
            add("valid '\(pattern)'", .valid(pattern: pattern))
        }
        for (i, entry) in (suite["invalid"] as? [[String: Any]] ?? []).enumerated() {
            let pattern = entry["pattern"] as? String ?? ""
            add("invalid[\(i)] '\(pattern)'", .invalid(pattern: pattern))
        }
        for (i, entry) in (suite["conflicts"] as? [[String: Any]] ?? []).enumerated() {
            add("conflicts[\(i)]", .conflicts(routes: entry["routes"] as? [String] ?? [],
                                              pairs: entry["pairs"] as? [[String]] ?? []))
        }
        for (i, entry) in (suite["generate"] as? [[String: Any]] ?? []).enumerated() {
            let route = entry["route"] as? String ?? ""
            add("generate[\(i)] '\(route)'", .generate(
                route: route, params: entry["params"] as? [String: String] ?? [:],
                url: entry["url"] as? String, isError: entry["error"] as? Bool ?? false))
        }
        return result
    }

    enum SuiteError: Error { case notAnObject }
}
