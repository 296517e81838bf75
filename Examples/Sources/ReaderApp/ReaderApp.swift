import BookDetail
import Bookshelf
import URLRouter
import UserProfile

/// The app: it lists its feature modules once and builds the router at start-up. The only
/// target that imports feature modules, and only to list them: everything else reaches a
/// module through its interface.
public enum ReaderApp {
    /// Every feature module. The only place that knows them all.
    public static var modules: [any RouteModule.Type] {
        [BookshelfModule.self, BookDetailModule.self, UserProfileModule.self]
    }

    /// How the app's links arrive: its custom scheme, and the universal links of its domain
    /// (the `applinks:` entitlement). Patterns are written once, in the custom-scheme form.
    public static let origins: [Origin] = [
        .scheme("reader"),
        .universalLink(host: "reader.example.com", aliases: ["www.reader.example.com"]),
    ]

    /// Builds the app's router: the modules' routes, plus the app's own fallback.
    /// - Parameter unmatched: told about URLs that nothing matches, deep links included.
    /// - Throws: ``RegistrationError`` listing every problem in the modules' routes.
    /// - Parameter navigator: the app's navigation, handed the plans of `router.navigate(to:)`.
    /// - Parameter placement: where a navigation's screens land, by source and cold start;
    ///   by default, replace at a cold start and keep the common prefix when warm.
    public static func makeRouter(
        navigator: (any Navigator)? = nil,
        unmatched: @escaping @Sendable (UnmatchedRequest) -> Void = { _ in },
        placement: @escaping @Sendable (OpenSource, _ coldStart: Bool) -> Placement = { _, cold in
            cold ? .replace : .keepCommonPrefix
        }
    ) throws(RegistrationError) -> Router {
        let options = Router.Options(unmatched: UnmatchedHandler(exposure: .external, unmatched), origins: origins,
                                     navigator: navigator, placement: placement)
        return try Router(modules: modules, options: options) { routes in
            // Any `reader://` URL the app itself opens and no module handles (CTMediator's
            // `notFound:`). Internal, so a deep link with a typo is not quietly accepted.
            routes.action("reader://**path", name: "fallback") { request in
                request.reply("no screen for \"\(request.parameters["path"]!)\": shows the shelf instead")
            }
        }
    }
}
