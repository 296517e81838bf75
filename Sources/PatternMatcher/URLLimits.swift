/// Size limits applied to every URL before it is matched.
///
/// A URL over a limit is reported as malformed (``MalformedURLError/Reason/tooLong`` or
/// ``MalformedURLError/Reason/tooManySegments``) and matches nothing, so hostile input
/// cannot make a lookup do unbounded work.
public struct URLLimits: Sendable, Hashable {
    /// The most UTF-8 bytes a URL may hold in all. Default: 8192.
    ///
    /// A route table takes at most 65,535: building one with a higher limit throws a
    /// ``RouteTableError`` (Matching rules, "Malformed URLs"). ``ParsedURL`` takes any.
    public var maxBytes: Int
    /// The most non-empty path segments a URL may hold. Default: 256.
    public var maxPathSegments: Int

    /// Creates limits; the defaults are the ones Matching rules, "Malformed URLs", states.
    public init(maxBytes: Int = 8192, maxPathSegments: Int = 256) {
        self.maxBytes = maxBytes
        self.maxPathSegments = maxPathSegments
    }
}

extension URLLimits {
    /// The highest ``maxBytes`` a route table takes: a match keeps its offsets in two bytes
    /// (``URLOffset``).
    static let largestTableMaxBytes = URLOffset.largest

    /// What is wrong with these limits for a route table: a ``maxBytes`` above
    /// ``largestTableMaxBytes``.
    var tableProblems: [RouteTableError.Problem] {
        guard maxBytes > Self.largestTableMaxBytes else { return [] }
        return [.limitAboveMaximum("maxBytes", value: maxBytes, maximum: Self.largestTableMaxBytes)]
    }
}
