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

    /// Installs a redirect table loaded at run time (from a server, say), replacing the one
    /// installed before, and publishes it atomically with the routes.
    ///
    /// ```swift
    /// try router.installRedirects([RedirectRule(from: "reader://b/:id", to: "reader://book/<int:id>")])
    /// ```
    /// Every rule is validated before anything changes: its patterns must be valid, its
    /// target must get every parameter from the old pattern, and the target must be a
    /// registered route's pattern (as registered) or point at a host in `allowedHosts`.
    /// - Parameters:
    ///   - rules: the table; an empty one removes the installed table.
    ///   - allowedHosts: hosts (lowercased) a rule may point at without being a registered route.
    /// - Throws: ``RegistrationError`` listing every invalid rule (module ``redirectsModuleName``);
    ///   the router is then unchanged.
    public func installRedirects(_ rules: [RedirectRule], allowingHosts allowedHosts: Set<String> = []) throws(RegistrationError) {
        let registered = Set(current.routes.modules.flatMap(\.patterns))
        var problems: [RegistrationError.Problem] = []
        for rule in rules where !registered.contains(rule.to) {
            let host = (try? RoutePattern(rule.to, converters: current.converterNames))
                .flatMap { $0.hasHost ? $0.segments[1].literal : nil }
            guard let host, allowedHosts.contains(host.lowercased()) else {
                problems.append(.invalidRedirect(rule, module: Self.redirectsModuleName,
                                                 reason: "the target is neither a registered route nor on an allowed host"))
                continue
            }
        }
        guard problems.isEmpty else { throw RegistrationError(problems: problems) }
        _ = try update { registry in
            var next = registry
            next.installedRedirects = rules
            return next
        }
    }
}
