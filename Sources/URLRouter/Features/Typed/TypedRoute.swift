import PatternMatcher

/// A route as a value: one `Codable` type per route, declared once in a small interface
/// module that the route's owner and its callers both import.
///
/// ```swift
/// public struct BookRoute: TypedRoute {
///     public static let pattern = "reader://book/<int:id>"
///     public var id: Int
///     public var from: String?                  // not in the path: a query item
/// }
/// // The owner:
/// routes.action(BookRoute.self, exposure: .external) { book, request in show(book.id, from: book.from) }
/// // Any caller:
/// router.open(BookRoute(id: 42, from: "shelf"))
/// let url = try BookRoute(id: 42).url()         // "reader://book/42"
/// let book = try BookRoute(parsing: "reader://book/42?from=mail")
/// ```
///
/// The pattern's parameters are the properties of the same names; every other stored
/// property is a query item (see <doc:TypedRoutes>, "How a value becomes a URL"). Supported
/// property types: `String`, the integer types, `Double`, `Float`, `Bool`, types that
/// encode as one of them (`UUID`, `RawRepresentable` enums), optionals of those (absent
/// when `nil`) and arrays of those (repeated query items). A nested type is an error that
/// names the route type and the key.
///
/// Registering a typed route checks the type against its pattern before any URL is opened
/// (see <doc:TypedRoutes>, "What registration checks").
public protocol TypedRoute: Codable, Hashable, Sendable, RouteLink {
    /// The route's pattern (Matching rules, "Pattern syntax"), for example `reader://book/<int:id>`.
    static var pattern: String { get }

    /// Query items an absent value reads as, by property name: the way to give a property a
    /// default, since a synthesised `Decodable` ignores the defaults written in the type.
    ///
    /// ```swift
    /// public static var queryDefaults: [String: String] { ["sort": "newest", "page": "1"] }
    /// ```
    /// Registration checks that each names a query property that is neither optional nor a
    /// list (a `nil` or an empty list would be left out of the URL and read back as the
    /// default), and that its text decodes.
    static var queryDefaults: [String: String] { get }

    /// The required properties that the pattern does not capture: query items every URL of
    /// the route must carry. A required property not captured, not listed here and without
    /// a default is a registration problem: it would make most URLs of the route decline.
    static var requiredQueryItems: Set<String> { get }

    /// The route's keys, for a type registration cannot probe (an enum whose cases no
    /// placeholder fits, a custom `init(from:)` that validates); `nil` (the default) lets
    /// registration find them by decoding placeholders (see <doc:TypedRoutes>,
    /// "When probing cannot work").
    static var declaredKeys: TypedRouteKeys? { get }

    /// The custom converters the pattern uses (`<isbn:code>`), so that ``url()`` and
    /// ``init(parsing:)`` work without a router. The owning module declares them too.
    static var converters: [any ParameterConverter] { get }

    /// The route a link to this one leaves below it (see <doc:Navigation>): a book's parent is
    /// the shelf, a chapter's the book. A value the app derives from this one; it may be an
    /// internal route. `nil` (the default): nothing below.
    ///
    /// ```swift
    /// var parent: (any TypedRoute)? { BookRoute(id: book) }
    /// ```
    var parent: (any TypedRoute)? { get }

    /// The type of ``presentation``, found from the declaration: ``Presentation`` when none is
    /// given. A `presentation` of another type (a `String`, an optional, an enum of the app's)
    /// is a registration problem, not a member the router silently ignores.
    associatedtype DeclaredPresentation = Presentation

    /// How a link shows this route (see <doc:Navigation>): ``Presentation/push`` (the
    /// default) on the stack below it, or ``Presentation/sheet`` or
    /// ``Presentation/fullScreen``, which start a modal layer of a plan
    /// (``NavigationPlan/modals``); the route's descendants are pushed inside that layer.
    ///
    /// ```swift
    /// static var presentation: Presentation { .sheet }
    /// ```
    /// Registration refuses a `presentation` of another type, and a ``RootRoute`` presented
    /// modally (a root is a tab).
    static var presentation: DeclaredPresentation { get }

    /// The type of ``observedQueryItems``: a sequence of names, found from the declaration, so
    /// that an array and a set both declare the requirement (`Set<String>` when none is given).
    associatedtype ObservedQueryItems: Sequence = Set<String> where ObservedQueryItems.Element == String

    /// The query items whose values an open's observer may see (`Router.Options(observer:)`):
    /// every other query value is redacted in ``OpenEvent``. Default: none.
    ///
    /// ```swift
    /// public static var observedQueryItems: [String] { ["from"] }   // a Set<String> works too
    /// ```
    static var observedQueryItems: ObservedQueryItems { get }
}

extension TypedRoute where ObservedQueryItems == Set<String> {
    /// No query value is shown to observers.
    public static var observedQueryItems: Set<String> { [] }
}

extension TypedRoute where DeclaredPresentation == Presentation {
    /// Pushed on the stack below it.
    public static var presentation: Presentation { .push }
}

extension TypedRoute {
    /// ``presentation`` as a plan reads it: a look-alike of another type, which registration
    /// refuses, reads as a push.
    static var plannedPresentation: Presentation { presentation as? Presentation ?? .push }
}

/// A typed route that starts a navigation stack: a tab (see <doc:Navigation>). A plan's
/// ``NavigationPlan/root`` is the first `RootRoute` among a route's parents.
public protocol RootRoute: TypedRoute {}

extension TypedRoute {
    /// No defaults.
    public static var queryDefaults: [String: String] { [:] }
    /// No required query items.
    public static var requiredQueryItems: Set<String> { [] }
    /// Keys are found by probing.
    public static var declaredKeys: TypedRouteKeys? { nil }
    /// No parent.
    public var parent: (any TypedRoute)? { nil }
    /// Built-in converters only.
    public static var converters: [any ParameterConverter] { [] }

    /// The URL of this value: the pattern with its parameters filled in, then every other
    /// non-`nil` property as a query item, in declaration order, percent-encoded.
    /// - Throws: ``TypedRouteError``: an invalid pattern, a path value the pattern refuses
    ///   (empty, or rejected by its converter), an unsupported property type.
    public func url() throws(TypedRouteError) -> String {
        try TypedRouteShape.of(Self.self).url(for: self)
    }

    /// Reads a value from `url`: the URL must match ``pattern`` (the router's matching
    /// rules, with no other route), and its parameters and query items must decode. It has
    /// no router, so it matches with the default `MatchOptions` (an 8 KB limit, case-sensitive
    /// paths, `+` a literal plus); a handler's value and `InterceptedRequest.decode(_:)` use
    /// the router's.
    /// - Throws: ``TypedRouteError``: a malformed URL, a URL the pattern does not match, a
    ///   missing or undecodable value (naming the key and its text).
    public init(parsing url: String) throws(TypedRouteError) {
        self = try TypedRouteShape.of(Self.self).parse(url)
    }
}

/// The keys of a ``TypedRoute`` type, declared by hand where registration cannot probe
/// the type (``TypedRoute/declaredKeys``).
public struct TypedRouteKeys: Sendable, Hashable {
    /// The properties that must be present: every path parameter, and required query items.
    public var required: Set<String>
    /// The optional properties (and arrays), read from query items when present.
    public var optional: Set<String>

    /// Declares the keys.
    public init(required: Set<String>, optional: Set<String> = []) {
        self.required = required
        self.optional = optional
    }
}
