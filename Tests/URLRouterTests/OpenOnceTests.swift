import Foundation
import Testing
import URLRouter

/// A link delivered twice opens once (`Router.Options(duplicateWindow:)`; <doc:WhereLinksComeFrom>,
/// "Open once").
@Suite("Open once")
struct OpenOnceTests {
    struct BookRoute: TypedRoute {
        static let pattern = "reader://book/<int:id>"
        var id: Int
    }

    static func router(window: Double, observer: (@Sendable (OpenEvent) -> Void)? = nil,
                       opened: Shared<[String]>) throws -> Router {
        try Router(options: .init(observer: observer, duplicateWindow: window)) { routes in
            routes.action(BookRoute.self, exposure: .external) { book, request in opened.append("book \(book.id) \(request.source)") }
            routes.action("reader://forward/**url", exposure: .external) { request in
                request.open(request.parameters["url"] ?? "")
                request.open(request.parameters["url"] ?? "")
            }
            routes.redirect("reader://old/<int:id>", to: "reader://book/:id")
        }
    }

    @Test("the same URL from the same channel within the window opens once, refused as a duplicate")
    func duplicateIsRefused() throws {
        let opened = Shared<[String]>([])
        let router = try Self.router(window: 60, opened: opened)
        #expect(router.open("reader://book/1", source: .external).isHandled)
        let second = router.open("reader://book/1", source: .external)
        #expect(second == .refused(.duplicate(within: 60)))
        #expect("\(second)".contains("duplicate"))
        // Another channel, another URL: not duplicates.
        #expect(router.open("reader://book/1", source: .notification).isHandled)
        #expect(router.open("reader://book/2", source: .external).isHandled)
        #expect(opened.current == ["book 1 external", "book 1 notification", "book 2 external"])
    }

    @Test("off by default: a widget tapped twice opens twice")
    func offByDefault() throws {
        let opened = Shared<[String]>([])
        let router = try Self.router(window: 0, opened: opened)
        router.open("reader://book/1", source: .widget)
        router.open("reader://book/1", source: .widget)
        #expect(opened.current.count == 2)
        #expect(Router.Options().duplicateWindow == 0)
    }

    @Test("opens from the app, dry runs, nested opens and redirects are never deduplicated")
    func whatNeverCounts() throws {
        let opened = Shared<[String]>([])
        let router = try Self.router(window: 60, opened: opened)
        router.open("reader://book/1")
        router.open("reader://book/1")
        #expect(opened.current.count == 2)
        #expect(router.canOpen("reader://book/3", source: .external) && router.canOpen("reader://book/3", source: .external))
        #expect(router.open("reader://book/3", source: .external).isHandled)
        // The forwarding route opens its inner link twice, nested: both open.
        opened.withLock { $0.removeAll() }
        router.open("reader://forward/reader:%2F%2Fbook%2F5", source: .external)
        #expect(opened.current == ["book 5 external", "book 5 external"])
        // A redirect's target is not the URL delivered: the delivered URL counts, once.
        #expect(router.open("reader://old/6", source: .external).route != nil)
        #expect(router.open("reader://book/6", source: .external).isHandled)
        #expect(router.open("reader://old/6", source: .external) == .refused(.duplicate(within: 60)))
        // An object lookup is not an open.
        #expect(router.object(for: "reader://book/9", as: (any Sendable).self, source: .external) == nil)
        #expect(router.open("reader://book/9", source: .external).isHandled)
    }

    @Test("a held open is deduplicated when it arrives, and its replay is not")
    func heldOpens() throws {
        let opened = Shared<[String]>([])
        let router = try Self.router(window: 60, opened: opened)
        router.holdExternalOpens()
        guard case .held = router.open("reader://book/1", source: .external) else {
            Issue.record("not held")
            return
        }
        #expect(router.open("reader://book/1", source: .external) == .refused(.duplicate(within: 60)))
        let release = router.releaseHeldOpens()
        #expect(release.replayed.map(\.result.isHandled) == [true])
        #expect(opened.current == ["book 1 external"])
    }

    @Test("navigations from a channel count; a duplicate one is refused")
    func navigations() async throws {
        let opened = Shared<[String]>([])
        let router = try Self.router(window: 60, opened: opened)
        _ = try await router.navigate(to: "reader://book/4", source: .spotlight)
        await #expect(throws: NavigationError.self) { try await router.navigate(to: "reader://book/4", source: .spotlight) }
        #expect(await router.openAndWait("reader://book/4", source: .spotlight) == .refused(.duplicate(within: 60)))
    }

    @Test("after the window the same link opens again")
    func windowExpires() throws {
        let opened = Shared<[String]>([])
        let router = try Self.router(window: 0.05, opened: opened)
        router.open("reader://book/1", source: .external)
        Thread.sleep(forTimeInterval: 0.1)
        #expect(router.open("reader://book/1", source: .external).isHandled)
        #expect(opened.current.count == 2)
    }

    @Test("the observer is told of the refused duplicate")
    func observed() throws {
        let events = Shared<[String]>([])
        let router = try Self.router(window: 60, observer: { events.append($0.outcome.description) }, opened: Shared([]))
        router.open("reader://book/1?token=secret", source: .external)
        router.open("reader://book/1?token=secret", source: .external)
        #expect(events.current.last?.contains("duplicate") == true)
        #expect(events.current.allSatisfy { !$0.contains("secret") })
    }

    @Test("many threads, many links: each opens once, memory stays bounded")
    func concurrent() async throws {
        let opened = Shared<Int>(0)
        let router = try Router(options: .init(duplicateWindow: 60)) { routes in
            routes.action("reader://book/<int:id>", exposure: .external) { _ in opened.increment() }
        }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { for id in 0..<100 { router.open("reader://book/\(id)", source: .external) } }
            }
        }
        #expect(opened.current == 100)
        // Past the bound, the oldest links are forgotten and open again.
        for id in 100..<1_000 { router.open("reader://book/\(id)", source: .external) }
        #expect(router.open("reader://book/0", source: .external).isHandled)
        #expect(router.open("reader://book/999", source: .external) == .refused(.duplicate(within: 60)))
    }
}
