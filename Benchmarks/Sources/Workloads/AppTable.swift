/// A table shaped like a real app's: 200 routes across 10 feature modules, written out by hand.
///
/// Each module owns one first path segment; a little under half of the routes take parameters, and
/// a few put a static route next to a parameter (`/profile/me` beside `/profile/:userID`), as apps do.
/// A parameter keeps its name wherever two routes share the prefix before it, which RoutingKit requires.
public enum AppTable {
    /// The modules and their routes, in registration order.
    public static let modules: [(name: String, routes: [String])] = [
        ("Profile", [
            "/profile/me", "/profile/me/edit", "/profile/me/avatar", "/profile/me/qr-code",
            "/profile/:userID", "/profile/:userID/posts", "/profile/:userID/posts/:postID",
            "/profile/:userID/followers", "/profile/:userID/following", "/profile/:userID/likes",
            "/profile/:userID/media", "/profile/:userID/badges", "/profile/:userID/badges/:badgeID",
            "/profile/:userID/report", "/profile/:userID/block", "/profile/:userID/mutual",
            "/profile/blocked", "/profile/privacy", "/profile/verification", "/profile/verification/:requestID",
        ]),
        ("Feed", [
            "/feed", "/feed/following", "/feed/trending", "/feed/latest", "/feed/saved", "/feed/drafts",
            "/feed/drafts/:draftID", "/feed/compose", "/feed/compose/poll", "/feed/post/:postID",
            "/feed/post/:postID/comments", "/feed/post/:postID/comments/:commentID", "/feed/post/:postID/likes",
            "/feed/post/:postID/share", "/feed/post/:postID/edit", "/feed/tag/:tag", "/feed/tag/:tag/top",
            "/feed/topic/:topicID", "/feed/lists", "/feed/lists/:listID",
        ]),
        ("Search", [
            "/search", "/search/recent", "/search/recent/clear", "/search/trending", "/search/users",
            "/search/posts", "/search/tags", "/search/places", "/search/places/:placeID",
            "/search/places/:placeID/photos", "/search/q/:query", "/search/q/:query/users",
            "/search/q/:query/posts", "/search/q/:query/tags", "/search/filters", "/search/filters/:filterID",
            "/search/saved", "/search/saved/:savedID", "/search/suggestions", "/search/voice",
        ]),
        ("Messages", [
            "/messages", "/messages/new", "/messages/requests", "/messages/archived", "/messages/settings",
            "/messages/thread/:threadID", "/messages/thread/:threadID/info", "/messages/thread/:threadID/media",
            "/messages/thread/:threadID/members", "/messages/thread/:threadID/members/add",
            "/messages/thread/:threadID/message/:messageID",
            "/messages/thread/:threadID/message/:messageID/reactions", "/messages/thread/:threadID/pinned",
            "/messages/thread/:threadID/search", "/messages/groups", "/messages/groups/new",
            "/messages/groups/:groupID", "/messages/groups/:groupID/invite", "/messages/calls",
            "/messages/calls/:callID",
        ]),
        ("Store", [
            "/store", "/store/categories", "/store/category/:categoryID", "/store/category/:categoryID/filters",
            "/store/product/featured", "/store/product/:productID", "/store/product/:productID/reviews",
            "/store/product/:productID/reviews/write", "/store/product/:productID/reviews/:reviewID",
            "/store/product/:productID/questions", "/store/product/:productID/variants/:variantID",
            "/store/product/:productID/seller", "/store/deals", "/store/deals/today", "/store/wishlist",
            "/store/wishlist/:wishlistID", "/store/brands/:brandID", "/store/recently-viewed", "/store/compare",
            "/store/gift-cards",
        ]),
        ("Checkout", [
            "/checkout", "/checkout/cart", "/checkout/cart/edit", "/checkout/shipping",
            "/checkout/shipping/address/new", "/checkout/shipping/address/:addressID",
            "/checkout/shipping/address/:addressID/edit", "/checkout/payment", "/checkout/payment/methods",
            "/checkout/payment/methods/new", "/checkout/payment/methods/:methodID", "/checkout/promo",
            "/checkout/promo/:code", "/checkout/review", "/checkout/confirmation/:orderID", "/checkout/orders",
            "/checkout/orders/:orderID", "/checkout/orders/:orderID/track", "/checkout/orders/:orderID/return",
            "/checkout/orders/:orderID/invoice",
        ]),
        ("Media", [
            "/media", "/media/camera", "/media/camera/video", "/media/gallery", "/media/gallery/albums",
            "/media/gallery/album/:albumID", "/media/gallery/album/:albumID/photo/:photoID",
            "/media/photo/:photoID", "/media/photo/:photoID/edit", "/media/photo/:photoID/filters",
            "/media/video/:videoID", "/media/video/:videoID/play", "/media/video/:videoID/trim", "/media/live",
            "/media/live/:streamID", "/media/live/:streamID/chat", "/media/music", "/media/music/:trackID",
            "/media/stickers", "/media/uploads",
        ]),
        ("Settings", [
            "/settings", "/settings/account", "/settings/account/email", "/settings/account/password",
            "/settings/account/delete", "/settings/notifications", "/settings/notifications/push",
            "/settings/notifications/email", "/settings/privacy", "/settings/privacy/blocked",
            "/settings/appearance", "/settings/appearance/theme/:themeID", "/settings/language",
            "/settings/language/:languageCode", "/settings/storage", "/settings/devices",
            "/settings/devices/:deviceID", "/settings/sessions/:sessionID", "/settings/about", "/settings/licenses",
        ]),
        ("Help", [
            "/help", "/help/faq", "/help/faq/:articleID", "/help/topics", "/help/topics/:topicID",
            "/help/topics/:topicID/articles", "/help/contact", "/help/contact/chat", "/help/contact/email",
            "/help/tickets", "/help/tickets/new", "/help/tickets/:ticketID", "/help/tickets/:ticketID/reply",
            "/help/status", "/help/feedback", "/help/terms", "/help/privacy-policy", "/help/community",
            "/help/community/thread/:threadID", "/help/tutorials/:tutorialID",
        ]),
        ("Events", [
            "/events", "/events/nearby", "/events/calendar", "/events/calendar/:date", "/events/new",
            "/events/mine", "/events/invitations", "/events/event/:eventID", "/events/event/:eventID/attendees",
            "/events/event/:eventID/tickets", "/events/event/:eventID/tickets/:ticketID",
            "/events/event/:eventID/map", "/events/event/:eventID/edit", "/events/event/:eventID/share",
            "/events/venue/:venueID", "/events/venue/:venueID/events", "/events/organizer/:organizerID",
            "/events/categories", "/events/categories/:categoryID", "/events/past",
        ]),
    ]

    /// Every route of every module, in registration order.
    public static var routes: [String] { modules.flatMap(\.routes) }

    /// Lookups of the static routes: the case a dictionary from URL to closure serves best.
    public static var staticLookups: Workload {
        let routes = routes
        let requests = RequestGeneration.requests(forPatterns: routes).filter { $0.parameters.isEmpty }
        return Workload(name: "app static", origin: "AppTable: its \(requests.count) static routes",
                        routes: routes, requests: RequestGeneration.shuffled(requests))
    }

    /// Lookups of the routes that take parameters, with concrete values.
    public static var parameterLookups: Workload {
        let routes = routes
        let requests = RequestGeneration.requests(forPatterns: routes).filter { !$0.parameters.isEmpty }
        return Workload(name: "app params", origin: "AppTable: its \(requests.count) routes with parameters",
                        routes: routes, requests: RequestGeneration.shuffled(requests))
    }

    /// URLs that match no route: an extra trailing segment, a misspelt module, a misspelt literal,
    /// a missing first segment; one per route, so misses probe every part of the table.
    public static var misses: Workload {
        let routes = routes
        let requests = RequestGeneration.requests(forPatterns: routes).enumerated().map { index, hit -> Request in
            let pattern = routes[index].split(separator: "/").map(String.init)
            var segments = hit.url.split(separator: "/").map(String.init)
            switch index % 4 {
            case 0: segments.append("x9")
            case 1: segments[0] = String(segments[0].dropLast())
            case 2: segments[pattern.lastIndex { !$0.hasPrefix(":") }!] += "z"
            default: segments.removeFirst()
            }
            // An extra segment can land on a longer route's parameter: add more until nothing matches.
            while segments.isEmpty || routes.contains(where: { ReferenceMatcher.matches($0, segments) }) {
                segments.append("x9")
            }
            return Request(url: "/" + segments.joined(separator: "/"), expectedRoute: nil, parameters: hit.parameters)
        }
        return Workload(name: "app misses", origin: "AppTable: \(requests.count) URLs that match no route",
                        routes: routes, requests: RequestGeneration.shuffled(requests))
    }
}
