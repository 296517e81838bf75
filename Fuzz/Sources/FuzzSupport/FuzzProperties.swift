// The properties each fuzz target checks, as functions from input bytes to a list of
// violations (empty when all hold). The fuzz targets trap on a violation so libFuzzer
// saves the input; `HostileFailCaseTests` replays `Fuzz/FailCases/` through the same
// functions (this file is symlinked into the test target as `HostileFuzzProperties.swift`).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@_spi(Testing) import PatternMatcher
import URLRouter

extension FuzzOracle {
    static func shown(_ text: String) -> String {
        let escaped = text.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F
            ? String($0) : "\\u{\(String($0.value, radix: 16))}" }.joined()
        return escaped.count > 200 ? String(escaped.prefix(200)) + "…(\(text.utf8.count) bytes)" : escaped
    }

    static func reasonName(_ reason: MalformedURLError.Reason) -> String {
        switch reason {
        case .badEscape: return "badEscape"
        case .invalidUTF8: return "invalidUTF8"
        case .tooLong: return "tooLong"
        case .tooManySegments: return "tooManySegments"
        default: return "\(reason)"
        }
    }

    static func builder(_ options: MatchOptions) -> RouteTableBuilder<Int> {
        var builder = RouteTableBuilder<Int>(options: options)
        builder.declare(HexConverter())
        builder.declare(LowerConverter())
        return builder
    }

    static func hit(_ match: RouteMatch<Int>) -> Hit {
        Hit(route: match.value, parameters: match.parameters.dictionary)
    }

    /// A small deterministic generator, so a saved input always replays the same way.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return bound <= 1 ? 0 : Int((state >> 33) % UInt64(bound))
        }
    }

    // MARK: Target 1: matching

    /// The trie agrees with the linear-scan oracle on `input`'s URL (best match, every
    /// match, parameters, query, fragment, malformed or not), visits at most every node
    /// once, and every route's generated URL matches that route with the same values.
    public static func checkMatching(_ data: [UInt8]) -> [String] {
        let input = Case(data, maxLines: 12)
        let options = input.options
        var routes: [PatternReading] = []
        var shapes = Set<[String]>()
        for line in input.lines {
            guard let reading = parsePattern(line),
                  shapes.insert(reading.shape(foldLiterals: options.caseInsensitivePaths)).inserted else { continue }
            routes.append(reading)
        }
        var builder = builder(options)
        for (index, route) in routes.enumerated() { builder.add(route.text, value: index) }
        let table: RouteTable<Int>
        do {
            table = try builder.build()
        } catch {
            return ["a table the oracle finds valid and free of conflicts does not build: \(error)"]
        }
        var problems = checkURL(input.url, table: table, routes: routes)
        let pool = valuePool(URLReading(input.url, limits: URLLimits()))
        var generator = Generator(state: input.seed)
        for index in routes.indices {
            problems += checkGeneration(route: index, routes: routes, table: table, pool: pool, generator: &generator)
        }
        return problems
    }

    /// Compares every way the engine reads `url` with the oracle.
    public static func checkURL(_ url: String, table: RouteTable<Int>, routes: [PatternReading]) -> [String] {
        var problems: [String] = []
        let options = table.options
        let reading = URLReading(url, limits: options.limits)
        let expected = matches(routes, url: reading, caseInsensitive: options.caseInsensitivePaths)
        let quoted = "'\(shown(url))'"
        let (result, visited) = table.matchCountingVisits(url)
        if visited > table.nodeCount {
            problems.append("\(quoted): the lookup entered \(visited) nodes of a trie of \(table.nodeCount)")
        }
        switch result {
        case .malformed(let error):
            if let reasons = reading.malformed {
                if !reasons.contains(reasonName(error.reason)) {
                    problems.append("\(quoted): reported \(error.reason), the oracle expects one of \(reasons.sorted())")
                }
            } else {
                problems.append("\(quoted): reported malformed (\(error.reason)), the oracle reads it as well formed")
            }
        case .notFound:
            if let reasons = reading.malformed {
                problems.append("\(quoted): not found, but the oracle finds it malformed (\(reasons.sorted()))")
            } else if let best = expected.first {
                problems.append("\(quoted): not found, the oracle matches \(routes[best.route].text) \(best)")
            }
        case .matched(let match):
            if reading.malformed != nil {
                problems.append("\(quoted): matched \(match.pattern), but the oracle finds it malformed")
            } else if hit(match) != expected.first {
                problems.append("\(quoted): matched \(match.pattern) \(hit(match)), the oracle expects "
                    + (expected.first.map { "\(routes[$0.route].text) \($0)" } ?? "no match"))
            } else {
                let query = match.query.map { [String($0.name), String($0.value)] }
                let oracleQuery = reading.queryItems(plusAsSpace: options.plusAsSpaceInQuery)
                if query != oracleQuery {
                    problems.append("\(quoted): query items \(query), the oracle reads \(oracleQuery)")
                }
                if match.fragment.map(String.init) != reading.decodedFragment {
                    problems.append("\(quoted): fragment \(String(describing: match.fragment)), the oracle reads \(String(describing: reading.decodedFragment))")
                }
                if String(match.pattern) != routes[match.value].text || match.url != url {
                    problems.append("\(quoted): the match reports pattern \(match.pattern) and URL \(shown(match.url))")
                }
            }
        }
        if table.match(url).match.map(hit) != result.match.map(hit) {
            problems.append("\(quoted): match and matchCountingVisits disagree")
        }
        // The one-pass walk decides most lookups; the full search alone must agree with it.
        let full = table.matchByFullSearch(url)
        if full.match.map(hit) != result.match.map(hit) || (full.match == nil && isMalformed(full) != isMalformed(result)) {
            problems.append("\(quoted): the full search alone and the lookup disagree")
        }
        let sequence = table.matches(url)
        let matchList = Array(sequence)
        let all = matchList.map(hit)
        if all != expected {
            problems.append("\(quoted): matches() gives \(all), the oracle \(expected)")
        }
        // Resuming after any match gives the rest of the sequence, and each match carries
        // the query, fragment and userinfo a full parse finds (parsed once, for all of them).
        let unlimited = try? ParsedURL(url, limits: URLLimits(maxBytes: .max, maxPathSegments: .max))
        for (index, match) in matchList.enumerated() {
            let rest = table.matches(after: match).map(hit)
            if rest != Array(all.dropFirst(index + 1)) {
                problems.append("\(quoted): matches(after: match \(index)) gives \(rest), the sequence \(Array(all.dropFirst(index + 1)))")
            }
            if let parsed = unlimited,
               match.query.map({ [String($0.name), String($0.value)] }) != reading.queryItems(plusAsSpace: options.plusAsSpaceInQuery)
                || match.fragment.map(String.init) != parsed.fragment
                || match.hasUserinfo != (parsed.userinfo != nil) {
                problems.append("\(quoted): match \(index) carries other query, fragment or userinfo than a parse finds")
            }
        }
        if let best = result.match, table.matches(after: best).map(hit) != Array(all.dropFirst()) {
            problems.append("\(quoted): matches(after:) the best match differs from the sequence")
        }
        if (sequence.malformed == nil) != (reading.malformed == nil) {
            problems.append("\(quoted): MatchSequence.malformed is \(String(describing: sequence.malformed))")
        }
        do {
            let parsed = try ParsedURL(url, limits: options.limits)
            if reading.malformed != nil {
                problems.append("\(quoted): ParsedURL accepts a URL the oracle finds malformed")
            } else {
                if parsed.routeKey != reading.key.map(text) {
                    problems.append("\(quoted): ParsedURL.routeKey \(parsed.routeKey.map(shown)), the oracle \(reading.key.map(text).map(shown))")
                }
                if parsed.scheme != reading.scheme.map(text) || parsed.host != reading.host.map({ text(lowered(decoded(reading.bytes[$0]))) }) {
                    problems.append("\(quoted): ParsedURL scheme/host \(String(describing: parsed.scheme))/\(String(describing: parsed.host))")
                }
                if parsed.userinfo.map(String.init) != reading.userinfo.map({ text(Array(reading.bytes[$0])) }) {
                    problems.append("\(quoted): ParsedURL.userinfo \(String(describing: parsed.userinfo))")
                }
                if parsed.queryItems.map({ [String($0.name), String($0.value)] }) != reading.queryItems
                    || parsed.fragment != reading.decodedFragment {
                    problems.append("\(quoted): ParsedURL query or fragment differ from the oracle")
                }
            }
        } catch {
            if reading.malformed == nil {
                problems.append("\(quoted): ParsedURL throws \(error), the oracle reads it as well formed")
            }
        }
        return problems
    }

    /// Matching rules: generating URLs: a URL generated with valid values matches the route with exactly those
    /// values; invalid values are an error, never a URL.
    static func checkGeneration(route index: Int, routes: [PatternReading], table: RouteTable<Int>,
                                pool: [String], generator: inout Generator) -> [String] {
        let route = routes[index]
        var values: [String: String] = [:]
        var expectError = false
        for (position, kind) in route.segments.enumerated() {
            let isScheme = route.hasScheme && position == 0
            let isHost = route.hasScheme && route.hasHost && position == 1
            switch kind {
            case .literal:
                break
            case .wildcard:
                expectError = true
            case .parameter(let name, let converter):
                var candidates = pool
                if let converter, generator.next(2) == 0 {
                    let accepted = pool.filter { accepts(converter, Array($0.utf8)) }
                    if !accepted.isEmpty { candidates = accepted }
                }
                let value = candidates[generator.next(candidates.count)]
                values[name] = value
                let bytes = Array(value.utf8)
                if bytes.isEmpty {
                    expectError = true
                } else if let converter, !accepts(converter, bytes) {
                    expectError = true
                } else if isScheme, !(isAlpha(bytes[0]) && bytes.allSatisfy(isSchemeCharacter) && lowered(bytes) == bytes) {
                    expectError = true
                } else if isHost, lowered(bytes) != bytes {
                    expectError = true
                }
            case .catchAll(let name):
                guard let name else { continue }
                let value = pool[generator.next(pool.count)]
                values[name] = value
                // A leading '/' is written '%2F' (Matching rules, "Generating URLs"), except at
                // the host's position, where the host cannot be empty.
                if isHost && value.hasPrefix("/") { expectError = true }
            }
        }
        let generated: String
        do {
            generated = try table.url(for: route.text, parameters: values)
        } catch {
            return expectError ? [] : ["url(for: \(shown(route.text)), \(values)) throws \(error)"]
        }
        if expectError {
            return ["url(for: \(shown(route.text)), \(values)) gives '\(shown(generated))' but the values are invalid"]
        }
        let reading = URLReading(generated, limits: table.options.limits)
        if let reasons = reading.malformed {
            if reasons.contains("tooLong") || reasons.contains("tooManySegments") { return [] }
            return ["url(for: \(shown(route.text)), \(values)) gives a malformed URL '\(shown(generated))'"]
        }
        var single = builder(table.options)
        single.add(route.text, value: index)
        guard let alone = try? single.build() else { return ["\(shown(route.text)) does not build alone"] }
        var problems: [String] = []
        let expected = Hit(route: index, parameters: values)
        let got = alone.match(generated).match.map(hit)
        if got != expected {
            problems.append("Matching rules: generating URLs: url(for: \(shown(route.text)), \(values)) = '\(shown(generated))', which matches "
                + (got.map { "\($0)" } ?? "nothing") + " alone")
        }
        if !table.matches(generated).map(hit).contains(expected) {
            problems.append("Matching rules: generating URLs: '\(shown(generated))' does not list \(shown(route.text)) among its matches in the table")
        }
        return problems
    }

    // MARK: Target 2: registration

    /// Registration never traps; exactly the patterns the oracle rejects are reported
    /// invalid (with a column inside the pattern); each pattern of a shape is reported once,
    /// against the shape's reference;
    /// and a shuffled order gives the same errors, the same trie and the same matches.
    public static func checkRegistration(_ data: [UInt8]) -> [String] {
        let input = Case(data, maxLines: 16)
        let options = input.options
        var problems: [String] = []
        let entries = input.lines.enumerated().map { (pattern: $1, owner: "M\($0 % 3)") }
        var generator = Generator(state: input.seed)
        var shuffled = entries
        shuffled.shuffle(using: &generator)

        var readings: [PatternReading?] = []
        for entry in entries {
            let reading = parsePattern(entry.pattern)
            readings.append(reading)
            do {
                let pattern = try RoutePattern(entry.pattern, converters: declaredConverterNames)
                if let reading {
                    if segments(of: pattern) != reading.segments || pattern.hasScheme != reading.hasScheme
                        || pattern.hasHost != reading.hasHost {
                        problems.append("'\(shown(entry.pattern))' reads as \(segments(of: pattern)), the oracle \(reading.segments)")
                    }
                } else {
                    problems.append("'\(shown(entry.pattern))' is accepted, but the oracle finds it invalid")
                }
            } catch {
                if reading != nil {
                    problems.append("'\(shown(entry.pattern))' is rejected (\(error)), but the oracle finds it valid")
                }
                if error.pattern != entry.pattern || error.column < 1 || error.column > entry.pattern.count + 1 {
                    problems.append("'\(shown(entry.pattern))': the error names column \(error.column) of '\(shown(error.pattern))'")
                }
            }
        }

        func build(_ list: [(pattern: String, owner: String)]) -> Result<RouteTable<Int>, RouteTableError> {
            var builder = builder(options)
            for (index, entry) in list.enumerated() { builder.add(entry.pattern, value: index, owner: entry.owner) }
            do { return .success(try builder.build()) } catch { return .failure(error) }
        }

        // What the oracle expects: the invalid entries, and each pattern of a shape paired
        // with the shape's reference, its pattern that sorts first in byte order (then by
        // owner): k patterns of one shape, k - 1 pairs.
        var invalid: [String] = []
        var groups: [[String]: [String]] = [:]
        for (entry, reading) in zip(entries, readings) {
            let tag = entry.pattern + "\u{0}" + entry.owner
            if let reading {
                groups[reading.shape(foldLiterals: options.caseInsensitivePaths), default: []].append(tag)
            } else {
                invalid.append(tag)
            }
        }
        var pairs: [String] = []
        for members in groups.values where members.count > 1 {
            let reference = members.indices.min { members[$0].utf8.lexicographicallyPrecedes(members[$1].utf8) }!
            for i in members.indices where i != reference {
                pairs.append([members[i], members[reference]].sorted().joined(separator: " & "))
            }
        }

        switch (build(entries), build(shuffled)) {
        case (.success, .success):
            if !invalid.isEmpty || !pairs.isEmpty {
                problems.append("the table builds, but the oracle expects \(invalid.count) invalid patterns and conflicts \(pairs.map(shown))")
            }
        case (.failure(let first), .failure(let second)):
            if first != second {
                problems.append("registration order changes the errors:\n\(first)\nshuffled:\n\(second)")
            }
            let reportedInvalid = first.problems.filter { $0.patternError != nil }.map { $0.pattern + "\u{0}" + $0.owner }
            if reportedInvalid.sorted() != invalid.sorted() {
                problems.append("invalid patterns reported: \(reportedInvalid.map(shown)), the oracle: \(invalid.map(shown))")
            }
            let reportedPairs = first.problems.compactMap { problem in
                problem.conflictingRoute.map {
                    [problem.pattern + "\u{0}" + problem.owner, $0.pattern + "\u{0}" + $0.owner].sorted().joined(separator: " & ")
                }
            }
            if reportedPairs.sorted() != pairs.sorted() {
                problems.append("conflicts reported: \(reportedPairs.map(shown)), the oracle: \(pairs.map(shown))")
            }
            if first.problems.contains(where: { $0.patternError == nil && $0.conflictingRoute == nil }) {
                problems.append("unexpected kind of problem: \(first)")
            }
        case (.success, .failure(let error)), (.failure(let error), .success):
            problems.append("only one registration order fails: \(error)")
        }

        // The accepted set: valid patterns that conflict with nothing. Both orders build it
        // into the same trie, and match the same way.
        var accepted: [(pattern: String, owner: String)] = []
        var routes: [PatternReading] = []
        for (entry, reading) in zip(entries, readings) {
            guard let reading, groups[reading.shape(foldLiterals: options.caseInsensitivePaths)]?.count == 1 else { continue }
            accepted.append(entry)
            routes.append(reading)
        }
        let acceptedShuffled = accepted.shuffled(using: &generator)
        guard case .success(let tableA) = build(accepted), case .success(let tableB) = build(acceptedShuffled) else {
            problems.append("the accepted routes \(accepted.map { shown($0.pattern) }) do not build in both orders")
            return problems
        }
        if tableA.description != tableB.description || tableA.nodeCount != tableB.nodeCount {
            problems.append("registration order changes the trie:\n\(tableA)\nshuffled:\n\(tableB)")
        }
        var urls = [input.url]
        for route in routes { if let url = simpleURL(route, table: tableA) { urls.append(url) } }
        for url in urls {
            let a = tableA.matches(url).map { "\($0.pattern) \($0.parameters.dictionary.sorted { $0.key < $1.key })" }
            let b = tableB.matches(url).map { "\($0.pattern) \($0.parameters.dictionary.sorted { $0.key < $1.key })" }
            if a != b {
                problems.append("'\(shown(url))': registration order changes the matches: \(a) vs \(b)")
            }
            problems += checkURL(url, table: tableA, routes: routes)
        }
        return problems
    }

    /// A URL for `route` with plain values of the right kinds, or `nil` for an anonymous `*`.
    static func simpleURL(_ route: PatternReading, table: RouteTable<Int>) -> String? {
        var values: [String: String] = [:]
        for kind in route.segments {
            switch kind {
            case .parameter(let name, let converter):
                values[name] = ["int": "7", "double": "1.5", "uuid": "6BA7B810-9DAD-11D1-80B4-00C04FD430C8",
                                "hex": "beef", "lower": "xyz"][converter ?? ""] ?? "v"
            case .catchAll(let name?):
                values[name] = "r/s"
            default:
                break
            }
        }
        return try? table.url(for: route.text, parameters: values)
    }

    // MARK: Target 3: the router

    /// Thrown by every internal handler: reaching one from outside shows in the result.
    public struct InternalRouteReached: Error, Equatable {
        public let pattern: String
    }

    /// The router the third target fuzzes: external routes, and internal ones that look
    /// like them, including internal fallbacks that would catch any URL.
    public static let externalRoutes = [
        "reader://book/<int:id>", "reader://user/:id", "reader://web/**url", "reader://search",
        "https://reader.example.com/share/:token", "reader:settings/:pane", "/open/:item",
    ]
    public static let internalRoutes = [
        "reader://nativeSecret", "reader://admin/**rest", "reader://user/:id/delete",
        "reader://book/<int:id>/purchase", "reader://**", "**", "*://*/internal/**",
        "reader://debug/:cmd", "https://reader.example.com/**", "reader://NativeSecret/%2E%2E",
    ]

    /// Forwards its catch-all, the way an "open the inner link" route does: nested opens keep
    /// the source of the open being handled and stop at the router's nesting limit.
    public static let forwardingRoute = "reader://forward/**url"
    /// An app interceptor that tries to send whatever it sees to an internal route: from
    /// outside, the redirected open keeps its source and must not reach it.
    public static let leakingInterceptor = (pattern: "reader://gate/**", target: "reader://nativeSecret")
    /// An app interceptor that rejects whatever it sees.
    public static let vetoingInterceptor = "reader://veto/**"

    /// The fuzzed router's ``Router/Options/maxNestedOpens``: small, so that short chains reach it.
    static let nestingLimit = 3

    /// The routes of the router target before the input's own, in the order they are
    /// registered: the forwarding route, the external and internal routes, three objects.
    static let fixedRoutes: [(pattern: String, external: Bool, isObject: Bool)] =
        [(forwardingRoute, true, false)]
        + externalRoutes.map { ($0, true, false) } + internalRoutes.map { ($0, false, false) }
        + [("reader://service/public", true, true), ("reader://service/secret", false, true),
           ("reader://service/**", false, true)]
    /// The oracle's reading of each fixed route and of the two interceptors' patterns, read once
    /// rather than for every input.
    static let fixedReadings = fixedRoutes.map { parsePattern($0.pattern) }
    static let interceptorReadings = (leaking: parsePattern(leakingInterceptor.pattern), vetoing: parsePattern(vetoingInterceptor))

    /// The nested opens of the forwarding route, as they return. Unlocked: a synchronous open
    /// runs its handler on the calling thread, so one check's opens never overlap.
    final class Forwarded: @unchecked Sendable {
        struct Entry {
            /// 1 for the handler of an open made by the check, 2 for one nested in it, and so on.
            let depth: Int
            let url: String
            let result: OpenResult
        }
        private var depth = 0
        private var entries: [Entry] = []

        func forward(_ request: RouteRequest) {
            let url = request.parameters["url"] ?? ""
            depth += 1
            let entered = depth
            let result = request.open(url)
            depth -= 1
            entries.append(Entry(depth: entered, url: url, result: result))
        }

        /// The entries recorded since the last call.
        func take() -> [Entry] {
            defer { entries = [] }
            return entries
        }
    }

    /// Registers the input's extra routes (`+pattern` external, `-pattern` internal), each as a
    /// module of its own, and returns those the router took.
    static func registerExtraRoutes(_ lines: [String], in router: Router) -> [(pattern: String, external: Bool, isObject: Bool)] {
        var registered: [(pattern: String, external: Bool, isObject: Bool)] = []
        for (index, line) in lines.enumerated() {
            guard let sign = line.first, sign == "+" || sign == "-" else { continue }
            let pattern = String(line.dropFirst())
            let exposure: Exposure = sign == "+" ? .external : .internal
            if (try? router.register(moduleNamed: "Fuzzed\(index)", routes: { register(pattern, exposure: exposure, in: &$0) })) != nil {
                registered.append((pattern, sign == "+", false))
            }
        }
        return registered
    }

    static func register(_ pattern: String, exposure: Exposure, in routes: inout RouteRegistrar) {
        if exposure.isExternal {
            routes.action(pattern, exposure: .external) { request in
                if request.parameters["id"] == "me" { throw Decline() }
            }
        } else {
            routes.action(pattern) { _ in throw InternalRouteReached(pattern: pattern) }
        }
    }

    /// Every property of the targets that read router inputs (`router`, `reopen` and
    /// `features`): what `HostileFailCaseTests` checks for each file of `Corpus/router` and
    /// `FailCases/router`, which those targets share.
    /// - Parameters:
    ///   - onUnmatched: the router's internal unmatched handler.
    ///   - unmatchedCount: how many times `onUnmatched` has run.
    public static func checkRouter(_ data: [UInt8], onUnmatched: @escaping @Sendable () -> Void,
                                   unmatchedCount: () -> Int) -> [String] {
        checkOpens(data, onUnmatched: onUnmatched, unmatchedCount: unmatchedCount) + checkReopens(data) + checkFeatures(data)
    }

    /// An open from `.external` never runs an internal handler, never reaches the
    /// unmatched handler (which is internal), refuses userinfo, and otherwise does exactly
    /// what the best matching *external* routes do; an open from `.app` does what the best
    /// matching routes of all do. A URL wrapped in forwarding routes (`reader://forward/<url>`,
    /// up to five deep) does the same in each nested open, with the source of the open that
    /// started the chain, until the nesting limit refuses the open past it. Interceptors
    /// redirect (`reader://gate/**`, to an internal route) and reject (`reader://veto/**`)
    /// whatever the source, and a redirected external open still sees external routes only.
    /// - Parameters:
    ///   - onUnmatched: the router's internal unmatched handler.
    ///   - unmatchedCount: how many times `onUnmatched` has run.
    public static func checkOpens(_ data: [UInt8], onUnmatched: @escaping @Sendable () -> Void,
                                  unmatchedCount: () -> Int) -> [String] {
        let input = Case(data, maxLines: 6)
        let unmatched = UnmatchedHandler(exposure: .internal) { _ in onUnmatched() }
        let router: Router
        let forwarded = Forwarded()
        do {
            let options = Router.Options(matching: input.options, unmatched: unmatched, maxNestedOpens: nestingLimit)
            router = try Router(options: options) { routes in
                routes.action(forwardingRoute, exposure: .external) { forwarded.forward($0) }
                routes.intercept(leakingInterceptor.pattern, name: "leak") { _ in .redirect(to: leakingInterceptor.target) }
                routes.intercept(vetoingInterceptor, name: "veto") { _ in .reject("vetoed") }
                for pattern in externalRoutes { register(pattern, exposure: .external, in: &routes) }
                for pattern in internalRoutes { register(pattern, exposure: .internal, in: &routes) }
                routes.object("reader://service/public", exposure: .external) { _ in "PUBLIC" }
                routes.object("reader://service/secret") { _ in "SECRET" }
                routes.object("reader://service/**") { _ in "SECRET" }
            }
        } catch {
            return ["the fixed router does not build: \(error)"]
        }
        let registered = fixedRoutes + registerExtraRoutes(input.lines, in: router)
        var problems: [String] = []
        var readings: [PatternReading] = []
        let extraReadings = registered[fixedRoutes.count...].map { parsePattern($0.pattern) }
        for (route, reading) in zip(registered, fixedReadings + extraReadings) {
            guard let reading else {
                return ["the router registered '\(shown(route.pattern))', which the oracle finds invalid"]
            }
            readings.append(reading)
        }
        guard let leakingReading = interceptorReadings.leaking, let vetoingReading = interceptorReadings.vetoing else {
            return ["the oracle cannot read the interceptors' patterns"]
        }
        let url = input.url
        let quoted = "'\(shown(url))'"
        let reading = URLReading(url, limits: input.options.limits)

        /// What opening `url` should do, given the routes visible to the source.
        func expectedOutcome(external: Bool, for url: String? = nil) -> String {
            let reading = url.map { URLReading($0, limits: input.options.limits) } ?? reading
            if let reasons = reading.malformed { return "malformed \(reasons.sorted())" }
            if external && reading.userinfo != nil { return "refused" }
            // Interceptors run whether or not a route matches, and whatever the source.
            if !matches([leakingReading], url: reading, caseInsensitive: input.caseInsensitive).isEmpty {
                let target = leakingInterceptor.target
                return "redirected to \(target): \(expectedOutcome(external: external, for: target))"
            }
            if !matches([vetoingReading], url: reading, caseInsensitive: input.caseInsensitive).isEmpty {
                return "rejected by \(vetoingInterceptor)"
            }
            let visible = readings.indices.filter { !external || registered[$0].external }
            var declined: [String] = []
            for hit in matches(visible.map { readings[$0] }, url: reading, caseInsensitive: input.caseInsensitive) {
                let route = registered[visible[hit.route]]
                if route.isObject { return "handled \(route.pattern)" }
                if !route.external { return "failed \(route.pattern)" }
                if hit.parameters["id"] == "me" { declined.append(route.pattern); continue }
                return "handled \(route.pattern)"
            }
            return declined.isEmpty ? "unmatched" : "declined \(declined)"
        }

        func outcome(_ result: OpenResult, of url: String? = nil) -> String {
            let reading = url.map { URLReading($0, limits: input.options.limits) } ?? reading
            switch result {
            case .handled(let route): return "handled \(route.pattern)"
            case .pending(let route, _): return "pending \(route.pattern)"
            case .rejected(let interceptor, _): return "rejected by \(interceptor.pattern)"
            case .redirected(_, let target, let inner): return "redirected to \(target): \(outcome(inner, of: target))"
            case .intercepting(let interceptor, _): return "pending in \(interceptor.pattern)"
            case .declined(let routes): return "declined \(routes.map(\.pattern))"
            case .unmatched: return "unmatched"
            case .malformed(let error):
                return reading.malformed?.contains(reasonName(error.reason)) == true
                    ? "malformed \(reading.malformed!.sorted())" : "malformed \(error.reason)"
            case .refused(let refusal):
                if let limit = refusal.nestingLimit { return "refused past \(limit) nested opens" }
                return "refused"
            case .failed(let route, let error):
                return error is InternalRouteReached ? "failed \(route.pattern)" : "failed \(route.pattern): \(error)"
            case .held(let open): return "held \(open.number)"
            }
        }

        let unmatchedBefore = unmatchedCount()
        let external = router.open(url, source: .external)
        if let route = external.route, !route.exposure.isExternal {
            problems.append("exposure rules: \(quoted) from outside reached the internal route \(route.pattern)")
        }
        if outcome(external) != expectedOutcome(external: true) {
            problems.append("\(quoted) from outside: \(outcome(external)), expected \(expectedOutcome(external: true))")
        }
        if unmatchedCount() != unmatchedBefore {
            problems.append("exposure rules: \(quoted) from outside reached the internal unmatched handler")
        }
        let canOpen = router.canOpen(url, source: .external)
        let visibleExternally = reading.malformed == nil && reading.userinfo == nil
            && !matches(readings.indices.filter { registered[$0].external }.map { readings[$0] }, url: reading,
                        caseInsensitive: input.caseInsensitive).isEmpty
        if canOpen != visibleExternally {
            problems.append("\(quoted): canOpen from outside is \(canOpen)")
        }
        if let object = router.object(for: url, as: (any Sendable).self, source: .external) as? String, object != "PUBLIC" {
            problems.append("exposure rules: \(quoted) from outside got the internal object \(object)")
        }
        if let foundationURL = URL(string: url) {
            let result = router.open(foundationURL, source: .external)
            if let route = result.route, !route.exposure.isExternal {
                problems.append("exposure rules: URL(string: \(quoted)) from outside reached the internal route \(route.pattern)")
            }
            if unmatchedCount() != unmatchedBefore {
                problems.append("exposure rules: URL(string: \(quoted)) from outside reached the internal unmatched handler")
            }
        }
        /// Each nested open of the forwarding route, made while handling an open from `external`.
        func checkForwarded(external: Bool, from: String) {
            for entry in forwarded.take() {
                let expected = entry.depth >= nestingLimit
                    ? "refused past \(nestingLimit) nested opens" : expectedOutcome(external: external, for: entry.url)
                if outcome(entry.result, of: entry.url) != expected {
                    problems.append("'\(shown(entry.url))' forwarded at depth \(entry.depth) of \(from): "
                                    + "\(outcome(entry.result, of: entry.url)), expected \(expected)")
                }
            }
        }
        checkForwarded(external: true, from: "\(quoted) from outside")

        let app = router.open(url, source: .app)
        if outcome(app) != expectedOutcome(external: false) {
            problems.append("\(quoted) from the app: \(outcome(app)), expected \(expectedOutcome(external: false))")
        }
        checkForwarded(external: false, from: "\(quoted) from the app")

        // The same URL wrapped in forwarding routes: each nested open sees only the external
        // routes, and the one past the limit is refused.
        let wraps = 1 + Int(data.count % 5)
        let wrapped = String(repeating: "reader://forward/", count: wraps) + url
        let unmatchedBeforeWrapped = unmatchedCount()
        let outer = router.open(wrapped, source: .external)
        if outer.route.map({ $0.exposure.isExternal }) == false {
            problems.append("exposure rules: '\(shown(wrapped))' from outside reached the internal route \(outer.route!.pattern)")
        }
        checkForwarded(external: true, from: "'\(shown(wrapped))' from outside")
        if unmatchedCount() != unmatchedBeforeWrapped {
            problems.append("exposure rules: a URL forwarded from outside reached the internal unmatched handler")
        }
        problems += checkTypedRoutes(url)
        // Sampled (a quarter of the cases, chosen by the input's bytes): it builds a router of
        // its own, and the target must keep its pace; it still runs thousands of times a minute.
        if input.seed % 4 == 0 { problems += checkChannels(input, url: reading, seed: input.seed / 4) }
        return problems
    }

    /// The channels a link arrives through, in the order `OpenSource` declares them.
    static let channels: [OpenSource] = [.external, .notification, .widget, .shortcut, .spotlight, .handoff, .intent, .deferred]

    /// Routes exposed to some channels, over the URLs the fuzzer writes: a pattern and the
    /// channels that reach it, one bit each in ``channels``' order (0 internal, all `.external`).
    /// They name three channels (and the input's routes no others), so that each case builds
    /// few tables; the other channels see the routes of every channel.
    static let channelRoutes: [(pattern: String, channels: UInt8)] = [
        ("reader://book/<int:id>", 0b0000_0010), ("reader://book/:slug", 0b0000_0101), ("reader://**rest", 0b1000_0000),
        ("reader://account/**", 0), ("reader://:section/:item", 0xFF), ("reader://share/*", 0b1000_0010),
    ]
    /// The channels the input's routes may name: `.external`, `.notification`, `.widget`, `.deferred`.
    static let fuzzedChannels: UInt8 = 0b1000_0111
    static let channelReadings = channelRoutes.map { parsePattern($0.pattern) }

    static func exposure(channels bits: UInt8) -> Exposure {
        bits == 0xFF ? .external : .external(from: channels.indices.filter { bits >> UInt8($0) & 1 == 1 }.map { channels[$0] })
    }

    /// A handler reached from a channel its route is not exposed to.
    public struct ChannelLeak: Error, Equatable {
        public let pattern: String
        public let source: String
    }

    /// No channel reaches a route not exposed to it: opened from a channel the input chooses,
    /// the URL reaches the best route the oracle finds among those exposed to that channel (the
    /// fixed channel routes and the input's own, each `+`/`-` line given channels by its bytes),
    /// or none, and the handler sees that channel. One open a case, so that the target keeps its pace.
    /// - Parameter seed: chooses the channel.
    static func checkChannels(_ input: Case, url reading: URLReading, seed: UInt64) -> [String] {
        let channel = channels[Int(seed % UInt64(channels.count))]
        func register(_ pattern: String, _ bits: UInt8, in routes: inout RouteRegistrar) {
            let exposure = exposure(channels: bits)
            routes.action(pattern, exposure: exposure) { request in
                if !exposure.isReachable(from: request.source) {
                    throw ChannelLeak(pattern: pattern, source: request.source.description)
                }
            }
        }
        let router: Router
        do {
            router = try Router(options: Router.Options(matching: input.options)) { routes in
                for route in channelRoutes { register(route.pattern, route.channels, in: &routes) }
            }
        } catch {
            return ["the channel router does not build: \(error)"]
        }
        var routes = channelRoutes
        var readings = channelReadings
        for (index, line) in input.lines.enumerated() {
            guard let sign = line.first, sign == "+" || sign == "-", let reading = parsePattern(String(line.dropFirst())) else { continue }
            let pattern = String(line.dropFirst())
            let bits = sign == "-" ? 0 : line.utf8.reduce(UInt8(0)) { $0 &+ $1 } & fuzzedChannels | 1 << UInt8(index % 3)
            if (try? router.register(moduleNamed: "Channel\(index)", routes: { register(pattern, bits, in: &$0) })) != nil {
                routes.append((pattern, bits))
                readings.append(reading)
            }
        }
        let quoted = "'\(shown(input.url))' from \(channel)"
        let result = router.open(input.url, source: channel)
        if let route = result.route, !route.exposure.isReachable(from: channel) {
            return ["exposure rules: \(quoted) reached \(route.pattern), exposed \(route.exposure)"]
        }
        if case .failed(let route, let error) = result {
            return ["exposure rules: \(quoted) failed in \(route.pattern): \(error)"]
        }
        guard reading.malformed == nil else { return [] }
        let expected: String
        if reading.userinfo != nil {
            expected = "refused"
        } else {
            let visible = routes.indices.filter { readings[$0] != nil && exposure(channels: routes[$0].channels).isReachable(from: channel) }
            let hit = matches(visible.compactMap { readings[$0] }, url: reading, caseInsensitive: input.caseInsensitive).first
            expected = hit.map { "handled \(routes[visible[$0.route]].pattern)" } ?? "unmatched"
        }
        let actual: String
        switch result {
        case .handled(let route): actual = "handled \(route.pattern)"
        case .unmatched: actual = "unmatched"
        case .refused: actual = "refused"
        default: actual = "\(result)"
        }
        return actual == expected ? [] : ["\(quoted): \(actual), expected \(expected)"]
    }

    /// Typed routes read from any URL: a URL that decodes as a route type gives a value whose
    /// own URL decodes to the same value (the decoder and the encoder agree on every escape,
    /// separator and catch-all the fuzzer finds), and a URL that does not decode gives an
    /// error whose message is bounded, on one line, and hides userinfo.
    public static func checkTypedRoutes(_ url: String) -> [String] {
        check(FuzzBookRoute.self, url) + check(FuzzNameRoute.self, url) + check(FuzzWebRoute.self, url)
    }

    private static func check<R: TypedRoute>(_ type: R.Type, _ url: String) -> [String] {
        let value: R
        do {
            value = try R(parsing: url)
        } catch {
            let message = error.description
            if message.utf8.count > 2_000 || message.contains("\n") || message.contains("\r") {
                return ["typed routes: \(R.self)'s error for '\(shown(url))' is unbounded or spans lines"]
            }
            return []
        }
        do {
            let written = try value.url()
            let back = try R(parsing: written)
            if back != value {
                return ["typed routes: '\(shown(url))' read as \(value), whose URL '\(shown(written))' reads back as \(back)"]
            }
        } catch {
            return ["typed routes: '\(shown(url))' read as \(value), which does not round-trip: \(error)"]
        }
        return []
    }

    // MARK: Target 4: reopen

    /// The router input's URL opened again in other forms and contexts: through a forwarding
    /// request kept past its handler, on the calling thread and on another
    /// (``checkKeptRequest(_:)``); in its https form on a declared host (``checkOrigins(_:)``);
    /// and through redirect rules into every segment kind (``checkRedirects(_:seed:)``).
    /// Together they open the URL about 20 times, through routers built once: in a target of
    /// their own, they leave the router target its pace.
    public static func checkReopens(_ data: [UInt8]) -> [String] {
        let input = Case(data, maxLines: 6)
        return checkKeptRequest(input.url) + checkOrigins(input.url) + checkRedirects(input.url, seed: input.seed)
    }

    /// What the kept-request router's opens leave behind: the last request its forwarding route
    /// kept past its handler, and the runs of its internal unmatched handler. Handed to the
    /// router in each open's user info (the router is shared by every check, and checks may
    /// run at once).
    final class Keeper: @unchecked Sendable {
        var kept: RouteRequest?
        var unmatched = 0
        var userInfo: [String: any Sendable] { ["keeper": self] }
        static func of(_ userInfo: [String: any Sendable]) -> Keeper? { userInfo["keeper"] as? Keeper }
    }

    /// The router target's fixed routes and interceptors, whose forwarding route keeps its
    /// request instead of opening the link, built once.
    static let keptRouter: Result<Router, RegistrationError> = Result { () throws(RegistrationError) -> Router in
        let unmatched = UnmatchedHandler(exposure: .internal) { Keeper.of($0.userInfo)?.unmatched += 1 }
        return try Router(options: .init(unmatched: unmatched, maxNestedOpens: nestingLimit)) { routes in
            routes.action(forwardingRoute, exposure: .external) { Keeper.of($0.userInfo)?.kept = $0 }
            routes.intercept(leakingInterceptor.pattern, name: "leak") { _ in .redirect(to: leakingInterceptor.target) }
            routes.intercept(vetoingInterceptor, name: "veto") { _ in .reject("vetoed") }
            for pattern in externalRoutes { register(pattern, exposure: .external, in: &routes) }
            for pattern in internalRoutes { register(pattern, exposure: .internal, in: &routes) }
        }
    }

    /// A forwarding request of a deep link, kept past its handler as a stored request is: its
    /// router stays bound to the deep link's source on every hop, whatever source is named, so
    /// the link it carries reaches no internal route and never the internal unmatched handler.
    public static func checkKeptRequest(_ url: String) -> [String] {
        guard case .success(let router) = keptRouter else { return ["the kept-request router does not build"] }
        let keeper = Keeper()
        // The kept request holds the keeper in its user info: let go of it, or both leak.
        defer { keeper.kept = nil }
        router.open("reader://forward/" + url, userInfo: keeper.userInfo, source: .external)
        guard let kept = keeper.kept else { return [] }
        let inner = kept.parameters["url"] ?? ""
        var problems: [String] = []
        for (hop, result) in forwardOnEveryHop(kept, inner, userInfo: keeper.userInfo) {
            if let route = result.route, !route.exposure.isExternal {
                problems.append("exposure rules: '\(shown(inner))' forwarded \(hop) through a kept external request "
                                + "reached the internal route \(route.pattern)")
            }
        }
        if keeper.unmatched != 0 {
            problems.append("exposure rules: '\(shown(inner))' through a kept external request reached the internal unmatched handler")
        }
        return problems
    }

    /// Opens `url` through `request.router`, naming the widest source, on each way a handler
    /// can reach it after it returned: on the calling thread, and on another thread. Each hop
    /// is waited for, so no two opens overlap.
    static func forwardOnEveryHop(_ request: RouteRequest, _ url: String,
                                  userInfo: [String: any Sendable]) -> [(hop: String, result: OpenResult)] {
        var results = [("after the handler returned", request.router?.open(url, userInfo: userInfo, source: .app) ?? .unmatched)]
        final class Box: @unchecked Sendable { var result = OpenResult.unmatched }
        let box = Box()
        onAnotherThread { box.result = request.router?.open(url, userInfo: userInfo, source: .app) ?? .unmatched }
        results.append(("on another thread", box.result))
        return results
    }

    /// Runs `body` on a thread of its own and returns when that thread has ended, so that
    /// everything the hop allocated is freed by then. A dispatch queue frees its work item on
    /// its own thread, after the input returned: libFuzzer counts more allocations than frees,
    /// takes it for a leak, runs the input again and scans the whole heap, after most inputs.
    static func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
        final class Work { let body: @Sendable () -> Void; init(_ body: @escaping @Sendable () -> Void) { self.body = body } }
        let context = Unmanaged.passRetained(Work(body)).toOpaque()
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let created = pthread_create(&thread, nil, { context in
            Unmanaged<Work>.fromOpaque(nonNil(context)).takeRetainedValue().body()
            return nil
        }, context)
        guard created == 0 else {
            Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
            return
        }
        #if canImport(Glibc)
        pthread_join(thread, nil)
        #else
        if let thread { pthread_join(thread, nil) }
        #endif
    }

    /// The fixed routes behind the origins `reader:` and `https://reader.example.com`, built once.
    static let originRouter: Result<Router, RegistrationError> = Result { () throws(RegistrationError) -> Router in
        try Router(options: .init(origins: [.scheme("reader"), .universalLink(host: "reader.example.com")])) { routes in
            for pattern in externalRoutes { register(pattern, exposure: .external, in: &routes) }
            for pattern in internalRoutes { register(pattern, exposure: .internal, in: &routes) }
        }
    }

    /// Universal links never widen exposure: whoever opens it, the https form of a fuzzed URL
    /// (on the declared host) reaches no internal route, and its path stays a path: it reaches
    /// what the custom-scheme form with an empty host (`reader:///…`, every segment a path
    /// segment) reaches from outside, or nothing (a spelling the association file does not claim).
    public static func checkOrigins(_ url: String) -> [String] {
        guard case .success(let router) = originRouter else { return ["the origins router does not build"] }
        var problems: [String] = []
        // The fuzzed URL's text after its scheme and `//`, on the declared host.
        let rest = url.range(of: "://").map { String(url[$0.upperBound...]) } ?? url
        let universal = "https://reader.example.com/" + rest
        let fromApp = router.open(universal, source: .app)
        if let route = fromApp.route, !route.exposure.isExternal {
            problems.append("origins: '\(shown(universal))' opened from the app reached the internal route \(route.pattern)")
        }
        let custom = router.open("reader:///" + rest, source: .external)
        if let reached = fromApp.route, reached.pattern != custom.route?.pattern {
            problems.append("origins: '\(shown(universal))' reached \(fromApp), its custom-scheme form from outside \(custom)")
        }
        return problems
    }

    /// A declared converter for the redirect property: an even number of characters.
    struct EvenConverter: ParameterConverter {
        var name: String { "even" }
        func accepts(_ text: Substring) -> Bool { text.count % 2 == 0 }
    }

    /// Redirect rules into every segment kind (a plain parameter, each built-in converter, a
    /// declared converter, a catch-all, the host), fed the fuzzed URL's values: a value its
    /// target can hold reaches the target's route as it was, with the query and the fragment
    /// as written; one it cannot hold is rejected by the rule, never sent elsewhere.
    static let redirectKinds: [(from: String, to: String)] = [
        ("reader://rd/p/:v", "reader://to/p/:v"), ("reader://rd/i/:v", "reader://to/i/<int:v>"),
        ("reader://rd/d/:v", "reader://to/d/<double:v>"), ("reader://rd/u/:v", "reader://to/u/<uuid:v>"),
        ("reader://rd/e/:v", "reader://to/e/<even:v>"), ("reader://rd/c/**v", "reader://to/c/**v"),
        ("reader://rd/h/:v", "reader://:v/to-host"),
    ]

    /// What a redirect's target read, handed to it in the open's user info (the router is
    /// shared by every check, and checks may run at once).
    final class Seen: @unchecked Sendable {
        var parameters: [String: String] = [:]
        var query: [[String]] = []
        var fragment: String?
    }

    /// The router of ``checkRedirects(_:seed:)``, built once.
    static let redirectRouter: Result<Router, RegistrationError> = Result { () throws(RegistrationError) -> Router in
        try Router { routes in
            routes.declare(EvenConverter())
            for (from, to) in redirectKinds {
                routes.redirect(from, to: to)
                routes.action(to) { request in
                    guard let seen = request.userInfo["seen"] as? Seen else { return }
                    seen.parameters = request.parameters.dictionary
                    seen.query = request.query.map { [String($0.name), String($0.value)] }
                    seen.fragment = request.fragment
                }
            }
        }
    }

    /// Each redirect rule's target pattern, parsed once.
    static let redirectTargets: [String: RoutePattern] = Dictionary(uniqueKeysWithValues: redirectKinds.compactMap { kind in
        (try? RoutePattern(kind.to, converters: ["even"])).map { (kind.to, $0) }
    })

    /// Each input feeds the rules two values, chosen by its bytes from the URL's own segments
    /// and the awkward values (``valuePool(_:)``): every rule opens twice, not once per value,
    /// and every value still meets every rule many times a minute.
    public static func checkRedirects(_ url: String, seed: UInt64) -> [String] {
        let kinds = redirectKinds
        let router: Router
        switch redirectRouter {
        case .success(let built): router = built
        case .failure(let error): return ["the redirect router does not build: \(error)"]
        }
        var problems: [String] = []
        let pool = valuePool(URLReading(url, limits: URLLimits())).filter { !$0.isEmpty && $0 != "." && $0 != ".." }
        var generator = Generator(state: seed)
        for value in [pool[generator.next(pool.count)], pool[generator.next(pool.count)]] {
            let escaped = String(decoding: value.utf8.flatMap { byte -> [UInt8] in
                let unreserved = (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
                return unreserved ? [byte] : Array("%\(String(byte, radix: 16, uppercase: true).count == 1 ? "0" : "")\(String(byte, radix: 16, uppercase: true))".utf8)
            }, as: UTF8.self)
            for (from, to) in kinds {
                let kind = from.split(separator: "/")[2]
                let opened = "reader://rd/\(kind)/\(escaped)?q=1#f%20x"
                let seen = Seen()
                let result = router.open(opened, userInfo: ["seen": seen])
                let writable = (try? redirectTargets[to]?.url(parameters: ["v": value], converters: [EvenConverter()])) != nil
                if writable {
                    if result.route?.pattern != to || seen.parameters != ["v": value] || seen.query != [["q", "1"]]
                        || seen.fragment != "f x" {
                        problems.append("redirect \(from) → \(to) of '\(shown(opened))': \(result), the target read "
                                        + "\(seen.parameters), query \(seen.query), fragment \(String(describing: seen.fragment))")
                    }
                } else if !result.description.hasPrefix("rejected by interceptor 'redirect'") {
                    problems.append("redirect \(from) → \(to) of '\(shown(opened))' cannot write its target, yet: \(result)")
                }
            }
        }
        return problems
    }

    // MARK: Target 5: features

    /// The features on top of the open, against the exposure rule: no external open, held,
    /// replayed or restored, reaches an internal route. A router with origins, an observer,
    /// typed routes with parents (one of them internal), the two interceptors and services
    /// chosen by the input's bytes takes the input's extra routes, then:
    /// - its services resolve, or fail with the error a depth-first walk of the providers
    ///   expects (the cycle named key by key, a missing provider, a provider's own error), through
    ///   `Services.get` and `router.service` alike; a shared service is built at most once
    ///   (``checkServices(_:_:_:_:)``);
    /// - the URL, its https form on the declared host, the URL inside a forwarding route and the
    ///   input's other lines, opened from outside while opens are held, are each replayed or
    ///   dropped exactly once, as the limit says, and a replay gives what the open gave before
    ///   the hold (``checkHeldOpens(_:_:limit:_:)``);
    /// - plans from outside end in a route the URL reaches from outside, hold only URLs that
    ///   restore to the same plan, and a restore from outside holds no internal route
    ///   (``checkPlans(_:_:)``);
    /// - a universal link the router writes for the URL reaches from outside what the URL
    ///   reaches from the app (``checkUniversalLink(_:_:)``);
    /// - a router released while it holds an open ends it: its completion runs once.
    /// The observer sees every open from outside, and none reaches an internal route or the
    /// internal unmatched handler.
    public static func checkFeatures(_ data: [UInt8]) -> [String] {
        let input = Case(data, maxLines: 6)
        var generator = Generator(state: input.seed)
        let services = ServiceGraph(&generator)
        let log = FeatureLog()
        var problems: [String] = []
        var heldAtRelease = false
        do {
            let router: Router
            do {
                router = try featuresRouter(input.options, services, log)
            } catch {
                return ["the features router does not build: \(error)"]
            }
            _ = registerExtraRoutes(input.lines, in: router)
            let urls = featureURLs(input)
            problems += checkServices(router, services, log, &generator)
            problems += checkHeldOpens(router, urls, limit: 1 + generator.next(4), log)
            problems += checkPlans(router, urls)
            problems += checkUniversalLink(router, input.url)
            // Held as the router goes: its `deinit` ends the open.
            router.holdExternalOpens()
            if case .held = router.open(input.url, source: .external, completion: { _ in log.count("released") }) { heldAtRelease = true }
        }
        if heldAtRelease, log.counts["released"] != 1 {
            problems.append("held opens: a router released while it held '\(shown(input.url))' called its completion \(log.counts["released"] ?? 0) times, not once")
        }
        if log.unmatched != 0 {
            problems.append("exposure rules: an open from outside reached the internal unmatched handler")
        }
        return problems + log.leaks
    }

    /// What the features router's observer, handlers, completions and providers saw.
    /// Unlocked: the check's opens run on the calling thread, one at a time.
    final class FeatureLog: @unchecked Sendable {
        var events = 0
        /// Opens from outside that reached an internal route, as the observer was told them.
        var leaks: [String] = []
        var unmatched = 0
        var counts: [String: Int] = [:]
        func count(_ key: String) { counts[key, default: 0] += 1 }
    }

    /// The router of the features target, with `services`, recording into `log`.
    static func featuresRouter(_ matching: MatchOptions, _ services: ServiceGraph, _ log: FeatureLog) throws(RegistrationError) -> Router {
        let observer: @Sendable (OpenEvent) -> Void = { event in
            log.events += 1
            if event.source.isExternal, let route = event.route, !route.exposure.isExternal {
                log.leaks.append("exposure rules: the observer saw '\(shown(event.url))' from outside reach the internal route \(route.pattern)")
            }
        }
        let options = Router.Options(matching: matching, unmatched: UnmatchedHandler(exposure: .internal) { _ in log.unmatched += 1 },
                                     maxNestedOpens: nestingLimit,
                                     origins: [.scheme("reader"), .universalLink(host: "reader.example.com")], observer: observer)
        let weakRouter = WeakRouterBox()
        let router = try Router(options: options) { routes in
            routes.action(forwardingRoute, exposure: .external) { request in request.open(request.parameters["url"] ?? "") }
            routes.intercept(leakingInterceptor.pattern, name: "leak") { _ in .redirect(to: leakingInterceptor.target) }
            routes.intercept(vetoingInterceptor, name: "veto") { _ in .reject("vetoed") }
            routes.action(FuzzTabRoute.self, exposure: .external) { _, _ in }
            routes.action(FuzzShelfBookRoute.self, exposure: .external) { _, _ in }
            routes.action(FuzzChapterRoute.self, exposure: .external) { _, _ in }
            routes.action(FuzzNoteRoute.self, exposure: .external) { _, _ in }
            routes.action(FuzzDraftRoute.self) { _, _ in throw InternalRouteReached(pattern: FuzzDraftRoute.pattern) }
            routes.action(FuzzAdminRoute.self) { _, _ in throw InternalRouteReached(pattern: FuzzAdminRoute.pattern) }
            for pattern in ["reader://nativeSecret", "reader://**"] { register(pattern, exposure: .internal, in: &routes) }
            routes.object("reader://service/public", exposure: .external) { _ in "PUBLIC" }
            routes.object("reader://service/**") { _ in "SECRET" }
            services.provide(in: &routes, router: weakRouter, log: log)
        }
        weakRouter.router = router
        return router
    }

    /// The router, for providers that ask it for services: weak, so that the router its
    /// providers keep does not keep itself.
    final class WeakRouterBox: @unchecked Sendable {
        weak var router: Router?
    }

    /// The URLs the features target opens: the URL, its https form on the declared host, the
    /// URL inside a forwarding route, and up to two of the input's lines that are not routes.
    static func featureURLs(_ input: Case) -> [String] {
        let rest = input.url.range(of: "://").map { String(input.url[$0.upperBound...]) } ?? input.url
        let others = input.lines.filter { !$0.hasPrefix("+") && !$0.hasPrefix("-") }.prefix(2)
        return others + [input.url, "https://reader.example.com/" + rest, "reader://forward/" + input.url]
    }

    /// Services the input's bytes choose: four keys of `String` services, each provided or not,
    /// shared or made per call, asking for up to two keys (through `Services.get` or
    /// `router.service`), and failing on its own or not. A value names its key and what its
    /// providers gave, `a(b(),c())`.
    struct ServiceGraph: Sendable {
        struct Provider: Sendable {
            var isProvided: Bool
            var isShared: Bool
            var asksRouter: Bool
            var fails: Bool
            var asks: [Int]
        }
        static let names = ["a", "b", "c", "d"]
        let providers: [Provider]

        init(_ generator: inout Generator) {
            providers = Self.names.indices.map { _ in
                Provider(isProvided: generator.next(8) != 0, isShared: generator.next(2) == 0, asksRouter: generator.next(2) == 0,
                         fails: generator.next(8) == 0, asks: (0..<generator.next(3)).map { _ in generator.next(Self.names.count) })
            }
        }

        static func key(_ index: Int) -> ServiceKey<String> { ServiceKey(names[index]) }

        func provide(in routes: inout RouteRegistrar, router: WeakRouterBox, log: FeatureLog) {
            for (index, provider) in providers.enumerated() where provider.isProvided {
                routes.provide(Self.key(index), lifetime: provider.isShared ? .shared : .perCall) { services in
                    var parts: [String] = []
                    for asked in provider.asks {
                        if provider.asksRouter {
                            guard let router = router.router else { throw ProviderFailure() }
                            parts.append(try router.service(Self.key(asked)))
                        } else {
                            parts.append(try services.get(Self.key(asked)))
                        }
                    }
                    if provider.fails { throw ProviderFailure() }
                    if provider.isShared { log.count("built \(Self.names[index])") }
                    return "\(Self.names[index])(\(parts.joined(separator: ",")))"
                }
            }
        }

        /// What asking for `index` gives, asked by the providers in `chain`: the first failure
        /// met walking the providers depth first, in the order each asks, or the value.
        func expected(_ index: Int, chain: [Int] = []) -> Result<String, ServiceError> {
            let name = Self.names[index]
            guard providers[index].isProvided else { return .failure(.noProvider(name)) }
            if chain.contains(index) { return .failure(.cycle((chain + [index]).map { Self.names[$0] })) }
            var parts: [String] = []
            for asked in providers[index].asks {
                switch expected(asked, chain: chain + [index]) {
                case .success(let value): parts.append(value)
                case .failure(let error): return .failure(error)
                }
            }
            if providers[index].fails { return .failure(.providerFailed(name, ProviderFailure())) }
            return .success("\(name)(\(parts.joined(separator: ",")))")
        }
    }

    /// What a failing provider throws.
    struct ProviderFailure: Error, Equatable {}

    /// Every key, asked twice in an order the input chooses, gives what ``ServiceGraph/expected(_:chain:)``
    /// says, never a crash; a shared service is built at most once.
    static func checkServices(_ router: Router, _ services: ServiceGraph, _ log: FeatureLog,
                              _ generator: inout Generator) -> [String] {
        let order = Array(ServiceGraph.names.indices).shuffled(using: &generator)
        var problems: [String] = []
        for index in order + order {
            let got: Result<String, ServiceError> = Result { () throws(ServiceError) -> String in
                try router.service(ServiceGraph.key(index))
            }
            let expected = services.expected(index)
            if got != expected {
                problems.append("services: '\(ServiceGraph.names[index])' of \(services.providers) gave \(got), expected \(expected)")
            }
        }
        for name in ServiceGraph.names where log.counts["built \(name)"] ?? 0 > 1 {
            problems.append("services: the shared '\(name)' of \(services.providers) was built \(log.counts["built \(name)"]!) times")
        }
        return problems
    }

    /// Opens `urls` from outside at once, then again while held (`limit` at most), then
    /// releases them: each held open is replayed or dropped exactly once (the oldest past the
    /// limit dropped, the others replayed in the order they came), a replay gives what the open
    /// gave before the hold and reaches no internal route, each completion runs as often as the
    /// open's did (a drop's once), the observer is told of each once, and an object lookup
    /// from outside gives nothing while holding and is not queued.
    static func checkHeldOpens(_ router: Router, _ urls: [String], limit: Int, _ log: FeatureLog) -> [String] {
        var problems: [String] = []
        var direct: [(result: OpenResult, completions: Int)] = []
        for (index, url) in urls.enumerated() {
            let result = router.open(url, source: .external, completion: { _ in log.count("direct \(index)") })
            direct.append((result, log.counts["direct \(index)"] ?? 0))
        }
        let eventsBefore = log.events
        router.holdExternalOpens(limit: limit)
        var held: [Int: Int] = [:]   // an open's number: its index in `urls`
        for (index, url) in urls.enumerated() {
            let result = router.open(url, source: .external, completion: { _ in log.count("held \(index)") })
            if case .held(let open) = result {
                held[open.number] = index
            } else if result != direct[index].result {
                problems.append("held opens: '\(shown(url))' from outside, neither held nor as opened before: \(result)")
            }
            if router.object(for: url, as: (any Sendable).self, source: .external) != nil {
                problems.append("held opens: an object lookup of '\(shown(url))' from outside gave an object while holding")
            }
        }
        let release = router.releaseHeldOpens()
        let numbers = held.keys.sorted()
        let dropped = numbers.dropLast(limit)
        // The release lists the most recent drops, as many as the limit, and counts the others.
        if release.replayed.map(\.open.number) != Array(numbers.suffix(limit))
            || release.dropped.map(\.open.number) != Array(dropped.suffix(limit))
            || release.unlistedDrops != max(dropped.count - limit, 0)
            || release.dropped.contains(where: { $0.reason != .tooManyHeld(limit: limit) }) {
            problems.append("held opens: \(numbers.count) held at limit \(limit) gave \(release): replayed \(release.replayed.map(\.open.number)), "
                            + "dropped \(release.dropped.map(\.open.number))")
        }
        for replay in release.replayed {
            guard let index = held[replay.open.number] else { continue }
            if let route = replay.result.route, !route.exposure.isExternal {
                problems.append("exposure rules: '\(shown(urls[index]))' held from outside was replayed into the internal route \(route.pattern)")
            }
            if replay.result != direct[index].result {
                problems.append("held opens: '\(shown(urls[index]))' replayed as \(replay.result), opened before the hold as \(direct[index].result)")
            }
            if log.counts["held \(index)"] ?? 0 != direct[index].completions {
                problems.append("held opens: the completion of '\(shown(urls[index]))' ran \(log.counts["held \(index)"] ?? 0) times when replayed, "
                                + "\(direct[index].completions) when opened before the hold")
            }
        }
        for number in dropped where log.counts["held \(held[number]!)"] != 1 {
            problems.append("held opens: the completion of dropped '\(shown(urls[held[number]!]))' ran \(log.counts["held \(held[number]!)"] ?? 0) times")
        }
        // Each open and each object lookup, held or not, is told once.
        if log.events - eventsBefore != 2 * urls.count {
            problems.append("held opens: the observer was told \(log.events - eventsBefore) times of \(urls.count) opens and as many lookups")
        }
        return problems
    }

    /// A plan from outside ends in the route the URL reaches from outside, which is external;
    /// every URL it holds is written and restores, from the app, to the same plan. A restore
    /// from outside of the URLs and of the plans' URLs holds no internal route, and keeps or
    /// drops each URL.
    static func checkPlans(_ router: Router, _ urls: [String]) -> [String] {
        var problems: [String] = []
        var saved = urls
        for url in urls {
            guard let plan = try? router.plan(for: url, source: .external) else { continue }
            let top = (plan.stack.last ?? plan.root).map { type(of: $0.base).pattern }
            let reached = router.resolve(url, source: .external).route?.route
            if top != reached?.pattern || reached?.exposure.isExternal != true {
                problems.append("plans: '\(shown(url))' from outside planned \(plan), but reaches \(reached.map { "\($0)" } ?? "nothing")")
            }
            if plan.urls.contains("") {
                problems.append("plans: '\(shown(url))' planned \(plan), which holds a route with no URL")
            }
            let restored = router.restore(plan.urls, source: .app)
            if restored.root != plan.root || restored.stack != plan.stack || !restored.dropped.isEmpty {
                problems.append("plans: '\(shown(url))' planned \(plan), whose URLs restore to \(restored)")
            }
            saved += plan.urls
        }
        let restored = router.restore(saved, source: .external)
        for route in (restored.root.map { [$0] } ?? []) + restored.stack where isInternal(route.base) {
            problems.append("exposure rules: restoring \(saved.map(shown)) from outside gave the internal route \(route)")
        }
        if restored.stack.count + (restored.root == nil ? 0 : 1) + restored.dropped.count != saved.count {
            problems.append("plans: restoring \(saved.count) URLs from outside gave \(restored)")
        }
        return problems
    }

    /// Whether a typed route of the features router is internal.
    static func isInternal(_ route: any TypedRoute) -> Bool {
        route is FuzzDraftRoute || route is FuzzAdminRoute
    }

    /// A universal link the router writes for `url` resolves from outside to the route and the
    /// values `url` resolves to from the app, an external one; opened from outside (its
    /// interceptors run), it reaches no internal route.
    static func checkUniversalLink(_ router: Router, _ url: String) -> [String] {
        guard let link = try? router.universalLink(for: url) else { return [] }
        let intended = router.resolve(url, source: .app).route
        let reached = router.resolve(link, source: .external).route
        var problems: [String] = []
        if reached?.route != intended?.route || reached?.parameters != intended?.parameters || intended?.route.exposure.isExternal != true {
            problems.append("origins: universalLink(for: '\(shown(url))') = '\(shown(link))', which from outside reaches "
                            + "\(reached.map { "\($0.route) \($0.parameters)" } ?? "nothing"); '\(shown(url))' reaches "
                            + "\(intended.map { "\($0.route) \($0.parameters)" } ?? "nothing") from the app")
        }
        if let route = router.open(link, source: .external).route, !route.exposure.isExternal {
            problems.append("exposure rules: universalLink(for: '\(shown(url))') = '\(shown(link))' opened from outside reached the internal route \(route.pattern)")
        }
        return problems
    }
}

/// Typed routes the router fuzz target reads every URL as.
struct FuzzBookRoute: TypedRoute {
    static let pattern = "reader://book/<int:id>"
    var id: Int
    var from: String?
    var tags: [String]
    var ratio: Double?
}

struct FuzzNameRoute: TypedRoute {
    static let pattern = "reader://user/:name/<uuid:token>"
    var name: String
    var token: UUID
    var flag: Bool?
}

struct FuzzWebRoute: TypedRoute {
    static let pattern = "reader://web/**path"
    var path: String
    var page: Int?
}

/// Typed routes of the features target: a tab, a book on the shelf tab, a chapter of a book, a
/// note whose parent is an internal draft (a parent may be internal), and two internal routes.
struct FuzzTabRoute: RootRoute {
    static let pattern = "reader://tab/:name"
    var name: String
}

struct FuzzShelfBookRoute: TypedRoute {
    static let pattern = "reader://book/<int:id>"
    var id: Int
    var from: String?
    var parent: (any TypedRoute)? { FuzzTabRoute(name: "shelf") }
}

struct FuzzChapterRoute: TypedRoute {
    static let pattern = "reader://book/<int:book>/chapter/:title"
    var book: Int
    var title: String
    var parent: (any TypedRoute)? { FuzzShelfBookRoute(id: book) }
}

struct FuzzNoteRoute: TypedRoute {
    static let pattern = "reader://note/**text"
    var text: String
    /// The draft the note's first segment names: none for a text that starts with `/`, whose
    /// parent then cannot be written (a plan fails with `NavigationError.unwritableRoute`).
    var parent: (any TypedRoute)? { FuzzDraftRoute(id: String(text.prefix { $0 != "/" })) }
}

// MARK: Target 6: rules

extension FuzzOracle {
    /// The routes of ``checkRules(_:)``: external and internal ones, named and not, so that a
    /// document can name each kind.
    static let rulesRoutes: [(pattern: String, name: String?, external: Bool)] = [
        ("reader://sale", "sale", true), ("reader://store", "store", true), ("reader://book/<int:id>", "book", true),
        ("reader://shelf/:name", nil, true), ("reader://c/**rest", nil, true), ("reader://nativeSecret", "secret", false),
        ("reader://admin/:id", "admin", false), ("reader://store/secret", nil, false),
    ]
    /// URLs every accepted document is tried with, besides the document's own strings.
    static let rulesURLs = ["reader://sale", "reader://store", "reader://book/7", "reader://shelf/a", "reader://c/x/y",
                            "reader://nativeSecret", "reader://admin/1", "reader://store/secret", "reader://b/1",
                            "reader://old/admin", "https://web.example.com/book/1",
                            "reader://rp/tab", "reader://rp/share/3", "reader://rp/secret"]

    /// What an input's router saw: internal handlers run and the internal unmatched handler told.
    final class RulesLog: @unchecked Sendable {
        var reached: [String] = []
    }

    /// A rules document read from the input's bytes, as a server would send it:
    /// - reading it never traps, and a refusal lists bounded, escaped problems;
    /// - installed, a refused document changes nothing (the route map is the same); an
    ///   accepted one points at no internal route (its fallbacks and redirect targets);
    /// - no open, object lookup or resolve from outside of the fixed URLs and of every string
    ///   the document holds reaches an internal route, or the internal unmatched handler;
    /// - an accepted presentation override names an external typed route, and the plans of
    ///   the URLs above, under it, restore from their URLs to the same plans;
    /// - `RouteRules()` restores the route map the router started with.
    /// The router is built for each input: checks run at once in the tests, and install changes it.
    public static func checkRules(_ data: [UInt8]) -> [String] {
        let log = RulesLog()
        let router: Router
        do {
            router = try Router(options: .init(unmatched: UnmatchedHandler(exposure: .internal) { request in
                log.reached.append("the internal unmatched handler, for '\(shown(request.url))'")
            })) { routes in
                for route in rulesRoutes {
                    routes.action(route.pattern, name: route.name, exposure: route.external ? .external : .internal) { _ in
                        if !route.external { log.reached.append(route.pattern) }
                    }
                }
                routes.redirect("reader://b/:id", to: "reader://book/<int:id>")
                routes.action(FuzzRulesTab.self, name: "tab", exposure: .external) { _, _ in }
                routes.action(FuzzRulesShare.self, name: "share", exposure: .external) { _, _ in }
                routes.action(FuzzRulesSecret.self, name: "rsecret") { _, _ in log.reached.append(FuzzRulesSecret.pattern) }
            }
        } catch {
            return ["the rules router does not build: \(error)"]
        }
        let shipped = router.routeMap
        var problems: [String] = []
        func bounded(_ error: RouteRulesError, _ step: String) {
            for problem in error.problems where problem.utf8.count > 1_000 || problem.unicodeScalars.contains(where: { $0.value < 0x20 }) {
                problems.append("\(step): an unbounded or unescaped problem: '\(shown(problem))'")
            }
            if error.description.utf8.count > 60_000 { problems.append("\(step): a description of \(error.description.utf8.count) bytes") }
        }
        let rules: RouteRules
        do {
            rules = try RouteRules(json: Data(data))
        } catch {
            bounded(error, "reading")
            return problems
        }
        do {
            try router.install(rules, allowingHosts: ["web.example.com"])
        } catch {
            bounded(error, "installing")
            if router.routeMap != shipped { problems.append("a refused document changed the route map") }
        }
        let internalPatterns = Set(rulesRoutes.filter { !$0.external }.map(\.pattern))
        for line in router.routeMap.text.split(separator: "\n") {
            for key in ["fallback=", "to="] where line.hasPrefix("disabled  ") || line.hasPrefix("redirect  ") {
                guard let target = line.components(separatedBy: key).dropFirst().first?.components(separatedBy: "  ").first else { continue }
                if internalPatterns.contains(target) || (router.resolve(target).route.map { !$0.route.exposure.isExternal } ?? false) {
                    problems.append("an accepted document points at an internal route: \(line)")
                }
            }
        }
        for line in router.routeMap.text.split(separator: "\n") where line.hasPrefix("presentation  ") {
            let pattern = line.components(separatedBy: "  ")[1]
            if internalPatterns.contains(pattern) || pattern == FuzzRulesSecret.pattern {
                problems.append("an accepted document presents an internal route otherwise: \(line)")
            }
        }
        for url in rulesURLs {
            guard let plan = try? router.plan(for: url) else { continue }
            if router.restore(plan.urls) != plan { problems.append("the plan of '\(shown(url))' does not restore: \(plan)") }
        }
        let text = String(decoding: data, as: UTF8.self)
        let strings = text.split(separator: "\"").map(String.init).filter { $0.contains(":") && $0.utf8.count < 512 }
        for url in rulesURLs + strings.prefix(8) {
            router.open(url, source: .external)
            _ = router.object(for: url, as: String.self, source: .external)
            if let route = router.resolve(url, source: .external).route?.route, !route.exposure.isExternal {
                problems.append("'\(shown(url))' resolves from outside to the internal \(route)")
            }
            _ = router.canOpen(url)
        }
        problems += log.reached.map { "an open from outside reached \($0)" }
        do {
            try router.install(RouteRules())
        } catch {
            problems.append("RouteRules() is refused: \(error)")
        }
        if router.routeMap != shipped { problems.append("RouteRules() does not restore the shipped route map") }
        return problems
    }
}

/// Typed routes of the rules target, which presentation overrides name: a tab (a root, never
/// modal), a route pushed on it, and an internal one.
struct FuzzRulesTab: RootRoute { static let pattern = "reader://rp/tab" }

struct FuzzRulesShare: TypedRoute {
    static let pattern = "reader://rp/share/<int:id>"
    var id: Int
    var parent: (any TypedRoute)? { FuzzRulesTab() }
}

struct FuzzRulesSecret: TypedRoute {
    static let pattern = "reader://rp/secret"
    var parent: (any TypedRoute)? { FuzzRulesShare(id: 0) }
}

struct FuzzDraftRoute: TypedRoute {
    static let pattern = "reader://draft/:id"
    var id: String
}

struct FuzzAdminRoute: TypedRoute {
    static let pattern = "reader://admin/:command"
    var command: String
    var parent: (any TypedRoute)? { FuzzTabRoute(name: "admin") }
}

extension FuzzOracle.Generator: RandomNumberGenerator {
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state ^ (state >> 29)
    }
}

/// The thread argument of `pthread_create`'s start routine, optional on Linux only.
private func nonNil(_ pointer: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer {
    guard let pointer else { preconditionFailure("pthread_create passed no argument") }
    return pointer
}

private func isMalformed<Value>(_ result: MatchResult<Value>) -> Bool {
    if case .malformed = result { return true }
    return false
}
