import PatternMatcher

/// Collects one module's routes during the registration phase.
///
/// Every method only records; problems (invalid patterns, conflicts, duplicate names)
/// are reported together when the router validates the whole table.
public struct RouteRegistrar: Sendable {
    /// The module whose routes are being declared.
    public let moduleName: String
    let targetCache: InstanceStore
    /// The routes declared so far, in the arrays ``ModuleRoutes`` keeps.
    private(set) var patterns: [String] = []
    private(set) var handlers: [RouteHandler] = []
    private(set) var exposures: [Exposure] = []
    private(set) var names = RouteIndexed<String>()
    private(set) var typedDecodings = RouteIndexed<TypedDecoding>()
    private(set) var deprecations = RouteIndexed<String>()
    var converters: [any ParameterConverter] = []
    var interceptors: [RegisteredInterceptor] = []
    var redirects: [RedirectRule] = []
    /// The services this module provides, overrides and requires.
    var services: [ServiceProvision] = []
    var serviceOverrides: [ServiceProvision] = []
    var requirements: [ServiceRequirement] = []
    /// Typed routes whose types do not fit their patterns, found as they are declared.
    var typeProblems: [RegistrationError.Problem] = []

    init(moduleName: String, targetCache: InstanceStore) {
        self.moduleName = moduleName
        self.targetCache = targetCache
    }

    /// Records one route; `typed` is the decoding of a typed registration.
    mutating func add(_ pattern: String, _ name: String?, _ exposure: Exposure, _ deprecated: String?,
                      _ handler: RouteHandler, typed: TypedDecoding? = nil) {
        let index = patterns.count
        patterns.append(pattern)
        handlers.append(handler)
        exposures.append(exposure)
        if let name { names.append(name, at: index) }
        if let typed { typedDecodings.append(typed, at: index) }
        if let deprecated { deprecations.append(deprecated, at: index) }
    }

    /// The routes declared, as the router keeps them.
    var routes: ModuleRoutes {
        ModuleRoutes(module: moduleName, patterns: patterns, handlers: handlers, exposures: exposures,
                     names: names, typedDecodings: typedDecodings, deprecations: deprecations)
    }

    /// Registers an action: code run when the URL is opened (MGJRouter's
    /// `registerURLPattern:toHandler:`). It runs on the caller's thread.
    /// - Parameters:
    ///   - pattern: the pattern, for example `reader://book/<int:id>` (Matching rules, "Pattern syntax").
    ///   - name: a name for URL generation (``Router/url(for:parameters:)``); unique.
    ///   - exposure: ``Exposure/internal`` (default), ``Exposure/external`` for deep links from
    ///     every channel, or ``Exposure/external(from:)`` for some channels only.
    ///   - deprecated: what replaces the route, for example `use reader://book/<int:id>`,
    ///     when it is kept only for old links; shown in the route map, and a removal the
    ///     breaking-change gate of `URLRouterTesting` accepts in the next release.
    ///   - handler: the action; throw ``Decline`` to let the next match try.
    public mutating func action(_ pattern: String, name: String? = nil, exposure: Exposure = .internal,
                                deprecated: String? = nil, handler: @escaping @Sendable (RouteRequest) throws -> Void) {
        add(pattern, name, exposure, deprecated, .action(handler))
    }

    /// Registers an action that runs on the main actor, for UI code.
    ///
    /// Opened on the main actor (the main thread or the main queue) it runs synchronously.
    /// A synchronous `open` made elsewhere returns ``OpenResult/pending(_:_:)`` and runs it
    /// on the main actor; declines and errors then reach ``PendingOpen/result`` and the
    /// next match exactly as they would on the main actor.
    /// - Parameters:
    ///   - pattern: the pattern (Matching rules, "Pattern syntax").
    ///   - name: a name for URL generation; unique.
    ///   - exposure: ``Exposure/internal`` (default) or ``Exposure/external``.
    ///   - deprecated: what replaces the route, when it is kept only for old links.
    ///   - handler: the action; throw ``Decline`` to let the next match try.
    public mutating func mainActorAction(_ pattern: String, name: String? = nil, exposure: Exposure = .internal,
                                         deprecated: String? = nil, handler: @escaping @MainActor @Sendable (RouteRequest) throws -> Void) {
        add(pattern, name, exposure, deprecated, .mainActorAction(handler))
    }

    /// Registers an asynchronous action. `await router.openAndWait(_:userInfo:source:)` awaits
    /// it; the synchronous `open` starts it in a task and returns ``OpenResult/pending(_:_:)``.
    /// - Parameters:
    ///   - pattern: the pattern (Matching rules, "Pattern syntax").
    ///   - name: a name for URL generation; unique.
    ///   - exposure: ``Exposure/internal`` (default) or ``Exposure/external``.
    ///   - deprecated: what replaces the route, when it is kept only for old links.
    ///   - handler: the action; throw ``Decline`` to let the next match try.
    public mutating func asyncAction(_ pattern: String, name: String? = nil, exposure: Exposure = .internal,
                                     deprecated: String? = nil, handler: @escaping @Sendable (RouteRequest) async throws -> Void) {
        add(pattern, name, exposure, deprecated, .asyncAction(handler))
    }

    /// Registers an object handler: it returns a `Sendable` value (a service) for
    /// `router.object(for:as:userInfo:source:)` (MGJRouter's `toObjectHandler:`); opened with
    /// `open`, its value is the reply. For view controllers, use
    /// ``mainActorObject(_:name:exposure:deprecated:handler:)-(String,_,_,_,_)``.
    /// - Parameters:
    ///   - pattern: the pattern (Matching rules, "Pattern syntax").
    ///   - name: a name for URL generation; unique.
    ///   - exposure: ``Exposure/internal`` (default) or ``Exposure/external``.
    ///   - deprecated: what replaces the route, when it is kept only for old links.
    ///   - handler: makes the object; throw ``Decline`` to let the next match try.
    public mutating func object(_ pattern: String, name: String? = nil, exposure: Exposure = .internal,
                                deprecated: String? = nil, handler: @escaping @Sendable (RouteRequest) throws -> any Sendable) {
        add(pattern, name, exposure, deprecated, .object(handler))
    }

    /// Registers an object handler that runs on the main actor and may return a value that
    /// is not `Sendable`: a view controller, a SwiftUI view.
    ///
    /// ```swift
    /// routes.mainActorObject("reader://book/<int:id>", exposure: .external) { request in
    ///     BookViewController(id: try request.require("id", as: Int.self))
    /// }
    /// // On the main actor:
    /// let screen = router.object(for: "reader://book/42", as: UIViewController.self)
    /// ```
    /// `router.object(for:as:userInfo:source:)` called on the main actor returns its value
    /// at once; called elsewhere it has none (``ObjectError/needsMainActor(_:)``), and the
    /// `async` form runs it on the main actor when the value is `Sendable`.
    /// - Parameters:
    ///   - pattern: the pattern (Matching rules, "Pattern syntax").
    ///   - name: a name for URL generation; unique.
    ///   - exposure: ``Exposure/internal`` (default) or ``Exposure/external``.
    ///   - deprecated: what replaces the route, when it is kept only for old links.
    ///   - handler: makes the object on the main actor; throw ``Decline`` to let the next match try.
    public mutating func mainActorObject(_ pattern: String, name: String? = nil, exposure: Exposure = .internal,
                                         deprecated: String? = nil, handler: @escaping @MainActor @Sendable (RouteRequest) throws -> Any) {
        add(pattern, name, exposure, deprecated, .mainActorObject { request in (try handler(request), nil) })
    }

    /// Registers an asynchronous object handler, for `await router.open(_:expecting:userInfo:source:)`.
    /// - Parameters:
    ///   - pattern: the pattern (Matching rules, "Pattern syntax").
    ///   - name: a name for URL generation; unique.
    ///   - exposure: ``Exposure/internal`` (default) or ``Exposure/external``.
    ///   - deprecated: what replaces the route, when it is kept only for old links.
    ///   - handler: makes the object; throw ``Decline`` to let the next match try.
    public mutating func asyncObject(_ pattern: String, name: String? = nil, exposure: Exposure = .internal,
                                     deprecated: String? = nil, handler: @escaping @Sendable (RouteRequest) async throws -> any Sendable) {
        add(pattern, name, exposure, deprecated, .asyncObject(handler))
    }

    /// Registers an interceptor: for every open whose URL `pattern` matches (whichever its
    /// source, and whether or not a route matches), `decide` runs before the route's
    /// handler and returns an ``Interception``.
    ///
    /// ```swift
    /// routes.intercept("reader://account/**", name: "login") { request in
    ///     session.isLoggedIn ? .proceed : .redirect(to: "reader://login")
    /// }
    /// ```
    /// Interceptors whose patterns match run from the most general to the most specific
    /// (the matcher's precedence, reversed); interceptors of the same pattern shape run by
    /// `priority`, higher first, and two of one shape and one priority are a registration
    /// problem: registration order never decides. `canOpen` and `resolve` never run them.
    /// - Parameters:
    ///   - pattern: the URLs it sees (Matching rules, "Pattern syntax"), validated with the routes.
    ///   - name: a name for results, previews and the route map.
    ///   - priority: the order among interceptors of the same pattern shape; default 0.
    ///   - decide: proceed, redirect or reject; it cannot block anything.
    public mutating func intercept(_ pattern: String, name: String? = nil, priority: Int = 0,
                                   decide: @escaping @Sendable (InterceptedRequest) -> Interception) {
        interceptors.append(RegisteredInterceptor(
            info: InterceptorInfo(pattern: pattern, name: name, module: moduleName, priority: priority, isAsync: false),
            decide: .sync(decide)))
    }

    /// Registers an interceptor that may await (a login flow, a remote check). `await open`
    /// awaits it; a synchronous `open` that meets it returns
    /// ``OpenResult/intercepting(_:_:)`` and finishes the open in a task.
    /// - Parameters:
    ///   - pattern: the URLs it sees, validated with the routes.
    ///   - name: a name for results, previews and the route map.
    ///   - priority: the order among interceptors of the same pattern shape; default 0.
    ///   - decide: proceed, redirect or reject.
    public mutating func asyncIntercept(_ pattern: String, name: String? = nil, priority: Int = 0,
                                        decide: @escaping @Sendable (InterceptedRequest) async -> Interception) {
        interceptors.append(RegisteredInterceptor(
            info: InterceptorInfo(pattern: pattern, name: name, module: moduleName, priority: priority, isAsync: true),
            decide: .async(decide)))
    }

    /// Sends URLs matching `pattern` (renamed, old URLs) to `target`: the parameters
    /// `pattern` captures are written into `target` by name, and the query is carried over.
    ///
    /// ```swift
    /// routes.redirect("reader://b/:id", to: "reader://book/:id")
    /// ```
    /// Registration checks that `target` is a valid pattern whose every parameter `pattern`
    /// captures. The redirect is an interceptor at `pattern`, so it is listed in the route
    /// map and its target is matched afresh.
    public mutating func redirect(_ pattern: String, to target: String) {
        let rule = RedirectRule(from: pattern, to: target)
        redirects.append(rule)
        interceptors.append(.redirect(rule, module: moduleName))
    }

    /// Declares a converter that patterns may use as `<name:parameter>`; it is available
    /// to every module's patterns.
    public mutating func declare(_ converter: some ParameterConverter) {
        converters.append(converter)
    }

    /// Declares a target created on first use (CTMediator's `Target_` instance).
    /// - Parameters:
    ///   - cached: keep the instance for later uses (CTMediator's `shouldCacheTarget`);
    ///     when `false`, each use creates a new one.
    ///   - make: creates the target.
    public func target<Target: Sendable>(cached: Bool = true,
                                         _ make: @escaping @Sendable () -> Target) -> LazyTarget<Target> {
        LazyTarget(cache: targetCache, key: targetCache.makeKey(), isCached: cached, make: make)
    }

    /// Declares a target that lives on the main actor and is created there on first use:
    /// a coordinator or view model that is not `Sendable`.
    /// - Parameters:
    ///   - cached: keep the instance for later uses; when `false`, each use creates a new one.
    ///   - make: creates the target, on the main actor.
    public func mainActorTarget<Target>(cached: Bool = true,
                                        _ make: @escaping @MainActor @Sendable () -> Target) -> MainActorTarget<Target> {
        let slot = MainActorSlot<Target>()
        if cached { targetCache.add(slot) }
        return MainActorTarget(slot: slot, isCached: cached, make: make, moduleName: moduleName)
    }
}
