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
    /// A typed route's handler gives the value it was made from too, decoded once, which the
    /// navigator showing the object is told.
    case mainActorObject(@MainActor @Sendable (RouteRequest) throws -> (object: Any, value: (any TypedRoute)?))
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
    let routes: RouteDescriptions
    let index: Int

    /// The pattern as registered.
    public var pattern: String { routes.patterns[index] }
    /// The route's name, if it was given one.
    public var name: String? { routes.names[index] }
    /// The module that registered it.
    public var module: String { routes.module }
    /// Who may reach it.
    public var exposure: Exposure { routes.exposure(index) }
    /// The module-qualified name of the ``TypedRoute`` type registered for this route (for
    /// example `BookDetailInterface.BookRoute`), or `nil` for a route registered by pattern.
    public var typedRoute: String? { routes.typedRoutes[index]?.name }
    /// What replaces the route, when it was registered as deprecated (for example
    /// `use reader://book/<int:id>`), or `nil`.
    public var deprecation: String? { routes.deprecations[index] }

    init(_ routes: RouteDescriptions, _ index: Int) {
        self.routes = routes
        self.index = index
    }

    /// Describes a route without registering it: the value a test expects a result or a
    /// dry run to hold.
    ///
    /// ```swift
    /// #expect(router.resolve("reader://book/42").route?.route
    ///         == RouteInfo(pattern: "reader://book/<int:id>", module: "BookDetail"))
    /// ```
    /// - Parameters:
    ///   - pattern: the pattern as registered.
    ///   - name: the route's name, if any.
    ///   - module: the module that registers it.
    ///   - exposure: who may reach it.
    ///   - typedRoute: the module-qualified name of its ``TypedRoute`` type, if any.
    public init(pattern: String, name: String? = nil, module: String, exposure: Exposure = .internal,
                typedRoute: String? = nil) {
        self.init(RouteDescriptions(module: module, patterns: [pattern], exposures: [exposure],
                                    names: RouteIndexed(single: name),
                                    typedRoutes: RouteIndexed(single: typedRoute.map { .named($0) })), 0)
    }

    /// Two descriptions are equal when their pattern, name, module, exposure and typed-route
    /// type are; a ``deprecation`` note is not part of what a route is.
    public static func == (lhs: RouteInfo, rhs: RouteInfo) -> Bool {
        (lhs.routes === rhs.routes && lhs.index == rhs.index)
            || (lhs.pattern == rhs.pattern && lhs.name == rhs.name && lhs.module == rhs.module
                && lhs.exposure == rhs.exposure && lhs.routes.typedRoutes[lhs.index] == rhs.routes.typedRoutes[rhs.index])
    }

    /// The typed route's type is left out: naming a type costs more than the rest of the
    /// hash, and descriptions equal in all the rest rarely differ in it.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(pattern)
        hasher.combine(name)
        hasher.combine(module)
        hasher.combine(exposure)
    }

    /// Whether the route was registered for the typed route `type`.
    func isTypedRoute(_ type: any TypedRoute.Type) -> Bool {
        routes.typedRoutes[index]?.is(type) ?? false
    }

    /// The pattern, the name and the module, each bounded and escaped.
    public var description: String {
        "\(Echo.quoted(pattern))" + (name.map { " (\(Echo.quoted($0)))" } ?? "") + " [\(Echo.quoted(module))]"
    }
}

/// The ``TypedRoute`` type of a route: the type a module registered, named only when asked
/// (the runtime walks the type's metadata to name it), or the name alone, for a route
/// described by hand (``RouteInfo/init(pattern:name:module:exposure:typedRoute:)``).
enum TypedRouteType: Sendable, Equatable {
    case registered(any TypedRoute.Type)
    case named(String)

    /// The same type: by identity when both were registered, by name when one was described.
    static func == (lhs: TypedRouteType, rhs: TypedRouteType) -> Bool {
        if case .registered(let type) = rhs { return lhs.is(type) }
        if case .registered(let type) = lhs { return rhs.is(type) }
        return lhs.name == rhs.name
    }

    /// The module-qualified name (`BookDetailInterface.BookRoute`).
    var name: String {
        switch self {
        case .registered(let type): TypeName.qualified(type)
        case .named(let name): name
        }
    }

    /// Whether it is `type`.
    func `is`(_ type: any TypedRoute.Type) -> Bool {
        switch self {
        case .registered(let registered): ObjectIdentifier(registered) == ObjectIdentifier(type)
        case .named(let name): name == TypeName.qualified(type)
        }
    }
}

/// One route as the router hands it to an open: what it is and what runs.
struct RegisteredRoute: Sendable {
    let info: RouteInfo
    let handler: RouteHandler
}

/// What one module's routes are, without what runs: the object every ``RouteInfo`` of the
/// module points into. Per route, the pattern (the string the module registered, not a
/// copy) and one bit of exposure; names, typed-route types and the channels of routes exposed
/// to some channels only, which most routes lack, only where there are some, as are
/// deprecation notes.
///
/// Apart from the handlers on purpose: a request or a result that a handler keeps holds its
/// route's description, and a description that held the handlers would make a cycle
/// through whatever the handler captured (the router's tables would never be released).
final class RouteDescriptions: Sendable {
    let module: String
    let patterns: [String]
    /// Bit `i % 64` of word `i / 64` is set when route `i` is external.
    private let externalBits: [UInt64]
    /// The channels of the routes exposed to some external channels only (``Exposure/external(from:)``).
    private let channelMasks: RouteIndexed<UInt16>
    let names: RouteIndexed<String>
    let typedRoutes: RouteIndexed<TypedRouteType>
    let deprecations: RouteIndexed<String>

    init(module: String, patterns: [String], exposures: [Exposure], names: RouteIndexed<String>,
         typedRoutes: RouteIndexed<TypedRouteType>, deprecations: RouteIndexed<String> = RouteIndexed()) {
        self.module = module
        self.patterns = patterns
        var bits = [UInt64](repeating: 0, count: (exposures.count + 63) / 64)
        var masks = RouteIndexed<UInt16>()
        for (i, exposure) in exposures.enumerated() where exposure.isExternal {
            bits[i >> 6] |= 1 << UInt64(i & 63)
            if let mask = exposure.channelMask { masks.append(mask, at: i) }
        }
        self.externalBits = bits
        self.channelMasks = masks
        self.names = names
        self.typedRoutes = typedRoutes
        self.deprecations = deprecations
    }

    /// Whether some external channel reaches route `index`.
    func isExternal(_ index: Int) -> Bool {
        externalBits[index >> 6] >> UInt64(index & 63) & 1 != 0
    }

    func exposure(_ index: Int) -> Exposure {
        guard isExternal(index) else { return .internal }
        guard !channelMasks.isEmpty, let mask = channelMasks[index] else { return .external }
        return .external(from: OpenSource.channels.filter { mask & $0.channelBit != 0 })
    }

    /// Whether every external channel reaches route `index` (``Exposure/external``).
    func isExternalEverywhere(_ index: Int) -> Bool {
        isExternal(index) && (channelMasks.isEmpty || channelMasks[index] == nil)
    }

    /// Whether any route is exposed to some external channels only: then each channel named
    /// has a table of its own.
    var hasChannelRoutes: Bool { !channelMasks.isEmpty }
}

/// One module's routes, in registration order, as the router keeps them: one object per
/// module, shared by every table published while the module is registered. Per route it
/// holds its description (``RouteDescriptions``) and its handler (its closure alone when
/// every route of the module is an action, as most are).
final class ModuleRoutes: Sendable {
    /// The handlers: a closure each (16 bytes) when all are actions, else the full enum
    /// (24 bytes a route, its case and its closure).
    private enum Handlers: Sendable {
        case actions([Action])
        case mixed([RouteHandler])
    }

    /// An action's closure in a struct: an array of bare closures would hold each one
    /// through a reabstraction thunk, a context allocated per route.
    private struct Action: Sendable {
        let run: @Sendable (RouteRequest) throws -> Void
    }

    let descriptions: RouteDescriptions
    private let handlers: Handlers
    /// The decoding of each typed route, by index: what a dry run checks.
    let typedDecodings: RouteIndexed<TypedDecoding>

    var module: String { descriptions.module }
    var patterns: [String] { descriptions.patterns }
    var names: RouteIndexed<String> { descriptions.names }

    /// - Parameters:
    ///   - patterns: the patterns, one per route.
    ///   - handlers: the handlers, one per route.
    ///   - exposures: who may reach each route.
    ///   - typedDecodings: the decoding of each typed route.
    ///   - deprecations: what replaces each deprecated route.
    init(module: String, patterns: [String], handlers: [RouteHandler], exposures: [Exposure],
         names: RouteIndexed<String>, typedDecodings: RouteIndexed<TypedDecoding>,
         deprecations: RouteIndexed<String>) {
        precondition(patterns.count == handlers.count && patterns.count == exposures.count, "one handler per pattern")
        self.descriptions = RouteDescriptions(module: module, patterns: Self.exact(patterns), exposures: exposures,
                                              names: names, typedRoutes: typedDecodings.map { .registered($0.type) },
                                              deprecations: deprecations)
        self.typedDecodings = typedDecodings
        var actions: [Action] = []
        actions.reserveCapacity(handlers.count)
        for handler in handlers {
            guard case .action(let action) = handler else { break }
            actions.append(Action(run: action))
        }
        self.handlers = actions.count == handlers.count ? .actions(actions) : .mixed(Self.exact(handlers))
    }

    /// A copy at its exact size: arrays grow by appending, and the router keeps these.
    private static func exact<T>(_ array: [T]) -> [T] {
        var copy: [T] = []
        copy.reserveCapacity(array.count)
        copy += array
        return copy
    }

    var count: Int { patterns.count }
    var isEmpty: Bool { patterns.isEmpty }

    func handler(at index: Int) -> RouteHandler {
        switch handlers {
        case .actions(let actions): .action(actions[index].run)
        case .mixed(let handlers): handlers[index]
        }
    }

    func exposure(_ index: Int) -> Exposure { descriptions.exposure(index) }
    func isExternalEverywhere(_ index: Int) -> Bool { descriptions.isExternalEverywhere(index) }

    /// The decoding of route `index`, when it is a typed route.
    func typedDecoding(at index: Int) -> TypedDecoding? { typedDecodings[index] }

    subscript(index: Int) -> RegisteredRoute {
        RegisteredRoute(info: RouteInfo(descriptions, index), handler: handler(at: index))
    }

    /// These routes without the one at `index`.
    func removing(at index: Int) -> ModuleRoutes {
        let kept = (0..<count).filter { $0 != index }
        return ModuleRoutes(module: module, patterns: kept.map { patterns[$0] }, handlers: kept.map(handler(at:)),
                            exposures: kept.map(exposure), names: names.removing(at: index), typedDecodings: typedDecodings.removing(at: index),
                            deprecations: descriptions.deprecations.removing(at: index))
    }
}
