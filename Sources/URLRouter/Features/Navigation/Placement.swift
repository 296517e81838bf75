/// Where a link's screens land among those on screen (see <doc:Navigation>): the app's rule,
/// by where the link came from and whether the app is starting, given as
/// `Router.Options(placement:)`.
///
/// ```swift
/// let options = Router.Options(navigator: navigator, placement: { source, coldStart in
///     coldStart ? .replace : source == .app ? .push : .keepCommonPrefix
/// })
/// ```
/// Compare with `==`: more placements may come.
public struct Placement: Sendable, Hashable, CustomStringConvertible {
    enum Kind: Hashable {
        case keepCommonPrefix
        case push
        case replace
    }
    let kind: Kind

    /// Keep what the plan shares with the screens on screen (the longest common prefix of the
    /// stack, and the layers above an unchanged stack), then show the rest of the plan.
    public static let keepCommonPrefix = Placement(kind: .keepCommonPrefix)
    /// Keep everything on screen and add the link's own screen on top: its route pushed on the
    /// stack (over a layer, the layers are dismissed so that it shows), or, for a route in a
    /// modal layer, that layer presented above the others.
    public static let push = Placement(kind: .push)
    /// Keep nothing: the plan's stack replaces the stack, its layers replace the layers.
    public static let replace = Placement(kind: .replace)

    /// `keepCommonPrefix`, `push` or `replace`.
    public var description: String {
        switch kind {
        case .keepCommonPrefix: "keepCommonPrefix"
        case .push: "push"
        case .replace: "replace"
        }
    }
}
