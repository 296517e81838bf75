import Foundation
import Testing
import URLRouter

/// One saved fuzz input: a crash or property violation found by a target in `Fuzz/`, or a
/// seed of its corpus.
struct HostileFuzzInput: Sendable, CustomTestStringConvertible {
    let target: String
    let path: String
    let bytes: [UInt8]

    var testDescription: String { "\(target)/\((path as NSString).lastPathComponent)" }

    /// Every file under `Fuzz/<folder>/<target>/`, found from this file's place in the repository.
    static func all(in folder: String) -> [HostileFuzzInput] {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz").appendingPathComponent(folder)
        var inputs: [HostileFuzzInput] = []
        for target in ["matching", "registration", "router", "rules"] {
            let directory = root.appendingPathComponent(target)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            for name in names.sorted() where !name.hasPrefix(".") {
                let file = directory.appendingPathComponent(name)
                if let data = FileManager.default.contents(atPath: file.path) {
                    inputs.append(HostileFuzzInput(target: target, path: file.path, bytes: [UInt8](data)))
                }
            }
        }
        return inputs
    }

    /// The same property check the fuzz target runs (Fuzz/Sources/FuzzSupport, compiled here
    /// through the `HostileFuzz*.swift` symlinks).
    func violations() -> [String] {
        switch target {
        case "matching":
            return FuzzOracle.checkMatching(bytes)
        case "registration":
            return FuzzOracle.checkRegistration(bytes)
        case "rules":
            return FuzzOracle.checkRules(bytes)
        default:
            let calls = Shared(0)
            return FuzzOracle.checkRouter(bytes, onUnmatched: { calls.increment() }, unmatchedCount: { calls.current })
        }
    }
}

/// Replays every input the fuzzers ever failed on (`Fuzz/FailCases/`), and the seed corpus,
/// through the fuzz targets' own property checks, so that a crash found once stays fixed.
@Suite("Hostile: fuzz fail cases and seeds replayed")
struct HostileFailCaseTests {
    @Test("Fuzz/FailCases and Fuzz/Corpus are found")
    func inputsAreFound() {
        #expect(!HostileFuzzInput.all(in: "FailCases").isEmpty)
        #expect(Set(HostileFuzzInput.all(in: "Corpus").map(\.target)) == ["matching", "registration", "router", "rules"])
    }

    @Test("a saved fail case holds every property now", arguments: HostileFuzzInput.all(in: "FailCases"))
    func failCase(_ input: HostileFuzzInput) {
        let problems = input.violations()
        #expect(problems.isEmpty, "\(input.path):\n\(problems.joined(separator: "\n"))")
    }

    @Test("a seed holds every property", arguments: HostileFuzzInput.all(in: "Corpus"))
    func seed(_ input: HostileFuzzInput) {
        let problems = input.violations()
        #expect(problems.isEmpty, "\(input.path):\n\(problems.joined(separator: "\n"))")
    }

    /// The oracle is only worth its agreement if it can disagree: a wrong expectation fed
    /// to it must be reported.
    @Test("the oracle notices a wrong answer")
    func oracleIsNotVacuous() throws {
        var builder = RouteTableBuilder<Int>()
        builder.add("/google/callback", value: 0)
        builder.add("/:provider", value: 1)
        let table = try builder.build()
        let routes = ["/google/callback", "/:provider"].compactMap(FuzzOracle.parsePattern)
        #expect(FuzzOracle.checkURL("/google", table: table, routes: routes).isEmpty)
        // The same table checked against routes listed the other way round must fail.
        #expect(!FuzzOracle.checkURL("/google", table: table, routes: routes.reversed()).isEmpty)
        let expected = FuzzOracle.matches(routes, url: .init("/google/callback", limits: URLLimits()), caseInsensitive: false)
        #expect(expected.map(\.route) == [0])
    }
}
