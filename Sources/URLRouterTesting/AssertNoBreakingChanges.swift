import Foundation
import URLRouter

/// Checks that `router` still honours every promise the last release's route map made to
/// links and code in the field: the gate a CI job runs before a release.
///
/// ```swift
/// @Test func noBreakingChanges() throws {
///     try assertNoBreakingChanges(try AppRouter.make(), since: "Tests/AppTests/Fixtures/routes-4.2.json")
/// }
/// ```
/// It fails, naming each by the pattern it was registered with and its name, for:
/// - an external route that disappeared, became internal or changed shape (its parameters'
///   names or converters), unless a redirect rule of `router` (the `redirect` lines of its
///   route map) covers its URLs;
/// - a `TypedRoute` type that disappeared or was renamed (`RouteInfo/typedRoute`);
/// - a service that disappeared (by key);
/// - a universal-link origin host or alias that disappeared.
///
/// A route the old map marks deprecated (its `deprecatedFor` key, from `RouteInfo/deprecation`)
/// may go, with its typed route type. A redirect covers an old route when its `from` pattern
/// matches every URL the old pattern matches, compared position by position on the parsed
/// patterns: the same literals, a parameter where the old one has a parameter of the same
/// converter (`:id` covers any parameter), `*` or `:id` for any one segment, `**` for the
/// rest. The check compares patterns rather than resolving example URLs because redirects are
/// interceptors, which dry runs (`Router/resolve(_:source:)`) never run. Registration already
/// checks that a redirect's target is a valid pattern whose parameters its `from` captures.
/// - Parameters:
///   - router: the app's router, built as the app builds it.
///   - path: the route map JSON (`RouteMap/json`) of the last release, absolute or
///     relative to the working directory.
/// - Throws: ``RouteCheckFailure`` with one line per breaking change, or saying the file
///   cannot be read as a route map.
public func assertNoBreakingChanges(_ router: Router, since path: String) throws {
    let check = "assertNoBreakingChanges"
    let text = try RouteMapFile.read(path, for: check)
    let old: ReleasedRouteMap
    do {
        old = try JSONDecoder().decode(ReleasedRouteMap.self, from: Data(text.utf8))
    } catch {
        throw RouteCheckFailure(check, "'\(path)' is not a route map's JSON: \(error)")
    }
    let problems = BreakingChanges(old: old, new: router.routeMap).problems
    guard problems.isEmpty else { throw RouteCheckFailure(check, problems) }
}

/// The parts of a released `RouteMap/json` the gate reads; other keys are ignored, so a
/// map written by an older or newer release reads too.
struct ReleasedRouteMap: Decodable {
    struct Route: Decodable {
        let pattern: String
        let name: String?
        let module: String
        let exposure: String
        let typedRoute: String?
        let deprecatedFor: String?
    }

    struct Service: Decodable {
        let key: String
        let type: String
        let module: String
    }

    struct Origin: Decodable {
        let universalLink: String?
        let aliases: [String]?
    }

    let routes: [Route]
    let services: [Service]?
    let origins: [Origin]?
}

/// The breaking changes from a released map to the current one.
struct BreakingChanges {
    let problems: [String]

    init(old: ReleasedRouteMap, new: RouteMap) {
        var problems: [String] = []
        let kept = old.routes.filter { $0.deprecatedFor == nil }
        let redirects = new.redirects.compactMap { PatternShape($0.rule.from) }
        for route in kept {
            // A route links, notifications or any other channel reached must still be reached
            // from each of them.
            guard let exposure = Exposure(description: route.exposure), exposure.isExternal else { continue }
            let channels = OpenSource.channels.filter(exposure.isReachable(from:))
            let external = new.routes.filter { now in channels.allSatisfy(now.exposure.isReachable(from:)) }
            let shape = PatternShape(route.pattern)
            if let shape, external.contains(where: { PatternShape($0.pattern) == shape }) { continue }
            if shape == nil, external.contains(where: { $0.pattern == route.pattern }) { continue }
            if let shape, redirects.contains(where: { $0.covers(shape) }) { continue }
            problems.append("external route \(Self.named(route)) \(Self.fate(of: route, shape: shape, in: new.routes)) "
                            + "and no redirect covers its URLs")
        }
        let typed = Set(new.routes.compactMap(\.typedRoute))
        for route in kept {
            guard let type = route.typedRoute, !typed.contains(type) else { continue }
            problems.append("typed route '\(type)' of \(Self.named(route)) disappeared or was renamed")
        }
        let keys = Set(new.services.map(\.key))
        for service in old.services ?? [] where !keys.contains(service.key) {
            problems.append("service '\(service.key)' (type \(service.type), module \(service.module)) disappeared")
        }
        let hosts = Set(new.origins.flatMap { ($0.host.map { [$0] } ?? []) + $0.aliases }.map { $0.lowercased() })
        for origin in old.origins ?? [] {
            for host in (origin.universalLink.map { [$0] } ?? []) + (origin.aliases ?? []) where !hosts.contains(host.lowercased()) {
                problems.append("universal-link origin host '\(host)' disappeared")
            }
        }
        self.problems = problems
    }

    /// `'pattern' (name 'name', module Module)`.
    private static func named(_ route: ReleasedRouteMap.Route) -> String {
        "'\(route.pattern)' (name \(route.name.map { "'\($0)'" } ?? "none"), module \(route.module))"
    }

    /// What became of an external route no current external route has the shape of.
    private static func fate(of route: ReleasedRouteMap.Route, shape: PatternShape?, in routes: [RouteMap.Route]) -> String {
        if let shape, let now = routes.first(where: { PatternShape($0.pattern) == shape }) {
            guard now.exposure.isExternal else { return "became internal ('\(now.pattern)', module \(now.module))" }
            let lost = OpenSource.channels.filter {
                Exposure(description: route.exposure)?.isReachable(from: $0) == true && !now.exposure.isReachable(from: $0)
            }
            return "is no longer reached from \(lost.map(\.description).joined(separator: ", ")) "
                + "('\(now.pattern)', module \(now.module), now \(now.exposure))"
        }
        if let name = route.name, let now = routes.first(where: { $0.name == name }) {
            return "changed shape: its name now has '\(now.pattern)'"
        }
        if let skeleton = shape?.skeleton, let now = routes.first(where: { PatternShape($0.pattern)?.skeleton == skeleton }) {
            return "changed shape: now '\(now.pattern)'"
        }
        return "disappeared"
    }
}

/// A pattern as the URLs it matches see it: its parsed positions, parameters with their
/// converters and names, literals decoded (scheme and host lowercased).
struct PatternShape: Equatable {
    let pattern: RoutePattern
    private let key: [String]

    /// The shape of `text`, or `nil` when it does not parse. Converter names are taken from
    /// the text itself: an old map's patterns may use converters the router no longer declares.
    init?(_ text: String) {
        var converters: Set<String> = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: open)...]
            if let colon = rest.firstIndex(of: ":") { converters.insert(String(rest[..<colon])) }
        }
        guard let pattern = try? RoutePattern(text, converters: converters) else { return nil }
        self.pattern = pattern
        key = [pattern.hasScheme ? "scheme" : "", pattern.hasHost ? "host" : ""] + pattern.segments.map(\.description)
    }

    static func == (lhs: PatternShape, rhs: PatternShape) -> Bool { lhs.key == rhs.key }

    /// The shape without parameter names: what a rename of parameters keeps.
    var skeleton: [String] {
        [pattern.hasScheme ? "scheme" : "", pattern.hasHost ? "host" : ""]
            + pattern.segments.map { $0.parameterName == nil ? $0.description : "<\($0.converterName ?? "")>" }
    }

    /// Whether this pattern (a redirect's `from`) matches every URL `old` matches.
    func covers(_ old: PatternShape) -> Bool {
        guard pattern.hasScheme == old.pattern.hasScheme, pattern.hasHost == old.pattern.hasHost else { return false }
        let mine = pattern.segments
        let theirs = old.pattern.segments
        for (position, segment) in mine.enumerated() {
            if segment.isCatchAll { return true }
            guard position < theirs.count else { return false }
            let other = theirs[position]
            if other.isCatchAll { return false }
            if let literal = segment.literal {
                guard other.literal == literal else { return false }
            } else if let converter = segment.converterName {
                guard other.parameterName != nil, other.converterName == converter else { return false }
            }
            // `:name`, `<string:name>`, `*` and `~` match any one segment.
        }
        return mine.count == theirs.count
    }
}
