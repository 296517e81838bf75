import BookDetailInterface
import BookshelfInterface
import URLRouter

/// The bookshelf: the books the reader owns, and search.
///
/// It knows books only as `BookRoute` values from `BookDetailInterface`: it never imports
/// BookDetail.
public enum BookshelfModule: RouteModule {
    public static let moduleName = "Bookshelf"

    /// One book on the shelf: what its spine shows, and the value that opens its page.
    struct Entry: Sendable {
        let title: String
        let author: String
        let book: BookRoute
    }

    /// The books on the shelf, in the order they were added.
    static let entries = [
        Entry(title: "The Hitchhiker's Guide to the Galaxy", author: "Adams", book: BookRoute(id: 42)),
        Entry(title: "The Hobbit", author: "Tolkien", book: BookRoute(id: 7)),
        Entry(title: "Nineteen Eighty-Four", author: "Orwell", book: BookRoute(id: 1984)),
    ]

    /// The book the reader had open last.
    static let lastRead = BookRoute(id: 1984, from: "continue")

    public static func registerRoutes(in routes: inout RouteRegistrar) {
        routes.action(ShelfRoute.self, name: "shelf", exposure: .external) { shelf, request in
            let sorted = entries.sorted { shelf.sort == .author ? $0.author < $1.author : $0.title < $1.title }
            let urls = sorted.compactMap { try? $0.book.url() }
            request.reply("shows \(urls.count) books by \(shelf.sort): \(urls.joined(separator: ", "))")
        }
        // The second tab, and what it stacks up.
        routes.action(DiscoverRoute.self, name: "discover") { _, request in request.reply("shows the discover tab") }
        routes.action(DiscoverPickRoute.self, name: "discover-pick") { pick, request in request.reply("shows pick \(pick.n)") }
        routes.action(SearchRoute.self, name: "search", exposure: .external) { search, request in
            let languages = search.languages.isEmpty ? "" : " in \(search.languages.joined(separator: ", "))"
            request.reply("searches the shelf for \"\(search.query)\"\(languages)")
        }
        routes.action(CollectionRoute.self, name: "collection", exposure: .external) { collection, request in
            request.reply("shows the collection " + collection.path.split(separator: "/").joined(separator: " › "))
        }
        // Forwarded to BookDetail as part of this open: same source, and its reply is ours.
        routes.action(ContinueReadingRoute.self, name: "continue", exposure: .external) { _, request in
            request.open(lastRead, completion: request.reply)
        }
        // A picker: it shows the shelves, keeps the request, and replies with the shelf the
        // reader taps (the caller awaits `open(_:expecting:)`). Closing the picker without a
        // choice drops the request, which tells the caller at once that no value came.
        routes.mainActorAction(ShelfPickerRoute.self) { picker, request in
            let screen = ShelfPicker(shelves: ["Favourites", "To read", "Finished"]) { choice in
                request.reply(choice)
            }
            if picker.cancel != true {
                screen.simulateTap(on: 1)
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
