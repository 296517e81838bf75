/// A feature module's routes, declared in one place and registered by the app at start-up.
///
/// This replaces MGJRouter's `+load` registration: nothing runs before the app asks for
/// it, the app lists its modules once, and the registration phase validates the whole
/// table before any URL is opened.
///
/// ```swift
/// enum BookDetailModule: RouteModule {
///     static func registerRoutes(in routes: inout RouteRegistrar) {
///         routes.action("reader://book/<int:id>", name: "book", exposure: .external) { request in
///             let id = try request.require("id", as: Int.self)
///             print("show book", id)
///         }
///     }
/// }
/// let router = try Router(modules: [BookDetailModule.self])
/// ```
public protocol RouteModule {
    /// The name errors and diagnostics use for this module. Default: the type's name.
    static var moduleName: String { get }

    /// Declares the module's routes, targets and converters. Called once per registration.
    static func registerRoutes(in routes: inout RouteRegistrar)
}

extension RouteModule {
    /// The type's name, for example `BookDetailModule`.
    public static var moduleName: String { TypeName.plain(self) }
}
