import URLRouter

/// The README's "Using the router" snippet, compiled and run by `ReadmeSnippetTests`.
/// - Returns: the lines the snippet prints.
func runRouterSnippet() throws -> [String] {
    // Collects what the snippet prints, so a test can compare it with the README's comments.
    var printed: [String] = []
    func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

    // snippet:begin router
    // A route as a value, declared in a tiny interface module (BookDetailInterface) that
    // the owner and its callers both import. Modules never import each other.
    struct BookRoute: TypedRoute {
        static let pattern = "reader://book/<int:id>"
        var id: Int
        var from: String?                               // not in the path: a query item
    }

    // A feature module declares its routes in one place.
    enum BookDetailModule: RouteModule {
        static func registerRoutes(in routes: inout RouteRegistrar) {
            routes.action(BookRoute.self, name: "book", exposure: .external) { book, request in
                request.reply("book \(book.id) from \(book.from ?? "?")")   // the caller's completion
            }
            routes.action("reader://book/<int:id>/notes") { request in   // internal: the default
                request.reply("notes of book \(request.parameters["id"]!)")
            }
        }
    }

    final class ProfileService: Sendable {
        func displayName(of id: Int) -> String { id == 7 ? "Ada" : "reader #\(id)" }
    }

    enum ProfileModule: RouteModule {
        // Declared in an interface module as `extension ServiceKey where Service == ...`.
        static var profiles: ServiceKey<ProfileService> { ServiceKey("profiles") }
        static func registerRoutes(in routes: inout RouteRegistrar) {
            routes.provide(profiles, lifetime: .shared) { _ in ProfileService() }   // built on first use
        }
    }

    // The app lists its modules once. The whole table is validated here: every invalid or
    // conflicting pattern, and every typed route whose type does not fit its pattern, is
    // reported with its module before any URL is opened.
    let router = try Router(modules: [BookDetailModule.self, ProfileModule.self]) { routes in
        routes.action("reader://**path", name: "fallback") { request in   // what no module handles
            request.reply("no screen for \(request.parameters["path"]!)")
        }
    }

    print(router.open(BookRoute(id: 42, from: "shelf")))
    // handled by reader://book/<int:id> (book) [BookDetailModule]
    print(router.open("reader://book/42/notes", source: .external))   // deep links arrive as strings
    // no route matches            (a deep link sees external routes only)
    print(router.open("reader://magazine/3"))
    // handled by reader://**path (fallback) [App]
    print(router.canOpen(BookRoute(id: 42), source: .external))              // true
    let service = try router.service(ProfileModule.profiles)                  // typed by its key
    print(service.displayName(of: 7))                                          // Ada
    print(try BookRoute(id: 7, from: "mail").url())                           // reader://book/7?from=mail
    print(try BookRoute(parsing: "reader://book/7?from=mail").id)             // 7
    // snippet:end router

    return printed
}
