import Testing
import URLRouter

/// The router from many threads, from the main actor, and from inside its own handlers.
@Suite("Concurrency")
struct ConcurrencyTests {
    @Test("main-actor handlers opened on the main actor run before open returns")
    @MainActor
    func mainActorHandlers() throws {
        let navigation = Navigation()
        let router = try Router { routes in
            routes.mainActorAction("reader://book/<int:id>") { request in
                navigation.push("book \(request.parameters["id"] ?? "")")
            }
            routes.mainActorAction("reader://book/:slug") { request in
                guard request.parameters["slug"] != "draft" else { throw Decline() }
                navigation.push("slug \(request.parameters["slug"] ?? "")")
            }
            routes.mainActorAction("reader://book/**rest") { request in
                navigation.push("rest \(request.parameters["rest"] ?? "")")
            }
        }

        #expect(router.open("reader://book/42").outcome == .handled("reader://book/<int:id>"))
        #expect(navigation.stack == ["book 42"])
        #expect(router.open("reader://book/dune").outcome == .handled("reader://book/:slug"))
        #expect(navigation.stack == ["book 42", "slug dune"])
        #expect(router.open("reader://book/draft").outcome == .handled("reader://book/**rest"))
        #expect(navigation.stack == ["book 42", "slug dune", "rest draft"])
    }

    @Test("a main-actor handler opened from another thread runs later on the main actor")
    @MainActor
    func mainActorHandlerFromAnotherThread() async throws {
        let navigation = Navigation()
        let router = try Router { routes in
            routes.mainActorAction("reader://notify") { request in
                navigation.push("notified")
                request.reply(nil)
            }
        }

        var opening: Task<OpenResult, Never>?
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            opening = Task.detached { router.open("reader://notify") { _ in done.resume() } }
        }

        // Off the main actor, the synchronous open cannot run the handler: it says so.
        let result = try #require(await opening?.value)
        #expect(result.outcome == .pending("reader://notify"))
        guard case .pending(_, let pending) = result else { return }
        #expect(await pending.result.outcome == .handled("reader://notify"))
        #expect(navigation.stack == ["notified"])
    }

    @Test("opens from many tasks while modules come and go: every result is the right route or unmatched")
    func opensDuringRegistrationChanges() async throws {
        let router = try Router(modules: [StableRoutes.self])
        let ran = Shared<[String: Int]>([:])
        let openersAreDone = Shared(false)
        let tasks = 8
        let opensPerTask = 2_000

        async let churning: Void = Self.churn(router, until: openersAreDone)
        let tallies = await withTaskGroup(of: [String: Int].self) { group in
            for task in 0..<tasks {
                group.addTask { await Self.open(router, count: opensPerTask, seed: task, ran: ran) }
            }
            return await group.reduce(into: [:]) { $0.merge($1, uniquingKeysWith: +) }
        }
        openersAreDone.withLock { $0 = true }

        await churning
        #expect(tallies["unexpected", default: 0] == 0)
        #expect(tallies["reader://stable/<int:id>"] == tasks * opensPerTask / 5, "the stable route always opens")
        var handled = tallies
        handled["unmatched"] = nil
        #expect(handled == ran.current, "every handled result ran its handler exactly once")
        #expect(router.routes.map(\.pattern) == ["reader://stable/<int:id>"])
    }

    /// Registers and deregisters the churning modules, each in its own task, until `done`.
    static func churn(_ router: Router, until done: Shared<Bool>) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                await repeatUntil(done) {
                    #expect(throws: Never.self) { try router.register(ChurnA.self) }
                    await Task.yield()
                    router.deregister(pattern: "reader://churn/a/<int:id>/edit")
                    await Task.yield()
                    #expect(router.deregister(ChurnA.self) == 1)
                }
            }
            group.addTask {
                await repeatUntil(done) {
                    #expect(throws: Never.self) { try router.register(ChurnB.self) }
                    await Task.yield()
                    #expect(router.deregister(ChurnB.self) == 1)
                }
            }
            group.addTask {
                await repeatUntil(done) {
                    #expect(throws: Never.self) {
                        try router.register(moduleNamed: "ChurnC") { routes in
                            routes.action("reader://churn/c/**rest") { ChurnProbe.verify($0) }
                        }
                    }
                    await Task.yield()
                    #expect(router.deregister(moduleNamed: "ChurnC") == 1)
                }
            }
        }
    }

    /// Runs `cycle` at least once, then again until `done`, yielding after each: the pool
    /// may have fewer threads than tasks, so the others must get to run.
    static func repeatUntil(_ done: Shared<Bool>, _ cycle: () async -> Void) async {
        repeat {
            await cycle()
            await Task.yield()
        } while !done.current
    }

    /// Opens `count` URLs that the churning modules take or leave, and tallies the results.
    static func open(_ router: Router, count: Int, seed: Int, ran: Shared<[String: Int]>) async -> [String: Int] {
        var tally: [String: Int] = [:]
        for i in 0..<count {
            if i % 50 == 0 { await Task.yield() }  // let the churning tasks interleave
            tally[openOnce(router, i, id: String(seed * count + i), ran: ran), default: 0] += 1
        }
        return tally
    }

    /// Opens one URL with the synchronous `open` and names its result: the route's pattern,
    /// "unmatched", or "unexpected" (recorded as an issue).
    static func openOnce(_ router: Router, _ i: Int, id: String, ran: Shared<[String: Int]>) -> String {
        let (url, allowed, mayBeUnmatched): (String, Set<String>, Bool) = switch i % 5 {
        case 0: ("reader://stable/\(id)", ["reader://stable/<int:id>"], false)
        case 1: ("reader://churn/a/\(id)", ["reader://churn/a/<int:id>", "reader://churn/:kind/<int:id>"], true)
        case 2: ("reader://churn/a/\(id)/edit", ["reader://churn/a/<int:id>/edit"], true)
        case 3: ("reader://churn/b/\(id)", ["reader://churn/:kind/<int:id>"], true)
        default: ("reader://churn/c/\(id)/x", ["reader://churn/c/**rest"], true)
        }
        let probe = ChurnProbe(id: id, allowed: allowed, ran: ran)
        switch router.open(url, userInfo: ["probe": probe]) {
        case .handled(let route) where allowed.contains(route.pattern):
            return route.pattern
        case .unmatched where mayBeUnmatched:
            return "unmatched"
        case let other:
            Issue.record("\(url): \(other)")
            return "unexpected"
        }
    }

    @Test("a handler may open URLs and change the routes; a target's factory may open URLs")
    func reentrantHandlers() throws {
        let log = Shared<[String]>([])
        let router = try Router()
        // The target's factory captures the router that holds it: a cycle an app breaks by
        // removing the routes, as this test does when it ends.
        defer { router.removeAll() }
        try router.register(moduleNamed: "Nested") { routes in
            let service = routes.target {
                log.append("made")
                router.open("reader://log/target/made")
                return Catalog(serial: 1)
            }
            routes.action("reader://outer") { request in
                log.append("outer")
                guard let router = request.router else { throw Decline() }
                #expect(router.open("reader://inner/1").isHandled)
                #expect(service.instance.serial == 1)
                try router.register(moduleNamed: "Late") { late in
                    late.action("reader://late") { _ in log.append("late") }
                }
                #expect(router.open("reader://late").isHandled)
                #expect(router.deregister(moduleNamed: "Late") == 1)
                router.releaseAllCachedTargets()
                #expect(router.canOpen("reader://outer"))
            }
            routes.action("reader://inner/<int:id>") { _ in log.append("inner") }
            routes.action("reader://log/**message") { request in log.append(request.parameters["message"] ?? "") }
        }

        #expect(router.open("reader://outer").outcome == .handled("reader://outer"))
        #expect(log.current == ["outer", "inner", "made", "target/made", "late"])
        #expect(!router.canOpen("reader://late"))
    }

    @Test("a cached target used from many tasks is one instance")
    func cachedTargetFromManyTasks() async throws {
        var shared: LazyTarget<Catalog>?
        let made = Shared(0)
        let router = try Router { routes in
            let target = routes.target { Catalog(serial: made.increment()) }
            routes.object("reader://catalog") { _ in target.instance }
            shared = target
        }
        let target = try #require(shared)

        let identities = await withTaskGroup(of: Set<ObjectIdentifier>.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var seen = Set<ObjectIdentifier>()
                    for _ in 0..<200 {
                        seen.insert(ObjectIdentifier(target.instance))
                        if let object = router.object(for: "reader://catalog", as: Catalog.self) {
                            seen.insert(ObjectIdentifier(object))
                        }
                    }
                    return seen
                }
            }
            return await group.reduce(into: Set()) { $0.formUnion($1) }
        }

        #expect(identities.count == 1)
        #expect(made.current >= 1)
    }
}

/// Main-actor state that handlers change.
@MainActor
final class Navigation {
    private(set) var stack: [String] = []

    func push(_ screen: String) { stack.append(screen) }
}

/// What one open of the stress test expects; the module handlers check it.
struct ChurnProbe: Sendable {
    let id: String
    let allowed: Set<String>
    let ran: Shared<[String: Int]>

    static func verify(_ request: RouteRequest) {
        guard let probe = request.userInfo["probe"] as? ChurnProbe else {
            Issue.record("no probe for \(request.url)")
            return
        }
        if !probe.allowed.contains(request.route.pattern) {
            Issue.record("\(request.url) reached \(request.route)")
        }
        if let id = request.parameters["id"], id != probe.id {
            Issue.record("\(request.url) gave id \(id), not \(probe.id)")
        }
        probe.ran.count(request.route.pattern)
    }
}

enum StableRoutes: RouteModule {
    static func registerRoutes(in routes: inout RouteRegistrar) {
        routes.action("reader://stable/<int:id>") { ChurnProbe.verify($0) }
    }
}

enum ChurnA: RouteModule {
    static func registerRoutes(in routes: inout RouteRegistrar) {
        routes.action("reader://churn/a/<int:id>") { ChurnProbe.verify($0) }
        routes.action("reader://churn/a/<int:id>/edit") { ChurnProbe.verify($0) }
    }
}

enum ChurnB: RouteModule {
    static func registerRoutes(in routes: inout RouteRegistrar) {
        routes.action("reader://churn/:kind/<int:id>") { ChurnProbe.verify($0) }
    }
}
