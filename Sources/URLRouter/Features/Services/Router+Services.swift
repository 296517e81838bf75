extension Router {
    /// The service `key` names, from whichever module provides it (BeeHive's
    /// `createService:`, ARouter's `navigation(Class)`), typed by the key: no cast.
    ///
    /// ```swift
    /// let store = try router.service(.bookStore)   // any BookStore
    /// ```
    /// A ``ServiceLifetime/shared`` service is built on first use, exactly once however many
    /// threads ask, with no router lock held; later calls return it at the cost of about one
    /// dictionary lookup. A service provided on the main actor is given only on the main
    /// actor. Use it where a module meets the app (its routes, its providers' `services`),
    /// and pass services into the types that need them: a module's own code that reaches for
    /// the router to find its dependencies hides them (see <doc:ServicesByProtocol>).
    /// - Parameter key: the service's key.
    ///
    /// Asked from inside a provider, it continues that provider's chain, as
    /// ``Services/get(_:)`` does: providers that ask for each other through the router end in
    /// ``ServiceError/cycle(_:)`` naming every key of the cycle, whatever their lifetimes.
    /// - Throws: ``ServiceError``: no module provides the key, the providers asked for each
    ///   other (a cycle, named), a main-actor service asked for elsewhere, or the provider threw.
    public func service<Service>(_ key: ServiceKey<Service>) throws(ServiceError) -> Service {
        try service(key, chain: RunningProvider.links)
    }

    /// ``service(_:)`` asked by the providers in `chain`, outermost first.
    func service<Service>(_ key: ServiceKey<Service>, chain: [ServiceLink]) throws(ServiceError) -> Service {
        let id = key.id
        guard let provision = current.services[id] else { throw .noProvider(key) }
        if chain.contains(where: { $0.id == id }) {
            throw .cycle(chain.map(\.name) + [key.name])
        }
        // What the provider reads other services through, made only when it runs.
        let link = ServiceLink(id: id, name: key.name)
        let weakRouter = weakReference
        func services() -> Services { Services(router: weakRouter, chain: chain + [link]) }
        switch provision.provider {
        case .sendable(let make):
            // Cast from the value as it is kept: made an `Any` first, it was boxed on every call.
            let made = try Self.build(provision, key: key, chain: chain) {
                try RunningProvider.run(link) { try make(services()) }
            }
            guard let service = made as? Service else { preconditionFailure("the service of \(key) is of another type") }
            return service
        case .mainActor(let make, let slot):
            guard isMainThread() else { throw .needsMainActor(key) }
            // The value stays on the main actor: this call runs there, and returns it there.
            let box = MainActorResult()
            MainActor.assumeIsolated {
                do throws(ServiceError) {
                    box.value = .success(try Self.buildOnMainActor(provision, slot: slot, key: key, chain: chain) {
                        try RunningProvider.run(link) { try make(services()) }
                    })
                } catch {
                    box.value = .failure(error)
                }
            }
            guard let value = box.value else { preconditionFailure("the main actor ran the provider") }
            guard let service = try value.get() as? Service else { preconditionFailure("the service of \(key) is of another type") }
            return service
        }
    }

    /// A `Sendable` service: the shared instance (built once, in the provider's module's
    /// target cache), or a new one.
    private static func build<Service>(_ provision: ServiceProvision, key: ServiceKey<Service>, chain: [ServiceLink],
                                       _ make: () throws -> any Sendable) throws(ServiceError) -> any Sendable {
        do {
            guard provision.lifetime.isShared else { return try make() }
            return try provision.cache.instance(key: provision.slot, of: provision.typeName, isCached: true, make: make)
        } catch let cycle as TargetCycleError {
            _ = cycle
            throw .cycle(chain.map(\.name) + [key.name])
        } catch {
            throw .providerFailed(key, error)
        }
    }

    /// A main-actor service: the shared instance in its slot, or a new one.
    @MainActor
    private static func buildOnMainActor<Service>(_ provision: ServiceProvision, slot: MainActorSlot<Any>,
                                                  key: ServiceKey<Service>, chain: [ServiceLink],
                                                  _ make: () throws -> Any) throws(ServiceError) -> Any {
        switch slot.state {
        case .ready(let instance) where provision.lifetime.isShared: return instance
        case .creating: throw .cycle(chain.map(\.name) + [key.name])
        case .ready, .empty: break
        }
        slot.state = .creating
        do {
            let made = try make()
            slot.state = provision.lifetime.isShared ? .ready(made) : .empty
            return made
        } catch {
            slot.state = .empty
            throw .providerFailed(key, error)
        }
    }
}

/// A main-actor provider's result, carried out of `MainActor.assumeIsolated` (which returns
/// only `Sendable` values) to the caller, which is on the main actor too.
private final class MainActorResult: @unchecked Sendable {
    var value: Result<Any, ServiceError>?
}

extension Snapshot {
    /// The services of `registry`'s modules by key, each test override in place of the
    /// provider; a key provided twice, overridden twice or overridden with no provider, and a
    /// required key nobody provides, are problems naming the key and the modules.
    static func services(of registry: Registry, problems: inout [RegistrationError.Problem]) -> [ServiceID: ServiceProvision] {
        var provided: [ServiceID: ServiceProvision] = [:]
        for module in registry.modules {
            for provision in module.services {
                if let first = provided[provision.id] {
                    problems.append(.duplicateProvider(provision, first: first, isOverride: false))
                } else {
                    provided[provision.id] = provision
                }
            }
        }
        var table = provided
        var overridden: [ServiceID: ServiceProvision] = [:]
        for module in registry.modules {
            for replacement in module.serviceOverrides {
                if let first = overridden[replacement.id] {
                    problems.append(.duplicateProvider(replacement, first: first, isOverride: true))
                } else if provided[replacement.id] == nil {
                    problems.append(.overrideWithoutProvider(replacement))
                } else {
                    overridden[replacement.id] = replacement
                    table[replacement.id] = replacement
                }
            }
        }
        for module in registry.modules where registry.checksRequirements {
            for requirement in module.requirements where provided[requirement.id] == nil {
                problems.append(.missingService(requirement))
            }
        }
        return table
    }
}
