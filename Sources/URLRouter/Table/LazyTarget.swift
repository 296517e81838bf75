/// A module's target, created on first use and cached by the router (CTMediator's target
/// cache), declared with ``RouteRegistrar/target(cached:_:)``.
///
/// ```swift
/// let service = routes.target { ProfileService() }      // nothing is created yet
/// routes.action("reader://user/:id") { request in
///     service.instance.show(request.parameters["id"])   // created here, once
/// }
/// ```
/// A cached target's factory runs exactly once, however many threads ask at the same
/// time: the first runs it, the others wait for its result (no router lock is held while
/// it runs, so a factory may use the router and other targets). A factory that asks for
/// its own target, directly or through another, gets ``TargetCycleError`` from ``get()``,
/// also when the cycle runs across threads (the factory whose wait would close it gets the
/// error; none waits forever); ``instance`` stops the program with that error's message, as
/// any unbounded recursion would, but at once and saying where.
///
/// ``Router/releaseCachedTargets(of:)`` drops cached instances (CTMediator's
/// `releaseCachedTarget`); the next use creates a new one.
public struct LazyTarget<Target: Sendable>: Sendable {
    let cache: InstanceStore
    let key: Int
    let isCached: Bool
    let make: @Sendable () -> Target

    /// The target: the cached instance, or a new one (cached when the target is).
    public var instance: Target {
        do {
            return try get()
        } catch {
            preconditionFailure("\(error)")
        }
    }

    /// The target, or an error if its factory (directly or through other targets) asked
    /// for this very target while making it, on this thread or by waiting for a factory
    /// running on another thread that waits, in turn, for this one.
    /// - Throws: ``TargetCycleError``, naming the target's type and module.
    public func get() throws(TargetCycleError) -> Target {
        do {
            let made = try cache.instance(key: key, of: "\(Target.self)", isCached: isCached) { make() }
            guard let instance = made as? Target else { preconditionFailure("a target's key holds another type") }
            return instance
        } catch let cycle as TargetCycleError {
            throw cycle
        } catch {
            preconditionFailure("a target's factory does not throw: \(error)")
        }
    }

    /// Whether an instance is cached now.
    public var isCreated: Bool {
        cache.storage.withLock {
            if case .ready? = $0[key] { return true }
            return false
        }
    }
}

/// A target that lives on the main actor (a view model, a coordinator, a screen cache),
/// declared with ``RouteRegistrar/mainActorTarget(cached:_:)``. It need not be `Sendable`.
///
/// ```swift
/// let coordinator = routes.mainActorTarget { CheckoutCoordinator() }
/// routes.mainActorObject("reader://checkout") { _ in coordinator.instance.makeScreen() }
/// ```
/// Releasing it (``Router/releaseCachedTargets(of:)``) happens on the main actor: at once
/// when asked there, otherwise in a task scheduled there.
public struct MainActorTarget<Target>: Sendable {
    let slot: MainActorSlot<Target>
    let isCached: Bool
    let make: @MainActor @Sendable () -> Target
    let moduleName: String

    /// The target: the cached instance, or a new one (cached when the target is).
    @MainActor public var instance: Target {
        do {
            return try get()
        } catch {
            preconditionFailure("\(error)")
        }
    }

    /// The target, or an error if its factory asked for this very target while making it.
    /// - Throws: ``TargetCycleError``, naming the target's type and module.
    @MainActor public func get() throws(TargetCycleError) -> Target {
        switch slot.state {
        case .ready(let instance): return instance
        case .creating: throw TargetCycleError(target: "\(Target.self)", module: moduleName)
        case .empty:
            guard isCached else {
                slot.state = .creating
                defer { slot.state = .empty }
                return make()
            }
            slot.state = .creating
            let made = make()
            slot.state = .ready(made)
            return made
        }
    }

    /// Whether an instance is cached now.
    @MainActor public var isCreated: Bool {
        if case .ready = slot.state { return true }
        return false
    }
}

/// A target's factory asked for the target it is making: without this error the program
/// would recurse until the stack overflows, or wait for itself forever.
public struct TargetCycleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The target's type.
    public let target: String
    /// The module that declared it.
    public let module: String

    public var description: String {
        "the factory of the \(target) target of module '\(module)' asked for that target while making it"
    }
}

/// The targets being made, and who waits for which: a factory that asks for a target its
/// own chain of creations is making, or that would wait for a thread waiting for it, is in
/// a cycle.
enum TargetCreation {
    struct ID: Hashable, Sendable {
        let cache: ObjectIdentifier
        let key: Int
    }

    /// One chain of creations: a target's factory, the factories it asks for, and theirs,
    /// run on one task; `token` names it in ``graph`` once it has created or waited.
    struct Chain: Sendable {
        var token: UInt64?
        var slots: Set<ID> = []

        func making(_ id: ID) -> Chain { Chain(token: token, slots: slots.union([id])) }
    }

    /// What a thread asking for a cached target does: take the instance, make it, or give
    /// up because waiting would close a cycle.
    enum Step {
        case ready(any Sendable)
        case create
        case cycle
    }

    @TaskLocal static var current = Chain()

    /// Every chain's creations and waits, across threads and routers. Taken while a target
    /// cache's lock is held, never the other way round.
    static let graph = Locked(WaitForGraph())
}

/// Which chain of creations makes each slot, and which slot each chain waits for. A chain
/// waits for at most one slot at a time, so following waits from a slot is a path; a wait
/// whose path leads back to the waiting chain is refused, so the graph never holds a cycle.
struct WaitForGraph: Sendable {
    private var lastToken: UInt64 = 0
    private var makers: [TargetCreation.ID: UInt64] = [:]
    private var waits: [UInt64: TargetCreation.ID] = [:]

    mutating func newToken() -> UInt64 {
        lastToken += 1
        return lastToken
    }

    /// `chain` makes `slot` (after waiting for it, perhaps: it waits no longer).
    mutating func create(_ slot: TargetCreation.ID, by chain: UInt64) {
        makers[slot] = chain
        waits[chain] = nil
    }

    /// `slot` is made.
    mutating func created(_ slot: TargetCreation.ID) {
        makers[slot] = nil
    }

    /// Records that `chain` waits for `slot`, and returns `true`; or returns `false`, recording
    /// nothing, when the chain making `slot` waits (through others) for `chain`.
    mutating func wait(_ chain: UInt64, for slot: TargetCreation.ID) -> Bool {
        var maker = makers[slot]
        // The graph has no cycle: each step reaches another chain, so there are at most as
        // many steps as waits.
        for _ in 0...waits.count {
            guard let current = maker else { break }
            if current == chain { return false }
            maker = waits[current].flatMap { makers[$0] }
        }
        assert(maker == nil, "the wait-for graph holds no cycle")
        waits[chain] = slot
        return true
    }

    mutating func stopWaiting(_ chain: UInt64) {
        waits[chain] = nil
    }
}

/// The cached targets of one registered module.
final class InstanceStore: Sendable {
    enum Slot: Sendable {
        /// A thread is running the factory; others wait for it.
        case creating
        case ready(any Sendable)
    }

    let moduleName: String
    /// A slot a key: a key is its slot's index, made by ``makeKey()``; `nil` when empty.
    let storage = Locked<[Slot?]>([])
    private let mainActorSlots = Locked<[any MainActorReleasable]>([])

    init(moduleName: String) {
        self.moduleName = moduleName
    }

    func makeKey() -> Int { storage.withLock { slots in slots.append(nil); return slots.count - 1 } }

    /// The instance of slot `key`: the cached one, or one `make` makes (kept when `isCached`).
    /// A cached slot's factory runs exactly once, however many threads ask: the first runs it,
    /// outside every lock, and the others wait for its result. A factory that throws leaves
    /// the slot empty, and the next asker runs it again. The one creation step of targets and
    /// shared services.
    /// - Parameter target: the instance's type, for the cycle error.
    /// - Throws: ``TargetCycleError`` when asking would close a cycle of factories (on this
    ///   thread, or across threads waiting for each other); whatever `make` throws.
    func instance(key: Int, of target: @autoclosure () -> String, isCached: Bool,
                  make: () throws -> any Sendable) throws -> any Sendable {
        // A cached instance is read with one lock, before the creation bookkeeping: the common case.
        if isCached, case .ready(let instance)? = storage.withLock({ $0[key] }) { return instance }
        let id = TargetCreation.ID(cache: ObjectIdentifier(self), key: key)
        let outer = TargetCreation.current
        guard !outer.slots.contains(id) else { throw TargetCycleError(target: target(), module: moduleName) }
        guard isCached else { return try TargetCreation.$current.withValue(outer.making(id)) { try make() } }

        // This creation's token, taken from the graph only when it creates or waits.
        var chain = outer.token
        var isWaiting = false
        let step = storage.waitingWithLock(until: { slots -> TargetCreation.Step? in
            switch slots[key] {
            case .ready(let instance)?:
                if isWaiting, let chain { TargetCreation.graph.withLock { $0.stopWaiting(chain) } }
                return .ready(instance)
            case .creating?:
                // Another thread runs the factory: wait for its result, unless it waits for this one.
                let waits = TargetCreation.graph.withLock { graph in
                    let token = chain ?? graph.newToken()
                    chain = token
                    return graph.wait(token, for: id)
                }
                isWaiting = waits
                return waits ? nil : .cycle
            case nil:
                slots[key] = .creating
                TargetCreation.graph.withLock { graph in
                    let token = chain ?? graph.newToken()
                    chain = token
                    graph.create(id, by: token)
                }
                return .create
            }
        })
        switch step {
        case .ready(let instance):
            return instance
        case .cycle:
            throw TargetCycleError(target: target(), module: moduleName)
        case .create:
            // Made outside the lock: the factory may use the router and the module's other targets.
            let inner = TargetCreation.Chain(token: chain, slots: outer.slots.union([id]))
            let made: any Sendable
            do {
                made = try TargetCreation.$current.withValue(inner) { try make() }
            } catch {
                storage.withLock { slots in
                    slots[key] = nil
                    TargetCreation.graph.withLock { $0.created(id) }
                }
                storage.notifyAll()
                throw error
            }
            storage.withLock { slots in
                slots[key] = .ready(made)
                TargetCreation.graph.withLock { $0.created(id) }
            }
            storage.notifyAll()
            return made
        }
    }

    func add(_ slot: any MainActorReleasable) { mainActorSlots.withLock { $0.append(slot) } }

    /// Drops every cached instance. The instances are released after the lock is, so a
    /// target's `deinit` may use the router and other targets.
    func releaseAll() {
        let released = storage.withLock { slots -> [Slot?] in
            let released = slots
            // A target being made stays marked: its factory's result is the one cached.
            slots = slots.map { if case .creating? = $0 { .creating } else { nil } }
            return released
        }
        withExtendedLifetime(released) {}
        let slots = mainActorSlots.withLock { $0 }
        if isMainThread() {
            MainActor.assumeIsolated { slots.forEach { $0.release() } }
        } else if !slots.isEmpty {
            Task { @MainActor in slots.forEach { $0.release() } }
        }
    }
}

/// A main-actor target's storage: isolated to the main actor, so its target need not be
/// `Sendable`.
@MainActor
final class MainActorSlot<Target>: MainActorReleasable {
    enum State {
        case empty, creating, ready(Target)
    }
    var state = State.empty

    nonisolated init() {}

    func release() {
        if case .ready = state { state = .empty }
    }
}

/// What ``InstanceStore`` releases on the main actor.
protocol MainActorReleasable: Sendable {
    @MainActor func release()
}
