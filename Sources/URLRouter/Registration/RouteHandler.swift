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

/// What a caller receives when a handler finishes: MGJRouter's completion block, passed
/// explicitly rather than hidden in the parameter dictionary.
public typealias RouteCompletion = @Sendable (_ result: (any Sendable)?) -> Void

/// The kinds of handler a route can have.
enum RouteHandler: Sendable {
    case action(@Sendable (RouteRequest) throws -> Void)
    case mainActorAction(@MainActor @Sendable (RouteRequest) throws -> Void)
    case asyncAction(@Sendable (RouteRequest) async throws -> Void)
    case object(@Sendable (RouteRequest) throws -> any Sendable)
    case asyncObject(@Sendable (RouteRequest) async throws -> any Sendable)
}

/// A matched route, as handlers and results describe it.
public struct RouteInfo: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as registered.
    public let pattern: String
    /// The route's name, if it was given one.
    public let name: String?
    /// The module that registered it.
    public let module: String
    /// Who may reach it.
    public let exposure: Exposure

    public var description: String {
        "\(pattern)" + (name.map { " (\($0))" } ?? "") + " [\(module)]"
    }
}

/// One route as the router keeps it.
struct RegisteredRoute: Sendable {
    let info: RouteInfo
    let handler: RouteHandler
}
