/// Who may reach a route (Matching rules, "Sources and exposure").
///
/// Routes are ``internal`` unless registered as ``external``. An open from an
/// ``OpenSource/external`` source (a deep link, another app) sees only external routes.
public struct Exposure: Sendable, Hashable, CustomStringConvertible {
    private enum Kind: Hashable { case `internal`, external }
    private let kind: Kind
    private init(_ kind: Kind) { self.kind = kind }

    /// Reachable only from code in the app. The default.
    public static let `internal` = Exposure(.internal)
    /// Reachable from deep links and other apps as well.
    public static let external = Exposure(.external)

    /// Whether a deep link may reach the route.
    public var isExternal: Bool { kind == .external }

    public var description: String { isExternal ? "external" : "internal" }
}

/// Where an open comes from (Matching rules, "Sources and exposure").
public struct OpenSource: Sendable, Hashable, CustomStringConvertible {
    private enum Kind: Hashable { case app, external }
    private let kind: Kind
    private init(_ kind: Kind) { self.kind = kind }

    /// Code in the app: every route is visible. The default.
    public static let app = OpenSource(.app)
    /// A deep link, a universal link, a notification or another app: only external routes
    /// are visible, and URLs carrying userinfo are refused.
    public static let external = OpenSource(.external)

    /// Whether the URL comes from outside the app.
    public var isExternal: Bool { kind == .external }

    /// This source, never wider than `bound`: an open made for an external request stays
    /// external whatever source it names.
    func narrowed(to bound: OpenSource?) -> OpenSource {
        bound?.isExternal == true ? .external : self
    }

    public var description: String { isExternal ? "external" : "app" }
}
