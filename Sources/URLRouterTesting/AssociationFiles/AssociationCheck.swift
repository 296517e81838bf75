import URLRouter

/// How an `apple-app-site-association` file and a router's external routes have drifted
/// apart (<doc:AssociationFiles>).
///
/// ```swift
/// let check = try AssociationCheck(router: router, json: served, host: "reader.example.com",
///                                  appIDs: ["ABCDE12345.com.example.reader"])
/// check.unclaimed           // external routes whose links the file leaves to Safari
/// check.deadClaims          // claims whose links open the app to nothing
/// check.wholeDomainClaims   // claims of every path, where the routes do not open every path
/// check.unnamedAppIDs       // app IDs no details entry names
/// check.overClaims          // claims wider than their routes: what `components` cannot express
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
    /// Claims that take the whole domain (`*`, `/*`, `/?*`, a component without `/`: any
    /// path at all) where the routes do not open every path: each with a link it hands the
    /// app that opens nothing. Besides the app's links, such a claim takes the site's own
    /// pages (help, privacy, a login form) away from Safari.
    public let wholeDomainClaims: [Claim]
    /// The app IDs given that no `details` entry names: iOS opens none of the host's links
    /// in those apps.
    public let unnamedAppIDs: [String]
    /// Claims that decide for an example URL that opens nothing (the first component that
    /// matches decides), though some of their examples open a route: a claim wider than its
    /// routes. A generated file has them where `components` cannot say what a route
    /// matches (`?*` also matches text with a `/`, and text an `<int:…>` refuses).
    public let overClaims: [Claim]

    /// Whether every external route is claimed, every claim opens a route, no claim takes the
    /// whole domain the routes do not open, and the file names every app ID. Over-claims are
    /// listed, not counted: a generated file has them by design.
    public var isClean: Bool { unclaimed.isEmpty && deadClaims.isEmpty && wholeDomainClaims.isEmpty && unnamedAppIDs.isEmpty }

    /// Checks the association file `json`, served on `host`, against `router`'s external
    /// routes and origins, for the app `appIDs` name.
    ///
    /// The file is read as iOS reads it for that app: every `details` entry that names one of
    /// `appIDs` (in `appIDs`, or the old `appID`), in order, with its `components`, or the old
    /// `paths` key when it has none.
    /// - Parameters:
    ///   - router: the app's router, with its origins.
    ///   - json: the file's JSON text (not a path: ``assertAssociationFile(_:path:host:appIDs:)``
    ///     reads a file).
    ///   - host: the host that serves the file, a universal-link origin of the router.
    ///   - appIDs: the app's identifiers, `<team ID>.<bundle ID>`, as the file should name them.
    /// - Throws: ``AssociationFileError`` when the text is not JSON (saying so when it looks
    ///   like a path), has no `applinks` details with app IDs, or has a component that cannot
    ///   be read.
    public init(router: Router, json: String, host: String, appIDs: [String]) throws(AssociationFileError) {
        let file = try AssociationFile(json)
        let named = Set(file.entries.flatMap(\.appIDs))
        self.init(router: router, components: file.components(for: appIDs), host: host,
                  unnamedAppIDs: appIDs.filter { !named.contains($0) })
    }

    /// Checks the association file `file` (its JSON text), served on `host`, against
    /// `router`'s external routes, for the apps its first `details` entry names.
    @available(*, deprecated, renamed: "init(router:json:host:appIDs:)",
               message: "the label 'file:' takes JSON text, not a path; name the app's IDs too")
    public init(router: Router, file: String, host: String) throws(AssociationFileError) {
        let parsed = try AssociationFile(file)
        self.init(router: router, components: parsed.components(for: parsed.entries[0].appIDs), host: host, unnamedAppIDs: [])
    }

    private init(router: Router, components: [ComponentPattern], host: String, unnamedAppIDs: [String]) {
        let matcher = ComponentMatcher(components)
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
            // With a trailing '/' too, a spelling the router opens alike.
            probes += examples + examples.filter { !$0.hasSuffix("/") }.map { $0 + "/" }
            let decisions = examples.map { matcher.firstMatch(url: $0) }
            guard route.exposure.isReachable(from: .external), let first = examples.first,
                  !decisions.contains(where: { $0.map { !matcher.components[$0].exclude } ?? false })
            else { continue }
            unclaimed.append(UnclaimedRoute(pattern: route.pattern, exampleURL: first,
                                            excludedBy: decisions[0].map { matcher.components[$0].text }))
        }

        var dead: [Claim] = []
        var whole: [Claim] = []
        var over: [Claim] = []
        let anyPaths = Self.anyPaths.map { "https://\(host)" + $0 }
        for (index, component) in matcher.components.enumerated() where !component.exclude {
            // Its own samples, and every route's examples it matches.
            let alone = ComponentMatcher([component])
            let samples = component.samples(host: host)
            let matched = samples + probes.filter { alone.firstMatch(url: $0) != nil }
            if anyPaths.allSatisfy({ alone.firstMatch(url: $0) != nil }), let example = anyPaths.first(where: { !opens($0) }) {
                whole.append(Claim(claim: component.text, exampleURL: example))
            } else if !matched.contains(where: opens) {
                dead.append(Claim(claim: component.text, exampleURL: samples.first ?? host))
            } else if let example = matched.first(where: { matcher.firstMatch(url: $0) == index && !opens($0) }) {
                over.append(Claim(claim: component.text, exampleURL: example))
            }
        }
        self.unclaimed = unclaimed
        self.deadClaims = dead
        self.wholeDomainClaims = whole
        self.unnamedAppIDs = unnamedAppIDs
        self.overClaims = over
    }

    /// Paths no route is written for, of one and of three segments: a claim that matches
    /// them all matches any path.
    static let anyPaths = ["/zq7-aasa-probe", "/Zq7/Aasa-Probe/9.html"]

    /// The component of the file `json` that decides for `url` (as the file writes it, and
    /// whether it excludes), for the app `appIDs` name (`nil`: every entry's), or `nil` when
    /// none matches: Apple's matching, for tests.
    package static func decision(json: String, url: String, appIDs: [String]? = nil) throws(AssociationFileError) -> (claim: String, exclude: Bool)? {
        try decisions(json: json, urls: [url], appIDs: appIDs)[0]
    }

    /// ``decision(json:url:appIDs:)`` for each of `urls`, the file read once.
    package static func decisions(json: String, urls: [String], appIDs: [String]? = nil) throws(AssociationFileError) -> [(claim: String, exclude: Bool)?] {
        let file = try AssociationFile(json)
        let matcher = ComponentMatcher(file.components(for: appIDs ?? file.entries.flatMap(\.appIDs)))
        return urls.map { url in matcher.firstMatch(url: url).map { (matcher.components[$0].text, matcher.components[$0].exclude) } }
    }

    /// Whether an external open of the universal link `url` reaches a route.
    static func opens(_ url: String, router: Router) -> Bool {
        router.resolve(url, source: .external).route != nil
    }

    /// The findings ``isClean`` counts, one line each, as a failed test lists them.
    package var problems: [String] {
        unnamedAppIDs.map(Self.unnamed) + unclaimed.map(\.description) + deadClaims.map(\.description)
            + wholeDomainClaims.map(Self.wholeDomain)
    }

    private static func unnamed(_ appID: String) -> String {
        "no details entry names the app ID '\(Echo.quoted(appID))': iOS opens none of the links in that app"
    }

    private static func wholeDomain(_ claim: Claim) -> String {
        "'\(Echo.quoted(claim.claim))' claims the whole domain: \(Echo.quotedURL(claim.exampleURL)) opens the app, and no external route opens it"
    }

    /// One finding per line: app IDs the file does not name, unclaimed routes, dead claims,
    /// claims of the whole domain, over-claims.
    public var description: String {
        let lines = unnamedAppIDs.map { "unnamed app ID  " + Self.unnamed($0) }
            + unclaimed.map { "unclaimed  \($0)" } + deadClaims.map { "dead claim  \($0)" }
            + wholeDomainClaims.map { "whole domain  " + Self.wholeDomain($0) } + overClaims.map { "over-claim  \($0)" }
        return lines.isEmpty ? "the association file claims exactly the external routes" : lines.joined(separator: "\n")
    }
}
