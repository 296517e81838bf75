/// Why a URL cannot be matched: it is not a URL the router is willing to read.
///
/// A malformed URL matches nothing and is never passed on raw to a handler.
public struct MalformedURLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of problem.
    public struct Reason: Sendable, Hashable, CustomStringConvertible {
        private enum Kind: Hashable {
            case badEscape, invalidUTF8, tooLong, tooManySegments
        }
        private let kind: Kind
        private init(_ kind: Kind) { self.kind = kind }

        /// A `%` not followed by two hexadecimal digits.
        public static let badEscape = Reason(.badEscape)
        /// Percent-decoded bytes that are not valid UTF-8.
        public static let invalidUTF8 = Reason(.invalidUTF8)
        /// More UTF-8 bytes than ``URLLimits/maxBytes``.
        public static let tooLong = Reason(.tooLong)
        /// More non-empty path segments than ``URLLimits/maxPathSegments``.
        public static let tooManySegments = Reason(.tooManySegments)

        public var description: String {
            switch kind {
            case .badEscape: "'%' is not followed by two hexadecimal digits"
            case .invalidUTF8: "percent-decoded bytes are not valid UTF-8"
            case .tooLong: "the URL is longer than the limit"
            case .tooManySegments: "the path has more segments than the limit"
            }
        }
    }

    /// The URL as given.
    public let url: String
    /// What is wrong with it.
    public let reason: Reason
    /// The UTF-8 byte offset of the problem in ``url``, when it has one position.
    public let offset: Int?
    /// The limit the URL broke (``URLLimits/maxBytes`` or ``URLLimits/maxPathSegments``),
    /// for ``Reason/tooLong`` and ``Reason/tooManySegments``.
    public let limit: Int?
    /// The path's non-empty segments, for ``Reason/tooManySegments``.
    public let segmentCount: Int?

    /// Creates an error; the router and tests use it, input never needs to.
    public init(url: String, reason: Reason, offset: Int?, limit: Int? = nil, segmentCount: Int? = nil) {
        self.url = url
        self.reason = reason
        self.offset = offset
        self.limit = limit
        self.segmentCount = segmentCount
    }

    /// Bounded in bytes whatever the URL: the URL is cut to its first 80 bytes, control
    /// characters are escaped and userinfo is shown as `***@`. The limit broken and the
    /// count that broke it are named.
    public var description: String {
        let shown = Echo.quotedURL(url, limit: 80)
        if let offset {
            return "malformed URL: \(reason) (byte \(offset) in '\(shown)')"
        }
        var measured = "\(url.utf8.count) bytes"
        if let segmentCount { measured += ", \(segmentCount) segments" }
        if let limit { measured += reason == .tooLong ? ", limit \(limit) bytes" : ", limit \(limit)" }
        return "malformed URL: \(reason) ('\(shown)', \(measured))"
    }
}
