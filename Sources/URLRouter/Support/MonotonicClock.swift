#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Bionic)
import Bionic
#else
import Dispatch
#endif

/// The package's one clock: seconds on a clock that never goes back, for an open's duration
/// (``OpenEvent/duration``), the duplicate window and the age of a held link.
///
/// On Darwin it is `DispatchTime` (`mach_absolute_time`); elsewhere `CLOCK_MONOTONIC` read
/// directly, which `DispatchTime` also reads there, through two more calls. Neither counts
/// the time a device sleeps: a duration, a window or an age is of time awake.
enum MonotonicClock {
    /// Seconds since an arbitrary start, the same for the whole process.
    static func now() -> Double {
        #if canImport(Glibc) || canImport(Musl) || canImport(Bionic)
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        #else
        return Double(DispatchTime.now().uptimeNanoseconds) / 1e9
        #endif
    }
}
