import Foundation
import Testing
import URLRouter

struct ObservedSearchRoute: TypedRoute {
    static let pattern = "reader://search/:q"
    static var observedQueryItems: Set<String> { ["page"] }
    var q: String
    var page: Int?
    var token: String?
}

/// The line a new user wrote (issue 39): an array, where the default is a set. Before the
/// requirement's type was found from the declaration, this compiled as a second member beside
/// the `Set<String>` requirement, whose default (none) redacted `from` in every event.
struct ObservedArrayRoute: TypedRoute {
    static let pattern = "reader://array/<int:id>"
    static var observedQueryItems: [String] { ["from"] }
    var id: Int
    var from: String?
    var token: String?
}

/// The same names as a stored constant, its type inferred (`[String]`).
struct ObservedConstantRoute: TypedRoute {
    static let pattern = "reader://constant/<int:id>"
    static let observedQueryItems = ["from", "page"]
    var id: Int
    var from: String?
    var token: String?
}

/// One observer of every open: told once per top-level open, after its outcome is known.
@Suite("Observing every open")
struct ObserverTests {
    final class Events: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [OpenEvent] = []
        func add(_ event: OpenEvent) { lock.lock(); list.append(event); lock.unlock() }
        var all: [OpenEvent] { lock.lock(); defer { lock.unlock() }; return list }
        func outcomes() -> [String] { all.map { Self.kind($0.outcome) } }
        static func kind(_ result: OpenResult) -> String {
            switch result {
            case .handled: "handled"
            case .pending: "pending"
            case .declined: "declined"
            case .unmatched: "unmatched"
            case .malformed: "malformed"
            case .refused: "refused"
            case .failed: "failed"
            case .rejected: "rejected"
            case .redirected(_, _, let next): "redirected→" + kind(next)
            case .intercepting: "intercepting"
            case .held: "held"
            }
        }
    }

    struct Boom: Error {}

    static func router(_ events: Events) throws -> Router {
        try Router(options: .init(observer: { events.add($0) })) { routes in
            routes.action("reader://ok", exposure: .external) { _ in }
            routes.action("reader://nested", exposure: .external) { request in _ = request.open("reader://ok") }
            routes.action("reader://no") { _ in throw Decline() }
            routes.action("reader://boom") { _ in throw Boom() }
            routes.asyncAction("reader://slow") { _ in try? await Task.sleep(nanoseconds: 1_000_000) }
            routes.action(ObservedSearchRoute.self) { _, _ in }
            routes.intercept("reader://veto") { _ in .reject("no") }
            routes.redirect("reader://old", to: "reader://ok")
            routes.redirect("reader://old-slow", to: "reader://slow")
            routes.asyncIntercept("reader://gate") { _ in .redirect(to: "reader://ok") }
        }
    }

    @Test("every outcome kind is told exactly once, pending ones when they finish, before a synchronous open returns")
    func everyOutcome() async throws {
        let events = Events()
        let router = try Self.router(events)
        let urls = ["reader://ok", "reader://no", "reader://nowhere", "reader://%zz", "reader://a@b/ok", "reader://boom",
                    "reader://veto", "reader://old", "reader://nested"]
        for url in urls {
            let before = events.all.count
            _ = Self.openNow(router, url, source: url.contains("@") ? .external : .app)
            #expect(events.all.count == before + 1, "told before \(url)'s open returned")
        }
        #expect(events.outcomes() == ["handled", "declined", "unmatched", "malformed", "refused", "failed", "rejected",
                                      "redirected→handled", "handled"])
        // Pending opens are told when they finish: the sync open of an async handler, an async
        // interceptor, and a redirect to an async handler.
        for url in ["reader://slow", "reader://gate", "reader://old-slow"] {
            let before = events.all.count
            var innermost = Self.openNow(router, url)
            while case .redirected(_, _, let next) = innermost { innermost = next }
            switch innermost {
            case .pending(_, let pending), .intercepting(_, let pending): _ = await pending.result
            default: Issue.record("\(url) did not wait: \(innermost)")
            }
            for _ in 0..<12_000 where events.all.count == before { try await Task.sleep(nanoseconds: 5_000_000) }
            #expect(events.all.count == before + 1, "\(url) told once, when it finished")
        }
        #expect(events.outcomes().suffix(3) == ["handled", "redirected→handled", "redirected→handled"])
        #expect(!events.outcomes().contains { $0.contains("pending") || $0.contains("intercepting") })
        // An awaited open is told once too.
        let count = events.all.count
        _ = await router.openAndWait("reader://ok", userInfo: [:], source: nil)
        #expect(events.all.count == count + 1)
    }

    @Test("a held open is told when it is replayed, once")
    func held() throws {
        let events = Events()
        let router = try Self.router(events)
        router.holdExternalOpens()
        _ = Self.openNow(router, "reader://ok", source: .external)
        #expect(events.all.isEmpty)
        router.releaseHeldOpens()
        #expect(events.outcomes() == ["handled"])
    }

    @Test("the event names the route, the source, the redirects and the duration, and redacts query values")
    func contents() throws {
        let events = Events()
        let router = try Self.router(events)
        _ = Self.openNow(router, "reader://search/swift?page=2&token=s3cret#frag")
        _ = Self.openNow(router, "reader://old?token=s3cret")
        let search = try #require(events.all.first)
        #expect(search.url == "reader://search/swift?page=2&token=•")
        #expect(search.route?.pattern == ObservedSearchRoute.pattern)
        #expect(search.source == .app && search.duration >= 0)
        let renamed = try #require(events.all.last)
        #expect(renamed.url == "reader://old?token=•")
        #expect(renamed.redirects == ["reader://ok?token=•"])
        #expect(renamed.interceptor?.name == "redirect")
    }

    // `observedQueryItems`'s type is an associated type (`Set<String>` when nothing declares
    // it), found from the route's own declaration: an array, a set or an inferred constant of
    // names all declare the requirement, so none can shadow it and be ignored. (A declaration
    // of another type, a single `String`, still compiles as a member of its own: Swift cannot
    // refuse it, and registration cannot see static members to look for one.)
    @Test("observed items declared as an array, a set or an inferred constant are all seen",
          .bug(id: 39, "observedQueryItems: [String] was silently ignored"))
    func observedItemsSpellings() throws {
        let events = Events()
        let router = try Router(options: .init(observer: { events.add($0) })) { routes in
            routes.action(ObservedArrayRoute.self) { _, _ in }
            routes.action(ObservedConstantRoute.self) { _, _ in }
            routes.action(ObservedSearchRoute.self) { _, _ in }
        }
        _ = Self.openNow(router, "reader://array/1984?from=mail&token=s3cret")
        _ = Self.openNow(router, "reader://constant/7?from=mail&page&token=s3cret")
        _ = Self.openNow(router, "reader://search/swift?page=2&from=mail")
        #expect(events.all.map(\.url) == ["reader://array/1984?from=mail&token=•",
                                          "reader://constant/7?from=mail&page&token=•",
                                          "reader://search/swift?page=2&from=•"])
    }

    static func openNow(_ router: Router, _ url: String, source: OpenSource = .app) -> OpenResult {
        router.open(url, source: source)
    }
}

@Suite("Observing every open: lifetimes")
struct ObserverLifetimeTests {
    @Test("an observer that keeps its events does not keep the router alive")
    func eventsDoNotKeepTheRouter() throws {
        let events = ObserverTests.Events()
        weak var released: Router?
        do {
            let router = try ObserverTests.router(events)
            released = router
            _ = ObserverTests.openNow(router, "reader://ok")
        }
        #expect(released == nil, "a kept event kept the router")
        #expect(events.all.first?.url == "reader://ok")
    }
}
