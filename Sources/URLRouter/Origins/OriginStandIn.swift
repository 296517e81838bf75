// A stand-in for the origins work landing on main; deleted when main is merged.

/// Where links to the app come from: a custom URL scheme or a universal-link host.
public struct Origin: Sendable, Hashable {
    private enum Kind: Hashable {
        case scheme(String)
        case universalLink(host: String, aliases: [String])
    }

    private let kind: Kind

    /// A custom URL scheme, such as `reader`.
    /// - Parameter scheme: the scheme, without `:` or `//`.
    /// - Returns: the origin.
    public static func scheme(_ scheme: String) -> Origin { Origin(kind: .scheme(scheme)) }

    /// A universal-link host, such as `reader.example.com`, and its aliases.
    /// - Parameters:
    ///   - host: the host the app's association file is served from.
    ///   - aliases: other hosts that serve the same paths.
    /// - Returns: the origin.
    public static func universalLink(host: String, aliases: [String] = []) -> Origin {
        Origin(kind: .universalLink(host: host, aliases: aliases))
    }

    /// The custom scheme of a ``scheme(_:)`` origin, or `nil`.
    public var scheme: String? {
        if case .scheme(let scheme) = kind { return scheme }
        return nil
    }

    /// The host of a ``universalLink(host:aliases:)`` origin, or `nil`.
    public var host: String? {
        if case .universalLink(let host, _) = kind { return host }
        return nil
    }

    /// The aliases of a ``universalLink(host:aliases:)`` origin; empty for other origins.
    public var aliases: [String] {
        if case .universalLink(_, let aliases) = kind { return aliases }
        return []
    }
}
