import Dispatch
import Foundation
import Testing
import URLRouter

/// A deep link's handler forwards what it was given through its request, on every path a
/// handler can take: at once, on a queue, in a task, detached, after it returned. Whatever
/// path, the forwarded open keeps the deep link's source and never reaches an internal route,
/// even when the handler names a wider source.
@Suite("Hostile: forwarding a deep link through every asynchronous hop")
struct HostileForwardingTests {
    enum Hop: String, CaseIterable, Sendable {
        case now, globalQueue, task, detachedTask, storedRequest, awaited, objectLookup, widerSource
    }

    enum Unmatched: String, CaseIterable, Sendable { case now, globalQueue, detachedTask, stored }

    /// A router with an internal route that counts its reach, and an external forwarder.
    static func router(reached: Shared<Int>, hop: Hop, stored: Shared<RouteRequest?>, done: DispatchSemaphore) throws -> Router {
        try Router { routes in
            routes.action("reader://admin/wipe") { _ in reached.increment() }
            routes.object("reader://admin/secret") { _ in reached.increment(); return "secret" }
            routes.action("reader://ext/**rest", exposure: .external) { request in
                let inner = String(request.parameters["rest"] ?? "")
                switch hop {
                case .now: request.router?.open(inner); done.signal()
                case .widerSource: request.router?.open(inner, source: .app); done.signal()
                case .globalQueue: DispatchQueue.global().async { request.router?.open(inner); done.signal() }
                case .task: Task { request.router?.open(inner); done.signal() }
                case .detachedTask: Task.detached { request.router?.open(inner, source: .app); done.signal() }
                case .awaited: Task.detached { _ = await request.router?.open(inner, expecting: String.self); done.signal() }
                case .objectLookup:
                    Task.detached {
                        _ = request.router?.object(for: "reader://admin/secret", as: String.self, source: .app)
                        done.signal()
                    }
                case .storedRequest: stored.withLock { $0 = request }; done.signal()
                }
            }
        }
    }

    /// Waits for `done` on a thread of its own: the hops run tasks, and a test that blocked a
    /// thread of the cooperative pool could starve them. Generous: other suites may hold the
    /// pool's few threads for a while.
    static func finished(_ done: DispatchSemaphore) async -> Bool {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: done.wait(timeout: .now() + 600) == .success) }
        }
    }

    @Test("a forwarded deep link reaches no internal route, whatever the hop", arguments: Hop.allCases)
    func forwarded(hop: Hop) async throws {
        let reached = Shared(0)
        let stored = Shared<RouteRequest?>(nil)
        let done = DispatchSemaphore(value: 0)
        let router = try Self.router(reached: reached, hop: hop, stored: stored, done: done)
        Self.openNow(router, "reader://ext/reader://admin/wipe", source: .external)
        #expect(await Self.finished(done), "the forward never ran")
        try Self.checkStored(stored.current)
        #expect(reached.current == 0, "an internal route was reached through \(hop)")
        // The app's own router still reaches it: the view narrows, it does not remove.
        #expect(Self.openNow(router, "reader://admin/wipe", source: .app).outcome == .handled("reader://admin/wipe"))
    }

    @discardableResult
    static func openNow(_ router: Router, _ url: String, source: OpenSource) -> OpenResult {
        router.open(url, source: source)
    }

    static func checkStored(_ request: RouteRequest?) throws {
        if let request = request {
            let view = try #require(request.router)
            #expect(view.open("reader://admin/wipe", source: .app).outcome == .unmatched)
            #expect(view.object(for: "reader://admin/secret", as: String.self, source: .app) == nil)
            #expect(!view.canOpen("reader://admin/wipe", source: .app))
            #expect(view.resolve("reader://admin/wipe", source: .app) == .unmatched)
        }
    }

    @Test("an unmatched handler's router is bound to the miss's source too", arguments: Unmatched.allCases)
    func unmatched(way: Unmatched) async throws {
        let reached = Shared(0)
        let stored = Shared<UnmatchedRequest?>(nil)
        let done = DispatchSemaphore(value: 0)
        let handler = UnmatchedHandler(exposure: .external) { request in
            guard request.url.hasPrefix("reader://missing") else { return }
            switch way {
            case .now: request.router?.open("reader://admin/wipe", source: .app); done.signal()
            case .globalQueue: DispatchQueue.global().async { request.router?.open("reader://admin/wipe"); done.signal() }
            case .detachedTask: Task.detached { request.router?.open("reader://admin/wipe", source: .app); done.signal() }
            case .stored: stored.withLock { $0 = request }; done.signal()
            }
        }
        let router = try Router(options: .init(unmatched: handler)) { routes in
            routes.action("reader://admin/wipe") { _ in reached.increment() }
        }
        Self.openNow(router, "reader://missing/1", source: .external)
        #expect(await Self.finished(done))
        if let view = stored.current?.router {
            #expect(Self.openNow(view, "reader://admin/wipe", source: .app).outcome == .unmatched)
        }
        #expect(reached.current == 0)
    }

    @Test("a request from the app hands out the router itself")
    func appRequest() throws {
        let seen = Shared<Router?>(nil)
        let router = try Router { routes in
            routes.action("reader://a") { request in seen.withLock { $0 = request.router } }
        }
        router.open("reader://a")
        #expect(seen.current === router)
        seen.withLock { $0 = nil }
    }
}
