import URLRouter

// What UserProfile offers other modules: its routes as values, and the service it provides
// with its key.
// Callers import this module, never UserProfile itself.

/// A reader's profile, `reader://user/7`. External: deep links may open it.
///
/// The pattern captures `:id` as any text and the type reads it as an `Int`, so the type is
/// the check: `reader://user/me` matches, does not decode, and the route declines it to the
/// next match with a `TypedRouteError` naming the key and the text. (`<int:id>` would have
/// refused it in the matcher instead, as `BookRoute` does.)
public struct UserRoute: TypedRoute {
    public static let pattern = "reader://user/:id"

    /// The reader.
    public var id: Int

    /// The profile of reader `id`.
    public init(id: Int) {
        self.id = id
    }
}

/// A reader's settings, `reader://user/7/settings?section=privacy`. Internal: a deep link
/// never reaches them.
public struct UserSettingsRoute: TypedRoute {
    public static let pattern = "reader://user/<int:id>/settings"

    /// The reader.
    public var id: Int
    /// The section to show ("privacy"), or all of them when `nil`.
    public var section: String?

    /// The settings of reader `id`, at `section`.
    public init(id: Int, section: String? = nil) {
        self.id = id
        self.section = section
    }
}

/// What UserProfile tells other modules about readers. They get it by its key,
/// `try router.service(.profiles)` or `try services.get(.profiles)` in a provider, instead of
/// importing UserProfile; a class, so that callers can tell the cached instance from a new one.
public protocol ProfileService: AnyObject, Sendable {
    /// The name shown for reader `id`.
    func displayName(of id: Int) -> String
}

extension ServiceKey where Service == any ProfileService {
    /// UserProfile's directory of readers.
    public static let profiles = ServiceKey("profiles")
}

/// The login screen, `reader://login`. External: a deep link to a gated page shows it too.
public struct LoginRoute: TypedRoute {
    public static let pattern = "reader://login"

    /// The route has no values: its URL is the pattern.
    public init() {}
}

/// What the login screen opens once `reader` has signed in, `reader://login/done/Ada`.
/// Internal: no deep link logs anyone in.
public struct LoginDoneRoute: TypedRoute {
    public static let pattern = "reader://login/done/:reader"

    /// Who signed in. A path segment, so it cannot be empty.
    public var reader: String

    /// `reader` signed in.
    public init(reader: String) {
        self.reader = reader
    }
}

/// The reader's orders, `reader://account/orders`: behind the login gate, like every
/// `reader://account/...` page. The tab comes in the open's `userInfo` (`"tab"`), which the
/// gate keeps when it reopens the page after login.
public struct OrdersRoute: TypedRoute {
    public static let pattern = "reader://account/orders"

    /// The route has no values: its URL is the pattern.
    public init() {}
}
