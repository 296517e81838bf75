import PatternMatcher

/// One way the app's links arrive (see <doc:MatchingRules>, "Origins"): its custom scheme
/// (`reader://book/42`), or a universal-link host (`https://reader.example.com/book/42`).
///
/// ```swift
/// let router = try Router(modules: all, options: .init(origins: [
///     .scheme("reader"),
///     .universalLink(host: "reader.example.com", aliases: ["www.reader.example.com"]),
/// ]))
/// router.open("https://reader.example.com/book/42", source: .external)   // the route of reader://book/42
/// ```
public struct Origin: Sendable, Hashable, CustomStringConvertible {
    // One reference to plain fields: an open copies its origin into its requests, and three
    // fields copied inline cost a generic copy each time. Not an enum with payloads: a
    // multi-payload enum keeps its case in the pointers' spare bits, where a leak checker's
    // scan no longer sees them as pointers.
    private final class Fields: Sendable {
        let scheme: String?
        let host: String?
        let aliases: [String]

        init(scheme: String?, host: String?, aliases: [String]) {
            (self.scheme, self.host, self.aliases) = (scheme, host, aliases)
        }
    }

    private let fields: Fields

    private init(scheme: String?, host: String?, aliases: [String]) {
        fields = Fields(scheme: scheme, host: host, aliases: aliases)
    }

    /// The custom scheme, for a ``scheme(_:)`` origin.
    public var scheme: String? { fields.scheme }
    /// The host, for a ``universalLink(host:aliases:)`` origin.
    public var host: String? { fields.host }
    /// The other hosts of a ``universalLink(host:aliases:)`` origin; empty otherwise.
    public var aliases: [String] { fields.aliases }

    /// The app's custom scheme: the form patterns are written in (`reader` for `reader://book/:id`).
    public static func scheme(_ scheme: String) -> Origin {
        Origin(scheme: scheme.lowercased(), host: nil, aliases: [])
    }

    /// A host whose `https` links open the app (its associated domain): a universal link
    /// `https://host/book/42` reaches the route of `scheme://book/42`, from an external source.
    /// - Parameters:
    ///   - host: the host, as in the app's `applinks:` entitlement.
    ///   - aliases: other hosts whose links read the same (`www.` forms).
    public static func universalLink(host: String, aliases: [String] = []) -> Origin {
        Origin(scheme: nil, host: host.lowercased(), aliases: aliases.map { $0.lowercased() })
    }

    public static func == (lhs: Origin, rhs: Origin) -> Bool {
        lhs.fields === rhs.fields
            || (lhs.scheme == rhs.scheme && lhs.host == rhs.host && lhs.aliases == rhs.aliases)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(scheme)
        hasher.combine(host)
        hasher.combine(aliases)
    }

    public var description: String {
        if let scheme { return "\(Echo.quoted(scheme)):" }
        return ([host ?? ""] + aliases).map { "https://" + Echo.quoted($0) }.joined(separator: ", ")
    }
}
