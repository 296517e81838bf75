#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FuzzSupport

/// Violations whose text contains one of these `|`-separated strings are not reported, so
/// that a long campaign can run on past a bug already saved in FailCases/ and reported.
let ignored: [String] = getenv("FUZZ_IGNORE").map { String(cString: $0).split(separator: "|").map(String.init) } ?? []

/// libFuzzer's entry point: traps, so that libFuzzer saves the input, when a property fails.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let problems = FuzzOracle.checkRegistration(bytes)
        .filter { problem in !ignored.contains { problem.contains($0) } }
    if !problems.isEmpty {
        fatalError("property violated:\n" + problems.joined(separator: "\n"))
    }
    return 0
}
