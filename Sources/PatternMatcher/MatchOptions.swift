/// How a ``RouteTable`` reads URLs.
public struct MatchOptions: Sendable, Hashable {
    /// Fold ASCII letters of path literals when comparing (Matching rules, "From a URL to a route key"): `/Book/Detail`
    /// matches `/book/detail`. Only `A`–`Z` fold; `ß` or the Kelvin sign never do, and
    /// captured values keep their case. Default: `false`.
    public var caseInsensitivePaths: Bool
    /// Read a query as an HTML form does (Matching rules, "Parameters and the query"): `+`
    /// is a space in query names and values, and `%2B` a plus. Default: `false`, where a
    /// query's `+` is a literal plus, as `URLComponents.queryItems` reads it. A path's `+`
    /// is a plus either way.
    public var plusAsSpaceInQuery: Bool
    /// Size limits beyond which a URL is malformed; a table takes a ``URLLimits/maxBytes``
    /// of at most 65,535.
    public var limits: URLLimits

    /// Creates options; the defaults are those of the "From a URL to a route key" section of Matching rules.
    /// - Parameters:
    ///   - caseInsensitivePaths: fold ASCII letters of path literals when comparing.
    ///   - plusAsSpaceInQuery: read a query's `+` as a space, as an HTML form does.
    ///   - limits: size limits beyond which a URL is malformed (a table takes a
    ///     ``URLLimits/maxBytes`` of at most 65,535).
    public init(caseInsensitivePaths: Bool = false, plusAsSpaceInQuery: Bool = false, limits: URLLimits = URLLimits()) {
        self.caseInsensitivePaths = caseInsensitivePaths
        self.plusAsSpaceInQuery = plusAsSpaceInQuery
        self.limits = limits
    }
}
