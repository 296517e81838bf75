/// Where an asynchronous interceptor's decision meets the open waiting for it: resumed once,
/// by the decision or by the cancellation of the waiting task, whichever comes first.
final class DecisionSlot: Sendable {
    private enum State {
        case idle
        case waiting(CheckedContinuation<Interception?, Never>)
        /// Resumed, or cancelled before anyone waited.
        case done
    }
    private let state = Locked<State>(.idle)

    /// Waits with `continuation`; `false` (having resumed it with `nil`) when the wait was
    /// cancelled before it began.
    func wait(_ continuation: CheckedContinuation<Interception?, Never>) -> Bool {
        let cancelled = state.withLock { state -> Bool in
            guard case .idle = state else { return true }
            state = .waiting(continuation)
            return false
        }
        if cancelled { continuation.resume(returning: nil) }
        return !cancelled
    }

    /// Resumes the waiting open with `decision` (`nil`: cancelled), once; later calls do nothing.
    func resume(with decision: Interception?) {
        let waiting = state.withLock { state -> CheckedContinuation<Interception?, Never>? in
            defer { state = .done }
            if case .waiting(let continuation) = state { return continuation }
            return nil
        }
        waiting?.resume(returning: decision)
    }
}
