#if canImport(Darwin)
import Darwin
#else
import Foundation
#endif

/// Whether the calling thread is the process's main thread, where the main actor runs.
func isMainThread() -> Bool {
    #if canImport(Darwin)
    return pthread_main_np() != 0
    #else
    return Thread.isMainThread
    #endif
}
