/// The opens being handled on this task or thread, one inside another: what a nested
/// open inherits (its source) and what bounds it (its depth).
///
/// A task-local value, so it follows a handler into the opens it makes, synchronous or
/// asynchronous, and into tasks it starts; a synchronous open outside any task binds it
/// to the thread.
///
/// Not optional: outside any open it is ``outside``. An optional value cost more to read, bind
/// and unbind on every open.
struct OpenContext: Sendable {
    /// How many opens are being handled, the outermost counting 1; 0 outside any open.
    let depth: Int
    /// The URL of the outermost open; empty outside any open.
    let firstURL: String
    /// The source of the innermost open being handled: a nested open that names no
    /// source inherits it, so that a handler of an external open forwards externally.
    /// ``OpenSource/app`` outside any open.
    let source: OpenSource

    /// Where no open is being handled.
    static let outside = OpenContext(depth: 0, firstURL: "", source: .app)

    @TaskLocal static var current: OpenContext = .outside

    /// The context for an open of `url` from `source` inside this one (or outermost, when
    /// this is ``outside``).
    func entering(_ url: String, from source: OpenSource) -> OpenContext {
        OpenContext(depth: depth + 1, firstURL: depth == 0 ? url : firstURL, source: source)
    }
}
