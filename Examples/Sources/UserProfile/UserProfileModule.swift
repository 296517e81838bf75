import Foundation
import URLRouter
import UserProfileInterface

/// Profiles and settings of the app's readers, and the login gate. Its routes and the
/// `ProfileService` protocol are declared in `UserProfileInterface`, which callers import
/// instead of this module.
public enum UserProfileModule: RouteModule {
    public static let moduleName = "UserProfile"

    public static func registerRoutes(in routes: inout RouteRegistrar) {
        // CTMediator's cached target: created on first use, kept until the router
        // releases it (`router.releaseCachedTargets(moduleNamed: "UserProfile")`).
        let profiles = routes.target { ProfileDirectory() }

        // `reader://user/me` matches this pattern but its `id` is no `Int`: the route
        // declines without running the handler, and the app's fallback gets the URL.
        routes.action(UserRoute.self, name: "user", exposure: .external) { user, request in
            request.reply("shows the profile of \(profiles.instance.displayName(of: user.id))")
        }
        // Internal (the default): a deep link never reaches a reader's settings.
        routes.action(UserSettingsRoute.self, name: "user-settings") { settings, request in
            let section = settings.section.map { "the \($0) settings" } ?? "the settings"
            request.reply("shows \(section) of \(profiles.instance.displayName(of: settings.id))")
        }
        // Other modules ask for the service by its key, declared in UserProfileInterface, instead
        // of importing this module. The cached target is the one instance: the provider hands
        // it out, and `releaseCachedTargets(moduleNamed: "UserProfile")` replaces it.
        routes.provide(.profiles, lifetime: .perCall) { _ in profiles.instance }

        registerLoginGate(in: &routes)
    }

    /// The login gate: every `reader://account/...` URL opened while logged out shows the
    /// login screen instead, and logging in reopens it with its original source and user info.
    static func registerLoginGate(in routes: inout RouteRegistrar) {
        let session = Session()
        // Interceptors match URLs, not types: the gate covers every page under `account/`.
        routes.intercept("reader://account/**", name: "login") { _ in
            session.reader == nil ? .redirect(to: "reader://login") : .proceed
        }
        // External: a deep link to a gated page shows the login screen too.
        routes.action(LoginRoute.self, name: "login", exposure: .external) { _, request in
            session.park(request.redirectedFrom)
            request.reply("shows the login screen" + (request.redirectedFrom.map { " for '\($0.url)'" } ?? ""))
        }
        // What the login screen opens when the reader signs in (internal: no deep link logs in).
        routes.action(LoginDoneRoute.self) { done, request in
            let origin = session.logIn(as: done.reader)
            let reopened = origin?.reopen(with: request.router) { reply in request.reply(reply) }
            if reopened == nil { request.reply("logged in; nothing to reopen") }
        }
        routes.action(OrdersRoute.self, name: "orders", exposure: .external) { _, request in
            let tab = request.userInfo["tab"] as? String ?? "all"
            request.reply("shows the orders of \(session.reader ?? "nobody") (\(tab), opened from \(request.source))")
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

/// The `ProfileService` this module provides under `ServiceKey.profiles`.
final class ProfileDirectory: ProfileService {
    private let names: [Int: String] = [7: "Ada", 8: "Grace"]

    func displayName(of id: Int) -> String {
        names[id] ?? "reader #\(id)"
    }
}
