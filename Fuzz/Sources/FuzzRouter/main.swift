import FuzzSupport

/// Runs of the router's internal unmatched handler (libFuzzer calls the target on one thread).
var unmatchedCalls = 0

/// libFuzzer's entry point: traps, so that libFuzzer saves the input, when a property fails.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    Violations.trap(on: FuzzOracle.checkOpens(bytes, onUnmatched: { unmatchedCalls += 1 }, unmatchedCount: { unmatchedCalls }))
    return 0
}
