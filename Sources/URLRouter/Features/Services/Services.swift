/// What a provider reads the services it needs through: constructor injection from the
/// router's services, with the chain of providers running, so that providers that ask for
/// each other end in ``ServiceError/cycle(_:)`` instead of a stack overflow.
///
/// ```swift
/// routes.provide(.bookStore, lifetime: .shared) { services in
///     LiveBookStore(http: try services.get(.http))
/// }
/// ```
public struct Services: Sendable {
    let router: WeakRouter
    /// The keys whose providers are running, outermost first.
    let chain: [ServiceLink]

    /// The service `key` names, as ``Router/service(_:)`` gives it.
    /// - Throws: ``ServiceError``: no provider, a cycle through this provider, a main-actor
    ///   service asked for elsewhere, or a provider that threw.
    public func get<Service>(_ key: ServiceKey<Service>) throws(ServiceError) -> Service {
        guard let router = router.router else { throw .noProvider(key) }
        return try router.service(key, chain: chain)
    }
}

/// One provider running, in a chain of providers that asked for each other's services.
struct ServiceLink: Sendable {
    let id: ServiceID
    let name: String
}

/// A provider running on this thread: the chain of them, one inside another, is what
/// ``Router/service(_:)`` continues when a provider calls it, as ``Services/get(_:)`` continues
/// the chain it was made with. Without it, each `router.service` inside a provider began a new
/// chain: perCall providers that asked for each other recursed until the stack overflowed.
///
/// A task-local value, bound while the provider runs. A task that the provider starts inherits
/// it and may run after the provider returned, when the provider is no longer in its chain:
/// a link counts only while its provider runs.
final class RunningProvider: Sendable {
    let link: ServiceLink
    private let isRunning = Locked(true)

    private init(_ link: ServiceLink) {
        self.link = link
    }

    /// The providers running on this task or thread, outermost first.
    @TaskLocal private static var chain: [RunningProvider] = []

    /// The links of the providers in ``chain`` still running, outermost first.
    static var links: [ServiceLink] {
        chain.compactMap { $0.isRunning.withLock { $0 } ? $0.link : nil }
    }

    /// Runs the provider of `link`, which `body` calls, in the chain.
    static func run<Made>(_ link: ServiceLink, _ body: () throws -> Made) rethrows -> Made {
        let provider = RunningProvider(link)
        defer { provider.isRunning.withLock { $0 = false } }
        return try $chain.withValue(chain + [provider]) { try body() }
    }
}

/// One service as a module provides it. Made at registration and kept by the module, so a
/// shared instance outlives the tables the router publishes after it.
final class ServiceProvision: Sendable {
    enum Provider: Sendable {
        case sendable(@Sendable (Services) throws -> any Sendable)
        /// Its value need not be `Sendable`: it never leaves the main actor.
        case mainActor(@MainActor @Sendable (Services) throws -> Any, MainActorSlot<Any>)
    }
    let id: ServiceID
    /// The service type, named only when shown: naming a type at registration costs launch time.
    let type: Any.Type
    let module: String
    let lifetime: ServiceLifetime
    let provider: Provider
    let cache: InstanceStore
    /// The shared instance's slot in `cache`.
    let slot: Int

    init(id: ServiceID, type: Any.Type, module: String, lifetime: ServiceLifetime, provider: Provider, cache: InstanceStore) {
        (self.id, self.type, self.module, self.lifetime, self.provider, self.cache) = (id, type, module, lifetime, provider, cache)
        slot = cache.makeKey()
    }

    var name: String { id.name }
    /// The service type's module-qualified name.
    var typeName: String { String(reflecting: type) }
    /// The key as errors and the route map show it: its name and its service type.
    var shown: String { ServiceID.shown(name: name, type: type) }

    var isMainActor: Bool {
        if case .mainActor = provider { return true }
        return false
    }
}

/// A module's declaration that it uses a service another module provides.
struct ServiceRequirement: Sendable {
    let id: ServiceID
    let type: Any.Type
    let module: String

    var shown: String { ServiceID.shown(name: id.name, type: type) }
}

extension RouteRegistrar {
    /// Provides the service `key` names to every module (BeeHive's `registerService:service:`,
    /// ARouter's `IProvider`): callers ask ``Router/service(_:)`` for it by the key, declared in
    /// an interface module, without importing this one.
    ///
    /// ```swift
    /// routes.provide(.bookStore, lifetime: .shared) { services in LiveBookStore(http: try services.get(.http)) }
    /// ```
    /// Registration refuses a second provider of one key, and a key some module requires that
    /// none provides (``RegistrationError``).
    /// - Parameters:
    ///   - key: the service's key.
    ///   - lifetime: ``ServiceLifetime/shared`` (built once, on first use) or ``ServiceLifetime/perCall``.
    ///   - make: builds the service; read the services it needs from `services`.
    public mutating func provide<Service: Sendable>(_ key: ServiceKey<Service>, lifetime: ServiceLifetime = .shared,
                                                    _ make: @escaping @Sendable (Services) throws -> Service) {
        services.append(provision(key, lifetime, .sendable { try make($0) }))
    }

    /// Provides a service that lives on the main actor (a player, a view model): it need not
    /// be `Sendable`, its provider runs on the main actor, and ``Router/service(_:)`` gives it
    /// only when asked on the main actor, as main-actor object routes do.
    /// - Parameters:
    ///   - key: the service's key.
    ///   - lifetime: ``ServiceLifetime/shared`` (built once, on first use) or ``ServiceLifetime/perCall``.
    ///   - make: builds the service, on the main actor.
    public mutating func provideOnMainActor<Service>(_ key: ServiceKey<Service>, lifetime: ServiceLifetime = .shared,
                                                     _ make: @escaping @MainActor @Sendable (Services) throws -> Service) {
        let slot = MainActorSlot<Any>()
        if lifetime.isShared { targetCache.add(slot) }
        services.append(provision(key, lifetime, .mainActor({ try make($0) }, slot)))
    }

    /// Declares that this module uses the service `key` names: building the router fails,
    /// naming the key and this module, when no registered module provides it.
    /// - Parameter key: the service's key.
    public mutating func require<Service>(_ key: ServiceKey<Service>) {
        requirements.append(ServiceRequirement(id: key.id, type: Service.self, module: moduleName))
    }

    /// Replaces the provider of `key` for this router, without touching the module that
    /// provides it: a fake store in a test. Registration refuses an override of a key that no
    /// module provides; a test that registers one feature alone gives the services it
    /// requires from modules left out with ``provide(_:lifetime:_:)`` instead.
    ///
    /// ```swift
    /// let router = try Router(modules: AppModules.all) { routes in
    ///     routes.override(.bookStore) { _ in FakeBookStore() }
    /// }
    /// ```
    /// - Parameters:
    ///   - key: the service's key.
    ///   - lifetime: the replacement's lifetime.
    ///   - make: builds the replacement.
    public mutating func override<Service: Sendable>(_ key: ServiceKey<Service>, lifetime: ServiceLifetime = .shared,
                                                     _ make: @escaping @Sendable (Services) throws -> Service) {
        serviceOverrides.append(provision(key, lifetime, .sendable { try make($0) }))
    }

    private func provision<Service>(_ key: ServiceKey<Service>, _ lifetime: ServiceLifetime,
                                    _ provider: ServiceProvision.Provider) -> ServiceProvision {
        ServiceProvision(id: key.id, type: Service.self, module: moduleName, lifetime: lifetime, provider: provider,
                         cache: targetCache)
    }
}
