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
    }
}
