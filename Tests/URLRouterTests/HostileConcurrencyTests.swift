import Foundation
import Testing
import URLRouter

private struct Boom: Error {}

/// What a router looks like from outside: its routes and its tree.
private func state(of router: Router) -> [String] {
    router.routes.map { "\($0.pattern) \($0.module) \($0.exposure) \($0.name ?? "-")" } + [router.description]
}

/// The synchronous `open`, which an async context would otherwise resolve to the async overload.
private func openNow(_ router: Router, _ url: String, source: OpenSource = .app) -> OpenResult {
    router.open(url, source: source)
}

private func objectNow(_ router: Router, _ url: String) -> (any Sendable)? {
    router.object(for: url, as: (any Sendable).self)
}

@Suite("Hostile: concurrency")
struct HostileConcurrencyTests {
    /// Opens from many tasks while one task registers and deregisters modules: the stable
    /// route always opens, a changing route opens only while registered, and nothing traps.
    @Test("concurrent opens during register and deregister see one table or the next, never half of one")
    func opensDuringRegistration() async throws {
        let router = try Router { routes in
            routes.action("reader://stable/:id", exposure: .external) { _ in }
            routes.action("reader://**") { _ in throw Decline() }
        }
        let before = state(of: router)
        let rounds = 200
        let writerDone = Shared(false)

        try await withThrowingTaskGroup(of: [String].self) { group in
            group.addTask {
                defer { writerDone.withLock { $0 = true } }
                var problems: [String] = []
                for i in 0..<rounds {
                    try router.register(moduleNamed: "Churn\(i)") { routes in
                        routes.action("reader://churn/\(i)/:x", exposure: .external) { _ in }
                    }
                    if openNow(router, "reader://churn/\(i)/y", source: .external).route?.pattern != "reader://churn/\(i)/:x" {
                        problems.append("churn \(i) not open after register")
                    }
                    if router.deregister(moduleNamed: "Churn\(i)") != 1 { problems.append("churn \(i) not removed") }
                    if openNow(router, "reader://churn/\(i)/y", source: .external).isHandled {
                        problems.append("churn \(i) still open after deregister")
                    }
                }
                return problems
            }
            for reader in 0..<4 {
                group.addTask {
                    var problems: [String] = []
                    var i = 0
                    while !writerDone.current || i < 50 {
                        i += 1
                        let stable = openNow(router, "reader://stable/\(reader)-\(i)", source: .external)
                        if stable.route?.pattern != "reader://stable/:id" { problems.append("stable: \(stable)") }
                        let churn = openNow(router, "reader://churn/\(i % rounds)/y", source: .external)
                        switch churn {
                        case .handled(let route) where route.pattern == "reader://churn/\(i % rounds)/:x": break
                        case .unmatched: break
                        default: problems.append("churn: \(churn)")
                        }
                        _ = router.canOpen("reader://churn/\(i % rounds)/y")
                        _ = router.routes.count
                        await Task.yield()
                    }
                    return problems
                }
            }
            for try await problems in group {
                #expect(problems.isEmpty, "\(problems.prefix(5))")
            }
        }
        #expect(state(of: router) == before)
    }

    @Test("a handler that opens another URL, registers and deregisters, runs without a deadlock")
    func reentrantHandler() throws {
        let events = Shared([String]())
        // 52 opens nested one inside another: over the default limit, so raised here.
        let router = try Router(options: Router.Options(maxNestedOpens: 64)) { routes in
            routes.action("reader://b/:n") { request in events.append("b \(request.parameters["n"] ?? "")") }
        }
        try router.register(moduleNamed: "Reentrant") { routes in
            routes.action("reader://a/<int:depth>") { request in
                let depth = try request.require("depth", as: Int.self)
                events.append("a \(depth)")
                // The request's router, held weakly: capturing `router` here would make a cycle.
                guard let router = request.router else { throw Decline() }
                if depth > 0 {
                    // The handler opens the next URL, recursively, from inside an open.
                    _ = router.open("reader://a/\(depth - 1)")
                } else {
                    _ = router.open("reader://b/end")
                    try router.register(moduleNamed: "Late") { $0.action("reader://late") { _ in events.append("late") } }
                    _ = router.open("reader://late")
                    router.deregister(moduleNamed: "Late")
                }
            }
        }
        #expect(router.open("reader://a/50").isHandled)
        #expect(events.current.count == 53)
        #expect(events.current.suffix(3) == ["a 0", "b end", "late"])
        #expect(!router.canOpen("reader://late"))
    }

    @Test("a throwing handler leaves the router unchanged")
    func throwingHandler() async throws {
        let router = try Router { routes in
            routes.action("reader://boom/:id", name: "boom", exposure: .external) { _ in throw Boom() }
            routes.asyncAction("reader://async-boom") { _ in throw Boom() }
            routes.object("reader://object-boom") { _ in throw Boom() }
            routes.action("reader://fine") { _ in }
        }
        let before = state(of: router)
        let sync = openNow(router, "reader://boom/1", source: .external)
        guard case .failed(let route, let error) = sync else { Issue.record("\(sync)"); return }
        #expect(route.pattern == "reader://boom/:id" && error is Boom)
        let async = await router.openAndWait("reader://async-boom")
        guard case .failed(_, let asyncError) = async else { Issue.record("\(async)"); return }
        #expect(asyncError is Boom)
        #expect(objectNow(router, "reader://object-boom") == nil)
        #expect(state(of: router) == before)
        #expect(openNow(router, "reader://fine").isHandled)
        #expect(try router.url(for: "boom", parameters: ["id": "2"]) == "reader://boom/2")
    }

    @Test("a cancelled async handler leaves the router unchanged")
    func cancelledHandler() async throws {
        let started = Shared(0)
        let router = try Router { routes in
            routes.asyncAction("reader://slow") { _ in
                started.increment()
                // Waits until cancelled: the only way out is the cancellation error.
                while true {
                    try Task.checkCancellation()
                    await Task.yield()
                }
            }
            routes.asyncAction("reader://fine") { _ in }
        }
        let before = state(of: router)

        let running = Task { await router.openAndWait("reader://slow") }
        while started.current == 0 { await Task.yield() }
        running.cancel()
        let result = await running.value
        guard case .failed(let route, let error) = result else { Issue.record("\(result)"); return }
        #expect(route.pattern == "reader://slow")
        #expect(error is CancellationError)

        // Cancelled before the handler starts: no handler starts.
        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await router.openAndWait("reader://slow")
        }
        #expect(await early.value == .refused(.cancelled))

        #expect(state(of: router) == before)
        #expect(await router.openAndWait("reader://fine").isHandled)
    }

    @Test("deregistering a module while its async handler runs lets the handler finish")
    func deregisterDuringHandler() async throws {
        let started = Shared(false)
        let gate = Shared(false)
        let finished = Shared(false)
        let router = try Router()
        try router.register(moduleNamed: "Leaving") { routes in
            routes.asyncAction("reader://leaving") { _ in
                started.withLock { $0 = true }
                while !gate.current { await Task.yield() }
                finished.withLock { $0 = true }
            }
        }
        let running = Task { await router.openAndWait("reader://leaving") }
        while !started.current { await Task.yield() }
        #expect(router.deregister(moduleNamed: "Leaving") == 1)
        gate.withLock { $0 = true }
        let result = await running.value
        #expect(result.isHandled && finished.current)
        #expect(!router.canOpen("reader://leaving"))
        #expect(router.routes.isEmpty)
    }
}
