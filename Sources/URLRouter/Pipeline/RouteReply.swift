import PatternMatcher

/// What `await router.open(_:expecting:userInfo:source:)` brings back: the value the
/// destination replied with, or why there is none.
///
/// ```swift
/// switch await router.open("reader://picker/color", expecting: String.self) {
/// case .value(let color): apply(color)
/// default: break   // noValue, otherType, cancelled, notHandled, and cases to come
/// }
/// ```
public enum RouteReply<Value> {
    /// The handler replied with this value (``RouteRequest/reply(_:)``).
    case value(Value)
    /// The handler of this route finished, and every copy of its request was released,
    /// without a reply (or it replied `nil`).
    case noValue(RouteInfo)
    /// The handler of this route replied with a value of another type, named here.
    case otherType(RouteInfo, String)
    /// The caller's task was cancelled while it waited for the reply.
    case cancelled
    /// No handler took the URL: the open's result says why (unmatched, declined, failed,
    /// malformed, refused, rejected, held...).
    case notHandled(OpenResult)

    /// The value, if the handler replied with one of the expected type.
    public var value: Value? {
        if case .value(let value) = self { return value }
        return nil
    }
}

extension RouteReply: Sendable where Value: Sendable {}
extension RouteReply: Equatable where Value: Equatable {}

/// The outcome of an open that a synchronous `open` started but could not finish on its
/// thread (``OpenResult/pending(_:_:)``).
///
/// ```swift
/// if case .pending(_, let pending) = router.open("reader://download/42") {
///     let outcome = await pending.result      // handled, declined, failed...
/// }
/// ```
public final class PendingOpen: Sendable {
    private enum State {
        case running([CheckedContinuation<OpenResult, Never>], [@Sendable (OpenResult) -> Void])
        case finished(OpenResult)
    }
    private let state = Locked<State>(.running([], []))
    /// The task that finishes the open, for ``cancel()``.
    private let task = Locked<Task<Void, Never>?>(nil)

    init() {}

    /// Runs `finishing` in a task that ``cancel()`` cancels.
    func start(_ finishing: @escaping @Sendable () async -> Void) {
        let started = Task { await finishing() }
        task.withLock { $0 = started }
    }

    /// Ends the wait: an interceptor still deciding is no longer waited for, and no handler
    /// starts; the open finishes with ``Refusal/cancelled`` (and a completion is called with
    /// `nil`). A handler already running goes on; it sees `Task.isCancelled`.
    public func cancel() {
        task.withLock { $0 }?.cancel()
    }

    /// The final outcome, once the handlers have run: never ``OpenResult/pending(_:_:)``.
    public var result: OpenResult {
        get async {
            await withCheckedContinuation { continuation in
                let finished: OpenResult? = state.withLock { state in
                    switch state {
                    case .finished(let result): return result
                    case .running(var waiters, let observers):
                        waiters.append(continuation)
                        state = .running(waiters, observers)
                        return nil
                    }
                }
                if let finished { continuation.resume(returning: finished) }
            }
        }
    }

    /// Calls `observer` once with the final outcome: at once if it is known, otherwise on
    /// the thread that finishes the open.
    public func whenFinished(_ observer: @escaping @Sendable (OpenResult) -> Void) {
        let finished: OpenResult? = state.withLock { state in
            switch state {
            case .finished(let result): return result
            case .running(let waiters, var observers):
                observers.append(observer)
                state = .running(waiters, observers)
                return nil
            }
        }
        if let finished { observer(finished) }
    }

    func finish(_ result: OpenResult) {
        let waiting = state.withLock { state -> ([CheckedContinuation<OpenResult, Never>], [@Sendable (OpenResult) -> Void]) in
            guard case .running(let waiters, let observers) = state else { return ([], []) }
            state = .finished(result)
            return (waiters, observers)
        }
        // Resumed and called after the lock is released: observers are user code.
        waiting.0.forEach { $0.resume(returning: result) }
        waiting.1.forEach { $0(result) }
    }
}

/// Where one open's reply goes: the caller's completion, or a waiting `await open(...,
/// expecting:)`. It takes one reply; later ones are ignored.
final class ReplyChannel: Sendable {
    enum Event: Sendable {
        case value((any Sendable)?)
        case cancelled
    }
    private enum State {
        /// Open; a waiter may be parked.
        case open(CheckedContinuation<Event, Never>?)
        /// Delivered (or dropped); waiters get this at once.
        case closed(Event)
    }
    private let state = Locked<State>(.open(nil))
    /// Called once with a delivered reply (the synchronous `open`'s completion).
    private let sink: (@Sendable ((any Sendable)?) -> Void)?

    init(sink: (@Sendable ((any Sendable)?) -> Void)? = nil) {
        self.sink = sink
    }

    /// Delivers `event` if nothing was delivered yet; returns whether it was.
    @discardableResult
    func deliver(_ event: Event) -> Bool {
        let taken = state.withLock { state -> (Bool, CheckedContinuation<Event, Never>?) in
            guard case .open(let waiter) = state else { return (false, nil) }
            state = .closed(event)
            return (true, waiter)
        }
        guard taken.0 else { return false }
        // After the lock: the sink is the caller's code.
        taken.1?.resume(returning: event)
        if case .value(let value) = event { sink?(value) }
        return true
    }

    /// Closes the channel without calling the sink: nothing took the URL, so the caller's
    /// completion is not called and the result says why.
    func discard() {
        let parked: CheckedContinuation<Event, Never>? = state.withLock { state in
            guard case .open(let waiter) = state else { return nil }
            state = .closed(.value(nil))
            return waiter
        }
        parked?.resume(returning: .value(nil))
    }

    /// The reply, once it comes; `.cancelled` if the waiting task is cancelled first.
    func wait() async -> Event {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let closed: Event? = state.withLock { state in
                    switch state {
                    case .closed(let event): return event
                    case .open:
                        state = .open(continuation)
                        return nil
                    }
                }
                if let closed { continuation.resume(returning: closed) }
            }
        } onCancel: {
            deliver(.cancelled)
        }
    }
}

/// Held by every copy of one open's requests: when the last copy is released without a
/// reply, the channel gets "no value", so a caller waiting for a reply is never left
/// suspended.
final class ReplyToken: Sendable {
    let channel: ReplyChannel

    init(channel: ReplyChannel) {
        self.channel = channel
    }

    deinit {
        channel.deliver(.value(nil))
    }
}
