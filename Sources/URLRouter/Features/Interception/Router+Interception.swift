import PatternMatcher

extension Router {
    /// The interceptors an open of `link` would ask, in the order it would ask them, without
    /// asking any: a preview for tests and debugging tools. (`canOpen` and `resolve` never
    /// run interceptors; this is the one call that says which would.)
    /// - Parameters:
    ///   - link: the URL, as a string, or a ``TypedRoute`` value.
    ///   - source: as for `open`; `nil` inherits the source of the open being handled.
    /// - Returns: the interceptors whose patterns match, most general first; empty for a
    ///   malformed or refused URL (a typed value that cannot be written among them), which no
    ///   interceptor sees.
    public func previewInterceptors(for link: some RouteLink, source: OpenSource? = nil) -> [InterceptorInfo] {
        guard let url = try? link.routeURL() else { return [] }
        let arrival = arrive(url, source: source, userInfo: Dictionary(), trail: nil, outer: OpenContext.current,
                             purpose: .dryRun(excludingCatchAll: false), holds: false, channel: nil)
        guard case .arrived(let open) = arrival, let hits = open.snapshot.interceptors?.ordered(for: open.url) else { return [] }
        return hits.indices.map { hits.interceptor(at: $0).info }
    }
}
