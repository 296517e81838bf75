extension RouteMap {
    /// Apple's `apple-app-site-association` file for the universal links that reach the
    /// external routes, as JSON text (<doc:UniversalLinks>).
    ///
    /// ```swift
    /// let file = router.routeMap.appleAppSiteAssociation(appIDs: ["ABCDE12345.com.example.reader"])
    /// // {"applinks": {"details": [{"appIDs": [...], "components": [{"/": "/book/?*", ...}]}]}}
    /// ```
    ///
    /// The `components` claim the external routes that a universal link reaches (a scheme
    /// that is the first ``Origin/scheme(_:)`` origin, `*` or `:name`), in the matcher's
    /// precedence order: a literal percent-encoded, a one-segment capture as `?*`, a catch-all
    /// as `*` (and the path without it); a path that ends in a literal also with a trailing
    /// `/`. An internal route of literals (with at most a trailing `**`) that such a claim
    /// would cover, and that no external route matches, gets an `"exclude": true` component
    /// before the claims. Each component's `comment` names its routes. A router that folds
    /// the case of paths (`MatchOptions.caseInsensitivePaths`) gets `"caseSensitive": false`
    /// in the entry's `defaults`. Keys are sorted and slashes are not escaped, so the text is
    /// byte-stable.
    ///
    /// The router opens a universal link in another spelling (an empty segment, an escape)
    /// only when these components claim it, so the file and the routes agree on every link
    /// (<doc:UniversalLinks>).
    /// - Parameter appIDs: the apps' identifiers, `<team ID>.<bundle ID>`.
    /// - Returns: the file, as JSON text.
    /// - Complexity: O(*e* × *i*) for *e* external and *i* internal routes.
    public func appleAppSiteAssociation(appIDs: [String]) -> String {
        let components = AssociationComponents(routes: routes.map { ($0.pattern, $0.exposure.isReachable(from: .external)) },
                                               scheme: origins.lazy.compactMap(\.scheme).first)
        let lines = components.entries.map { entry in
            var fields = [("/", quoted(entry.path)), ("comment", quoted(entry.comment))]
            if entry.exclude { fields.append(("exclude", "true")) }
            return "{" + fields.map { "\(quoted($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
        }
        func array(_ items: [String]) -> String {
            items.isEmpty ? "[]" : "[\n          " + items.joined(separator: ",\n          ") + "\n        ]"
        }
        return "{\n  \"applinks\": {\n    \"details\": [\n      {\n"
            + "        \"appIDs\": \(array(appIDs.map(quoted))),\n"
            + "        \"components\": \(array(lines))" + (caseInsensitivePaths ? ",\n        \"defaults\": {\"caseSensitive\": false}\n" : "\n")
            + "      }\n    ]\n  }\n}\n"
    }
}

/// The `components` a route map's universal links need, excludes first, then claims, each
/// in precedence order.
struct AssociationComponents {
    struct Entry: Equatable {
        let path: String
        var comment: String
        let exclude: Bool
    }

    private(set) var entries: [Entry] = []

    init(routes: [(pattern: String, isExternal: Bool)], scheme: String?) {
        func shapes(external: Bool) -> [UniversalLinkShape] {
            routes.filter { $0.isExternal == external }
                .compactMap { UniversalLinkShape($0.pattern, scheme: scheme) }
                .sorted { $0.precedes($1) }
        }
        let external = shapes(external: true)
        var claims: [Entry] = []
        for shape in external {
            for path in shape.componentPaths { Self.add(path, route: shape.pattern, exclude: false, to: &claims) }
        }
        let matcher = ClaimPathMatcher(claims.map(\.path))
        var excludes: [Entry] = []
        for shape in shapes(external: false) {
            // Only where a claim would otherwise take the route's URLs, and never over a URL an
            // external route opens.
            guard external.allSatisfy({ shape.isDisjoint(from: $0) == true }),
                  shape.componentPaths.contains(where: { matcher.firstMatch(path: ClaimPathMatcher.sample(ofPath: $0)) != nil })
            else { continue }
            for path in shape.componentPaths {
                Self.add(path, route: "internal: " + shape.pattern, exclude: true, to: &excludes)
            }
        }
        entries = excludes + claims
    }

    /// Appends a component, or names `route` in the comment of the one with the same path.
    private static func add(_ path: String, route: String, exclude: Bool, to entries: inout [Entry]) {
        if let index = entries.firstIndex(where: { $0.path == path }) {
            entries[index].comment += ", " + route.replacingPrefix("internal: ", with: "")
        } else {
            entries.append(Entry(path: path, comment: route, exclude: exclude))
        }
    }
}

extension Router {
    /// The converters the modules declare now: the association check of URLRouterTesting
    /// writes its example URLs with values they accept.
    package var declaredConverters: [any ParameterConverter] { current.converters }
}

extension String {
    fileprivate func replacingPrefix(_ prefix: String, with replacement: String) -> String {
        hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
    }
}
