/// Why a URL cannot be generated for a pattern (Matching rules, "Generating URLs").
public struct GenerationError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Kind: Hashable {
        case missingParameter(String)
        case emptyValue(String)
        case rejectedValue(name: String, value: String, reason: String)
        case anonymousWildcard(column: Int)
        case tooManyValues(given: Int, expected: Int)
        case unknownRoute
    }
    private let kind: Kind
    /// The pattern (or route name) the URL was asked for.
    public let pattern: String

    private init(_ kind: Kind, pattern: String) {
        self.kind = kind
        self.pattern = pattern
    }

    /// No value was given for a parameter the pattern needs.
    public static func missingParameter(_ name: String, pattern: String) -> GenerationError {
        GenerationError(.missingParameter(name), pattern: pattern)
    }

    /// An empty value for a parameter that stands for one segment.
    public static func emptyValue(_ name: String, pattern: String) -> GenerationError {
        GenerationError(.emptyValue(name), pattern: pattern)
    }

    /// A value the parameter's converter (or position) does not accept.
    public static func rejectedValue(_ name: String, value: String, reason: String, pattern: String) -> GenerationError {
        GenerationError(.rejectedValue(name: name, value: value, reason: reason), pattern: pattern)
    }

    /// The pattern holds an anonymous `*`, which no parameter can fill.
    public static func anonymousWildcard(column: Int, pattern: String) -> GenerationError {
        GenerationError(.anonymousWildcard(column: column), pattern: pattern)
    }

    /// More positional values were given than the pattern has named parameters.
    public static func tooManyValues(_ given: Int, expected: Int, pattern: String) -> GenerationError {
        GenerationError(.tooManyValues(given: given, expected: expected), pattern: pattern)
    }

    /// No route with this pattern (or name) is registered.
    public static func unknownRoute(_ pattern: String) -> GenerationError {
        GenerationError(.unknownRoute, pattern: pattern)
    }

    /// The parameter the error is about, if any.
    public var parameterName: String? {
        switch kind {
        case .missingParameter(let name), .emptyValue(let name), .rejectedValue(let name, _, _): name
        default: nil
        }
    }

    public var description: String {
        let pattern = Echo.quoted(pattern)
        return switch kind {
        case .missingParameter(let name):
            "no value for parameter '\(name)' of '\(pattern)'"
        case .emptyValue(let name):
            "parameter '\(name)' of '\(pattern)' stands for one segment and cannot be empty"
        case .rejectedValue(let name, let value, let reason):
            "value '\(Echo.quoted(value))' for parameter '\(name)' of '\(pattern)' is rejected: \(reason)"
        case .anonymousWildcard(let column):
            "'\(pattern)' has an anonymous '*' at column \(column), which cannot be generated"
        case .tooManyValues(let given, let expected):
            "'\(pattern)' takes \(expected) \(expected == 1 ? "value" : "values"), \(given) \(given == 1 ? "was" : "were") given"
        case .unknownRoute:
            "no route '\(pattern)' is registered"
        }
    }
}
