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
