import PatternMatcher

/// Throw from a handler to pass the URL on: the router then tries the next matching
/// route in precedence order (Matching rules, "Which route wins"), and reports ``OpenResult/declined(_:)`` if every
/// match declines.
///
/// ```swift
/// routes.action("reader://user/:id") { request in
///     guard request.parameters["id"] != "me" else { throw Decline() }
///     ...
/// }
/// ```
public struct Decline: Error, Sendable, Hashable {
    /// Creates a decline.
    public init() {}
}

/// What a caller receives when a handler replies: MGJRouter's completion block, passed
/// explicitly rather than hidden in the parameter dictionary. Called once, with the reply
/// or with `nil` when the handler released its request without one.
public typealias RouteCompletion = @Sendable (_ result: (any Sendable)?) -> Void

/// The kinds of handler a route can have.
enum RouteHandler: Sendable {
    case action(@Sendable (RouteRequest) throws -> Void)
    case mainActorAction(@MainActor @Sendable (RouteRequest) throws -> Void)
    case asyncAction(@Sendable (RouteRequest) async throws -> Void)
    case object(@Sendable (RouteRequest) throws -> any Sendable)
    /// Its value (a view controller) need not be `Sendable`: it never leaves the main actor.
    case mainActorObject(@MainActor @Sendable (RouteRequest) throws -> Any)
    case asyncObject(@Sendable (RouteRequest) async throws -> any Sendable)

    /// Whether the handler gives an object (`object(for:)` answers for it).
    var isObject: Bool {
        switch self {
        case .object, .mainActorObject, .asyncObject: true
        case .action, .mainActorAction, .asyncAction: false
        }
    }
}

/// A matched route, as handlers and results describe it.
///
/// A value, held as one reference to fields made once at registration, so that the requests
/// and results of every open copy it with one retain instead of one per string.
public struct RouteInfo: Sendable, Hashable, CustomStringConvertible {
    private final class Fields: Sendable {
        let pattern: String
        let name: String?
        let module: String
        let exposure: Exposure
        let typedRoute: String?

        init(pattern: String, name: String?, module: String, exposure: Exposure, typedRoute: String?) {
            self.pattern = pattern
            self.name = name
            self.module = module
            self.exposure = exposure
            self.typedRoute = typedRoute
        }
    }
    private let fields: Fields

    /// The pattern as registered.
    public var pattern: String { fields.pattern }
    /// The route's name, if it was given one.
    public var name: String? { fields.name }
    /// The module that registered it.
    public var module: String { fields.module }
    /// Who may reach it.
    public var exposure: Exposure { fields.exposure }
    /// The module-qualified name of the ``TypedRoute`` type registered for this route (for
    /// example `BookDetailInterface.BookRoute`), or `nil` for a route registered by pattern.
    public var typedRoute: String? { fields.typedRoute }

    init(pattern: String, name: String?, module: String, exposure: Exposure, typedRoute: String? = nil) {
        fields = Fields(pattern: pattern, name: name, module: module, exposure: exposure, typedRoute: typedRoute)
    }

    public static func == (lhs: RouteInfo, rhs: RouteInfo) -> Bool {
        lhs.fields === rhs.fields
            || (lhs.pattern == rhs.pattern && lhs.name == rhs.name && lhs.module == rhs.module
                && lhs.exposure == rhs.exposure && lhs.typedRoute == rhs.typedRoute)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(pattern)
        hasher.combine(name)
        hasher.combine(module)
        hasher.combine(exposure)
        hasher.combine(typedRoute)
    }

    /// The pattern, the name and the module, each bounded and escaped.
    public var description: String {
        "\(Echo.quoted(pattern))" + (name.map { " (\(Echo.quoted($0)))" } ?? "") + " [\(Echo.quoted(module))]"
    }
}

/// One route as the router keeps it.
struct RegisteredRoute: Sendable {
    let info: RouteInfo
    let handler: RouteHandler
}
