import Foundation

/// State shared between a test and the handlers it registers, which may run on any thread.
///
/// Audit: `value` is reached only inside `withLock`, which holds `lock` for the whole call,
/// and `Value` is `Sendable`, so nothing leaves the lock unsafely. This is the test target's
/// one `@unchecked Sendable` type; the thread-sanitizer run covers it.
final class Shared<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// A copy of the value now.
    var current: Value { withLock { $0 } }
}

extension Shared where Value == [String] {
    /// Records one event.
    func append(_ event: String) { withLock { $0.append(event) } }
}

extension Shared where Value == Int {
    /// Adds one and returns the new count.
    @discardableResult
    func increment() -> Int { withLock { $0 += 1; return $0 } }
}

extension Shared where Value == [String: Int] {
    /// Adds one to the count of `key`.
    func count(_ key: String) { withLock { $0[key, default: 0] += 1 } }
}
