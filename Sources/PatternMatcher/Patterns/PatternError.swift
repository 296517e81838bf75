/// A pattern that cannot be registered, with the place and the reason.
///
/// ```
/// '**' must be the last segment (column 4 in '/a/**/b')
/// ```
///
/// Match on ``reason`` (a value you can compare, `error.reason == .badEscape`), not on
/// the text of ``message``, which is for people and may change.
public struct PatternError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, as a value. Payload-free reasons are static properties; the others
    /// are static functions of the text they name. New reasons may be added in a minor
    /// version, so a `switch` over them is not offered; compare with `==`.
    public struct Reason: Sendable, Hashable, CustomStringConvertible {
        private enum Kind: Hashable {
            case queryOrFragment, noSegment, unclosedTypedParameter, missingConverterType, badEscape, invalidUTF8,
                 emptyParameterName, optionalSegment
            case invalidStarSegment(String), typedParameterSyntax(String), unknownConverter(String),
                 hostWithPortOrUserinfo(String), invalidParameterName(String), catchAllNotLast(String),
                 duplicateParameterName(String), surroundingSpace(String), braceParameter(String), other(String)
        }
        private let kind: Kind
        private init(_ kind: Kind) { self.kind = kind }

        /// A `?` or `#`: a pattern holds no query and no fragment.
        public static let queryOrFragment = Reason(.queryOrFragment)
        /// Neither a scheme nor a segment.
        public static let noSegment = Reason(.noSegment)
        /// A segment that starts with `<` and does not end with `>`.
        public static let unclosedTypedParameter = Reason(.unclosedTypedParameter)
        /// `<:name>`: no converter before the `:`.
        public static let missingConverterType = Reason(.missingConverterType)
        /// A `%` not followed by two hexadecimal digits.
        public static let badEscape = Reason(.badEscape)
        /// Percent-decoded bytes that are not valid UTF-8.
        public static let invalidUTF8 = Reason(.invalidUTF8)
        /// `:` or `**` with no name after it, or `<type:>`.
        public static let emptyParameterName = Reason(.emptyParameterName)
        /// An optional segment written as other routers do (`(/:name)`, `:name?`): register
        /// the pattern with the segment and without it instead.
        public static let optionalSegment = Reason(.optionalSegment)
        /// A segment that starts with `*` and is not `*`, `**` or `**name`.
        public static func invalidStarSegment(_ segment: String) -> Reason { Reason(.invalidStarSegment(segment)) }
        /// `<text>` with no `:` inside.
        public static func typedParameterSyntax(_ text: String) -> Reason { Reason(.typedParameterSyntax(text)) }
        /// `<type:name>` whose type is neither built in nor declared.
        public static func unknownConverter(_ type: String) -> Reason { Reason(.unknownConverter(type)) }
        /// A host written with a port or userinfo.
        public static func hostWithPortOrUserinfo(_ host: String) -> Reason { Reason(.hostWithPortOrUserinfo(host)) }
        /// A name outside `[A-Za-z_][A-Za-z0-9_]*`.
        public static func invalidParameterName(_ name: String) -> Reason { Reason(.invalidParameterName(name)) }
        /// A catch-all (`**`, `**name`) before the last segment.
        public static func catchAllNotLast(_ segment: String) -> Reason { Reason(.catchAllNotLast(segment)) }
        /// A parameter name used by two segments.
        public static func duplicateParameterName(_ name: String) -> Reason { Reason(.duplicateParameterName(name)) }
        /// A segment that starts or ends with a space or a tab (` :id`): written by accident,
        /// since a URL's segment never does.
        public static func surroundingSpace(_ segment: String) -> Reason { Reason(.surroundingSpace(segment)) }
        /// A segment written `{name}`, a parameter in OpenAPI and Vapor 3 and a literal here.
        public static func braceParameter(_ segment: String) -> Reason { Reason(.braceParameter(segment)) }
        /// A problem stated in words, by code that builds its own ``PatternError``.
        public static func other(_ message: String) -> Reason { Reason(.other(message)) }

        /// One sentence, with a hint where the pattern looks written for another router.
        public var description: String {
            switch kind {
            case .queryOrFragment: "a pattern cannot hold a query or a fragment"
            case .noSegment: "a pattern needs a scheme or a segment (use '**' to match every path)"
            case .unclosedTypedParameter: "'<' opens a typed parameter that is not closed with '>' at the end of the segment"
            case .missingConverterType: "a typed parameter needs a type before ':'"
            case .badEscape: "'%' must be followed by two hexadecimal digits"
            case .invalidUTF8: "percent-decoded bytes are not valid UTF-8"
            case .emptyParameterName: "a parameter name is empty"
            case .optionalSegment:
                "optional segments ('(/:name)', ':name?') are not supported: register the pattern with the segment and without it"
            case .invalidStarSegment(let segment):
                "a segment starting with '*' must be '*', '**' or '**name', not '\(Echo.quoted(segment))'"
            case .typedParameterSyntax(let text):
                "a typed parameter is written '<type:name>'"
                    + (["int", "double", "uuid", "string"].contains(text) ? "; name the value: '<\(text):name>'"
                        : Self.isName(text) ? "; for a value of any type write ':\(text)'" : "")
            case .unknownConverter(let type):
                "'\(Echo.quoted(type))' is not a known converter (built in: int, double, uuid, string)" + Self.hint(forConverter: type)
            case .hostWithPortOrUserinfo(let host): "a pattern's host cannot hold a port or userinfo ('\(Echo.quoted(host))')"
            case .invalidParameterName(let name): "'\(Echo.quoted(name))' is not a parameter name ([A-Za-z_][A-Za-z0-9_]*)"
            case .catchAllNotLast(let segment): "'\(Echo.quoted(segment))' must be the last segment"
            case .duplicateParameterName(let name): "parameter name '\(Echo.quoted(name))' is used twice"
            case .surroundingSpace(let segment):
                "segment '\(Echo.quoted(segment))' starts or ends with a space: write '\(Echo.quoted(Self.trimmed(segment)))'"
                    + " (a space that belongs to a literal is '%20')"
            case .braceParameter(let segment):
                "'\(Echo.quoted(segment))' is a parameter in other routers (OpenAPI, Vapor 3) and a literal here: write '"
                    + Self.parameterSpelling(ofBraced: segment) + "', or '%7B\(Echo.quoted(String(segment.dropFirst().dropLast())))%7D'"
                    + " for a literal brace"
            case .other(let message): message
            }
        }

        /// The spelling of this package for converters other routers build in.
        private static func hint(forConverter type: String) -> String {
            switch type.lowercased() {
            case "float", "number", "decimal": "; for a decimal number write '<double:name>'"
            case "integer", "int64", "long", "number_int": "; for an integer write '<int:name>'"
            case "path", "rest", "all": "; for the rest of the path write '**name'"
            case "str", "text", "any", "segment": "; for any one segment write ':name'"
            default: ""
            }
        }

        /// `segment` without its leading and trailing spaces and tabs.
        private static func trimmed(_ segment: String) -> String {
            let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
            return String(segment.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
        }

        /// This package's spelling of `{name}`: `:name`, or a `:name` to fill in when the
        /// braces do not hold a name.
        private static func parameterSpelling(ofBraced segment: String) -> String {
            let inner = String(segment.dropFirst().dropLast())
            return isName(inner) ? ":" + inner : ":name"
        }

        private static func isName(_ text: String) -> Bool {
            guard let first = text.utf8.first, ASCII.isNameStart(first) else { return false }
            return text.utf8.dropFirst().allSatisfy(ASCII.isNameCharacter)
        }
    }

    /// The pattern as it was given.
    public let pattern: String
    /// The 1-based column (in characters) where the problem starts.
    public let column: Int
    /// What is wrong, as a value to compare.
    public let reason: Reason
    /// A sentence that says what is wrong, without the position.
    public var message: String { reason.description }

    /// Creates an error for `pattern` at `column`.
    public init(pattern: String, column: Int, reason: Reason) {
        self.pattern = pattern
        self.column = column
        self.reason = reason
    }

    /// Creates an error for `pattern` at `column` whose reason is stated in words
    /// (``Reason/other(_:)``).
    public init(pattern: String, column: Int, message: String) {
        self.init(pattern: pattern, column: column, reason: .other(message))
    }

    public var description: String {
        "\(message) (column \(column) in '\(Echo.quoted(pattern))')"
    }
}
