/// A module's target, created on first use and cached by the router (CTMediator's target
/// cache), declared with ``RouteRegistrar/target(cached:_:)``.
///
/// ```swift
/// let service = routes.target { ProfileService() }      // nothing is created yet
/// routes.action("reader://user/:id") { request in
///     service.instance.show(request.parameters["id"])   // created here, once
/// }
/// ```
/// ``Router/releaseCachedTargets(of:)`` drops cached instances (CTMediator's
/// `releaseCachedTarget`); the next use creates a new one.
public struct LazyTarget<Target: Sendable>: Sendable {
    let cache: TargetCache
    let key: Int
    let isCached: Bool
    let make: @Sendable () -> Target

    /// The target: the cached instance, or a new one (cached when the target is).
    public var instance: Target {
        guard isCached else { return make() }
        if let existing = cache.storage.withLock({ $0[key] }) as? Target { return existing }
        // Created outside the lock, so a factory may use the router; the first one stored wins.
        let created = make()
        return cache.storage.withLock { storage in
            if let existing = storage[key] as? Target { return existing }
            storage[key] = created
            return created
        }
    }

    /// Whether an instance is cached now.
    public var isCreated: Bool { cache.storage.withLock { $0[key] != nil } }
}

/// The cached targets of one registered module.
final class TargetCache: Sendable {
    let storage = Locked<[Int: any Sendable]>([:])
    private let nextKey = Locked(0)

    func makeKey() -> Int { nextKey.withLock { key in key += 1; return key } }
    func releaseAll() { storage.withLock { $0.removeAll() } }
}
