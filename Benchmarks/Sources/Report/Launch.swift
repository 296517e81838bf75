import Foundation
import Workloads

/// The launch table (``LaunchTable``) built in fresh processes: what an app's start-up pays,
/// beside its floor (``LaunchTable/decodeEachTypeOnce()``), what meeting the same typed route
/// types costs a fresh process without a router.
struct LaunchResult {
    /// The child processes that built the table (as many again measured the floor).
    var processes = 0
    /// Median over the processes of the first `Router(modules:)` of each.
    var firstMilliseconds: Double?
    /// Median over the processes of the same table built again in the same process.
    var againMilliseconds: Double?
    /// The slowest first build, to show the spread.
    var slowestFirstMilliseconds: Double?
    /// Median over processes of their own of the floor: each typed route type decoded once with `JSONDecoder`.
    var floorMilliseconds: Double?
    /// The slowest floor, to show the spread.
    var slowestFloorMilliseconds: Double?
    var refusal: String?
}

extension Measurement {
    /// The argument that makes the Report a launch child (``runLaunchChild(floor:)``): never given by hand.
    static let launchChildArgument = "--launch-child"
    /// Given after ``launchChildArgument``: the child measures the floor, not the table.
    static let floorArgument = "floor"

    /// The launch child: builds the launch table, then the same table again, and prints
    /// `launch <first ns> <again ns> <routes>` for ``launch(processes:)`` to read. Nothing of the
    /// router runs before the first build, so it pays what an app's first registration pays.
    /// With `floor`, it decodes each typed route type once instead and prints `floor <ns> <types>`.
    static func runLaunchChild(floor: Bool) -> Never {
        do {
            var start = now()
            if floor {
                let decoded = try LaunchTable.decodeEachTypeOnce()
                print("floor \(now() - start) \(decoded)")
                exit(0)
            }
            let first = try LaunchTable.build()
            let firstNanoseconds = now() - start
            start = now()
            let again = try LaunchTable.build()
            let againNanoseconds = now() - start
            print("launch \(firstNanoseconds) \(againNanoseconds) \(first.routes.count)")
            withExtendedLifetime((first, again)) {}
            exit(0)
        } catch {
            print("refused \(oneLine("\(error)"))")
            exit(1)
        }
    }

    /// Builds the launch table in `processes` fresh child processes (this executable, started
    /// with ``launchChildArgument``), and measures the floor in as many, one after the other in
    /// turn so that both see the same machine; takes the medians.
    static func launch(processes: Int) -> LaunchResult {
        guard let executable = Bundle.main.executableURL else {
            return LaunchResult(refusal: "cannot find the Report executable to start it again")
        }
        /// The fields the child printed after its first word, or why there are none.
        func child(_ arguments: [String], expecting word: String, fields: Int) -> Result<[Double], LaunchRefusal> {
            let child = Process()
            child.executableURL = executable
            child.arguments = [launchChildArgument] + arguments
            let output = Pipe()
            child.standardOutput = output
            do {
                try child.run()
            } catch {
                return .failure(LaunchRefusal(text: "starting \(executable.path): \(error)"))
            }
            let data = output.fileHandleForReading.readDataToEndOfFile()
            child.waitUntilExit()
            let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            let words = text.split(separator: " ")
            let values = words.dropFirst().compactMap { Double($0) }
            guard child.terminationStatus == 0, words.count == fields + 1, words[0] == word, values.count == fields else {
                return .failure(LaunchRefusal(text: text.isEmpty ? "the child exited with \(child.terminationStatus)" : text))
            }
            return .success(values)
        }
        var first: [Double] = [], again: [Double] = [], floor: [Double] = []
        for _ in 0..<processes {
            switch child([], expecting: "launch", fields: 3) {
            case .failure(let refusal): return LaunchResult(refusal: refusal.text)
            case .success(let values):
                guard Int(values[2]) == LaunchTable.routeCount else {
                    return LaunchResult(refusal: "the table has \(Int(values[2])) routes, not \(LaunchTable.routeCount)")
                }
                first.append(values[0] / 1e6)
                again.append(values[1] / 1e6)
            }
            switch child([floorArgument], expecting: "floor", fields: 2) {
            case .failure(let refusal): return LaunchResult(refusal: "floor: \(refusal.text)")
            case .success(let values):
                guard Int(values[1]) == LaunchTable.typedRouteCount else {
                    return LaunchResult(refusal: "the floor decoded \(Int(values[1])) types, not \(LaunchTable.typedRouteCount)")
                }
                floor.append(values[0] / 1e6)
            }
        }
        return LaunchResult(processes: processes, firstMilliseconds: median(first), againMilliseconds: median(again),
                            slowestFirstMilliseconds: first.max(), floorMilliseconds: median(floor),
                            slowestFloorMilliseconds: floor.max())
    }

    struct LaunchRefusal: Error {
        let text: String
    }
}

extension Results {
    static let launchHeader = ["table", "processes", "first Router(modules:) ms", "built again ms", "slowest first ms"]

    var launchRows: [[String]] {
        guard let launch else { return [] }
        if let refusal = launch.refusal { return [["launch table", "refused", "", "", oneLine(refusal)]] }
        let milliseconds = { (value: Double?) in value.map { format($0, digits: 2) } ?? "" }
        return [
            ["launch table", "\(launch.processes)", milliseconds(launch.firstMilliseconds),
             milliseconds(launch.againMilliseconds), milliseconds(launch.slowestFirstMilliseconds)],
            ["floor: its \(LaunchTable.typedRouteCount) typed route types decoded once by JSONDecoder, no router",
             "\(launch.processes)", milliseconds(launch.floorMilliseconds), "", milliseconds(launch.slowestFloorMilliseconds)],
        ]
    }

    /// The cold start an app pays once, beside what meeting its types costs any process, and
    /// what the same registration costs once the process is warm.
    var launchTargets: [Target] {
        guard let launch, launch.refusal == nil, let first = launch.firstMilliseconds,
              let again = launch.againMilliseconds, let floor = launch.floorMilliseconds else { return [] }
        let processes = launch.processes == 1 ? "1 fresh process" : "median of \(launch.processes) fresh processes"
        return [
            Target(goal: "launch table: first Router(modules:) in a fresh process ≤ its floor + 3 ms",
                   measured: "\(format(first, digits: 2)) ms against the floor's \(format(floor, digits: 2)) ms: "
                       + "+\(format(first - floor, digits: 2)) ms (\(processes) each; slowest "
                       + "\(format(launch.slowestFirstMilliseconds ?? .nan, digits: 2)) ms and "
                       + "\(format(launch.slowestFloorMilliseconds ?? .nan, digits: 2)) ms)",
                   met: first <= floor + 3),
            Target(goal: "launch table: the same built again in that process ≤ 1.5 ms",
                   measured: "\(format(again, digits: 2)) ms (\(processes))", met: again <= 1.5),
        ]
    }
}
