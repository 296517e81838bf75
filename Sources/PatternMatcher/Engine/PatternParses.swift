/// Counts pattern parses on one task, for tests that bound the work of reading parameters
/// (a route with many parameter segments reads its pattern again once, not once per read).
@_spi(Testing)
public enum PatternParses {
    /// The count, confined to the task that made it.
    public final class Counter: @unchecked Sendable {
        // Unchecked: one task creates, binds, increments and reads it, never two at once.
        public private(set) var value = 0
        public init() {}
        func count() { value += 1 }
    }

    @TaskLocal static var counter: Counter?

    /// The number of patterns parsed while `body` runs on this task.
    public static func counting(_ body: () throws -> Void) rethrows -> Int {
        let counter = Counter()
        try $counter.withValue(counter) { try body() }
        return counter.value
    }
}
