import PatternMatcher

/// The paths a router's own association file claims (``RouteMap/appleAppSiteAssociation(appIDs:)``),
/// matched as Apple matches `components`: what an open of a universal link in an unusual
/// spelling is held to, so that the router opens no link the file leaves to Safari.
///
/// The file's components claim each route in the spelling the router writes it: literals
/// percent-encoded as ``UniversalLinkShape/percentEncoded(_:keeping:)`` writes them, no empty
/// segment, a trailing `/` claimed beside a literal. A link in that spelling is claimed by
/// construction; another spelling (`//about`, `/%61bout`, `/a%26b` for a literal `a&b`) is
/// claimed only where a wildcard takes it, and the router opens it only then.
struct UniversalLinkClaims: Sendable {
    private let matcher: ClaimPathMatcher
    private let excludes: [Bool]

    /// The claims of the routes of `snapshot` that a universal link read in `scheme` reaches.
    init(snapshot: Snapshot, scheme: String, caseInsensitive: Bool) {
        let routes = snapshot.routes.infos.map { (pattern: $0.pattern, isExternal: $0.exposure.isReachable(from: .external)) }
        let entries = AssociationComponents(routes: routes, scheme: scheme).entries
        matcher = ClaimPathMatcher(entries.map(\.path), caseInsensitive: caseInsensitive)
        excludes = entries.map(\.exclude)
    }

    /// Whether the file claims `path`, a URL path as written (``unusualPath(_:)``): the first
    /// component that matches it claims it, not an `exclude` one.
    func claim(path: String) -> Bool {
        matcher.firstMatch(path: path).map { !excludes[$0] } ?? false
    }

    /// `path` when it is spelled other than the claims write a route: with an empty segment (a
    /// trailing `/` included), a `%`, `*` or `$`, or bytes a URL writes percent-encoded, which
    /// are encoded here as `URL(string:)` encodes them; `nil` for a plain path, which is claimed
    /// whenever it opens.
    static func unusualPath(_ path: Substring) -> String? {
        let bytes = path.utf8
        var previous: UInt8 = 0
        let isUnusual = (bytes.count > 1 && bytes.last == UInt8(ascii: "/")) || bytes.contains { byte in
            defer { previous = byte }
            return !isPlain(byte) || (byte == UInt8(ascii: "/") && previous == UInt8(ascii: "/"))
        }
        guard isUnusual else { return nil }
        var normalized = ""
        for byte in bytes {
            if isPlain(byte) || byte == UInt8(ascii: "%") || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "$") {
                normalized.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                normalized += "%" + (hex.count < 2 ? "0" + hex : hex)
            }
        }
        return normalized
    }

    /// Bytes a route's claim writes as themselves: letters, digits, `/`, and the unreserved and
    /// sub-delimiter characters but `*` and `$`, which it escapes.
    private static func isPlain(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: "/-._~!&'()+,;=:@".utf8.contains(byte)
        }
    }

    /// The claims of the last table asked about, written once per table.
    final class Cache: Sendable {
        private struct Entry: Sendable {
            /// Weak: a router's old table, and the handlers its routes capture, are released
            /// when the router publishes a new one, as if these claims were not kept.
            weak var snapshot: Snapshot?
            let caseInsensitive: Bool
            let claims: UniversalLinkClaims
        }

        private let entry = Locked<Entry?>(nil)

        /// The claims of `snapshot`, written now if the last ones were for another table.
        func claims(for snapshot: Snapshot, scheme: String, caseInsensitive: Bool) -> UniversalLinkClaims {
            if let kept = entry.withLock({ $0 }), kept.snapshot === snapshot, kept.caseInsensitive == caseInsensitive {
                return kept.claims
            }
            // Written outside the lock: two opens may both write them, never wait on each other.
            let claims = UniversalLinkClaims(snapshot: snapshot, scheme: scheme, caseInsensitive: caseInsensitive)
            let replaced = entry.withLock { state -> Entry? in
                defer { state = Entry(snapshot: snapshot, caseInsensitive: caseInsensitive, claims: claims) }
                return state
            }
            _ = replaced   // released here, after the lock
            return claims
        }
    }
}
