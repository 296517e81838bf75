#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Bionic)
import Bionic
#endif

/// The package's one lock: a pthread mutex around a value, with a condition to wait on.
///
/// Audit: the state is reachable only inside `withLock` and `waitingWithLock(until:)`,
/// which hold the mutex while `body` runs (the waiting form releases it only between two
/// calls of `body`, never during one); the mutex and condition live at stable heap
/// addresses for the object's lifetime; the state is `Sendable`, so nothing handed out is
/// shared unsafely. No user code runs inside `body`: not a handler, a factory or a
/// converter, and not a `deinit` either — callers move what they replace or remove out of
/// the lock and let it go after `withLock` returns. The thread-sanitizer run of the test
/// suite (`.ci/run`) covers every use.
///
/// One state lives outside a `Locked` yet under one: `TypedRouteShape.findings`, private to
/// its file and read and written only inside `withLock` of `TypedRouteShape.known` (a field,
/// not a second table of the same types, which cost every typed registration two searches).
///
/// The state is `@exclusivity(unchecked)`: the mutex is what makes each access exclusive,
/// and the runtime's own check on every `withLock` was paid by every open for nothing.
final class Locked<State: Sendable>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    @exclusivity(unchecked) private var state: State

    init(_ state: State) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
        self.state = state
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deinitialize(count: 1)
        condition.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }

    /// Calls `body` under the lock until it returns a result, waiting between two calls
    /// for ``notifyAll()``.
    func waitingWithLock<Result>(until body: (inout State) -> Result?) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while true {
            if let result = body(&state) { return result }
            pthread_cond_wait(condition, mutex)
        }
    }

    /// Wakes every thread waiting in `waitingWithLock(until:)`, to call its body again.
    func notifyAll() {
        pthread_mutex_lock(mutex)
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }
}
