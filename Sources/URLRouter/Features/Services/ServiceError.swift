/// Why ``Router/service(_:)`` has no service to give.
///
/// ```
/// no module provides 'bookStore' (any BookStoreInterface.BookStore)
/// a service cycle: 'a' (any A) → 'b' (any B) → 'a' (any A)
/// ```
/// Compare with the static members (`error == .noProvider("bookStore")`); the text is for people.
public struct ServiceError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Kind: Sendable {
        case noProvider
        case cycle([String])
        case needsMainActor
        case providerFailed(any Error)
    }
    private let kind: Kind
    /// The name of the key asked for (for a cycle, the key that closed it).
    public let key: String
    /// How the key is shown: its name and its service type.
    private let shown: String

    private init(_ kind: Kind, key: String, shown: String) {
        self.kind = kind
        self.key = key
        self.shown = shown
    }

    /// No registered module provides the key (``RouteRegistrar/require(_:)`` finds this when
    /// the router is built).
    public static func noProvider(_ key: String) -> ServiceError { ServiceError(.noProvider, key: key, shown: "'\(Echo.quoted(key))'") }
    /// Providers asked for each other: the keys' names from the first asked to the one asked again.
    public static func cycle(_ keys: [String]) -> ServiceError {
        ServiceError(.cycle(keys), key: keys.last ?? "", shown: keys.map { "'\(Echo.quoted($0))'" }.joined(separator: " → "))
    }
    /// The service is provided on the main actor and was asked for elsewhere.
    public static func needsMainActor(_ key: String) -> ServiceError {
        ServiceError(.needsMainActor, key: key, shown: "'\(Echo.quoted(key))'")
    }
    /// The provider threw `error`.
    public static func providerFailed(_ key: String, _ error: any Error) -> ServiceError {
        ServiceError(.providerFailed(error), key: key, shown: "'\(Echo.quoted(key))'")
    }

    static func noProvider<S>(_ key: ServiceKey<S>) -> ServiceError { ServiceError(.noProvider, key: key.name, shown: "\(key)") }
    static func needsMainActor<S>(_ key: ServiceKey<S>) -> ServiceError {
        ServiceError(.needsMainActor, key: key.name, shown: "\(key)")
    }
    static func providerFailed<S>(_ key: ServiceKey<S>, _ error: any Error) -> ServiceError {
        // A provider that failed because another service failed passes that error on as it is.
        if let inner = error as? ServiceError { return inner }
        return ServiceError(.providerFailed(error), key: key.name, shown: "\(key)")
    }

    /// The keys of a cycle, from the first asked to the one asked again; `nil` for another error.
    public var cycle: [String]? {
        if case .cycle(let keys) = kind { return keys }
        return nil
    }

    /// The error a provider threw; `nil` for another error.
    public var providerError: (any Error)? {
        if case .providerFailed(let error) = kind { return error }
        return nil
    }

    public static func == (lhs: ServiceError, rhs: ServiceError) -> Bool {
        guard lhs.key == rhs.key else { return false }
        switch (lhs.kind, rhs.kind) {
        case (.noProvider, .noProvider), (.needsMainActor, .needsMainActor): return true
        case (.cycle(let a), .cycle(let b)): return a == b
        case (.providerFailed(let a), .providerFailed(let b)): return errorsAreEqual(a, b)
        default: return false
        }
    }

    /// One line, bounded and escaped.
    public var description: String {
        switch kind {
        case .noProvider: "no module provides \(shown)"
        case .cycle: "a service cycle: \(shown)"
        case .needsMainActor: "\(shown) is provided on the main actor: ask for it there"
        case .providerFailed(let error): "the provider of \(shown) failed: \(Echo.quoted(String(describing: error)))"
        }
    }
}
