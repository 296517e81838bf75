import PatternMatcher

/// Why a ``TypedRoute`` value could not be written as a URL or read from one; it names
/// the route type, the key and the text.
///
/// ```
/// BookRoute: 'id' = 'abc' is not a valid Int
/// ```
public struct TypedRouteError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Kind: Hashable {
        case missing
        case invalidValue(text: String, expected: String)
        case unsupportedShape(String)
        case invalidPattern(PatternError)
        case generation(GenerationError)
        case malformed(MalformedURLError)
        case noMatch(url: String)
        case other(String)
    }
    private let kind: Kind
    /// The route type's name.
    public let type: String
    /// The property the problem is about, or `nil` when it is about the whole value.
    public let key: String?

    private init(_ kind: Kind, type: String, key: String?) {
        self.kind = kind
        self.type = type
        self.key = key
    }

    /// A required value is absent from the URL.
    public static func missing(_ key: String, in type: String) -> TypedRouteError {
        TypedRouteError(.missing, type: type, key: key)
    }

    /// A value's text does not decode as the property's type.
    public static func invalidValue(_ key: String, text: String, expected: String, in type: String) -> TypedRouteError {
        TypedRouteError(.invalidValue(text: text, expected: expected), type: type, key: key)
    }

    /// A property's type has a shape a URL cannot carry (a nested type, an array in the path).
    public static func unsupportedShape(_ key: String?, _ shape: String, in type: String) -> TypedRouteError {
        TypedRouteError(.unsupportedShape(shape), type: type, key: key)
    }

    static func invalidPattern(_ error: PatternError, in type: String) -> TypedRouteError {
        TypedRouteError(.invalidPattern(error), type: type, key: nil)
    }

    static func generation(_ error: GenerationError, in type: String) -> TypedRouteError {
        TypedRouteError(.generation(error), type: type, key: error.parameterName)
    }

    static func malformed(_ error: MalformedURLError, in type: String) -> TypedRouteError {
        TypedRouteError(.malformed(error), type: type, key: nil)
    }

    static func noMatch(_ url: String, in type: String) -> TypedRouteError {
        TypedRouteError(.noMatch(url: url), type: type, key: nil)
    }

    static func other(_ message: String, key: String?, in type: String) -> TypedRouteError {
        TypedRouteError(.other(message), type: type, key: key)
    }

    /// The text that did not decode, when that is the problem.
    public var text: String? {
        if case .invalidValue(let text, _) = kind { return text }
        return nil
    }

    /// Whether a required value is absent.
    public var isMissing: Bool { kind == .missing }

    /// Whether the URL does not match the type's pattern (``TypedRoute/init(parsing:)``).
    public var isNoMatch: Bool {
        if case .noMatch = kind { return true }
        return false
    }

    /// The URL is malformed (``TypedRoute/init(parsing:)``).
    public var malformedURL: MalformedURLError? {
        if case .malformed(let error) = kind { return error }
        return nil
    }

    /// The pattern's parse error, when the type's pattern is invalid.
    public var patternError: PatternError? {
        if case .invalidPattern(let error) = kind { return error }
        return nil
    }

    /// One line, bounded; texts and URLs in it are escaped.
    public var description: String {
        let subject = "\(Echo.quoted(type))" + (key.map { ": '\(Echo.quoted($0))'" } ?? "")
        switch kind {
        case .missing: return "\(subject) is missing"
        case .invalidValue(let text, let expected): return "\(subject) = '\(Echo.quoted(text))' is not a valid \(expected)"
        case .unsupportedShape(let shape): return "\(subject) is \(shape), which a URL cannot carry"
        case .invalidPattern(let error): return "\(subject): the pattern is invalid: \(error)"
        case .generation(let error): return "\(Echo.quoted(type)): \(error)"
        case .malformed(let error): return "\(Echo.quoted(type)): \(error)"
        case .noMatch(let url): return "\(Echo.quoted(type)): '\(Echo.quotedURL(url))' does not match the pattern"
        case .other(let message): return "\(subject): \(Echo.quoted(message))"
        }
    }
}

extension TypedRouteError {
    /// This error with its texts passed through `text` and its URLs through `url` and
    /// `malformed`: what an open's observer sees of it (``OpenEvent/outcome``).
    func redacted(text: (String) -> String, url: (String) -> String,
                  malformed: (MalformedURLError) -> MalformedURLError) -> TypedRouteError {
        let kind: Kind = switch self.kind {
        case .invalidValue(let value, let expected): .invalidValue(text: text(value), expected: expected)
        case .malformed(let error): .malformed(malformed(error))
        case .noMatch(let address): .noMatch(url: url(address))
        case .other(let message): .other(text(message))
        case .missing, .unsupportedShape, .invalidPattern, .generation: self.kind
        }
        return TypedRouteError(kind, type: type, key: key)
    }
}
