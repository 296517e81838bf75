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
    // Plain fields, not an enum with payloads: a multi-payload enum keeps its case in the
    // pointers' spare bits, where a leak checker's scan no longer sees them as pointers.
    /// The custom scheme, for a ``scheme(_:)`` origin.
    public let scheme: String?
    /// The host, for a ``universalLink(host:aliases:)`` origin.
    public let host: String?
    /// The other hosts of a ``universalLink(host:aliases:)`` origin; empty otherwise.
    public let aliases: [String]

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

    public var description: String {
        if let scheme { return "\(Echo.quoted(scheme)):" }
        return ([host ?? ""] + aliases).map { "https://" + Echo.quoted($0) }.joined(separator: ", ")
    }
}

/// A router's origins, checked once: the custom scheme universal links are read in, and each
/// universal-link host (aliases included) with its origin.
struct DeclaredOrigins: Sendable {
    let scheme: String
    let schemeOrigin: Origin
    /// The custom schemes, each with its origin.
    let schemes: [String: Origin]
    /// Every universal-link host and alias, lowercased, with its origin.
    let hosts: [String: Origin]
    /// The first universal-link origin's host: what ``Router/universalLink(for:)`` writes.
    let firstHost: String?

    /// The origins as a router keeps them, `nil` when none are declared, or the problem with them.
    static func make(_ origins: [Origin]) -> Result<DeclaredOrigins?, RegistrationError> {
        guard !origins.isEmpty else { return .success(nil) }
        var schemes: [String: Origin] = [:]
        var hosts: [String: Origin] = [:]
        var firstScheme: (String, Origin)?
        var firstHost: String?
        for origin in origins {
            if let scheme = origin.scheme {
                guard isScheme(scheme), scheme != "http", scheme != "https" else {
                    return .failure(RegistrationError(problems: [.invalidOrigins("'\(Echo.quoted(scheme))' is not a custom scheme (a letter, then letters, digits, '+', '-' or '.'; not http or https)")]))
                }
                schemes[scheme] = origin
                if firstScheme == nil { firstScheme = (scheme, origin) }
            } else if let host = origin.host {
                for name in [host] + origin.aliases {
                    guard isHost(name) else {
                        return .failure(RegistrationError(problems: [.invalidOrigins("'\(Echo.quoted(name))' is not a host name (no scheme, port, path or userinfo)")]))
                    }
                    guard hosts[name] == nil else { return .failure(RegistrationError(problems: [.invalidOrigins("the host '\(Echo.quoted(name))' is declared twice")])) }
                    hosts[name] = origin
                }
                if firstHost == nil { firstHost = host }
            }
        }
        guard let (scheme, schemeOrigin) = firstScheme else {
            return .failure(RegistrationError(problems: [.invalidOrigins("a universal-link host needs a custom scheme origin, the form its links are read in: add .scheme(\"…\")")]))
        }
        return .success(DeclaredOrigins(scheme: scheme, schemeOrigin: schemeOrigin, schemes: schemes, hosts: hosts,
                                        firstHost: firstHost))
    }

    private static func isScheme(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) }
    }

    private static func isHost(_ text: String) -> Bool {
        !text.isEmpty && !text.contains { "/:@?#% \t".contains($0) }
    }

    /// How a URL arrives.
    enum Arrival {
        /// Through a declared custom scheme.
        case customScheme(Origin)
        /// Through a declared universal-link host: `rewritten` is its custom-scheme form.
        case universalLink(Origin, rewritten: String)
        /// A universal link that must not be opened (it carries userinfo, or is malformed).
        case refused(OpenResult)
        /// Through no declared origin: matched as written.
        case other
    }

    /// How `url` arrives: an `http` or `https` URL of a declared host is read in the custom
    /// scheme's form, its first path segment in the host's position (`https://host/book/42?x#y`
    /// is `reader://book/42?x#y`).
    func arrival(of url: String, limits: URLLimits) -> Arrival {
        let utf8 = url.utf8
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")) else { return .other }
        let scheme = String(decoding: utf8[..<colon], as: UTF8.self).lowercased()
        if let origin = schemes[scheme] { return .customScheme(origin) }
        guard scheme == "https" || scheme == "http", !hosts.isEmpty else { return .other }
        let parsed: ParsedURL
        do {
            parsed = try ParsedURL(url, limits: limits)
        } catch {
            return .other   // matched as written, which reports it
        }
        guard let host = parsed.host, let origin = hosts[host] else { return .other }
        if parsed.userinfo != nil { return .refused(.refused(.userinfoFromOutside)) }
        // The rest after the authority: the path (its leading '/' dropped), the query, the fragment.
        let afterScheme = utf8.index(after: colon)
        var rest = utf8[afterScheme...].dropFirst(2)   // "//"
        rest = rest.drop { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        if rest.first == UInt8(ascii: "/") { rest = rest.dropFirst() }
        return .universalLink(origin, rewritten: self.scheme + "://" + String(decoding: rest, as: UTF8.self))
    }
}

/// Why ``Router/universalLink(for:)`` has no universal link to give.
public struct UniversalLinkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The URL given, or the value's URL (bounded and escaped in ``description``).
    public let url: String
    /// Why, in words.
    public let reason: String

    public var description: String { "no universal link for '\(Echo.quotedURL(url))': \(reason)" }
}

extension Router {
    /// The universal link of a link in the custom-scheme form: `https://` and the first declared
    /// universal-link host, then the URL's host as the first path segment, then its path, query
    /// and fragment (`reader://book/42?from=mail` gives `https://reader.example.com/book/42?from=mail`).
    /// Opened, it reaches the same route with the same parameters (<doc:MatchingRules>, "Origins").
    ///
    /// ```swift
    /// try router.universalLink(for: BookRoute(id: 42))   // "https://reader.example.com/book/42"
    /// ```
    /// - Parameter link: a URL of a declared custom scheme, with a host, or a ``TypedRoute`` value.
    /// - Throws: ``UniversalLinkError`` when the router declares no universal-link host, the
    ///   URL is not of a declared custom scheme, or a typed value cannot be written as a URL.
    public func universalLink(for link: some RouteLink) throws(UniversalLinkError) -> String {
        let url: String
        do {
            url = try link.routeURL()
        } catch {
            throw UniversalLinkError(url: link.unwrittenURL, reason: "the value cannot be written as a URL: \(error)")
        }
        guard let origins, let host = origins.firstHost else {
            throw UniversalLinkError(url: url, reason: "the router declares no universal-link host (Router.Options(origins:))")
        }
        guard case .customScheme = origins.arrival(of: url, limits: options.matching.limits),
              let schemeEnd = url.range(of: "://") else {
            throw UniversalLinkError(url: url, reason: "it is not a URL of a declared custom scheme, with a host")
        }
        return "https://" + host + "/" + url[schemeEnd.upperBound...]
    }
}
