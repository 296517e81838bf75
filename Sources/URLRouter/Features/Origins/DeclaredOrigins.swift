import PatternMatcher

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
    /// The claims of the router's association file, kept for the table they were written for.
    let claims = UniversalLinkClaims.Cache()

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
                // The fully qualified spelling (a trailing dot) names the same host.
                for name in ([host] + origin.aliases).map(withoutTrailingDot) {
                    guard isHost(name) else {
                        return .failure(RegistrationError(problems: [.invalidOrigins("'\(Echo.quoted(name))' is not a host name (no scheme, port, path or userinfo)")]))
                    }
                    guard hosts[name] == nil else { return .failure(RegistrationError(problems: [.invalidOrigins("the host '\(Echo.quoted(name))' is declared twice")])) }
                    hosts[name] = origin
                }
                if firstHost == nil { firstHost = withoutTrailingDot(host) }
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
        !text.isEmpty && !text.contains { "/:@?#% \t".contains($0) } && !text.hasSuffix(".")
    }

    private static func withoutTrailingDot(_ host: String) -> String {
        host.hasSuffix(".") ? String(host.dropLast()) : host
    }

    /// How a URL arrives.
    enum Arrival {
        /// Through a declared custom scheme.
        case customScheme(Origin)
        /// Through a declared universal-link host: `rewritten` is its custom-scheme form.
        case universalLink(Origin, rewritten: String)
        /// A universal link that must not be opened (it carries userinfo, is malformed, or is
        /// spelled in a way the router's association file does not claim).
        case refused(OpenResult)
        /// Through no declared origin: matched as written.
        case other
    }

    /// How `url` arrives: an `http` or `https` URL of a declared host is read in the custom
    /// scheme's form (<doc:MatchingRules>, "Origins"), its path staying a path.
    ///
    /// This is the reading alone; an open asks ``arrival(of:in:mayBeHeld:)``, which also holds a link in
    /// an unusual spelling to the router's association file.
    func arrival(of url: String, limits: URLLimits) -> Arrival {
        switch universalLink(url, limits: limits) {
        case .notUniversal(let arrival): arrival
        case .universal(let link): .universalLink(link.origin, rewritten: link.rewritten)
        }
    }

    /// How an open of `url` through `router` arrives: as ``arrival(of:limits:)`` reads it, except
    /// that a universal link in an unusual spelling (an empty segment, a trailing `/`, an escape,
    /// a `*` or `$`) opens only when the router's own association file claims it, as iOS hands
    /// the app only the links the file claims (<doc:UniversalLinks>). While the router holds
    /// external opens the check of an open that will be held waits for its replay, which reads
    /// the routes registered by then (a replay makes the check: `mayBeHeld` is false for it).
    func arrival(of url: String, in router: Router, mayBeHeld: Bool) -> Arrival {
        switch universalLink(url, limits: router.options.matching.limits) {
        case .notUniversal(let arrival):
            return arrival
        case .universal(let link):
            if let path = UniversalLinkClaims.unusualPath(link.path), !(mayBeHeld && router.holds.withLock({ $0.isHolding })),
               !claims.claims(for: router.current, scheme: scheme,
                              caseInsensitive: router.options.matching.caseInsensitivePaths).claim(path: path) {
                return .refused(.unmatched)
            }
            return .universalLink(link.origin, rewritten: link.rewritten)
        }
    }

    /// A universal link, read.
    struct UniversalLink {
        let origin: Origin
        /// The link's path as written: empty, or starting with `/`.
        let path: Substring
        /// Its custom-scheme form.
        let rewritten: String
    }

    enum Reading {
        case universal(UniversalLink)
        case notUniversal(Arrival)
    }

    /// Reads `url`: a declared custom scheme, or an `http(s)` URL of a declared host (its
    /// trailing-dot form included: `reader.example.com.` is the same host).
    private func universalLink(_ url: String, limits: URLLimits) -> Reading {
        let utf8 = url.utf8
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")) else { return .notUniversal(.other) }
        let scheme = String(decoding: utf8[..<colon], as: UTF8.self).lowercased()
        if let origin = schemes[scheme] { return .notUniversal(.customScheme(origin)) }
        guard scheme == "https" || scheme == "http", !hosts.isEmpty else { return .notUniversal(.other) }
        let parsed: ParsedURL
        do {
            parsed = try ParsedURL(url, limits: limits)
        } catch {
            return .notUniversal(.other)   // matched as written, which reports it
        }
        guard parsed.hasAuthority, var host = parsed.host else { return .notUniversal(.other) }
        host = Self.withoutTrailingDot(host)
        guard let origin = hosts[host] else { return .notUniversal(.other) }
        if parsed.userinfo != nil { return .notUniversal(.refused(.refused(.userinfoFromOutside))) }
        // The rest after the authority: the path, then the query and the fragment as written,
        // cut by bytes (a combining mark after '/' must not hide it).
        let authority = utf8[utf8.index(colon, offsetBy: 3)...]   // after "://"
        let rest = authority.drop { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        let path = rest.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        return .universal(UniversalLink(origin: origin, path: Substring(path),
                                        rewritten: Self.customSchemeForm(scheme: self.scheme, path: Substring(path),
                                                                         tail: Substring(rest[path.endIndex...]))))
    }

    /// The custom-scheme form of a universal link's path: `reader://book/42` for `/book/42`,
    /// its first segment in the host's position. A first segment that a host would read
    /// otherwise (an upper-case letter folded, `@` as userinfo, `:` as a port, `[` `]`, an
    /// escape) leaves the host empty, `reader:///@alice/profile`, so that every segment is
    /// matched as the path segment it is.
    static func customSchemeForm(scheme: String, path: Substring, tail: Substring) -> String {
        let body = path.utf8.dropFirst()   // the leading "/"
        let first = body.prefix { $0 != UInt8(ascii: "/") }
        let readsAsHost = !first.isEmpty && first.allSatisfy(isHostByte)
        return scheme + "://" + (readsAsHost ? Substring(body) : path) + tail
    }

    /// Bytes a host and a path segment read alike: lower-case letters, digits and the
    /// unreserved and sub-delimiter characters.
    private static func isHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: "-._~!$&'()*+,;=".utf8.contains(byte)
        }
    }
}
