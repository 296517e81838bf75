import PatternMatcher

/// Collects one module's routes during the registration phase.
///
/// Every method only records; problems (invalid patterns, conflicts, duplicate names)
/// are reported together when the router validates the whole table.
public struct RouteRegistrar: Sendable {
    /// The module whose routes are being declared.
    public let moduleName: String
    let targetCache: TargetCache
    var routes: [RegisteredRoute] = []
    var converters: [any ParameterConverter] = []

    init(moduleName: String, targetCache: TargetCache) {
        self.moduleName = moduleName
        self.targetCache = targetCache
    }

    private mutating func add(_ pattern: String, _ name: String?, _ exposure: Exposure, _ handler: RouteHandler) {
        routes.append(RegisteredRoute(
            info: RouteInfo(pattern: pattern, name: name, module: moduleName, exposure: exposure),
            handler: handler))
    }

    /// Registers an action: code run when the URL is opened (MGJRouter's
    /// `registerURLPattern:toHandler:`). It runs on the caller's thread.
    /// - Parameters:
    ///   - pattern: the pattern, for example `reader://book/<int:id>` (Matching rules, "Pattern syntax").
    ///   - name: a name for URL generation (``Router/url(for:parameters:)``); unique.
    ///   - exposure: ``Exposure/internal`` (default) or ``Exposure/external`` for deep links.
    ///   - handler: the action; throw ``Decline`` to let the next match try.
    public mutating func action(_ pattern: String, name: String? = nil, exposure: Exposure = .internal,
                                handler: @escaping @Sendable (RouteRequest) throws -> Void) {
        add(pattern, name, exposure, .action(handler))
    }

    /// Registers an action that runs on the main actor, for UI code.
    ///
    /// Opened on the main actor (the main thread or the main queue) it runs synchronously;
    /// opened elsewhere it is scheduled on the main actor and the open reports it as handled.
    public mutating func mainActorAction(_ pattern: String, name: String? = nil, exposure: Exposure = .internal,
                                         handler: @escaping @MainActor @Sendable (RouteRequest) throws -> Void) {
        add(pattern, name, exposure, .mainActorAction(handler))
    }

    /// Registers an asynchronous action. `await router.open(_:userInfo:source:)` awaits
    /// it; the synchronous `open` starts it in a task.
    public mutating func asyncAction(_ pattern: String, name: String? = nil, exposure: Exposure = .internal,
                                     handler: @escaping @Sendable (RouteRequest) async throws -> Void) {
        add(pattern, name, exposure, .asyncAction(handler))
    }

    /// Registers an object handler: it returns a value (a view controller, a service) for
    /// `router.object(for:userInfo:source:)` (MGJRouter's `toObjectHandler:`).
    public mutating func object(_ pattern: String, name: String? = nil, exposure: Exposure = .internal,
                                handler: @escaping @Sendable (RouteRequest) throws -> any Sendable) {
        add(pattern, name, exposure, .object(handler))
    }

    /// Registers an asynchronous object handler, for `await router.object(for:userInfo:source:)`.
    public mutating func asyncObject(_ pattern: String, name: String? = nil, exposure: Exposure = .internal,
                                     handler: @escaping @Sendable (RouteRequest) async throws -> any Sendable) {
        add(pattern, name, exposure, .asyncObject(handler))
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
}
