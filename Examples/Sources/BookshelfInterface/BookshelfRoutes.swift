import URLRouter

// What Bookshelf offers other modules: its routes as values. Callers import this module,
// never Bookshelf itself.

/// The shelf: the books the reader owns, `reader://shelf?sort=author`.
/// The shelf is a tab: the root of the stack a link to a book builds (`RootRoute`).
public struct ShelfRoute: TypedRoute, RootRoute {
    public static let pattern = "reader://shelf"
    /// A synthesised `Decodable` ignores the default written in `init`, so an absent `sort`
    /// needs its text here: `reader://shelf` reads as `reader://shelf?sort=title`.
    public static var queryDefaults: [String: String] { ["sort": ShelfOrder.title.rawValue] }

    /// The order the shelf lists its books in.
    public var sort: ShelfOrder

    /// The shelf, in the order `sort`.
    public init(sort: ShelfOrder = .title) {
        self.sort = sort
    }
}

/// The orders the shelf can list its books in; a query item's text is the raw value.
public enum ShelfOrder: String, Codable, Sendable, CaseIterable {
    case title, author
}

/// A search of the shelf, `reader://search/war%20&%20peace?languages=en&languages=fr`.
public struct SearchRoute: TypedRoute {
    public static let pattern = "reader://search/:query"

    /// What the reader typed: the path segment, so it cannot be empty.
    public var query: String
    /// Only books in these languages, one `languages` query item each; empty for all books.
    /// A plain array rather than an optional one: an optional array holding no element would
    /// read back as `nil`.
    public var languages: [String]

    /// A search for `query`, in `languages` (all when empty).
    public init(query: String, languages: [String] = []) {
        self.query = query
        self.languages = languages
    }
}

/// A collection of the shelf, `reader://collection/fiction/science%20fiction`: the `**path`
/// catch-all takes the rest of the path, so the value may hold `/` (a folder in a folder).
public struct CollectionRoute: TypedRoute {
    public static let pattern = "reader://collection/**path"

    /// The folders from the top, joined by `/`; neither empty nor starting with `/`.
    public var path: String

    /// The collection at `path`.
    public init(path: String) {
        self.path = path
    }
}

/// The shelf picker. It replies with the name of the shelf the reader taps, so a caller
/// awaits `router.open(ShelfPickerRoute(), expecting: String.self)`; closing the picker
/// replies nothing.
public struct ShelfPickerRoute: TypedRoute {
    public static let pattern = "reader://shelf/pick"

    /// Makes the picker close without a choice, as a tap on Cancel would: the script has no
    /// reader to tap.
    public var cancel: Bool?

    /// The picker; `cancel: true` closes it without a choice.
    public init(cancel: Bool? = nil) {
        self.cancel = cancel
    }
}

/// Reopens the book the reader was last reading. The shelf forwards it to BookDetail's
/// `BookRoute`, which it knows through `BookDetailInterface` only.
public struct ContinueReadingRoute: TypedRoute {
    public static let pattern = "reader://shelf/continue"

    /// The route has no values: its URL is the pattern.
    public init() {}
}

/// The discover tab, `reader://discover`: the app's second tab, beside the shelf. Internal.
public struct DiscoverRoute: TypedRoute, RootRoute {
    public static let pattern = "reader://discover"

    /// The route has no values: its URL is the pattern.
    public init() {}
}

/// A pick of the discover tab, `reader://discover/pick/3`, pushed on the picks before it. Internal.
public struct DiscoverPickRoute: TypedRoute {
    public static let pattern = "reader://discover/pick/<int:n>"

    /// The pick's number.
    public var n: Int

    /// Pick number `n`.
    public init(n: Int) {
        self.n = n
    }

    /// A pick sits in the discover tab.
    public var parent: (any TypedRoute)? { DiscoverRoute() }
}
