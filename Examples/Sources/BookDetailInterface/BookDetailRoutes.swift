import BookshelfInterface
import URLRouter

// What BookDetail offers other modules: its routes as values, and what its screen is to a
// caller. Callers import this module, never BookDetail itself.

/// A book's page, `reader://book/42?from=shelf`. External: deep links may open it.
public struct BookRoute: TypedRoute {
    public static let pattern = "reader://book/<int:id>"

    /// The book: `<int:id>` in the pattern, so only digits match.
    public var id: Int
    /// Where the reader came from ("shelf", "newsletter"): a query item, left out when `nil`.
    public var from: String?

    /// The page of book `id`, opened from `from`.
    public init(id: Int, from: String? = nil) {
        self.id = id
        self.from = from
    }

    /// A link to a book leaves the shelf behind it.
    public var parent: (any TypedRoute)? { ShelfRoute() }
}

/// A book's screen as an object, `reader://book/42/screen`: the caller pushes it. Ask for
/// it on the main actor with `router.object(for: BookScreenRoute(id: 42), as: (any BookPage).self)`.
public struct BookScreenRoute: TypedRoute {
    public static let pattern = "reader://book/<int:id>/screen"

    /// The book.
    public var id: Int

    /// The screen of book `id`.
    public init(id: Int) {
        self.id = id
    }

    /// The screen sits on the book's page.
    public var parent: (any TypedRoute)? { BookRoute(id: id) }
}

/// A book found by its slug, `reader://book/the-hobbit`. Internal: for links inside the app.
/// `BookRoute`'s `<int:id>` wins over `:slug` for digits, whatever the registration order.
public struct BookSlugRoute: TypedRoute {
    public static let pattern = "reader://book/:slug"

    /// The title in lower case, words joined by `-`. A path segment, so it cannot be empty.
    public var slug: String

    /// The book whose slug is `slug`.
    public init(slug: String) {
        self.slug = slug
    }
}

/// What the object at `BookScreenRoute` is to a caller, which cannot name BookDetail's class:
/// a screen, main-actor UI state like a `UIViewController`.
@MainActor
public protocol BookPage: AnyObject {
    /// The title the page shows.
    var title: String { get }
}

/// Readers' notes on books, which BookDetail provides: `try router.service(.reviews)`.
public protocol ReviewService: Sendable {
    /// A line about book `id` by reader `reader`.
    func review(of id: Int, by reader: Int) -> String
}

extension ServiceKey where Service == any ReviewService {
    /// BookDetail's reviews.
    public static let reviews = ServiceKey("reviews")
}

/// Sharing a book, `reader://book/42/share`: a sheet above the book's page. Internal.
public struct BookShareRoute: TypedRoute {
    public static let pattern = "reader://book/<int:id>/share"
    /// A sheet: a plan to it keeps the book's page below, and dismisses it for a link under it.
    public static var presentation: Presentation { .sheet }

    /// The book.
    public var id: Int

    /// The share sheet of book `id`.
    public init(id: Int) {
        self.id = id
    }

    /// The sheet is presented over the book's page.
    public var parent: (any TypedRoute)? { BookRoute(id: id) }
}

/// Reading a book, `reader://book/42/read`: full screen, above the book's page. Internal.
public struct BookReaderRoute: TypedRoute {
    public static let pattern = "reader://book/<int:id>/read"
    /// Full screen: the reader covers the tab bar.
    public static var presentation: Presentation { .fullScreen }

    /// The book.
    public var id: Int

    /// The reader of book `id`.
    public init(id: Int) {
        self.id = id
    }

    /// The reader is presented over the book's page.
    public var parent: (any TypedRoute)? { BookRoute(id: id) }
}
