import URLRouter

/// Why ``AssociationCheck`` could not read an `apple-app-site-association` file.
///
/// Compare with the static members (`error == .malformedJSON`); the description names the
/// culprit, quoted and bounded.
public struct AssociationFileError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Kind: Hashable { case malformedJSON, missingDetails, invalidComponent, unknownVariable }

    private let kind: Kind
    private let detail: String

    private init(_ kind: Kind, _ detail: String) {
        self.kind = kind
        self.detail = detail
    }

    /// The file is not a JSON object.
    public static let malformedJSON = AssociationFileError(.malformedJSON, "")
    /// The file has no `applinks.details` entry with `appIDs`.
    public static let missingDetails = AssociationFileError(.missingDetails, "")
    /// A component is not a JSON object of strings and booleans, or a pattern is too long.
    public static let invalidComponent = AssociationFileError(.invalidComponent, "")
    /// A pattern uses a `$(name)` variable that is neither built in nor declared.
    public static let unknownVariable = AssociationFileError(.unknownVariable, "")

    static func malformedJSON(_ reason: String) -> Self { Self(.malformedJSON, reason) }
    static func invalidComponent(_ reason: String) -> Self { Self(.invalidComponent, reason) }
    static func unknownVariable(_ name: String) -> Self { Self(.unknownVariable, name) }

    /// Errors of the same kind are equal, whatever their detail.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.kind == rhs.kind }
    public func hash(into hasher: inout Hasher) { hasher.combine(kind) }

    public var description: String {
        switch kind {
        case .malformedJSON: "the association file is not a JSON object" + (detail.isEmpty ? "" : ": " + Echo.quoted(detail))
        case .missingDetails: "the association file has no applinks details with appIDs"
        case .invalidComponent: "invalid component" + (detail.isEmpty ? "" : ": " + detail)
        case .unknownVariable: "unknown substitution variable '$(\(Echo.quoted(detail, limit: 64)))'"
        }
    }
}
