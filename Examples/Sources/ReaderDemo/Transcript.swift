import Synchronization

/// What handlers report during one step: their completion values and the unmatched
/// handler's notes, in order.
final class Transcript: Sendable {
    private let notes = Mutex<[String]>([])

    func note(_ text: String) {
        notes.withLock { $0.append(text) }
    }

    /// The notes taken since the last call.
    func take() -> [String] {
        notes.withLock { notes in
            defer { notes = [] }
            return notes
        }
    }
}
