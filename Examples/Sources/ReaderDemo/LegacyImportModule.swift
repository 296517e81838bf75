import URLRouter

/// A module added after start-up (a plug-in, say) that gets its routes wrong. The router
/// reports every problem at once, each with its pattern, column and module, and stays as
/// it was.
enum LegacyImportModule: RouteModule {
    static let moduleName = "LegacyImport"

    static func registerRoutes(in routes: inout RouteRegistrar) {
        // The same shape as BookDetail's `reader://book/<int:id>`: one of them could never match.
        routes.action("reader://book/<int:bookID>") { _ in }
        // `**` takes the rest of the path, so nothing can follow it.
        routes.action("reader://import/**file/preview") { _ in }
        // Route names are unique: Bookshelf already calls its route "shelf".
        routes.action("reader://import/shelf", name: "shelf") { _ in }
        // A typed route is checked against its pattern when it is registered, not when a URL
        // first fails to decode.
        routes.action(ImportRoute.self) { _, _ in }
    }
}

/// An import by ISBN whose type does not fit its pattern: a path parameter is always there,
/// so its property cannot be optional.
struct ImportRoute: TypedRoute {
    static let pattern = "reader://import/isbn/:isbn"
    var isbn: String?
}
