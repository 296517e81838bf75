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
/// A value, held as one reference to its module's routes (made once at registration) and
/// its place among them, so that the requests and results of every open copy it with one
/// retain, and the router keeps no object per route.
public struct RouteInfo: Sendable, Hashable, CustomStringConvertible {
    private let routes: ModuleRoutes
    private let index: Int

    /// The pattern as registered.
    public var pattern: String { routes.patterns[index] }
    /// The route's name, if it was given one.
    public var name: String? { routes.names[Int32(index)] }
    /// The module that registered it.
    public var module: String { routes.module }
    /// Who may reach it.
    public var exposure: Exposure { routes.handlers[index].exposure }
    /// The module-qualified name of the ``TypedRoute`` type registered for this route (for
    /// example `BookDetailInterface.BookRoute`), or `nil` for a route registered by pattern.
    public var typedRoute: String? { routes.typedRoutes[Int32(index)] }

    init(_ routes: ModuleRoutes, _ index: Int) {
        self.routes = routes
        self.index = index
    }

    public static func == (lhs: RouteInfo, rhs: RouteInfo) -> Bool {
        (lhs.routes === rhs.routes && lhs.index == rhs.index)
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

/// One route as the router hands it to an open: what it is and what runs.
struct RegisteredRoute: Sendable {
    let info: RouteInfo
    let handler: RouteHandler
}

/// One module's routes, in registration order, as the router keeps them: one object per
/// module, shared by every table published while the module is registered and by every
/// ``RouteInfo`` of its routes. Per route it holds the pattern (the string the module
/// registered, not a copy) and the handler with the exposure; names and typed-route types,
/// which most routes lack, only where there are some.
final class ModuleRoutes: Sendable {
    /// A handler and who may reach its route, in one record (the exposure fits in the
    /// padding the handler leaves).
    struct Entry: Sendable {
        let handler: RouteHandler
        let exposure: Exposure
    }

    let module: String
    let patterns: [String]
    let handlers: [Entry]
    let names: [Int32: String]
    let typedRoutes: [Int32: String]

    init(module: String, patterns: [String], handlers: [Entry], names: [Int32: String], typedRoutes: [Int32: String]) {
        precondition(patterns.count == handlers.count, "one handler per pattern")
        self.module = module
        self.patterns = patterns
        self.handlers = handlers
        self.names = names
        self.typedRoutes = typedRoutes
    }

    var count: Int { patterns.count }
    var isEmpty: Bool { patterns.isEmpty }

    subscript(index: Int) -> RegisteredRoute {
        RegisteredRoute(info: RouteInfo(self, index), handler: handlers[index].handler)
    }

    /// These routes without the one at `index`.
    func removing(at index: Int) -> ModuleRoutes {
        func shifted(_ table: [Int32: String]) -> [Int32: String] {
            var result: [Int32: String] = [:]
            for (i, text) in table where Int(i) != index { result[Int(i) < index ? i : i - 1] = text }
            return result
        }
        var patterns = patterns, handlers = handlers
        patterns.remove(at: index)
        handlers.remove(at: index)
        return ModuleRoutes(module: module, patterns: patterns, handlers: handlers,
                            names: shifted(names), typedRoutes: shifted(typedRoutes))
    }
}
