import URLRouter

/// The page of one book.
public enum BookDetailModule: RouteModule {
    public static let moduleName = "BookDetail"

    public static func registerRoutes(in routes: inout RouteRegistrar) {
        // External: deep links and other apps may open a book.
        routes.action("reader://book/<int:id>", name: "book", exposure: .external) { request in
            let id = try request.require("id", as: Int.self)
            // An unknown book is not this module's to handle: the next match (the app's
            // fallback) gets the URL.
            guard let title = Catalog.titles[id] else { throw Decline() }
            let origin = request.query["from"].map { " (opened from \($0))" } ?? ""
            request.complete("shows \"\(title)\"\(origin)")
        }
        // The book's screen, as an object: built on the main actor and not `Sendable`, like
        // a UIViewController; the caller pushes it (MGJRouter's toObjectHandler:).
        routes.mainActorObject("reader://book/<int:id>/screen", name: "book-screen", exposure: .external) { request in
            let id = try request.require("id", as: Int.self)
            guard let title = Catalog.titles[id] else { throw Decline() }
            return BookScreen(title: title)
        }
        // `<int:id>` wins over `:slug` for digits, whatever the registration order.
        routes.action("reader://book/:slug", name: "book-by-slug") { request in
            let slug = try request.require("slug")
            guard let id = Catalog.id(forSlug: slug) else { throw Decline() }
            request.complete("shows \"\(Catalog.titles[id]!)\" (found by slug)")
        }
    }
}

/// Stands in for a view controller: main-actor UI state, not `Sendable`.
@MainActor
final class BookScreen: CustomStringConvertible {
    let title: String
    var isPresented = false

    init(title: String) {
        self.title = title
    }

    nonisolated var description: String { "a book screen" }
}

/// The books this example knows.
enum Catalog {
    static let titles: [Int: String] = [
        7: "The Hobbit",
        42: "The Hitchhiker's Guide to the Galaxy",
        1984: "Nineteen Eighty-Four",
    ]

    static func id(forSlug slug: String) -> Int? {
        titles.first { slugify($0.value) == slug }?.key
    }

    private static func slugify(_ title: String) -> String {
        String(title.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }
}
