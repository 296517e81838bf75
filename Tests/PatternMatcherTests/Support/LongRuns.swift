import Foundation

/// The size of the generated property runs and of the stress runs at scale.
///
/// `swift test` runs a sample of each, taken from the start of the full run (its first batches,
/// the first iterations from its seed), large enough to fail when a rule breaks, so that a
/// first run stays short. `URLROUTER_LONG_TESTS=1` runs them at full size; CI's main test run sets it.
/// `Tests/README.md` lists the runs and both sizes.
enum LongRuns {
    static let isEnabled = ProcessInfo.processInfo.environment["URLROUTER_LONG_TESTS"] == "1"

    /// `full` under `URLROUTER_LONG_TESTS=1`, else `sample`.
    static func count(full: Int, sample: Int) -> Int {
        precondition(0 < sample && sample <= full, "a sample is part of the full run")
        return isEnabled ? full : sample
    }

    /// All of `batches` under `URLROUTER_LONG_TESTS=1`, else the first `sample` of them.
    static func batches(_ batches: [UInt64], sample: Int) -> [UInt64] {
        Array(batches.prefix(count(full: batches.count, sample: sample)))
    }
}
