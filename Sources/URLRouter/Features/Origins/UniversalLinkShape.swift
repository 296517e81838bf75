/// A route's pattern as a universal link reaches it: the key positions after the scheme,
/// where the first path segment of `https://<host>/book/42` takes the host position of
/// `reader://book/42` (<doc:UniversalLinks>).
package struct UniversalLinkShape {
    /// The pattern as registered.
    package let pattern: String
    /// The parsed pattern.
    let parsed: RoutePattern
    /// The key positions after the scheme: the host position first.
    let segments: ArraySlice<RoutePattern.Segment>

    /// The shape of `pattern`, or `nil` when no universal link reaches it: a pattern without
    /// a scheme, or with a scheme other than `scheme` (a `*` or `:name` scheme reaches it).
    package init?(_ pattern: String, scheme: String?) {
        guard let scheme,
              let parsed = try? RoutePattern(pattern, converters: Self.converterNames(in: pattern)),
              parsed.hasScheme, let first = parsed.segments.first,
              first.literal == scheme.lowercased() || first.isWildcard || (first.parameterName != nil && !first.isCatchAll)
        else { return nil }
        self.pattern = pattern
        self.parsed = parsed
        self.segments = parsed.segments.dropFirst()
    }

    /// The names written as `<name:…>` in `pattern`: a route map lists patterns, not the
    /// converters they were checked with, and the pattern was valid when it was registered.
    package static func converterNames(in pattern: String) -> Set<String> {
        var names: Set<String> = []
        for segment in pattern.split(separator: "/") where segment.hasPrefix("<") {
            if let colon = segment.firstIndex(of: ":") {
                names.insert(String(segment[segment.index(after: segment.startIndex)..<colon]))
            }
        }
        return names.subtracting(["int", "double", "uuid", "string"])
    }

    /// Whether a literal-only internal route (with at most a trailing `**`) shares no URL
    /// with `other`; the ground of its `exclude` component.
    /// - Parameters:
    ///   - other: the shape of an external route.
    /// - Returns: `nil` when this shape is not literals with at most a trailing catch-all.
    func isDisjoint(from other: UniversalLinkShape) -> Bool? {
        let hasRest = segments.last?.isCatchAll ?? false
        let literals = (hasRest ? segments.dropLast() : segments).map(\.literal)
        guard literals.allSatisfy({ $0 != nil }) else { return nil }
        for (offset, segment) in other.segments.enumerated() {
            if segment.isCatchAll { return false }
            guard offset < literals.count else { return !hasRest }
            if !Self.segment(segment, accepts: literals[offset]!) { return true }
        }
        return other.segments.count < literals.count
    }

    /// Whether a route's `segment` could match the literal `text`; a declared converter,
    /// which a route map cannot ask, is taken to accept it.
    static func segment(_ segment: RoutePattern.Segment, accepts text: String) -> Bool {
        if let literal = segment.literal { return literal == text }
        guard let converter = segment.converterName else { return true }
        guard ["int", "double", "uuid"].contains(converter) else { return true }
        return (try? RoutePattern("a://<\(converter):v>").url(parameters: ["v": text])) != nil
    }

    /// The route's precedence against `other`, position by position (Matching rules, "Which
    /// route wins"): a literal, then typed parameters, then `:name` and `*`, then `**`; a
    /// pattern that ends first goes first.
    func precedes(_ other: UniversalLinkShape) -> Bool {
        for (a, b) in zip(segments, other.segments) {
            let (rankA, rankB) = (Self.rank(a), Self.rank(b))
            if rankA != rankB { return rankA.0 != rankB.0 ? rankA.0 < rankB.0 : rankA.1.utf8.lexicographicallyPrecedes(rankB.1.utf8) }
        }
        if segments.count != other.segments.count { return segments.count < other.segments.count }
        return pattern.utf8.lexicographicallyPrecedes(other.pattern.utf8)
    }

    private static func rank(_ segment: RoutePattern.Segment) -> (Int, String) {
        if let literal = segment.literal { return (0, literal) }
        if segment.isCatchAll { return (6, "") }
        switch segment.converterName {
        case "int"?: return (1, "")
        case "uuid"?: return (2, "")
        case "double"?: return (3, "")
        case let name?: return (4, name)
        case nil: return (5, "")
        }
    }

    /// The `components` paths that claim the shape: a literal percent-encoded (and `*`, `?`
    /// and `$` escaped, which would be wildcards), a one-segment capture as `?*`, a
    /// catch-all as `*`, which also claims the path without it. A path that ends in a literal
    /// is claimed with a trailing `/` too, a spelling the router opens alike (a `?*` or `*`
    /// at the end takes it already).
    package var componentPaths: [String] {
        var path = ""
        for segment in segments {
            if let literal = segment.literal {
                path += "/" + Self.percentEncoded(literal)
            } else if segment.isCatchAll {
                return path.isEmpty ? ["/*"] : [path, path + "/*"]
            } else {
                path += "/?*"
            }
        }
        if path.isEmpty { return ["/"] }
        return segments.last?.literal != nil ? [path, path + "/"] : [path]
    }

    /// `text` with every byte outside RFC 3986 `pchar`, and `*`, `$`, `%`, percent-encoded
    /// as `%XX`, uppercase: how the router writes a literal, with the component wildcards escaped.
    package static func percentEncoded(_ text: String, keeping kept: String = "") -> String {
        var out = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80, kept.unicodeScalars.contains(scalar) || ("0"..."9").contains(scalar) || ("a"..."z").contains(scalar)
                || ("A"..."Z").contains(scalar) || "-._~!&'()+,;=:@".unicodeScalars.contains(scalar) {
                out.unicodeScalars.append(scalar)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count < 2 ? "0" + hex : hex)
            }
        }
        return out
    }
}
