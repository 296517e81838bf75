import Foundation
import URLRouter

/// Profiles and settings of the app's readers.
public enum UserProfileModule: RouteModule {
    public static let moduleName = "UserProfile"

    public static func registerRoutes(in routes: inout RouteRegistrar) {
        // CTMediator's cached target: created on first use, kept until the router
        // releases it (`router.releaseCachedTargets(of: UserProfileModule.self)`).
        let profiles = routes.target { ProfileService() }

        routes.action("reader://user/<int:id>", name: "user", exposure: .external) { request in
            let id = try request.require("id", as: Int.self)
            request.complete("shows the profile of \(profiles.instance.displayName(of: id))")
        }
        // Internal (the default): a deep link never reaches a reader's settings.
        routes.action("reader://user/<int:id>/settings", name: "user-settings") { request in
            let id = try request.require("id", as: Int.self)
            request.complete("shows the settings of \(profiles.instance.displayName(of: id))")
        }
        // Other modules ask for the service by URL instead of importing this module.
        routes.object("reader://service/profile", name: "profile-service") { _ in profiles.instance }

        registerLoginGate(in: &routes)
    }

    /// The login gate: every `reader://account/...` URL opened while logged out shows the
    /// login screen instead, and logging in reopens it with its original source and user info.
    static func registerLoginGate(in routes: inout RouteRegistrar) {
        let session = Session()
        routes.intercept("reader://account/**", name: "login") { _ in
            session.reader == nil ? .redirect(to: "reader://login") : .proceed
        }
        // External: a deep link to a gated page shows the login screen too.
        routes.action("reader://login", name: "login", exposure: .external) { request in
            session.park(request.redirectedFrom)
            request.complete("shows the login screen" + (request.redirectedFrom.map { " for '\($0.url)'" } ?? ""))
        }
        // What the login screen opens when the reader signs in (internal: no deep link logs in).
        routes.action("reader://login/done/:reader") { request in
            let origin = session.logIn(as: try request.require("reader"))
            let reopened = origin?.reopen(with: request.router) { reply in request.complete(reply) }
            if reopened == nil { request.complete("logged in; nothing to reopen") }
        }
        routes.action("reader://account/orders", name: "orders", exposure: .external) { request in
            let tab = request.userInfo["tab"] as? String ?? "all"
            request.complete("shows the orders of \(session.reader ?? "nobody") (\(tab), opened from \(request.source))")
        }
    }
}

/// Who is logged in, and the URL the login screen reopens once someone is.
final class Session: @unchecked Sendable {   // every stored property is behind `lock`
    private let lock = NSLock()
    private var loggedIn: String?
    private var waiting: RedirectOrigin?

    var reader: String? {
        lock.lock()
        defer { lock.unlock() }
        return loggedIn
    }

    func park(_ origin: RedirectOrigin?) {
        lock.lock()
        waiting = origin
        lock.unlock()
    }

    /// Logs `reader` in; returns the parked open, once.
    func logIn(as reader: String) -> RedirectOrigin? {
        lock.lock()
        defer { waiting = nil; lock.unlock() }
        loggedIn = reader
        return waiting
    }
}

/// What the profile screens read; other modules get it through
/// `router.object(for: "reader://service/profile", as: ProfileService.self)`.
public final class ProfileService: Sendable {
    private let names: [Int: String] = [7: "Ada", 8: "Grace"]

    init() {}

    /// The name shown for reader `id`.
    public func displayName(of id: Int) -> String {
        names[id] ?? "reader #\(id)"
    }
}
