#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Bionic)
import Bionic
#endif

/// The package's one lock: a pthread mutex around a value.
///
/// Audit: the state is reachable only inside `withLock`, which holds the mutex for the
/// whole call; the mutex lives at a stable heap address for the object's lifetime; the
/// state is `Sendable`, so nothing handed out of `withLock` is shared unsafely. Callers
/// never run handlers or other user code inside `withLock`. The thread-sanitizer run of
/// the test suite (`.ci/run`) covers every use.
final class Locked<State: Sendable>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var state: State

    init(_ state: State) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        self.state = state
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }
}
