import Foundation
import Testing
import URLRouter
import URLRouterTesting

@Suite("RecordingRouter")
struct RecordingRouterTests {
    @Test("records each open's URL, source and user info keys, in order, and runs the handlers")
    func records() throws {
        let ran = LockedCount()
        let recording = try RecordingRouter(modules: [BookDetailModule.self]) { routes in
            routes.action("reader://checkout", exposure: .external) { request in
                ran.increment()
                request.router?.open("reader://payment/7", userInfo: ["amount": 3])
            }
        }
        #expect(recording.router.open("reader://checkout", userInfo: ["cart": 1, "coupon": "x"], source: .external)
                .isHandled)
        #expect(recording.router.open("reader://book/42").isHandled)
        #expect(ran.value == 1)
        #expect(recording.opened == [
            RecordedOpen(url: "reader://checkout", source: .external, userInfoKeys: ["cart", "coupon"]),
            RecordedOpen(url: "reader://payment/7", source: .external, userInfoKeys: ["amount"]),
            RecordedOpen(url: "reader://book/42"),
        ])
        recording.removeAllOpened()
        #expect(recording.opened.isEmpty)
    }

    @Test("an open of a URL the test did not register succeeds, with or without a scheme")
    func catchAll() throws {
        let recording = try RecordingRouter()
        #expect(recording.router.open("other://module/1", source: .external).isHandled)
        #expect(recording.router.open("settings/profile").isHandled)
        #expect(recording.opened.map(\.description) == ["'other://module/1' from external", "'settings/profile' from app"])
    }

    @Test("service overrides reach the module under test")
    func overrides() throws {
        struct FakeCatalog: Catalog {}
        let recording = try RecordingRouter(modules: [BookDetailModule.self]) { routes in
            routes.override(.catalog) { _ in FakeCatalog() as any Catalog }
        }
        #expect(try recording.router.service(.catalog) is FakeCatalog)
    }

    @Test("a service the module under test only requires is provided by the test, not overridden")
    func providesWhatTheModuleRequires() throws {
        enum ShelfModule: RouteModule {
            static func registerRoutes(in routes: inout RouteRegistrar) {
                routes.require(.catalog)   // BookDetailModule provides it; the test leaves it out
            }
        }
        struct FakeCatalog: Catalog {}
        let refused = #expect(throws: RegistrationError.self) {
            try RecordingRouter(modules: [ShelfModule.self]) { routes in
                routes.override(.catalog) { _ in FakeCatalog() as any Catalog }
            }
        }
        #expect(refused?.problems.first { $0.module == "App" }?.description.hasSuffix("`provide` the service instead") == true,
                "\(String(describing: refused))")
        let recording = try RecordingRouter(modules: [ShelfModule.self]) { routes in
            routes.provide(.catalog) { _ in FakeCatalog() as any Catalog }
        }
        #expect(try recording.router.service(.catalog) is FakeCatalog)
    }

    @Test("opens from many threads are all recorded")
    func concurrent() async throws {
        let recording = try RecordingRouter()
        await withTaskGroup(of: Void.self) { group in
            for i in 0..<200 { group.addTask { recording.router.open("reader://item/\(i)") } }
        }
        #expect(Set(recording.opened.map(\.url)) == Set((0..<200).map { "reader://item/\($0)" }))
    }
}

private final class LockedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
