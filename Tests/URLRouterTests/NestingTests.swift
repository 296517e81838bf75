import Foundation
import Testing
import URLRouter

/// Opens nested inside handlers: bounded whatever the stack (hostile probe R1), and
/// forwarded with the source of the open being handled (hostile probe R2).
@Suite("Nested opens: the limit and the inherited source")
struct NestingTests {
    /// An external route that forwards its catch-all, as "open the inner link" routes do.
    static func forwardingRouter(options: Router.Options = Router.Options(), forward: @escaping @Sendable (RouteRequest, String) -> Void) throws -> Router {
        try Router(options: options) { routes in
            routes.action("reader://go/**url", exposure: .external) { request in
                forward(request, String(request.parameters["url"] ?? ""))
            }
            routes.action("reader://end/**rest", exposure: .external) { _ in }
            routes.action("reader://admin/wipe") { _ in }   // internal: the outcomes show who reached it
        }
    }

    @Test("one 2,544-byte deep link nesting 253 forwards ends in a refusal on a 512 KB thread, naming the limit and the first URL")
    func crafted() throws {
        let results = Shared<[OpenResult]>([])
        let router = try Self.forwardingRouter { request, inner in
            let result = request.open(inner); results.withLock { $0.append(result) }
        }
        let url = "reader://go/" + String(repeating: "reader:go/", count: 252) + "reader:end/x"
        #expect(url.utf8.count == 2_544)
        let outer = Shared<OpenResult?>(nil)
        finishes(stackSize: 512 * 1024) { outer.withLock { $0 = router.open(url, source: .external) } }
        #expect(outer.current?.outcome == .handled("reader://go/**url"))
        let refusals = results.current.compactMap { result -> Refusal? in
            if case .refused(let refusal) = result { return refusal }
            return nil
        }
        #expect(refusals.count == 1, "the 17th open is refused, and only it")
        #expect(refusals.first?.nestingLimit == 16)
        #expect(refusals.first?.chainStart == url)
        #expect(results.current.count == 16)
        #expect("\(refusals.first!)".contains("more than 16 opens"))
    }

    @Test("the limit is configurable, and counts object(for:) too")
    func configurable() throws {
        let depth = Shared(0)
        let router = try Router(options: Router.Options(maxNestedOpens: 3)) { routes in
            routes.object("reader://deeper") { request in
                depth.increment()
                return request.router?.object(for: "reader://deeper", as: Int.self) ?? -1
            }
        }
        #expect(router.object(for: "reader://deeper", as: Int.self) == -1)
        #expect(depth.current == 3)
        do {
            _ = try router.requireObject(for: "reader://deeper", as: Int.self)
        } catch {
            Issue.record("the outermost lookup has an object: \(error)")
        }
    }

    @Test("a limit of 0 or less still runs the outermost open and refuses every nested one", arguments: [0, -1])
    func limitBelowOne(limit: Int) async throws {
        let inner = Shared<[OpenResult]>([])
        let router = try Router(options: Router.Options(maxNestedOpens: limit)) { routes in
            routes.action("reader://outer") { request in
                if let result = request.router?.open("reader://inner") { inner.withLock { $0.append(result) } }
            }
            routes.action("reader://inner") { _ in }
        }
        #expect(router.open("reader://outer", completion: nil).outcome == .handled("reader://outer"))
        #expect(await router.openAndWait("reader://outer").outcome == .handled("reader://outer"))
        #expect(inner.current.count == 2)
        #expect(inner.current.allSatisfy { $0 == .refused(.nestingLimit(limit, firstURL: "reader://outer")) })
    }

    @Test("await open nests within the same limit")
    func awaited() async throws {
        let depth = Shared(0)
        let innermost = Shared<OpenResult?>(nil)
        let router = try Router { routes in
            routes.asyncAction("reader://again") { request in
                depth.increment()
                let result = await request.openAndWait("reader://again")
                if case .refused = result { innermost.withLock { $0 = result } }
            }
        }
        #expect(await router.openAndWait("reader://again").outcome == .handled("reader://again"))
        #expect(depth.current == 16)
        #expect(innermost.current == .refused(.nestingLimit(16, firstURL: "reader://again")))
    }

    @Test("a forwarded open inherits the external source: an internal route stays out of reach",
          arguments: ["router", "request"])
    func forwardedSource(way: String) throws {
        let results = Shared<[OpenResult]>([])
        let router = try Self.forwardingRouter { request, inner in
            let result = way == "router" ? request.router!.open(inner) : request.open(inner); results.withLock { $0.append(result) }
        }
        router.open("reader://go/reader://admin/wipe", source: .external)
        #expect(results.current.map(\.outcome) == [.unmatched])
        results.withLock { $0 = [] }
        router.open("reader://go/reader://admin/wipe")   // from the app, forwarding from the app reaches it
        #expect(results.current.map(\.outcome) == [.handled("reader://admin/wipe")])
    }

    @Test("a handler that means to reach an internal route says source: .app on the app's router; request.router narrows it")
    func explicitApp() throws {
        let reached = Shared(0)
        let results = Shared<[OpenResult]>([])
        let app = Shared<Router?>(nil)   // the app's own reference, as its coordinator holds it
        let router = try Router { routes in
            routes.action("reader://notify", exposure: .external) { request in
                let narrowed = request.router?.open("reader://badge", source: .app) ?? .unmatched
                let wide = app.current?.open("reader://badge", source: .app) ?? .unmatched
                results.withLock { $0 += [narrowed, wide] }
            }
            routes.action("reader://badge") { _ in reached.increment() }
        }
        app.withLock { $0 = router }
        defer { app.withLock { $0 = nil } }
        router.open("reader://notify", source: .external)
        #expect(results.current.map(\.outcome) == [.unmatched, .handled("reader://badge")])
        #expect(reached.current == 1)
    }

    @Test("a stored request forwards with its source after the handler returned")
    func storedRequest() throws {
        let stored = Shared<RouteRequest?>(nil)
        let router = try Self.forwardingRouter { request, _ in stored.withLock { $0 = request } }
        router.open("reader://go/x", source: .external)
        let request = try #require(stored.current)
        #expect(request.open("reader://admin/wipe").outcome == .unmatched)
        #expect(request.open("reader://end/1").outcome == .handled("reader://end/**rest"))
        #expect(router.open("reader://admin/wipe").outcome == .handled("reader://admin/wipe"), "outside any open: .app")
    }

    @Test("the unmatched handler opens from the open's source, through its request or the router",
          arguments: ["request", "router", "stored"])
    func unmatchedForwards(way: String) throws {
        let results = Shared<[OpenResult]>([])
        let stored = Shared<UnmatchedRequest?>(nil)
        let unmatched = UnmatchedHandler(exposure: .external) { request in
            guard request.url == "reader://nothing/here" else { return }   // the forwarded miss itself
            switch way {
            case "request": let result = request.open("reader://admin/wipe"); results.withLock { $0.append(result) }
            case "router": let result = request.router!.open("reader://admin/wipe"); results.withLock { $0.append(result) }
            default: stored.withLock { $0 = request }
            }
        }
        let router = try Router(options: Router.Options(unmatched: unmatched)) { routes in
            routes.action("reader://admin/wipe") { _ in }
        }
        router.open("reader://nothing/here", source: .external)
        if way == "stored" {
            let result = try #require(stored.current).open("reader://admin/wipe")
            results.withLock { $0.append(result) }
        }
        #expect(results.current.map(\.outcome) == [.unmatched], "an external miss stays external")
        results.withLock { $0 = [] }
        router.open("reader://nothing/here")
        if way == "stored" {
            let result = try #require(stored.current).open("reader://admin/wipe")
            results.withLock { $0.append(result) }
        }
        #expect(results.current.map(\.outcome) == [.handled("reader://admin/wipe")])
    }

    @Test("an unmatched handler that opens another miss stops at the nesting limit")
    func unmatchedRecursion() async throws {
        let calls = Shared(0)
        let last = Shared<OpenResult?>(nil)
        let unmatched = UnmatchedHandler { request in
            _ = calls.increment()
            let result = request.open(request.url + "/x")
            if case .refused = result { last.withLock { $0 = result } }
        }
        let router = try Router(options: Router.Options(unmatched: unmatched)) { routes in
            routes.action("reader://somewhere") { _ in }
        }
        let synchronous: () -> OpenResult = { router.open("reader://miss") }
        #expect(synchronous().outcome == .unmatched)
        #expect(calls.current == 16)
        #expect(last.current == .refused(.nestingLimit(16, firstURL: "reader://miss")))
        calls.withLock { $0 = 0 }
        #expect(await router.openAndWait("reader://miss").outcome == .unmatched)
        #expect(calls.current == 16)
    }
}
