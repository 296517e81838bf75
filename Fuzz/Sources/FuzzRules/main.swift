import FuzzSupport

/// libFuzzer's entry point: traps, so that libFuzzer saves the input, when a property fails.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    Violations.trap(on: FuzzOracle.checkRules(bytes))
    return 0
}
