import Foundation
import Workloads

/// The launch table (``LaunchTable``) built in fresh processes: what an app's start-up pays.
struct LaunchResult {
    /// The child processes that built the table.
    var processes = 0
    /// Median over the processes of the first `Router(modules:)` of each.
    var firstMilliseconds: Double?
    /// Median over the processes of the same table built again in the same process.
    var againMilliseconds: Double?
    /// The slowest first build, to show the spread.
    var slowestFirstMilliseconds: Double?
    var refusal: String?
}

extension Measurement {
    /// The argument that makes the Report a launch child (``runLaunchChild()``): never given by hand.
    static let launchChildArgument = "--launch-child"

    /// The launch child: builds the launch table, then the same table again, and prints
    /// `launch <first ns> <again ns> <routes>` for ``launch(processes:)`` to read. Nothing of the
    /// router runs before the first build, so it pays what an app's first registration pays.
    static func runLaunchChild() -> Never {
        do {
            var start = now()
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
    /// with ``launchChildArgument``), one after another, and takes the medians.
    static func launch(processes: Int) -> LaunchResult {
        guard let executable = Bundle.main.executableURL else {
            return LaunchResult(refusal: "cannot find the Report executable to start it again")
        }
        var first: [Double] = [], again: [Double] = []
        for _ in 0..<processes {
            let child = Process()
            child.executableURL = executable
            child.arguments = [launchChildArgument]
            let output = Pipe()
            child.standardOutput = output
            do {
                try child.run()
            } catch {
                return LaunchResult(refusal: "starting \(executable.path): \(error)")
            }
            let data = output.fileHandleForReading.readDataToEndOfFile()
            child.waitUntilExit()
            let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            let fields = text.split(separator: " ")
            guard child.terminationStatus == 0, fields.count == 4, fields[0] == "launch",
                  let firstNanoseconds = Double(fields[1]), let againNanoseconds = Double(fields[2]),
                  let routes = Int(fields[3]) else {
                return LaunchResult(refusal: text.isEmpty ? "the child exited with \(child.terminationStatus)" : text)
            }
            guard routes == LaunchTable.routeCount else {
                return LaunchResult(refusal: "the table has \(routes) routes, not \(LaunchTable.routeCount)")
            }
            first.append(firstNanoseconds / 1e6)
            again.append(againNanoseconds / 1e6)
        }
        return LaunchResult(processes: processes, firstMilliseconds: median(first), againMilliseconds: median(again),
                            slowestFirstMilliseconds: first.max())
    }
}

extension Results {
    static let launchHeader = ["table", "processes", "first Router(modules:) ms", "built again ms", "slowest first ms"]

    var launchRows: [[String]] {
        guard let launch else { return [] }
        if let refusal = launch.refusal { return [["launch table", "refused", "", "", oneLine(refusal)]] }
        return [["launch table", "\(launch.processes)", launch.firstMilliseconds.map { format($0, digits: 2) } ?? "",
                 launch.againMilliseconds.map { format($0, digits: 2) } ?? "",
                 launch.slowestFirstMilliseconds.map { format($0, digits: 2) } ?? ""]]
    }

    /// The cold start an app pays once, and what the same registration costs once the process is warm.
    var launchTargets: [Target] {
        guard let launch, launch.refusal == nil, let first = launch.firstMilliseconds,
              let again = launch.againMilliseconds else { return [] }
        let processes = launch.processes == 1 ? "1 fresh process" : "median of \(launch.processes) fresh processes"
        return [
            Target(goal: "launch table: first Router(modules:) in a fresh process ≤ 3 ms",
                   measured: "\(format(first, digits: 2)) ms (\(processes); slowest \(format(launch.slowestFirstMilliseconds ?? .nan, digits: 2)) ms)",
                   met: first <= 3),
            Target(goal: "launch table: the same built again in that process ≤ 1.5 ms",
                   measured: "\(format(again, digits: 2)) ms (\(processes))", met: again <= 1.5),
        ]
    }
}
