import URLRouter

/// The bookshelf: the books the reader owns, and search.
///
/// It knows books only by their URLs (`reader://book/42`): it never imports BookDetail.
public enum BookshelfModule: RouteModule {
    public static let moduleName = "Bookshelf"

    /// The books on the shelf, as the URLs that open them.
    static let bookURLs = ["reader://book/42", "reader://book/7", "reader://book/1984"]

    public static func registerRoutes(in routes: inout RouteRegistrar) {
        routes.action("reader://shelf", name: "shelf", exposure: .external) { request in
            request.complete("shows \(bookURLs.count) books: \(bookURLs.joined(separator: ", "))")
        }
        routes.action("reader://search/:query", name: "search", exposure: .external) { request in
            let query = try request.require("query")
            request.complete("searches the shelf for \"\(query)\"")
        }
        // A picker: it shows the shelves, keeps the request, and replies with the shelf the
        // reader taps (the caller awaits `open(_:expecting:)`). Closing the picker without a
        // choice drops the request, which tells the caller at once that no value came.
        routes.mainActorAction("reader://shelf/pick") { request in
            let picker = ShelfPicker(shelves: ["Favourites", "To read", "Finished"]) { choice in
                request.reply(choice)
            }
            if request.query["cancel"] == nil {
                picker.simulateTap(on: 1)
            }
        }
    }
}

/// Stands in for a picker screen: UI state on the main actor, not `Sendable`.
@MainActor
final class ShelfPicker {
    let shelves: [String]
    private let onChoice: (String) -> Void

    init(shelves: [String], onChoice: @escaping (String) -> Void) {
        self.shelves = shelves
        self.onChoice = onChoice
    }

    /// What a tap does, a moment after the picker appears (as a reader would).
    func simulateTap(on index: Int) {
        let choice = shelves[index]
        Task { @MainActor [onChoice] in
            try? await Task.sleep(nanoseconds: 10_000_000)
            onChoice(choice)
        }
    }
}
