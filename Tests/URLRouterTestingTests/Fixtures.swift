import Foundation
import URLRouter
import URLRouterTesting

// An app's routes as two releases see them: the checks compare one with the other.

struct BookRoute: TypedRoute {
    static let pattern = "reader://book/<int:id>"
    var id: Int
}

struct ReviewsRoute: TypedRoute {
    static let pattern = "reader://reviews/<int:book>"
    var book: Int
}

struct UnregisteredRoute: TypedRoute {
    static let pattern = "reader://nowhere"
}

protocol Catalog: Sendable {}
struct LiveCatalog: Catalog {}

extension ServiceKey where Service == any Catalog {
    static let catalog = ServiceKey("catalog")
}

enum BookDetailModule: RouteModule {
    static func registerRoutes(in routes: inout RouteRegistrar) {
        routes.action(BookRoute.self, name: "book", exposure: .external) { _, _ in }
        routes.action(ReviewsRoute.self, name: "reviews") { _, _ in }
        routes.action("reader://shelf", name: "shelf", exposure: .external) { _ in }
        routes.provide(.catalog) { _ in LiveCatalog() as any Catalog }
    }
}

let origins: [Origin] = [.scheme("reader"), .universalLink(host: "reader.example.com")]

/// The app as released, the router the gate's baseline map comes from, or a later version
/// of it: the routes named in `omitting` left out, `changes` declared, without the catalog
/// service when `catalog` is false.
func releasedRouter(deprecatedShelf: Bool = false, omitting: Set<String> = [], origins: [Origin] = origins,
                    catalog: Bool = true, changes: (inout RouteRegistrar) -> Void = { _ in }) throws -> Router {
    try Router(options: .init(origins: origins)) { routes in
        if !omitting.contains("book") { routes.action(BookRoute.self, name: "book", exposure: .external) { _, _ in } }
        if !omitting.contains("reviews") { routes.action(ReviewsRoute.self, name: "reviews") { _, _ in } }
        if !omitting.contains("shelf") {
            routes.action("reader://shelf", name: "shelf", exposure: .external,
                          deprecated: deprecatedShelf ? "use reader://library" : nil) { _ in }
        }
        if !omitting.contains("author") { routes.action("reader://author/:id", name: "author", exposure: .external) { _ in } }
        if catalog { routes.provide(.catalog) { _ in LiveCatalog() as any Catalog } }
        changes(&routes)
    }
}

/// A temporary folder for files the checks read and write, removed when the test ends.
struct TemporaryFolder: ~Copyable {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "URLRouterTestingTests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String, _ text: String? = nil) throws -> String {
        let file = path + "/" + name
        if let text { try Data(text.utf8).write(to: URL(fileURLWithPath: file)) }
        return file
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// The failure `body` throws, or `nil`.
func failure(_ body: () throws -> Void) -> RouteCheckFailure? {
    do { try body() } catch let failure as RouteCheckFailure { return failure } catch { return nil }
    return nil
}
