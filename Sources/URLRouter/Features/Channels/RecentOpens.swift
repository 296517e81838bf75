/// The external opens of the last ``Router/Options/duplicateWindow`` seconds, by channel and
/// URL: what tells a link delivered twice (a scene's connection options, then `openURL`) from
/// a new one (see <doc:WhereLinksComeFrom>, "Open once").
///
/// Bounded: at most ``capacity`` opens are remembered, the oldest forgotten first, so a flood
/// of distinct links costs a fixed amount of memory (a forgotten link opens again).
struct RecentOpens: Sendable {
    struct Key: Hashable, Sendable {
        let source: OpenSource
        let url: String
    }

    static let capacity = 256

    /// When each remembered open arrived.
    private var arrived: [Key: Double] = [:]
    /// The remembered opens, oldest first, with when they arrived: an entry whose time no
    /// longer matches ``arrived`` was opened again since, and is skipped when it is dropped.
    private var order: [(key: Key, at: Double)] = []
    private var start = 0

    /// Whether `url` from `source` arrived less than `window` seconds before `now`; if not,
    /// it is remembered as arriving now.
    mutating func isDuplicate(_ url: String, from source: OpenSource, now: Double, window: Double) -> Bool {
        forget(before: now - window)
        let key = Key(source: source, url: url)
        if let at = arrived[key], now - at < window { return true }
        arrived[key] = now
        order.append((key, now))
        while arrived.count > Self.capacity { dropOldest() }
        return false
    }

    /// Forgets the opens that arrived before `time`.
    private mutating func forget(before time: Double) {
        while start < order.count, order[start].at <= time { dropOldest() }
    }

    private mutating func dropOldest() {
        guard start < order.count else { return }
        let (key, at) = order[start]
        start += 1
        if arrived[key] == at { arrived[key] = nil }
        // The queue is compacted once half of it is dropped: O(1) per open, amortized.
        if start > 32 && start * 2 > order.count {
            order.removeFirst(start)
            start = 0
        }
    }
}

extension Router {
    /// Whether an external open of `url` from `source` repeats one of the last
    /// ``Options/duplicateWindow`` seconds (remembering it when not).
    func isDuplicate(_ url: String, from source: OpenSource) -> Bool {
        let window = options.duplicateWindow
        let now = MonotonicClock.now()
        return recentOpens.withLock { $0.isDuplicate(url, from: source, now: now, window: window) }
    }
}
