import PatternMatcher

// A deliberately naive matcher that reads Matching rules: URL to route key, pattern syntax, which route wins literally: split the URL with plain
// array operations, try every route one after the other, and sort the routes that match
// by specificity. It shares no code with the trie; it is slow, and meant to be obviously
// right.

/// One key position of a reference route.
enum ReferenceSegment: Hashable, Sendable {
    /// Decoded text (the scheme and a host are lowercased already).
    case literal(String)
    /// `<converter:name>`: `int`, `uuid`, `double` or a declared converter.
    case typed(converter: String, name: String)
    /// `:name`, `<string:name>`, `*` or `~`.
    case any(name: String?)
    /// `**` or `**name`.
    case catchAll(name: String?)
}

/// A route as the reference sees it: the pattern text the engine is given, and what it means.
struct ReferenceRoute: Hashable, Sendable, CustomStringConvertible {
    var pattern: String
    var hasScheme: Bool
    var segments: [ReferenceSegment]
    /// Whether key position 1 is written as the host (`reader://book`); only generation
    /// cares, since matching reads a host and a first path segment alike (Matching rules: URL to route key).
    var hasHost = false

    var description: String { pattern }
}

/// A URL split by Matching rules: URL to route key with array operations on its UTF-8 bytes.
struct ReferenceURL {
    var hasScheme: Bool
    /// The route key: the scheme, the host (if non-empty), then the path segments; decoded.
    var key: [String]
    /// `rests[p]`: what a catch-all at key position `p` captures; `rests[key.count]` is `""`.
    var rests: [String]

    /// Splits `url`, or returns `nil` when Matching rules: URL to route key calls it malformed.
    init?(_ url: String, limits: URLLimits) {
        let bytes = Array(url.utf8)
        guard bytes.count <= limits.maxBytes, ReferenceURL.decode(bytes[...]) != nil else { return nil }

        let slash = UInt8(ascii: "/"), colon = UInt8(ascii: ":")
        // Query and fragment come off first: the path ends at the first `?` or `#`.
        let beforeQuery = bytes[..<(bytes.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.endIndex)]

        var scheme: String?
        var afterScheme = beforeQuery
        if let colonIndex = beforeQuery.firstIndex(of: colon) {
            let candidate = beforeQuery[..<colonIndex]
            if let first = candidate.first, ReferenceURL.isLetter(first),
               candidate.allSatisfy({ ReferenceURL.isLetter($0) || ReferenceURL.isDigit($0) || "+-.".utf8.contains($0) }) {
                scheme = ReferenceURL.lowercased(candidate)
                afterScheme = beforeQuery[(colonIndex + 1)...]
            }
        }

        var hostAsWritten: ArraySlice<UInt8> = []
        var path = afterScheme
        if scheme != nil, afterScheme.starts(with: [slash, slash]) {
            let authorityAndPath = afterScheme.dropFirst(2)
            let authorityEnd = authorityAndPath.firstIndex(of: slash) ?? authorityAndPath.endIndex
            let authority = authorityAndPath[..<authorityEnd]
            path = authorityAndPath[authorityEnd...]
            var hostAndPort = authority
            if let at = authority.lastIndex(of: UInt8(ascii: "@")) { hostAndPort = authority[(at + 1)...] }
            var hostEnd = hostAndPort.endIndex
            var inBrackets = false
            for index in hostAndPort.indices {
                switch hostAndPort[index] {
                case UInt8(ascii: "["): inBrackets = true
                case UInt8(ascii: "]"): inBrackets = false
                case colon where !inBrackets: hostEnd = min(hostEnd, index)
                default: break
                }
                if hostEnd != hostAndPort.endIndex { break }
            }
            hostAsWritten = hostAndPort[..<hostEnd]
        }

        let segments = path.split(separator: slash, omittingEmptySubsequences: true)
        guard segments.count <= limits.maxPathSegments else { return nil }

        hasScheme = scheme != nil
        key = []
        rests = []
        if let scheme {
            key.append(scheme)
            rests.append("")  // no catch-all at the scheme position
        }
        if !hostAsWritten.isEmpty {
            key.append(ReferenceURL.lowercased(ReferenceURL.decode(hostAsWritten)!.utf8[...]))
            rests.append(ReferenceURL.decode(hostAsWritten)! + ReferenceURL.decode(path)!)
        }
        for segment in segments {
            key.append(ReferenceURL.decode(segment)!)
            rests.append(ReferenceURL.decode(path[segment.startIndex...])!)
        }
        rests.append("")
    }

    /// Percent-decodes once; `nil` for a `%` without two hex digits or for invalid UTF-8.
    static func decode(_ bytes: ArraySlice<UInt8>) -> String? {
        var decoded: [UInt8] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < bytes.endIndex,
                      let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
                else { return nil }
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        let text = String(decoding: decoded, as: UTF8.self)
        return Array(text.utf8) == decoded ? text : nil  // decoding repairs invalid UTF-8; refuse that
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    /// ASCII letters only: Matching rules: URL to route key never folds `K` (Kelvin) or `ß`.
    static func lowercased<C: Collection<UInt8>>(_ bytes: C) -> String {
        String(decoding: bytes.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }
}

/// The built-in typed parameters of Matching rules: pattern syntax, written from the grammar.
enum ReferenceConverters {
    static func accepts(_ converter: String, _ text: String, declared: [String: any ParameterConverter]) -> Bool {
        switch converter {
        case "int": isInt(text)
        case "uuid": isUUID(text)
        case "double": isDouble(text)
        default: declared[converter]!.accepts(Substring(text))
        }
    }

    static func digits(_ text: Substring) -> Substring {
        text.prefix { $0.isASCII && $0.isNumber }
    }

    /// `-?[0-9]+` within Int64 (`Int64(_:)` alone would also take `+5`).
    static func isInt(_ text: String) -> Bool {
        let unsigned = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        return !unsigned.isEmpty && digits(unsigned).count == unsigned.count && Int64(text) != nil
    }

    /// `-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?` and finite.
    static func isDouble(_ text: String) -> Bool {
        var rest = Substring(text)
        if rest.hasPrefix("-") { rest = rest.dropFirst() }
        let integer = digits(rest)
        guard !integer.isEmpty else { return false }
        rest = rest.dropFirst(integer.count)
        if rest.hasPrefix(".") {
            let fraction = digits(rest.dropFirst())
            guard !fraction.isEmpty else { return false }
            rest = rest.dropFirst(1 + fraction.count)
        }
        if rest.hasPrefix("e") || rest.hasPrefix("E") {
            rest = rest.dropFirst()
            if rest.hasPrefix("+") || rest.hasPrefix("-") { rest = rest.dropFirst() }
            let exponent = digits(rest)
            guard !exponent.isEmpty else { return false }
            rest = rest.dropFirst(exponent.count)
        }
        return rest.isEmpty && (Double(text)?.isFinite ?? false)
    }

    /// 8-4-4-4-12 hexadecimal digits, any case.
    static func isUUID(_ text: String) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        return groups.map(\.count) == [8, 4, 4, 4, 12]
            && groups.allSatisfy { $0.allSatisfy { $0.isASCII && $0.isHexDigit } }
    }
}

/// The naive matcher: a linear scan, then a sort by specificity (Matching rules: which route wins).
struct ReferenceMatcher {
    struct Match: CustomStringConvertible {
        var route: ReferenceRoute
        var parameters: [String: String]
        var outcome: Outcome { .match(route.pattern, parameters) }
        var description: String { outcome.description }
    }

    var routes: [ReferenceRoute]
    var caseInsensitive = false
    var limits = URLLimits()
    var declared: [String: any ParameterConverter] = [:]

    /// Every route matching `url`, best first; `nil` when the URL is malformed.
    func matches(_ url: String) -> [Match]? {
        guard let parsed = ReferenceURL(url, limits: limits) else { return nil }
        let found = routes.compactMap { route in
            parameters(of: route, in: parsed).map { Match(route: route, parameters: $0) }
        }
        return found.sorted { rank($0.route).lexicographicallyPrecedes(rank($1.route)) }
    }

    /// The captured parameters when `route` matches the whole key, else `nil`.
    func parameters(of route: ReferenceRoute, in url: ReferenceURL) -> [String: String]? {
        guard route.hasScheme == url.hasScheme else { return nil }
        var parameters: [String: String] = [:]
        for (position, segment) in route.segments.enumerated() {
            if case .catchAll(let name) = segment {
                guard position <= url.key.count else { return nil }
                if let name { parameters[name] = url.rests[position] }
                return parameters
            }
            guard position < url.key.count else { return nil }
            let text = url.key[position]
            switch segment {
            case .literal(let literal):
                let equal = caseInsensitive
                    ? Array(ReferenceURL.lowercased(literal.utf8).utf8) == Array(ReferenceURL.lowercased(text.utf8).utf8)
                    : Array(literal.utf8) == Array(text.utf8)
                guard equal else { return nil }
            case .typed(let converter, let name):
                guard ReferenceConverters.accepts(converter, text, declared: declared) else { return nil }
                parameters[name] = text
            case .any(let name):
                if let name { parameters[name] = text }
            case .catchAll:
                break
            }
        }
        return route.segments.count == url.key.count ? parameters : nil
    }

    /// Segment kinds left to right: literal, int, uuid, double, declared converters by
    /// name, any one segment, catch-all. A route that ends where the key ends sorts before
    /// one that goes on with a catch-all, because a prefix precedes its extensions.
    func rank(_ route: ReferenceRoute) -> [Int] {
        let declaredOrder = declared.keys.sorted()
        return route.segments.map { segment in
            switch segment {
            case .literal: 0
            case .typed("int", _): 1
            case .typed("uuid", _): 2
            case .typed("double", _): 3
            case .typed(let converter, _): 4 + declaredOrder.firstIndex(of: converter)!
            case .any: 1_000
            case .catchAll: 2_000
            }
        }
    }
}
