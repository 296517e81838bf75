// The fuzz oracle: a deliberately naive, independent reading of Matching rules: URL to route key, pattern syntax, which route wins, conflicts, written from
// the spec rather than from the engine, so that the trie, the pattern parser and the
// conflict check can be compared with it.
//
// Everything here is slow on purpose (arrays, linear scans, re-decoding) and is shared by
// symlinks with two test targets: `URLRouterTests` (`HostileFuzzOracle.swift`), which replays
// `Fuzz/FailCases/` through the same checks, and `PatternMatcherTests`
// (`Support/FuzzOracle.swift`), which holds it to the other reference matcher. It must therefore compile in
// Swift 5 (the fuzz package) and Swift 6 (the tests) language modes, warning-free.

import PatternMatcher

public enum FuzzOracle {
    // MARK: Bytes

    static func isAlpha(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }
    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    static func isSchemeCharacter(_ b: UInt8) -> Bool {
        isAlpha(b) || isDigit(b) || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
    }
    static func isName(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first, isAlpha(first) || first == UInt8(ascii: "_") else { return false }
        return bytes.allSatisfy { isAlpha($0) || isDigit($0) || $0 == UInt8(ascii: "_") }
    }
    static func lowered(_ bytes: [UInt8]) -> [UInt8] {
        bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
    }
    static func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: return b - 0x30
        case 0x41...0x46: return b - 0x41 + 10
        case 0x61...0x66: return b - 0x61 + 10
        default: return nil
        }
    }

    /// Percent-decodes once; a `%` that does not start an escape is kept as it is.
    static func decoded(_ bytes: ArraySlice<UInt8>, plusAsSpace: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        var i = bytes.startIndex
        while i < bytes.endIndex {
            if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.endIndex,
               let h = hex(bytes[i + 1]), let l = hex(bytes[i + 2]) {
                out.append(h << 4 | l)
                i += 3
            } else {
                out.append(plusAsSpace && bytes[i] == UInt8(ascii: "+") ? 0x20 : bytes[i])
                i += 1
            }
        }
        return out
    }

    static func hasBadEscape(_ bytes: ArraySlice<UInt8>) -> Bool {
        var i = bytes.startIndex
        while i < bytes.endIndex {
            if bytes[i] == UInt8(ascii: "%") {
                guard i + 2 < bytes.endIndex, hex(bytes[i + 1]) != nil, hex(bytes[i + 2]) != nil else { return true }
                i += 3
            } else {
                i += 1
            }
        }
        return false
    }

    static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    // MARK: Converters

    /// Declared converters the fuzz tables use: `hex` sorts before `lower`, so both are
    /// tried, in that order, after the built-in ones.
    public struct HexConverter: ParameterConverter {
        public init() {}
        public var name: String { "hex" }
        public func accepts(_ text: Substring) -> Bool {
            !text.isEmpty && text.utf8.allSatisfy { isDigit($0) || ($0 >= 0x61 && $0 <= 0x66) }
        }
    }

    public struct LowerConverter: ParameterConverter {
        public init() {}
        public var name: String { "lower" }
        public func accepts(_ text: Substring) -> Bool {
            !text.isEmpty && text.utf8.allSatisfy { $0 >= 0x61 && $0 <= 0x7A }
        }
    }

    public static let declaredConverterNames: Set<String> = ["hex", "lower"]

    /// Whether the converter named `name` accepts `text`, read from the grammar of Matching rules (pattern syntax).
    static func accepts(_ name: String, _ value: [UInt8]) -> Bool {
        switch name {
        case "int":
            let digits = value.first == UInt8(ascii: "-") ? value.dropFirst() : value[...]
            return !digits.isEmpty && digits.allSatisfy(isDigit) && Int64(text(value)) != nil
        case "double":
            return isDoubleSyntax(value) && (Double(text(value))?.isFinite ?? false)
        case "uuid":
            guard value.count == 36 else { return false }
            return value.indices.allSatisfy { i in
                [8, 13, 18, 23].contains(i) ? value[i] == UInt8(ascii: "-") : hex(value[i]) != nil
            }
        case "hex": return HexConverter().accepts(Substring(text(value)))
        case "lower": return LowerConverter().accepts(Substring(text(value)))
        default: return false
        }
    }

    /// `-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?`
    static func isDoubleSyntax(_ t: [UInt8]) -> Bool {
        var i = 0
        func digits() -> Bool {
            let start = i
            while i < t.count, isDigit(t[i]) { i += 1 }
            return i > start
        }
        if i < t.count, t[i] == UInt8(ascii: "-") { i += 1 }
        guard digits() else { return false }
        if i < t.count, t[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() else { return false }
        }
        if i < t.count, t[i] == UInt8(ascii: "e") || t[i] == UInt8(ascii: "E") {
            i += 1
            if i < t.count, t[i] == UInt8(ascii: "+") || t[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() else { return false }
        }
        return i == t.count
    }

    // MARK: URLs (Matching rules: URL to route key)

    /// A URL read the slow way: every part as a byte range, the key as decoded strings.
    public struct URLReading {
        public let bytes: [UInt8]
        public var scheme: [UInt8]?
        public var userinfo: Range<Int>?
        public var host: Range<Int>?
        public var path: Range<Int>
        public var query: Range<Int>?
        public var fragment: Range<Int>?
        /// Raw ranges of the non-empty path segments.
        public var segments: [Range<Int>] = []
        /// `nil` when the URL is well formed; otherwise the reasons that may be reported.
        public var malformed: Set<String>?

        public init(_ string: String, limits: URLLimits) {
            let b = Array(string.utf8)
            bytes = b
            var i = 0
            if let first = b.first, isAlpha(first) {
                var j = 1
                while j < b.count, isSchemeCharacter(b[j]) { j += 1 }
                if j < b.count, b[j] == UInt8(ascii: ":") {
                    scheme = lowered(Array(b[0..<j]))
                    i = j + 1
                }
            }
            let stops: [UInt8] = [UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#")]
            if scheme != nil, b[i...].starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")]) {
                let start = i + 2
                var end = start
                while end < b.count, !stops.contains(b[end]) { end += 1 }
                var hostStart = start
                if let at = b[start..<end].lastIndex(of: UInt8(ascii: "@")) {
                    userinfo = start..<at
                    hostStart = at + 1
                }
                var hostEnd = hostStart
                var bracket = false
                while hostEnd < end {
                    if b[hostEnd] == UInt8(ascii: "[") { bracket = true }
                    if b[hostEnd] == UInt8(ascii: "]") { bracket = false }
                    if b[hostEnd] == UInt8(ascii: ":") && !bracket { break }
                    hostEnd += 1
                }
                if hostEnd > hostStart { host = hostStart..<hostEnd }
                i = end
            }
            var pathEnd = i
            while pathEnd < b.count, b[pathEnd] != UInt8(ascii: "?"), b[pathEnd] != UInt8(ascii: "#") { pathEnd += 1 }
            path = i..<pathEnd
            var rest = pathEnd
            if rest < b.count, b[rest] == UInt8(ascii: "?") {
                var end = rest + 1
                while end < b.count, b[end] != UInt8(ascii: "#") { end += 1 }
                query = (rest + 1)..<end
                rest = end
            }
            if rest < b.count { fragment = (rest + 1)..<b.count }

            var start = path.lowerBound
            while start < path.upperBound {
                if b[start] == UInt8(ascii: "/") { start += 1; continue }
                var end = start
                while end < path.upperBound, b[end] != UInt8(ascii: "/") { end += 1 }
                segments.append(start..<end)
                start = end
            }

            if b.count > limits.maxBytes {
                malformed = ["tooLong"]
            } else if segments.count > limits.maxPathSegments {
                malformed = ["tooManySegments"]
            } else {
                let bad = hasBadEscape(b[...])
                let invalid = !isValidUTF8(decoded(b[...]))
                if bad && invalid {
                    malformed = ["badEscape", "invalidUTF8"]
                } else if bad {
                    malformed = ["badEscape"]
                } else if invalid {
                    malformed = ["invalidUTF8"]
                }
            }
        }

        public var hasScheme: Bool { scheme != nil }
        public var hasHost: Bool { host != nil }

        /// The route key (Matching rules: URL to route key): decoded; the scheme and host ASCII-lowercased.
        public var key: [[UInt8]] {
            var key: [[UInt8]] = []
            if let scheme { key.append(scheme) }
            if let host { key.append(lowered(decoded(bytes[host]))) }
            key += segments.map { decoded(bytes[$0]) }
            return key
        }

        /// Where key position `position` starts in the path, for catch-alls; `nil` for the
        /// scheme and host positions or past the end.
        func pathOffset(ofKeyPosition position: Int) -> Int? {
            let index = position - (hasScheme ? 1 : 0) - (hasHost ? 1 : 0)
            return index >= 0 && index < segments.count ? segments[index].lowerBound : nil
        }

        /// The query items with `+` a literal plus (the default reading).
        public var queryItems: [[String]] { queryItems(plusAsSpace: false) }

        /// The query items, with `+` a space when the query is read as an HTML form.
        public func queryItems(plusAsSpace: Bool) -> [[String]] {
            guard let query else { return [] }
            return bytes[query].split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false).compactMap { pair in
                let equals = pair.firstIndex(of: UInt8(ascii: "="))
                let name = pair[..<(equals ?? pair.endIndex)]
                guard !name.isEmpty else { return nil }
                let value = equals.map { pair[($0 + 1)...] } ?? []
                return [text(decoded(name, plusAsSpace: plusAsSpace)), text(decoded(value, plusAsSpace: plusAsSpace))]
            }
        }

        public var decodedFragment: String? { fragment.map { text(decoded(bytes[$0])) } }
    }

    // MARK: Patterns (Matching rules: pattern syntax)

    public enum SegmentKind: Hashable, Sendable, CustomStringConvertible {
        case literal([UInt8])
        case parameter(name: String, converter: String?)
        case wildcard
        case catchAll(name: String?)

        public var description: String {
            switch self {
            case .literal(let bytes): return "literal(\(text(bytes)))"
            case .parameter(let name, let converter): return "param(\(name), \(converter ?? "any"))"
            case .wildcard: return "*"
            case .catchAll(let name): return "**\(name ?? "")"
            }
        }

        var name: String? {
            switch self {
            case .parameter(let name, _): return name
            case .catchAll(let name): return name
            default: return nil
            }
        }
    }

    /// A pattern read the slow way; `nil` from ``parsePattern(_:)`` means invalid.
    public struct PatternReading: Hashable, Sendable {
        public var text: String
        public var hasScheme: Bool
        public var hasHost: Bool
        public var segments: [SegmentKind]

        /// What makes two patterns the same to the matcher (Matching rules: conflicts).
        public func shape(foldLiterals: Bool) -> [String] {
            [hasScheme ? "scheme" : "no scheme"] + segments.map { kind -> String in
                switch kind {
                case .literal(let bytes): return "L" + FuzzOracle.text(foldLiterals ? lowered(bytes) : bytes)
                case .parameter(_, let converter?): return "T" + converter
                case .parameter(_, nil), .wildcard: return "*"
                case .catchAll: return "**"
                }
            }
        }

        /// The order of Matching rules (which route wins) at one position, as a number: lower is tried first.
        static func rank(_ kind: SegmentKind) -> Int {
            switch kind {
            case .literal: return 0
            case .parameter(_, let converter?):
                return ["int": 1, "uuid": 2, "double": 3, "hex": 4, "lower": 5][converter] ?? 9
            case .parameter(_, nil), .wildcard: return 10
            case .catchAll: return 11
            }
        }
    }

    public static func parsePattern(_ pattern: String) -> PatternReading? {
        let b = Array(pattern.utf8)
        if b.contains(UInt8(ascii: "?")) || b.contains(UInt8(ascii: "#")) { return nil }
        var segments: [SegmentKind] = []
        var i = 0
        var hasScheme = false
        var hasHost = false
        let colon = b.firstIndex(of: UInt8(ascii: ":"))
        if let colon, colon > 0, isAlpha(b[0]), b[1..<colon].allSatisfy(isSchemeCharacter) {
            segments.append(.literal(lowered(Array(b[0..<colon]))))
            hasScheme = true
            i = colon + 1
        } else if b.starts(with: [UInt8(ascii: "*"), UInt8(ascii: ":")]) {
            segments.append(.wildcard)
            hasScheme = true
            i = 2
        } else if b.first == UInt8(ascii: ":"), let end = b.dropFirst().firstIndex(of: UInt8(ascii: ":")),
                  isName(b[1..<end]), b[1..<end].allSatisfy({ $0 != UInt8(ascii: "/") }) {
            segments.append(.parameter(name: text(Array(b[1..<end])), converter: nil))
            hasScheme = true
            i = end + 1
        }
        func segment(_ s: ArraySlice<UInt8>, isHost: Bool) -> SegmentKind? {
            let s = Array(s)
            // Another router's spellings are refused, not read as literals: a space around a
            // segment, `{name}`.
            let spaces: Set<UInt8> = [UInt8(ascii: " "), UInt8(ascii: "\t")]
            if spaces.contains(s[0]) || spaces.contains(s[s.count - 1]) { return nil }
            if s.count >= 2, s[0] == UInt8(ascii: "{"), s[s.count - 1] == UInt8(ascii: "}") { return nil }
            switch s[0] {
            case UInt8(ascii: "*"):
                if s.count == 1 { return .wildcard }
                guard s[1] == UInt8(ascii: "*") else { return nil }
                if s.count == 2 { return .catchAll(name: nil) }
                return isName(s[2...]) ? .catchAll(name: text(Array(s[2...]))) : nil
            case UInt8(ascii: "~") where s.count == 1:
                return .wildcard
            case UInt8(ascii: ":"):
                return isName(s[1...]) ? .parameter(name: text(Array(s[1...])), converter: nil) : nil
            case UInt8(ascii: "<"):
                guard s.count >= 2, s.last == UInt8(ascii: ">"),
                      let c = s[1..<(s.count - 1)].firstIndex(of: UInt8(ascii: ":")), c > 1,
                      isName(s[(c + 1)..<(s.count - 1)]) else { return nil }
                let type = text(Array(s[1..<c]))
                let name = text(Array(s[(c + 1)..<(s.count - 1)]))
                if type == "string" { return .parameter(name: name, converter: nil) }
                guard ["int", "double", "uuid"].contains(type) || declaredConverterNames.contains(type) else { return nil }
                return .parameter(name: name, converter: type)
            default:
                guard !hasBadEscape(s[...]) else { return nil }
                var literal = decoded(s[...])
                guard isValidUTF8(literal) else { return nil }
                if isHost {
                    literal = lowered(literal)
                    // Read as a URL's authority is (Matching rules: URL to route key): an '@' is userinfo, a ':' outside
                    // an IP literal's brackets starts a port. Escaped ones are host data.
                    var inBrackets = false
                    for byte in s {
                        if byte == UInt8(ascii: "@") { return nil }
                        if byte == UInt8(ascii: "[") { inBrackets = true }
                        if byte == UInt8(ascii: "]") { inBrackets = false }
                        if byte == UInt8(ascii: ":") && !inBrackets { return nil }
                    }
                }
                return .literal(literal)
            }
        }
        if hasScheme, b[i...].starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")]) {
            i += 2
            let end = b[i...].firstIndex(of: UInt8(ascii: "/")) ?? b.count
            if end > i {
                guard let host = segment(b[i..<end], isHost: true) else { return nil }
                segments.append(host)
                hasHost = true
            }
            i = end
        }
        for raw in b[i...].split(separator: UInt8(ascii: "/")) {
            guard let kind = segment(raw, isHost: false) else { return nil }
            segments.append(kind)
        }
        guard !segments.isEmpty else { return nil }
        for (index, kind) in segments.enumerated() {
            if case .catchAll = kind, index != segments.count - 1 { return nil }
        }
        let names = segments.compactMap(\.name)
        guard Set(names).count == names.count else { return nil }
        return PatternReading(text: pattern, hasScheme: hasScheme, hasHost: hasHost, segments: segments)
    }

    /// The engine's decomposition of a valid pattern, in the oracle's terms.
    public static func segments(of pattern: RoutePattern) -> [SegmentKind] {
        pattern.segments.map { segment in
            if let literal = segment.literal { return .literal(Array(literal.utf8)) }
            if segment.isWildcard { return .wildcard }
            if segment.isCatchAll { return .catchAll(name: segment.parameterName) }
            return .parameter(name: segment.parameterName ?? "", converter: segment.converterName)
        }
    }

    // MARK: Matching (Matching rules: which route wins)

    /// One route matching a URL: which, with what parameters.
    public struct Hit: Equatable, CustomStringConvertible {
        public var route: Int
        public var parameters: [String: String]
        public var description: String { "#\(route) \(parameters.sorted { $0.key < $1.key })" }
    }

    /// Every route matching `url`, best first, by a linear scan over the routes.
    public static func matches(_ routes: [PatternReading], url: URLReading, caseInsensitive: Bool) -> [Hit] {
        guard url.malformed == nil else { return [] }
        let key = url.key
        var found: [(rank: [Int], hit: Hit)] = []
        routeLoop: for (index, route) in routes.enumerated() where route.hasScheme == url.hasScheme {
            var rank: [Int] = []
            var parameters: [String: String] = [:]
            for (position, kind) in route.segments.enumerated() {
                rank.append(PatternReading.rank(kind))
                if case .catchAll(let name) = kind {
                    if let name {
                        if url.hasScheme, let host = url.host, position == 1 {
                            parameters[name] = text(decoded(url.bytes[host]) + decoded(url.bytes[url.path]))
                        } else if let start = url.pathOffset(ofKeyPosition: position) {
                            parameters[name] = text(decoded(url.bytes[start..<url.path.upperBound]))
                        } else {
                            parameters[name] = ""
                        }
                    }
                    found.append((rank, Hit(route: index, parameters: parameters)))
                    continue routeLoop
                }
                guard position < key.count else { continue routeLoop }
                let value = key[position]
                switch kind {
                case .literal(let literal):
                    let equal = caseInsensitive ? lowered(value) == lowered(literal) : value == literal
                    guard equal else { continue routeLoop }
                case .parameter(let name, let converter):
                    if let converter, !accepts(converter, value) { continue routeLoop }
                    parameters[name] = text(value)
                case .wildcard:
                    break
                case .catchAll:
                    break
                }
            }
            guard route.segments.count == key.count else { continue }
            found.append((rank, Hit(route: index, parameters: parameters)))
        }
        return found.sorted { $0.rank.lexicographicallyPrecedes($1.rank) }.map(\.hit)
    }

    // MARK: Fuzz inputs

    /// A fuzz input read as text: lines of patterns (or directives), then the URL.
    ///
    /// ```
    /// !ci                  directive: case-insensitive paths
    /// !small               directive: limits of 64 bytes and 4 segments
    /// !form                directive: a query read as an HTML form ('+' is a space)
    /// reader://book/:id    a pattern (in the router target, prefixed '+' external or '-' internal)
    /// reader://book/42     the last line: the URL
    /// ```
    public struct Case {
        public var caseInsensitive = false
        public var smallLimits = false
        public var plusAsSpace = false
        public var lines: [String] = []
        public var url = ""
        /// A number derived from all the bytes, for choices the text does not spell out.
        public var seed: UInt64 = 14_695_981_039_346_656_037

        public init(_ data: [UInt8], maxLines: Int) {
            for byte in data { seed = (seed ^ UInt64(byte)) &* 1_099_511_628_211 }
            var parts = String(decoding: data, as: UTF8.self)
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            url = parts.popLast() ?? ""
            for line in parts {
                switch line {
                case "!ci": caseInsensitive = true
                case "!small": smallLimits = true
                case "!form": plusAsSpace = true
                default: if lines.count < maxLines { lines.append(line) }
                }
            }
        }

        public var options: MatchOptions {
            MatchOptions(caseInsensitivePaths: caseInsensitive, plusAsSpaceInQuery: plusAsSpace,
                         limits: smallLimits ? URLLimits(maxBytes: 64, maxPathSegments: 4) : URLLimits())
        }
    }

    /// Values to generate URLs with: the URL's own key segments (so the fuzzer steers them)
    /// and values that are known to be awkward.
    public static func valuePool(_ url: URLReading) -> [String] {
        url.key.map(text) + [
            "42", "-7", "3.5e2", "0a1b", "abc", "6ba7b810-9dad-11d1-80b4-00c04fd430c8", "a/b", "a//b/",
            "x y", "%2F", "%252F", "..", "a:b", "u@h", "é", "🦆", "Ab", "?#&=+", "", "\u{0}", "\\",
        ]
    }
}
