import BookDetailInterface
import BookshelfInterface
import Foundation
import URLRouter
import UserProfileInterface

// SwiftUI-ready without SwiftUI: what a SwiftUI app does with the same typed routes, in
// plain types that compile on Linux. A `NavigationStack(path: $navigation.path)` shows one
// screen per value (`navigationDestination(for: Destination.self)`); here the path is an
// array the demo prints.

/// A screen on the navigation stack. Route values are `Hashable` and `Codable`, so an enum
/// of them is too: what `NavigationStack(path:)` and its saved state need.
enum Destination: Hashable, Codable, Sendable, CustomStringConvertible {
    case book(BookRoute)
    case user(UserRoute)
    case search(SearchRoute)

    var description: String {
        switch self {
        case .book(let book): "book \(book.id)" + (book.from.map { " from \($0)" } ?? "")
        case .user(let user): "user \(user.id)"
        case .search(let search):
            "search \"\(search.query)\"" + (search.languages.isEmpty ? "" : " in " + search.languages.joined(separator: ", "))
        }
    }
}

/// Stands in for the app's observable navigation state: the path, on the main actor.
@MainActor
final class NavigationModel {
    var path: [Destination] = []
}

/// A router shaped like a SwiftUI app's: the interfaces' routes, whose handlers append the
/// decoded value to the path instead of presenting a screen. In an app these would be the
/// feature modules' handlers, appending to a navigation model they are given.
@MainActor
func makeNavigationRouter(for navigation: NavigationModel) throws(RegistrationError) -> Router {
    try Router { routes in
        routes.mainActorAction(BookRoute.self, exposure: .external) { book, _ in navigation.path.append(.book(book)) }
        routes.mainActorAction(UserRoute.self, exposure: .external) { user, _ in navigation.path.append(.user(user)) }
        routes.mainActorAction(SearchRoute.self, exposure: .external) { search, _ in navigation.path.append(.search(search)) }
        // The shelf, a book's parent (the root of its stack): registered, so that plans can reach it.
        routes.mainActorAction(ShelfRoute.self) { _, _ in navigation.path.removeAll() }
    }
}

/// Deep links, as strings from outside, become typed values on the path; a link that does
/// not decode pushes nothing; the path survives a JSON round trip, as state restoration
/// stores it (`NavigationPath.CodableRepresentation` holds each value's JSON).
@MainActor
func showNavigationPath(_ demo: inout Demo) {
    let navigation = NavigationModel()
    let stack: Router
    do {
        stack = try makeNavigationRouter(for: navigation)
    } catch {
        demo.report("path", "makeNavigationRouter", "\(error)", expect: .value("a router"))
        return
    }
    // The handlers run on the main actor, which this script is on: each open pushes at once.
    demo.open("path", "reader://book/42?from=mail", from: .external, on: stack, expect: .handled(by: "reader://book/<int:id>"))
    demo.open("path", "reader://search/war%20%26%20peace?languages=en", from: .external, on: stack,
              expect: .handled(by: "reader://search/:query"))
    demo.open("path", "reader://user/me", from: .external, on: stack,
              expect: .failed("UserRoute: 'id' = 'me' is not a valid Int"))
    demo.open("path", "reader://user/7", from: .external, on: stack, expect: .handled(by: "reader://user/:id"))

    let expected: [Destination] = [
        .book(BookRoute(id: 42, from: "mail")),
        .search(SearchRoute(query: "war & peace", languages: ["en"])),
        .user(UserRoute(id: 7)),
    ]
    demo.report("path", "navigation.path", "\(navigation.path)", ok: navigation.path == expected)

    // What state restoration stores and reads back.
    do {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let saved = try encoder.encode(navigation.path)
        let restored = try JSONDecoder().decode([Destination].self, from: saved)
        demo.report("restore", "navigation.path as \(saved.count) bytes of JSON",
                    "\(restored.count) values, equal to the path: \(restored == navigation.path)",
                    expect: .value("3 values, equal to the path: true"))
        print("    " + String(decoding: saved, as: UTF8.self))
    } catch {
        demo.report("restore", "navigation.path as JSON", "\(error)", expect: .value("restored"))
    }
}
