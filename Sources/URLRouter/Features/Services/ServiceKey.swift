/// The name of a service another module provides: declared once, in an interface module,
/// beside the service's protocol, so that callers and the provider name it without importing
/// each other (see <doc:ServicesByProtocol>).
///
/// ```swift
/// // BookStoreInterface
/// public protocol BookStore: Sendable { func title(of id: Int) async throws -> String }
/// extension ServiceKey where Service == any BookStore {
///     public static let bookStore = ServiceKey("bookStore")
/// }
/// ```
/// A key is its service type and its name together: two modules' `BookStore` protocols, or
/// two keys of one type with different names, are different services.
public struct ServiceKey<Service>: Sendable, Hashable, CustomStringConvertible {
    /// The key's name, unique among the keys of its service type.
    public let name: String

    /// Creates a key for a service of type `Service`.
    /// - Parameter name: the name, unique among the keys of `Service`; the route map and
    ///   errors show it.
    public init(_ name: String) {
        self.name = name
    }

    /// The identity the router keys services by: the type and the name.
    var id: ServiceID { ServiceID(type: ObjectIdentifier(Service.self), name: name) }

    /// The name and the service type, as errors and the route map show them.
    public var description: String { ServiceID.shown(name: name, type: Service.self) }
}

/// A service's identity: its type and its key's name.
struct ServiceID: Hashable, Sendable {
    let type: ObjectIdentifier
    let name: String

    /// A key as errors and the route map show it: `'name' (Module.Type)`, bounded and escaped.
    static func shown(name: String, type: Any.Type) -> String {
        "'\(Echo.quoted(name))' (\(Echo.quoted(String(reflecting: type))))"
    }
}

/// How long a provided service lives.
public struct ServiceLifetime: Sendable, Hashable, CustomStringConvertible {
    private enum Kind: Hashable { case shared, perCall }
    private let kind: Kind

    /// Built once, on first use (exactly once, however many threads ask at the same time),
    /// and kept until the module's cached targets are released. The provider runs with no
    /// router lock held.
    public static let shared = ServiceLifetime(kind: .shared)
    /// Built anew for every ``Router/service(_:)``.
    public static let perCall = ServiceLifetime(kind: .perCall)

    var isShared: Bool { kind == .shared }

    public var description: String { isShared ? "shared" : "perCall" }
}
