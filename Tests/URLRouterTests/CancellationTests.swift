import Foundation
import Testing
import URLRouter

/// An asynchronous interceptor can never wedge an open: cancelling the caller (or the pending
/// open of a synchronous `open`) ends the wait at once, and no handler starts afterwards.
@Suite("Cancelling an open that waits for an interceptor")
struct CancellationTests {
    /// An interceptor that takes `seconds` to decide and ignores cancellation, as a login
    /// flow that forgot its continuation does (for an hour, here).
    static func router(decidingAfter seconds: Double, handled: Shared<Int>) throws -> Router {
        try Router { routes in
            routes.asyncIntercept("reader://gated/**") { _ in
                let deadline = Date().addingTimeInterval(seconds)
                while Date() < deadline { try? await Task.sleep(nanoseconds: 5_000_000) }
                return .proceed
            }
            routes.action("reader://gated/page") { _ in handled.increment() }
            routes.action("reader://free") { _ in handled.increment() }
        }
    }

    /// Awaits `task`, or gives up after `seconds` (a wedged open).
    static func value(of task: Task<OpenResult, Never>, within seconds: Double) async -> OpenResult? {
        await withTaskGroup(of: OpenResult?.self) { group in
            group.addTask { await task.value }
            group.addTask { try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9)); return nil }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    @Test("cancelling the caller ends the wait for an interceptor that never decides, at once")
    func neverDecides() async throws {
        let handled = Shared(0)
        let router = try Self.router(decidingAfter: 3_600, handled: handled)
        let task = Task { await router.openAndWait("reader://gated/page", userInfo: [:], source: nil) }
        try await Task.sleep(nanoseconds: 50_000_000)
        task.cancel()
        let result = await Self.value(of: task, within: 120)
        #expect(result == .refused(.cancelled), "the open was still waiting: \(String(describing: result))")
        #expect(handled.current == 0)
    }

    @Test("an interceptor that decides after the caller was cancelled starts no handler")
    func lateDecision() async throws {
        let handled = Shared(0)
        let router = try Self.router(decidingAfter: 0.3, handled: handled)
        let task = Task { await router.openAndWait("reader://gated/page", userInfo: [:], source: nil) }
        try await Task.sleep(nanoseconds: 50_000_000)
        task.cancel()
        #expect(await Self.value(of: task, within: 120) == .refused(.cancelled))
        try await Task.sleep(nanoseconds: 600_000_000)   // the interceptor has decided by now
        #expect(handled.current == 0)
    }

    @Test("an open awaited in a cancelled task starts no handler, with or without interceptors")
    func cancelledBeforeStart() async throws {
        let handled = Shared(0)
        let router = try Self.router(decidingAfter: 0, handled: handled)
        for url in ["reader://free", "reader://gated/page"] {
            let task = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return await router.openAndWait(url, userInfo: [:], source: nil)
            }
            #expect(await task.value == .refused(.cancelled), "\(url)")
        }
        #expect(handled.current == 0)
    }

    @Test("a synchronous open's pending interceptor ends when its pending open is cancelled, and the completion is told")
    func pendingOpenCancels() async throws {
        let handled = Shared(0)
        let completions = Shared<[String]>([])
        let router = try Self.router(decidingAfter: 3_600, handled: handled)
        let started = Self.openNow(router, "reader://gated/page") { value in completions.append("\(value ?? "nil")") }
        guard case .intercepting(_, let pending) = started else {
            Issue.record("expected an intercepting open, got \(started)")
            return
        }
        pending.cancel()
        let waited = Task { await pending.result }
        #expect(await Self.value(of: waited, within: 120) == .refused(.cancelled))
        #expect(completions.current == ["nil"])
        #expect(handled.current == 0)
    }

    static func openNow(_ router: Router, _ url: String, completion: @escaping RouteCompletion) -> OpenResult {
        router.open(url, completion: completion)
    }
}
