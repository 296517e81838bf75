#if canImport(Darwin)
import Darwin
#else
import Foundation
#endif
import Dispatch

/// Marks the main dispatch queue, the main actor's executor, so that code running on it
/// can be recognised on any thread.
private let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()

/// Whether the caller runs where the main actor runs: on the process's main thread, or on
/// the main dispatch queue, which a worker thread drains once the main thread has called
/// `dispatch_main()` (an `async` main on Linux, such as the test runner's). There the main
/// thread test alone would say no on the main actor.
func isMainThread() -> Bool {
    #if canImport(Darwin)
    if pthread_main_np() != 0 { return true }
    #else
    if Thread.isMainThread { return true }
    #endif
    return DispatchQueue.getSpecific(key: mainQueueKey) == true
}
