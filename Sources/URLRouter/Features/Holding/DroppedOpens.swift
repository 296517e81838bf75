/// Held opens dropped on this task or thread whose completions and observer calls are still to
/// run, run one after another by the call that dropped the first of them.
///
/// A dropped open's completion is the app's code, and may open again: while holding, that open
/// is held, and may push out the next oldest, whose completion may open again... Run where each
/// drop happens, every completion ran inside the one before it, as deep as the queue was long
/// (a "retry once" completion overflowed a 512 KB stack at a limit of 300). Bound to the task or
/// thread while its drops end, the list takes the drops made meanwhile, inside a completion, an
/// observer call or a replayed handler, and ends them after the one that is running returns.
///
/// A task started inside a completion inherits the binding, and may drop an open after the list
/// has ended: ``add(_:by:)`` then refuses, and the task ends its drops itself.
final class DroppedOpens: Sendable {
    struct Drop: Sendable {
        let router: Router
        let entry: HeldOpens.Entry
        let reason: Refusal
    }

    private struct State: Sendable {
        var drops = HeldQueue<Drop>()
        /// Whether drops are still taken: false once the list is ended.
        var isOpen = true
    }

    private let state = Locked(State())

    /// The list being ended on this task or thread, if any.
    @TaskLocal static var current: DroppedOpens?

    /// Adds drops of `router`'s; `false` when this list is ended and takes no more.
    func add(_ drops: [(HeldOpens.Entry, Refusal)], by router: Router) -> Bool {
        state.withLock { state in
            guard state.isOpen else { return false }
            for (entry, reason) in drops { state.drops.append(Drop(router: router, entry: entry, reason: reason)) }
            return true
        }
    }

    /// Ends the drops in the order they were added, those added meanwhile included, until there
    /// are none; then, when `closing`, takes no more.
    func endAll(closing: Bool) {
        while let drop = state.withLock({ state -> Drop? in
            let next = state.drops.popFirst()
            if next == nil, closing { state.isOpen = false }
            return next
        }) {
            // After the lock: the completion and the observer are the app's code.
            drop.router.end(drop.entry, drop.reason)
        }
    }
}

extension Router {
    /// Ends held opens that will not be replayed, never one inside another: in the list being
    /// ended on this task or thread, after the drop that is running; or, when there is none, now,
    /// in a list of their own bound while they end (see ``DroppedOpens``).
    func end(_ drops: [(HeldOpens.Entry, Refusal)]) {
        guard !drops.isEmpty else { return }
        if let running = DroppedOpens.current, running.add(drops, by: self) { return }
        let list = DroppedOpens()
        _ = list.add(drops, by: self)
        DroppedOpens.$current.withValue(list) { list.endAll(closing: true) }
    }

    /// Ends a held open that will not be replayed: its completion gets `nil`, and the observer
    /// is told, as for any top-level open, outside any other open.
    func end(_ entry: HeldOpens.Entry, _ reason: Refusal) {
        OpenContext.$current.withValue(.outside) {
            entry.call.channel?.deliver(.value(nil))
            guard let observer = options.observer else { return }
            let context = OpenContext.outside.entering(entry.open.url, from: entry.open.source)
            tell(observer, .refused(reason), url: entry.call.url, source: entry.open.source, started: entry.heldAt,
                 in: context)
        }
    }
}
