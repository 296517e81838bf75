import BookDetailInterface
import BookshelfInterface
import Bookshelf
import Foundation
import ReaderApp
import Testing
import URLRouter
import URLRouterTesting

/// The app's routes checked as an app team checks them, with URLRouterTesting.
@Suite("The reader app's routes")
struct ReaderAppTests {
    /// The fixtures beside this file.
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").path
    }

    @Test("the route map matches the checked-in golden file (URLROUTER_RECORD=1 re-records it)")
    func goldenRouteMap() throws {
        try assertRouteMap(try ReaderApp.makeRouter(), matches: Self.fixture("routes.json"))
    }

    @Test("nothing the last release offered is gone: external routes, typed routes, services, universal links")
    func noBreakingChanges() throws {
        try assertNoBreakingChanges(try ReaderApp.makeRouter(), since: Self.fixture("routes-previous-release.json"))
    }

    @Test("deep links reach the screens they name, and no further")
    func deepLinks() throws {
        let router = try ReaderApp.makeRouter()
        try assertOpens(router, "https://reader.example.com/book/42", reaches: "book", source: .external)
        try assertOpens(router, BookRoute(id: 7), reaches: "book", source: .external)
        #expect(throws: RouteCheckFailure.self) {
            try assertOpens(router, "reader://user/7/settings", reaches: "user-settings", source: .external)
        }
        try assertAssociationFile(router, path: Self.fixture("../../../apple-app-site-association"), host: "reader.example.com",
                                  appIDs: ["ABCDE12345.com.example.reader"])
    }

    @Test("every route type the interfaces offer is registered")
    func offeredTypes() throws {
        try assertRegistered(try ReaderApp.makeRouter(), offered: [BookRoute.self, BookScreenRoute.self, ShelfRoute.self,
                                                                   SearchRoute.self, ContinueReadingRoute.self])
    }

    @Test("the shelf forwards 'continue reading' to BookDetail's route, with the open's source: recorded, not run")
    func recordingRouter() throws {
        let recording = try RecordingRouter(modules: [BookshelfModule.self])
        recording.router.open("reader://shelf/continue", source: .external)
        #expect(recording.opened.map(\.url) == ["reader://shelf/continue", "reader://book/1984?from=continue"])
        #expect(recording.opened.map(\.source) == [.external, .external])
    }
}
