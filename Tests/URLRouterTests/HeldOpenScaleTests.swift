import Foundation
import Testing
import URLRouter

/// Held opens at any limit (hostile probe 4, F4, F5, F16): holding and releasing cost O(1) per
/// open, the completions of dropped opens never run one inside another, a released router ends
/// its held opens, and the observer is told of every held open.
@Suite("Held opens: linear and flat")
struct HeldOpenScaleTests {
    private static func router(observer: (@Sendable (OpenEvent) -> Void)? = nil) throws -> Router {
        try Router(options: .init(observer: observer)) { routes in
            routes.action("reader://book/:id", exposure: .external) { request in request.reply(request.url) }
        }
    }

    /// 20,000 opens at limit 5,000: 15,000 pushed out (5,000 listed, 10,000 counted), 5,000
    /// replayed. Each open is moved at most once to reclaim room; shifting the queue's array
    /// on every push-out, drop and replay moved over 100 million.
    @Test("holding, dropping and releasing move each open a bounded number of times, at any limit")
    func linearWork() throws {
        let router = try Self.router()
        router.holdExternalOpens(limit: 5_000)
        for id in 0..<20_000 { router.open("reader://book/\(id)", source: .external) }
        let release = router.releaseHeldOpens()
        #expect(release.replayed.map(\.open.number) == Array(15_001...20_000))
        #expect(release.dropped.map(\.open.number) == Array(10_001...15_000))
        #expect(release.unlistedDrops == 10_000)
        #expect(router.heldOpenMoves <= 2 * 20_000, "\(router.heldOpenMoves) moves for 20,000 opens")

        // A limit no flood reaches (`.max`), then one release of everything.
        let unbounded = try Self.router()
        unbounded.holdExternalOpens(limit: .max)
        for id in 0..<20_000 { unbounded.open("reader://book/\(id)", source: .external) }
        #expect(unbounded.releaseHeldOpens().replayed.count == 20_000)
        #expect(unbounded.heldOpenMoves <= 20_000, "\(unbounded.heldOpenMoves) moves for 20,000 opens")
    }

    /// Opens a book externally; when the open is dropped (its completion gets `nil`), opens it
    /// once more. Records how deep its completions run one inside another.
    final class RetryOnce: Sendable {
        let router: Router
        let running = Shared(0)
        let deepest = Shared(0)
        let completions = Shared(0)
        init(_ router: Router) { self.router = router }

        func open(_ id: Int, retried: Bool) {
            router.open("reader://book/\(id)", source: .external) { value in
                let depth = self.running.increment()
                self.deepest.withLock { $0 = max($0, depth) }
                self.completions.increment()
                if value == nil && !retried { self.open(id, retried: true) }
                self.running.withLock { $0 -= 1 }
            }
        }
    }

    @Test("a completion that reopens its dropped open runs after the open that dropped it, never inside it")
    func retriesRunFlat() throws {
        // At limit 1,000 each dropped completion used to run inside the open that pushed it
        // out, whose own completion was one: 1,001 nested retries, past a 512 KB stack.
        let limit = 1_000
        let retry = RetryOnce(try Self.router())
        let finished = finishes(within: 60, stackSize: 512 << 10) {
            retry.router.holdExternalOpens(limit: limit)
            for id in 0...limit { retry.open(id, retried: false) }
        }
        try #require(finished)
        #expect(retry.deepest.current == 1)
        // Each open past the limit pushed out the oldest: the 1,001 first opens, each retried
        // once, then the first retry (not retried again).
        #expect(retry.completions.current == limit + 2)
        let release = retry.router.releaseHeldOpens()
        #expect(release.replayed.count == limit)
        #expect(retry.completions.current == 2 * (limit + 1))
        #expect(retry.deepest.current == 1)
    }

    @Test("a completion that holds again with a lower limit is not run inside the drop that called it")
    func lowerLimitInsideCompletion() throws {
        let router = try Self.router()
        let running = Shared(0)
        let deepest = Shared(0)
        let order = Shared<[String]>([])
        router.holdExternalOpens(limit: 100)
        for id in 1...100 {
            router.open("reader://book/\(id)", source: .external) { value in
                let depth = running.increment()
                deepest.withLock { $0 = max($0, depth) }
                order.append("\(id): \(value as? String ?? "nil")")
                // Each dropped open lowers the limit by one, which pushes out the next.
                if value == nil, id < 99 { router.holdExternalOpens(limit: 99 - id) }
                running.withLock { $0 -= 1 }
            }
        }
        router.holdExternalOpens(limit: 99)
        #expect(deepest.current == 1)
        #expect(order.current == (1...99).map { "\($0): nil" })
        let release = router.releaseHeldOpens()
        #expect(release.replayed.map(\.open.number) == [100])
    }

    @Test("a router released while it holds opens calls their completions with nil at once, and tells the observer")
    func releasedRouterEndsHeldOpens() throws {
        let replies = Shared<[String]>([])
        let events = Shared<[String]>([])
        weak var released: Router?
        do {
            let router = try Self.router { event in events.append("\(event.url) \(event.outcome)") }
            released = router
            router.holdExternalOpens()
            for id in 1...5 {
                router.open("reader://book/\(id)", source: .external) { value in
                    replies.append("\(id): \(value as? String ?? "nil")")
                }
            }
            #expect(replies.current.isEmpty && events.current.isEmpty)
        }
        #expect(released == nil)
        #expect(replies.current == (1...5).map { "\($0): nil" })
        #expect(events.current == (1...5).map {
            "reader://book/\($0) refused: the router was released while the open was held"
        })
    }

    @Test("every held open is told to the observer: pushed out, too old, replayed, before the release returns")
    func observerToldOfEveryHeldOpen() async throws {
        let events = Shared<[(url: String, outcome: OpenResult)]>([])
        let router = try Self.router { event in events.withLock { $0.append((event.url, event.outcome)) } }
        func told(_ range: Range<Int>) -> [OpenResult] { events.current[range].map(\.outcome) }
        router.holdExternalOpens(limit: 4, maxAge: 0.2)
        for id in 1...6 { router.open("reader://book/\(id)", source: .external) }
        // Pushed out by newer opens: told at once.
        #expect(events.current.map(\.url) == ["reader://book/1", "reader://book/2"])
        #expect(told(0..<2) == Array(repeating: .refused(.tooManyHeld(limit: 4)), count: 2))
        // A lower limit pushes out one more.
        router.holdExternalOpens(limit: 3, maxAge: 0.2)
        #expect(events.current.count == 3 && events.current.last?.url == "reader://book/3")
        #expect(told(2..<3) == [.refused(.tooManyHeld(limit: 3))])
        try await Task.sleep(nanoseconds: 400_000_000)
        router.open("reader://book/7", source: .external)
        #expect(events.current.count == 4 && events.current.last?.url == "reader://book/4")
        // Two too old, one replayed: all told before the release returns.
        let release = router.releaseHeldOpens()
        #expect(release.replayed.map(\.open.number) == [7])
        #expect(release.dropped.map(\.open.number) == [4, 5, 6] && release.unlistedDrops == 3)
        #expect(events.current.map(\.url).suffix(3) == ["reader://book/5", "reader://book/6", "reader://book/7"])
        #expect(told(4..<6) == Array(repeating: .refused(.heldTooLong(maxAge: 0.2)), count: 2))
        #expect(events.current.last?.outcome.isHandled == true)
    }
}
