import BookDetailInterface
import URLRouter
import UserProfileInterface

/// The page of one book. Its routes are declared in `BookDetailInterface`, which callers
/// import instead of this module.
public enum BookDetailModule: RouteModule {
    public static let moduleName = "BookDetail"

    public static func registerRoutes(in routes: inout RouteRegistrar) {
        // A service built from another module's: the profiles are passed in (constructor
        // injection), and the router checks at start-up that some module provides them.
        routes.require(.profiles)
        routes.provide(.reviews, lifetime: .shared) { services in ReviewDesk(profiles: try services.get(.profiles)) }
        // External: deep links and other apps may open a book. A deep link arrives as a
        // string and reaches this handler decoded, exactly like a typed open.
        routes.action(BookRoute.self, name: "book", exposure: .external) { book, request in
            // An unknown book is not this module's to handle: the next match (the app's
            // fallback) gets the URL.
            guard let title = Catalog.titles[book.id] else { throw Decline() }
            let origin = book.from.map { " (opened from \($0))" } ?? ""
            request.reply("shows \"\(title)\"\(origin)")
        }
        // The book's screen, as an object: built on the main actor and not `Sendable`, like
        // a UIViewController; the caller pushes it (MGJRouter's toObjectHandler:).
        routes.mainActorObject(BookScreenRoute.self, name: "book-screen", exposure: .external) { screen, _ in
            guard let title = Catalog.titles[screen.id] else { throw Decline() }
            return BookScreen(title: title)
        }
        // A sheet and a full-screen reader: shown by the navigator from a plan's layers.
        routes.action(BookShareRoute.self, name: "book-share") { share, request in
            request.reply("shares book \(share.id)")
        }
        routes.action(BookReaderRoute.self, name: "book-reader") { reader, request in
            request.reply("reads book \(reader.id)")
        }
        routes.action(BookSlugRoute.self, name: "book-by-slug") { book, request in
            guard let id = Catalog.id(forSlug: book.slug), let title = Catalog.titles[id] else { throw Decline() }
            request.reply("shows \"\(title)\" (found by slug)")
        }
    }
}

/// Stands in for a view controller: main-actor UI state, not `Sendable`. Callers see it as
/// a `BookPage`.
@MainActor
final class BookScreen: BookPage {
    let title: String

    init(title: String) {
        self.title = title
    }
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

/// The `ReviewService` this module provides: it is given the profiles it needs, and never
/// looks them up itself.
struct ReviewDesk: ReviewService {
    let profiles: any ProfileService

    func review(of id: Int, by reader: Int) -> String {
        "\(profiles.displayName(of: reader)) liked \"\(Catalog.titles[id] ?? "book \(id)")\""
    }
}
