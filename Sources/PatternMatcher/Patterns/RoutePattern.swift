/// A parsed, validated route pattern such as `reader://book/<int:id>` (Matching rules, "Pattern syntax").
///
/// A pattern is written like a URL and decomposed by the same rules: the scheme and host
/// are lowercased, empty segments are dropped and literals are percent-decoded, so
/// `reader://category/%E5%AE%B6%E5%B1%85` and `reader://category/家居` are the same pattern.
///
/// ```swift
/// let pattern = try RoutePattern("reader://book/<int:id>")
/// pattern.segments.map(\.description)   // ["reader", "book", "<int:id>"]
/// ```
public struct RoutePattern: Sendable, Hashable, CustomStringConvertible {
    /// The pattern exactly as it was written.
    public let text: String
    /// Every key position, the scheme position first when ``hasScheme`` is true, then the
    /// host position (when the pattern has a non-empty authority), then the path segments.
    public let segments: [Segment]
    /// Whether the pattern starts with a scheme (`reader:`, `*:`, `:scheme:`); such a
    /// pattern matches only URLs with a scheme, and a pattern without one only URLs without.
    public let hasScheme: Bool
    /// Whether the scheme is followed by `//` (an authority), as in `reader://book`,
    /// rather than opaque, as in `app-settings:`.
    public let hasAuthority: Bool
    /// Whether the second key position is the host (a non-empty authority).
    public let hasHost: Bool
    /// Whether a pattern without a scheme is written with a leading `/`.
    public let hasLeadingSlash: Bool

    /// Parses and validates a pattern.
    /// - Parameters:
    ///   - text: the pattern, for example `reader://book/:id`.
    ///   - converters: the names of declared converters that `<name:id>` segments may use,
    ///     besides the built-in `int`, `double`, `uuid` and `string`.
    /// - Throws: ``PatternError`` naming the column and the problem.
    /// - Complexity: O(n) in the length of `text`.
    public init(_ text: String, converters: Set<String> = []) throws(PatternError) {
        PatternParses.counter?.count()
        // Any order: the parser numbers the names only to name them again below.
        var parser = PatternParser(converters: Array(converters))
        let shape = try parser.parse(text)
        self.init(text: text, parsed: parser, shape: shape)
    }

    /// The pattern `parser` has just read from `text`, its ranges made strings.
    init(text: String, parsed parser: PatternParser, shape: ParsedShape) {
        let segments = ContiguousUTF8.withBytes(of: text) { bytes in
            parser.segments.map { segment in
                func string(_ start: Int32, _ end: Int32) -> String {
                    String(decoding: bytes[Int(start)..<Int(end)], as: UTF8.self)
                }
                let kind: Segment.Kind = switch segment.kind {
                case .literal: .literal(parser.withLiteral(segment, in: bytes) { String(decoding: $0, as: UTF8.self) })
                case .parameter: .parameter(name: string(segment.nameStart, segment.nameEnd), converter: nil)
                case .typed: .parameter(name: string(segment.nameStart, segment.nameEnd),
                                        converter: parser.converterName(segment.converter))
                case .wildcard: .wildcard
                case .catchAll: .catchAll(name: segment.hasName ? string(segment.nameStart, segment.nameEnd) : nil)
                }
                return Segment(kind: kind,
                               column: PatternParser.column(at: Int(segment.start), in: text, isASCII: shape.isASCII),
                               nameRange: segment.hasName ? Int(segment.nameStart)..<Int(segment.nameEnd) : nil)
            }
        }
        self.init(text: text, segments: segments, hasScheme: shape.hasScheme, hasAuthority: shape.hasAuthority,
                  hasHost: shape.hasHost, hasLeadingSlash: shape.hasLeadingSlash)
    }

    init(text: String, segments: [Segment], hasScheme: Bool, hasAuthority: Bool,
         hasHost: Bool, hasLeadingSlash: Bool) {
        self.text = text
        self.segments = segments
        self.hasScheme = hasScheme
        self.hasAuthority = hasAuthority
        self.hasHost = hasHost
        self.hasLeadingSlash = hasLeadingSlash
    }

    /// The names a pattern captures, in order (as ``parameterNames``), and whether it has an
    /// anonymous wildcard (`*` or `~`): what a check of one pattern against another reads.
    package typealias Captures = (names: [String], hasWildcard: Bool)

    /// This pattern's captures.
    package var captures: Captures { (parameterNames, segments.contains(where: \.isWildcard)) }

    /// The captures of `text`, read by the parser alone, without the segments' strings.
    /// - Throws: ``PatternError``, as ``init(_:converters:)`` does.
    package static func captures(of text: String, converters: Set<String> = []) throws(PatternError) -> Captures {
        var parser = PatternParser(converters: Array(converters))
        _ = try parser.parse(text)
        return ContiguousUTF8.withBytes(of: text) { bytes in
            var names: [String] = []
            var hasWildcard = false
            for segment in parser.segments {
                if segment.hasName { names.append(String(decoding: bytes[Int(segment.nameStart)..<Int(segment.nameEnd)], as: UTF8.self)) }
                hasWildcard = hasWildcard || segment.kind == .wildcard
            }
            return (names, hasWildcard)
        }
    }

    /// The names of the captured parameters, in the order they appear.
    public var parameterNames: [String] {
        segments.compactMap(\.parameterName)
    }

    /// Whether the pattern ends with a catch-all (`**` or `**name`).
    public var isCatchAll: Bool { segments.last?.isCatchAll ?? false }

    public var description: String { text }

    /// Two patterns are equal when they are written the same way.
    public static func == (lhs: RoutePattern, rhs: RoutePattern) -> Bool { lhs.text == rhs.text }
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}

extension RoutePattern {
    /// One key position of a pattern: a literal, a parameter, a wildcard or a catch-all.
    public struct Segment: Sendable, Hashable, CustomStringConvertible {
        enum Kind: Hashable, Sendable {
            /// Decoded text; for the scheme and host positions, lowercased.
            case literal(String)
            /// `:name`, `<string:name>` (converter nil) or `<type:name>`.
            case parameter(name: String, converter: String?)
            /// `*` or `~`.
            case wildcard
            /// `**` or `**name`.
            case catchAll(name: String?)
        }

        let kind: Kind
        /// The 1-based column (in characters) where the segment starts in the pattern.
        public let column: Int
        /// The UTF-8 range of the parameter name inside the pattern text, if any.
        let nameRange: Range<Int>?

        /// The decoded text a literal segment matches, or `nil`.
        public var literal: String? {
            if case .literal(let text) = kind { return text }
            return nil
        }

        /// The name a parameter or named catch-all captures, or `nil`.
        public var parameterName: String? {
            switch kind {
            case .parameter(let name, _): name
            case .catchAll(let name): name
            default: nil
            }
        }

        /// The converter of a typed parameter (`int`, `uuid`, `double` or a declared one);
        /// `nil` for `:name`, `<string:name>` and other kinds.
        public var converterName: String? {
            if case .parameter(_, let converter) = kind { return converter }
            return nil
        }

        /// Whether the segment is `*` or `~`: any one segment, not captured.
        public var isWildcard: Bool { kind == .wildcard }

        /// Whether the segment is `**` or `**name`: the rest of the path.
        public var isCatchAll: Bool {
            if case .catchAll = kind { return true }
            return false
        }

        public var description: String {
            switch kind {
            case .literal(let text): text
            case .parameter(let name, nil): ":\(name)"
            case .parameter(let name, let converter?): "<\(converter):\(name)>"
            case .wildcard: "*"
            case .catchAll(nil): "**"
            case .catchAll(let name?): "**\(name)"
            }
        }
    }
}
