#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What every fuzz target does with the problems its checks found.
public enum Violations {
    /// Violations whose text contains one of these `|`-separated strings (`FUZZ_IGNORE`) are
    /// not reported, so that a long campaign can run on past a bug already saved in
    /// FailCases/ and reported.
    static let ignored: [String] = getenv("FUZZ_IGNORE")
        .map { String(cString: $0).split(separator: "|").map(String.init) } ?? []

    /// Traps when a property failed, so that libFuzzer saves the input.
    public static func trap(on problems: [String]) {
        let reported = problems.filter { problem in !ignored.contains { problem.contains($0) } }
        if !reported.isEmpty {
            fatalError("property violated:\n" + reported.joined(separator: "\n"))
        }
    }
}
