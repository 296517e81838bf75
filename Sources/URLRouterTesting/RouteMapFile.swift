import Foundation

/// Reads and writes the checked-in files the checks compare with.
enum RouteMapFile {
    /// The environment variable that makes ``assertRouteMap(_:matches:)`` record.
    static let recordVariable = "URLROUTER_RECORD"

    static var isRecording: Bool {
        ProcessInfo.processInfo.environment[recordVariable] == "1"
    }

    /// The text of the file at `path`, or the failure of `check` saying why there is none.
    static func read(_ path: String, for check: String, hint: String = "") throws(RouteCheckFailure) -> String {
        do {
            return try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw RouteCheckFailure(check, "cannot read '\(path)' (working directory '\(FileManager.default.currentDirectoryPath)'): \(error)" + hint)
        }
    }

    /// Writes `text` to `path`, creating the folders it needs.
    static func write(_ text: String, to path: String, for check: String) throws(RouteCheckFailure) {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        } catch {
            throw RouteCheckFailure(check, "cannot write '\(path)': \(error)")
        }
    }
}
