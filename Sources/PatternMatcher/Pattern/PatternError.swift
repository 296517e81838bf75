/// A pattern that cannot be registered, with the place and the reason.
///
/// ```
/// '**' must be the last segment (column 4 in '/a/**/b')
/// ```
public struct PatternError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The pattern as it was given.
    public let pattern: String
    /// The 1-based column (in characters) where the problem starts.
    public let column: Int
    /// A sentence that says what is wrong, without the position.
    public let message: String

    /// Creates an error for `pattern` at `column`.
    public init(pattern: String, column: Int, message: String) {
        self.pattern = pattern
        self.column = column
        self.message = message
    }

    public var description: String {
        "\(message) (column \(column) in '\(Echo.quoted(pattern))')"
    }
}
