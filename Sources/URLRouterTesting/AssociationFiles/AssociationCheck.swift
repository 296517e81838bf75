import URLRouter

/// How an `apple-app-site-association` file and a router's external routes have drifted
/// apart (<doc:AssociationFiles>).
///
/// ```swift
/// let check = try AssociationCheck(router: router, file: served, host: "reader.example.com")
/// check.unclaimed    // external routes whose links the file leaves to Safari
/// check.deadClaims   // claims whose links open the app to nothing
/// check.overClaims   // claims wider than their routes: what `components` cannot express
/// if !check.isClean { print(check) }
/// ```
///
/// The check reads the file's `components` as Apple documents them, with the readings
/// <doc:AssociationFiles> states where Apple is silent, on example URLs: each route's, written
/// with sample values that fit its converters, and each claim's, its wildcards filled with
/// sample text. An example opens when the router resolves it as an external universal link.
public struct AssociationCheck: Sendable, CustomStringConvertible {
    /// An external route that the file does not claim: its links open Safari.
    public struct UnclaimedRoute: Sendable, Hashable, CustomStringConvertible {
        /// The route's pattern.
        public let pattern: String
        /// A universal link that opens the route, which the file does not claim.
        public let exampleURL: String
        /// The `exclude` component that denies it, or `nil` when no component matches it.
        public let excludedBy: String?

        public var description: String {
            "'\(Echo.quoted(pattern))' is not claimed: \(Echo.quotedURL(exampleURL)) "
                + (excludedBy.map { "is excluded by '\(Echo.quoted($0))'" } ?? "matches no component")
        }
    }

    /// A claim of the file (a component without `exclude`) and a link it claims that no
    /// external route opens.
    public struct Claim: Sendable, Hashable, CustomStringConvertible {
        /// The component as the file writes it: its `/`, `?` and `#` patterns.
        public let claim: String
        /// A universal link the claim decides for, which opens nothing.
        public let exampleURL: String

        public var description: String {
            "'\(Echo.quoted(claim))' claims \(Echo.quotedURL(exampleURL)), which no external route opens"
        }
    }

    /// External routes none of whose example URLs the file claims (no component matches,
    /// or an `exclude` one decides), in the route map's order.
    public let unclaimed: [UnclaimedRoute]
    /// Claims none of whose example URLs an external route opens, in the file's order.
    public let deadClaims: [Claim]
    /// Claims that decide for an example URL that opens nothing (the first component that
    /// matches decides), though some of their examples open a route: a claim wider than its
    /// routes. A generated file has them where `components` cannot say what a route
    /// matches (`?*` also matches text with a `/`, and text an `<int:…>` refuses).
    public let overClaims: [Claim]

    /// Whether every external route is claimed and every claim opens a route. Over-claims
    /// are listed, not counted: a generated file has them by design.
    public var isClean: Bool { unclaimed.isEmpty && deadClaims.isEmpty }

    /// Checks the association file `file`, served on `host`, against `router`'s external
    /// routes and origins.
    /// - Parameters:
    ///   - router: the app's router, with its origins.
    ///   - file: the file's JSON text.
    ///   - host: the host that serves the file, a universal-link origin of the router.
    /// - Throws: ``AssociationFileError`` when the file is not JSON, has no `applinks`
    ///   details with `appIDs`, or has a component that cannot be read.
    public init(router: Router, file: String, host: String) throws(AssociationFileError) {
        let matcher = ComponentMatcher(try AssociationFile(file).components)
        let map = router.routeMap
        let scheme = map.origins.lazy.compactMap(\.scheme).first
        let converters = router.declaredConverters
        let opens = { (url: String) in Self.opens(url, router: router) }

        var unclaimed: [UnclaimedRoute] = []
        var probes: [String] = []
        for route in map.routes {
            guard let shape = UniversalLinkShape(route.pattern, scheme: scheme) else { continue }
            // Plain parameters take text, or a number where a typed route decodes one.
            let candidates = ["sample", "42"].map { shape.exampleURLs(host: host, converters: converters, plainValue: $0) }
            let examples = candidates.first { $0.contains { router.resolve($0).route?.route.pattern == route.pattern } }
                ?? candidates[0]
            probes += examples
            let decisions = examples.map { matcher.firstMatch(url: $0) }
            guard route.exposure.isExternal, let first = examples.first,
                  !decisions.contains(where: { $0.map { !matcher.components[$0].exclude } ?? false })
            else { continue }
            unclaimed.append(UnclaimedRoute(pattern: route.pattern, exampleURL: first,
                                            excludedBy: decisions[0].map { matcher.components[$0].text }))
        }

        var dead: [Claim] = []
        var over: [Claim] = []
        for (index, component) in matcher.components.enumerated() where !component.exclude {
            // Its own samples, and every route's examples it matches.
            let samples = component.samples(host: host)
            let matched = samples + probes.filter { ComponentMatcher([component]).firstMatch(url: $0) != nil }
            if !matched.contains(where: opens) {
                dead.append(Claim(claim: component.text, exampleURL: samples.first ?? host))
            } else if let example = matched.first(where: { matcher.firstMatch(url: $0) == index && !opens($0) }) {
                over.append(Claim(claim: component.text, exampleURL: example))
            }
        }
        self.unclaimed = unclaimed
        self.deadClaims = dead
        self.overClaims = over
    }

    /// The component of `file` that decides for `url` (as the file writes it, and whether
    /// it excludes), or `nil` when none matches: Apple's matching, for tests.
    package static func decision(file: String, url: String) throws(AssociationFileError) -> (claim: String, exclude: Bool)? {
        let matcher = ComponentMatcher(try AssociationFile(file).components)
        return matcher.firstMatch(url: url).map { (matcher.components[$0].text, matcher.components[$0].exclude) }
    }

    /// Whether an external open of the universal link `url` reaches a route.
    static func opens(_ url: String, router: Router) -> Bool {
        router.resolve(url, source: .external).route != nil
    }

    /// One finding per line: unclaimed routes, dead claims, over-claims.
    public var description: String {
        let lines = unclaimed.map { "unclaimed  \($0)" } + deadClaims.map { "dead claim  \($0)" }
            + overClaims.map { "over-claim  \($0)" }
        return lines.isEmpty ? "the association file claims exactly the external routes" : lines.joined(separator: "\n")
    }
}
