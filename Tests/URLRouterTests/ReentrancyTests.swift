import Foundation
import Testing
import URLRouter

/// Runs `body` on a thread of its own (with `stackSize` bytes of stack when given) and waits
/// at most `seconds`: a deadlock or a crash-free hang is recorded as an issue instead of
/// hanging the suite (the stuck thread is left behind).
/// - Returns: whether `body` finished in time.
@discardableResult
func finishes(within seconds: Double = 10, stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void,
              sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        done.signal()
    }
    if let stackSize { thread.stackSize = stackSize }
    thread.start()
    let finished = done.wait(timeout: .now() + seconds) == .success
    if !finished { Issue.record("did not finish within \(seconds) s: a deadlock", sourceLocation: sourceLocation) }
    return finished
}

/// Calls `body` when it is released.
final class OnDeinit: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    deinit { body() }
}

/// A weak reference that handlers and deinits can hold without keeping the router alive.
final class RouterReference: @unchecked Sendable {
    weak var router: Router?
}

/// No user code runs while a router lock is held (hostile probe D1: three deinits that
/// deadlocked), and what an open can do to the router from inside a handler.
@Suite("Re-entrancy: deinits, handlers and factories that use the router")
struct ReentrancyTests {
    @Test("a target whose deinit uses a sibling target is released by releaseCachedTargets without a deadlock")
    func releaseCachedTargets() throws {
        let log = Shared<[String]>([])
        let router = try Router { _ in }
        try router.register(moduleNamed: "Store") { routes in
            let name = routes.target { "store log" }
            let cache = routes.target { OnDeinit { log.append("released, then read \(name.instance)") } }
            routes.action("reader://store") { _ in _ = cache.instance }
        }
        router.open("reader://store")
        finishes { router.releaseCachedTargets(moduleNamed: "Store") }
        #expect(log.current == ["released, then read store log"])
    }

    @Test("the same target released by deregister(moduleNamed:) without a deadlock")
    func deregisterReleasesTargets() throws {
        let log = Shared<[String]>([])
        let router = try Router { _ in }
        try router.register(moduleNamed: "Store") { routes in
            let name = routes.target { "store log" }
            let cache = routes.target { OnDeinit { log.append("released, then read \(name.instance)") } }
            routes.action("reader://store") { _ in _ = cache.instance }
        }
        router.open("reader://store")
        finishes { #expect(router.deregister(moduleNamed: "Store") == 1) }
        #expect(log.current == ["released, then read store log"])
    }

    @Test("a handler's captured object whose deinit registers a module, released by deregister, without a deadlock")
    func deinitRegisters() throws {
        let reference = RouterReference()
        let router = try Router { _ in }
        reference.router = router
        try router.register(moduleNamed: "Leaving") { routes in
            let coordinator = OnDeinit {
                try? reference.router?.register(moduleNamed: "Fallback") { $0.action("reader://fallback") { _ in } }
            }
            routes.action("reader://leaving") { _ in withExtendedLifetime(coordinator) {} }
        }
        finishes { router.deregister(moduleNamed: "Leaving") }
        #expect(router.canOpen("reader://fallback"), "the deinit's registration took effect")
        #expect(!router.canOpen("reader://leaving"))
    }

    @Test("removeAll releases everything after unlocking: a deinit may open URLs and register")
    func removeAll() throws {
        let reference = RouterReference()
        let log = Shared<[String]>([])
        let router = try Router { routes in
            let target = routes.target { OnDeinit { log.append("open: \(reference.router?.open("reader://gone") ?? .unmatched)") } }
            routes.action("reader://a") { _ in _ = target.instance }
        }
        reference.router = router
        router.open("reader://a")
        finishes { router.removeAll() }
        #expect(log.current == ["open: no route matches"])
    }

    @Test("a handler that deregisters its own module, and one that registers another, run to the end")
    func handlerChangesTheRouter() throws {
        let log = Shared<[String]>([])
        let router = try Router { _ in }
        try router.register(moduleNamed: "Once") { routes in
            routes.action("reader://once") { request in
                log.append("removed \(request.router?.deregister(moduleNamed: "Once") ?? -1)")
                log.append("still open: \(request.router?.canOpen("reader://once") ?? true)")
            }
        }
        try router.register(moduleNamed: "Maker") { routes in
            routes.action("reader://make") { request in
                try request.router?.register(moduleNamed: "Made") { $0.action("reader://made") { _ in log.append("made") } }
                request.router?.open("reader://made")
            }
        }
        finishes {
            #expect(router.open("reader://once").outcome == .handled("reader://once"))
            #expect(router.open("reader://once").outcome == .unmatched)
            #expect(router.open("reader://make").outcome == .handled("reader://make"))
        }
        #expect(log.current == ["removed 1", "still open: false", "made"])
    }

    // MARK: Cached targets

    @Test("a cached target's factory runs exactly once when 16 threads ask at once")
    func factoryOnce() async throws {
        for _ in 0..<20 {
            let made = Shared(0)
            let router = try Router { routes in
                let slow = routes.target { () -> String in
                    made.increment()
                    Thread.sleep(forTimeInterval: 0.002)
                    return "instance"
                }
                routes.object("reader://slow") { _ in slow.instance }
            }
            await withTaskGroup(of: String?.self) { group in
                for _ in 0..<16 {
                    group.addTask { router.object(for: "reader://slow", as: String.self) }
                }
                for await value in group { #expect(value == "instance") }
            }
            #expect(made.current == 1)
        }
    }

    @Test("a factory may use the router and sibling targets: no router lock is held while it runs")
    func factoryUsesTheRouter() throws {
        let reference = RouterReference()
        let router = try Router { routes in
            let config = routes.target { "config" }
            let service = routes.target { () -> String in
                let reachable = reference.router?.canOpen("reader://ping") ?? false
                let opened = reference.router?.open("reader://ping").isHandled ?? false
                return "\(config.instance) \(reachable) \(opened)"
            }
            routes.action("reader://ping") { _ in }
            routes.object("reader://service") { _ in service.instance }
        }
        reference.router = router
        finishes { #expect(router.object(for: "reader://service", as: String.self) == "config true true") }
    }

    @Test("a factory that asks for its own target gets TargetCycleError instead of a deadlock")
    func factoryCycle() throws {
        let errors = Shared<[String]>([])
        // The factory reaches its own target through this box: a cycle the test breaks at the end.
        let box = Shared<LazyTarget<String>?>(nil)
        defer { box.withLock { $0 = nil } }
        let router = try Router(modules: []) { routes in
            let cyclic = routes.target { () -> String in
                do {
                    return try box.current!.get()
                } catch {
                    errors.append("\(error)")
                    return "fallback"
                }
            }
            box.withLock { $0 = cyclic }
            routes.object("reader://cyclic") { _ in try cyclic.get() }
        }
        finishes { #expect(router.object(for: "reader://cyclic", as: String.self) == "fallback") }
        #expect(errors.current == ["the factory of the String target of module 'App' asked for that target while making it"])
    }

    /// A cycle of `length` targets, each started on a thread of its own (hostile probe F6).
    struct CrossThreadCycle: Sendable, CustomTestStringConvertible {
        var length: Int
        var testDescription: String { "\(length) targets, each asking for the next, started on \(length) threads" }
    }

    /// Target `i`'s factory sleeps, so that every thread has started its own target, then asks
    /// for target `i + 1` (the last for the first): each thread waits for the next, and the
    /// thread whose wait would close the cycle gets TargetCycleError instead. Its factory goes
    /// on, so every thread ends, with one error in all. Each thread has a generous timeout, so
    /// a deadlock fails the test instead of hanging the suite.
    @Test("a factory cycle started on several threads at once gives one TargetCycleError, not a deadlock",
          arguments: [CrossThreadCycle(length: 2), CrossThreadCycle(length: 3)])
    func crossThreadFactoryCycle(_ cycle: CrossThreadCycle) throws {
        let errors = Shared<[String]>([])
        // The factories reach the next target through these boxes, emptied at the end.
        let boxes = (0..<cycle.length).map { _ in Shared<LazyTarget<String>?>(nil) }
        defer { for box in boxes { box.withLock { $0 = nil } } }
        let router = try Router(modules: []) { routes in
            for index in 0..<cycle.length {
                let next = boxes[(index + 1) % cycle.length]
                let target = routes.target { () -> String in
                    Thread.sleep(forTimeInterval: 0.2)
                    do {
                        return "t\(index)+" + (try next.current!.get())
                    } catch {
                        errors.append("\(error)")
                        return "t\(index)+cycle"
                    }
                }
                boxes[index].withLock { $0 = target }
                routes.object("reader://t/\(index)") { _ in try target.get() }
            }
        }
        let values = Shared<[Int: String]>([:])
        let done = DispatchSemaphore(value: 0)
        for index in 0..<cycle.length {
            Thread {
                let value = router.object(for: "reader://t/\(index)", as: String.self)
                values.withLock { $0[index] = value }
                done.signal()
            }.start()
        }
        for _ in 0..<cycle.length where done.wait(timeout: .now() + 20) == .timedOut {
            Issue.record("a thread did not finish within 20 s: a deadlock")
            return
        }
        #expect(errors.current == ["the factory of the String target of module 'App' asked for that target while making it"])
        // Each value follows the cycle from its target to the factory that got the error.
        let found = values.current
        let broken = try #require(found.first { $0.value.hasSuffix("+cycle") && $0.value.split(separator: "+").count == 2 })
        for index in 0..<cycle.length {
            let expected = (0..<((broken.key - index + cycle.length) % cycle.length + 1))
                .map { "t\((index + $0) % cycle.length)" }.joined(separator: "+") + "+cycle"
            #expect(found[index] == expected, "\(found)")
        }
    }
}
