import PatternMatcher

/// An external open that waits until the app is ready: what ``OpenResult/held(_:)`` carries
/// and what ``Router/releaseHeldOpens()`` reports (see <doc:OpeningURLs>, "Links that arrive
/// before the app is ready").
public struct HeldOpen: Sendable, Hashable, CustomStringConvertible {
    /// The URL as opened (a universal link in its custom-scheme form, when origins are declared).
    public let url: String
    /// Where the open came from; it is replayed from the same source.
    public let source: OpenSource
    /// Counts the router's held opens from 1, in the order they arrived: the same number
    /// names the open in the result its caller got and in the report of its release.
    public let number: Int

    init(url: String, source: OpenSource, number: Int) {
        self.url = url
        self.source = source
        self.number = number
    }

    /// One line naming the open's number and URL (bounded, escaped, userinfo hidden).
    public var description: String { "held open #\(number) '\(Echo.quotedURL(url))'" }

    /// A held open that was replayed, and what opening it gave.
    public struct Replay: Sendable, Equatable, CustomStringConvertible {
        /// The open.
        public let open: HeldOpen
        /// What replaying it gave, as the synchronous `open` gives it.
        public let result: OpenResult

        /// One line: the open, then its result.
        public var description: String { "\(open): \(result)" }
    }

    /// A held open that was dropped, never replayed: its completion was called with `nil`,
    /// and the observer was told (its outcome ``OpenResult/refused(_:)`` with the reason).
    public struct Drop: Sendable, Hashable, CustomStringConvertible {
        /// The open.
        public let open: HeldOpen
        /// Why it was dropped: ``Refusal/tooManyHeld(limit:)`` or ``Refusal/heldTooLong(maxAge:)``.
        public let reason: Refusal

        /// One line: the open, then why it was dropped.
        public var description: String { "\(open) dropped: \(reason)" }
    }
}

/// What ``Router/releaseHeldOpens()`` did: the opens it replayed, in order, and those
/// dropped since the opens were last released.
public struct HeldOpenRelease: Sendable, Equatable, CustomStringConvertible {
    /// The opens replayed, in the order they arrived, each with its result.
    public let replayed: [HeldOpen.Replay]
    /// The opens dropped, in the order they were dropped: pushed out by newer ones while
    /// holding, or too old when released. The most recent drops are listed, as many as the
    /// hold's `limit`; ``unlistedDrops`` counts those before them.
    public let dropped: [HeldOpen.Drop]
    /// How many drops are not listed in ``dropped`` (a flood of links while holding).
    public let unlistedDrops: Int

    init(replayed: [HeldOpen.Replay], dropped: [HeldOpen.Drop], unlistedDrops: Int) {
        self.replayed = replayed
        self.dropped = dropped
        self.unlistedDrops = unlistedDrops
    }

    /// One line: how many opens were replayed and dropped.
    public var description: String {
        "\(replayed.count) replayed, \(dropped.count + unlistedDrops) dropped"
    }
}
