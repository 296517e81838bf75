/// How a ``RouteTable`` reads URLs.
public struct MatchOptions: Sendable, Hashable {
    /// Fold ASCII letters of path literals when comparing (Matching rules, "From a URL to a route key"): `/Book/Detail`
    /// matches `/book/detail`. Only `A`–`Z` fold; `ß` or the Kelvin sign never do, and
    /// captured values keep their case. Default: `false`.
    public var caseInsensitivePaths: Bool
    /// Size limits beyond which a URL is malformed.
    public var limits: URLLimits

    /// Creates options; the defaults are those of the "From a URL to a route key" section of Matching rules.
    public init(caseInsensitivePaths: Bool = false, limits: URLLimits = URLLimits()) {
        self.caseInsensitivePaths = caseInsensitivePaths
        self.limits = limits
    }
}
