/// The opens being handled on this task or thread, one inside another: what a nested
/// open inherits (its source) and what bounds it (its depth).
///
/// A task-local value, so it follows a handler into the opens it makes, synchronous or
/// asynchronous, and into tasks it starts; a synchronous open outside any task binds it
/// to the thread.
struct OpenContext: Sendable {
    /// How many opens are being handled, the outermost counting 1.
    let depth: Int
    /// The URL of the outermost open.
    let firstURL: String
    /// The source of the innermost open being handled: a nested open that names no
    /// source inherits it, so that a handler of an external open forwards externally.
    let source: OpenSource

    @TaskLocal static var current: OpenContext?

    /// The context for an open of `url` from `source` inside this one (or outermost).
    func entering(_ url: String, from source: OpenSource) -> OpenContext {
        OpenContext(depth: depth + 1, firstURL: firstURL, source: source)
    }

    static func outermost(_ url: String, from source: OpenSource) -> OpenContext {
        OpenContext(depth: 1, firstURL: url, source: source)
    }
}
