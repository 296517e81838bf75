@_spi(Testing) import PatternMatcher
import Testing

/// Work is measured in trie nodes entered (`matchCountingVisits`), never in wall-clock time:
/// Matching rules: which route wins bounds it by the number of nodes, whatever the URL.
@Suite("Hostile: size and complexity")
struct HostileComplexityTests {
    /// The largest limits a table takes: 65,535 bytes, and segments as many as fit in them.
    static let raised = MatchOptions(limits: URLLimits(maxBytes: 65_535, maxPathSegments: 200_000))

    static func table(_ patterns: [String], options: MatchOptions = MatchOptions()) throws -> RouteTable<Int> {
        var builder = RouteTableBuilder<Int>(options: options)
        for (index, pattern) in patterns.enumerated() { builder.add(pattern, value: index) }
        return try builder.build()
    }

    static let everyKind = ["/files/:name", "/files/<int:n>", "/files/<double:d>", "/files/<uuid:u>",
                            "/files/a/b", "/files/**rest", "/:a/:b/:c", "/**all"]

    /// A URL too big for the limits, and the reason it must be refused with.
    struct OversizeCase: Sendable, CustomTestStringConvertible {
        var name: String
        var url: String
        var options: MatchOptions
        var reason: MalformedURLError.Reason
        var testDescription: String { "\(name) (\(url.utf8.count) bytes) — Matching rules: URL to route key" }
    }

    static let oversize: [OversizeCase] = [
        OversizeCase(name: "a 1 MB segment", url: "/files/" + String(repeating: "a", count: 1_000_000),
                     options: MatchOptions(), reason: .tooLong),
        OversizeCase(name: "a 1 MB query", url: "/files/x?" + String(repeating: "q=1&", count: 250_000),
                     options: MatchOptions(), reason: .tooLong),
        OversizeCase(name: "8193 bytes", url: "/" + String(repeating: "b", count: 8_192),
                     options: MatchOptions(), reason: .tooLong),
        OversizeCase(name: "100,000 segments", url: String(repeating: "/a", count: 100_000),
                     options: MatchOptions(), reason: .tooLong),
        OversizeCase(name: "30,000 segments under the largest byte limit", url: String(repeating: "/a", count: 30_000),
                     options: MatchOptions(limits: URLLimits(maxBytes: 65_535)), reason: .tooManySegments),
        OversizeCase(name: "257 segments", url: String(repeating: "/a", count: 257),
                     options: MatchOptions(), reason: .tooManySegments),
        OversizeCase(name: "60,000 empty segments and one too many", url: String(repeating: "/", count: 60_000) + "x",
                     options: MatchOptions(limits: URLLimits(maxBytes: 65_535, maxPathSegments: 0)), reason: .tooManySegments),
    ]

    @Test("URLs over the limits are malformed, before any node is entered", arguments: oversize)
    func overLimits(_ row: OversizeCase) throws {
        let table = try Self.table(Self.everyKind, options: row.options)
        let (result, visited) = table.matchCountingVisits(row.url)
        guard case .malformed(let error) = result else {
            Issue.record("not malformed: \(result)")
            return
        }
        #expect(error.reason == row.reason)
        #expect(visited == 0)
        #expect(error.description.utf8.count < 300, "the error quotes a prefix, not the whole URL")
        #expect(table.matches(row.url).malformed?.reason == row.reason)
        #expect(throws: MalformedURLError.self) { try ParsedURL(row.url, limits: row.options.limits) }
    }

    @Test("exactly at the limits is fine")
    func atLimits() throws {
        let table = try Self.table(["/**all"])
        #expect(table.match("/" + String(repeating: "b", count: 8_191)).match != nil)
        #expect(table.match(String(repeating: "/a", count: 256)).match != nil)
        #expect(table.match(String(repeating: "/", count: 8_000) + "a").match != nil, "empty segments are not counted")
    }

    @Test("with the largest limits, a 60,000-byte segment and 30,000 segments stay bounded by the trie")
    func raisedLimits() throws {
        let table = try Self.table(Self.everyKind, options: Self.raised)
        let big = "/files/" + String(repeating: "a", count: 60_000)
        let (result, visited) = table.matchCountingVisits(big)
        #expect(result.match?.value == 0)
        #expect(result.match?.parameters["name"]?.utf8.count == 60_000)
        #expect(visited <= table.nodeCount)

        let deep = String(repeating: "/a", count: 30_000)
        let (deepResult, deepVisits) = table.matchCountingVisits(deep)
        #expect(deepResult.match?.value == 7)
        #expect(deepResult.match?.parameters["all"]?.utf8.count == 59_999)
        #expect(deepVisits <= table.nodeCount, "\(deepVisits) of \(table.nodeCount)")
        #expect(table.matches(deep).map(\.value) == [7])

        let digits = "/files/" + String(repeating: "9", count: 60_000)
        let (typed, typedVisits) = table.matchCountingVisits(digits)
        #expect(typed.match?.value == 0, "too big for Int64 and for a finite Double, so a string")
        #expect(typedVisits <= table.nodeCount)
    }

    /// CVE-2024-45813 (find-my-way, GHSA-rrr8-f88r-h8q6): `/:foo-:bar-` against `'/' + '-' * n + 'a'`
    /// backtracked through a regular expression. Here a segment is one parameter and the
    /// converters are linear scans, so the same input costs one pass.
    @Test("find-my-way's CVE-2024-45813 input finishes with bounded work",
          .bug("https://github.com/github/advisory-database/pull/4859"))
    func findMyWayReDoS() throws {
        #expect(throws: PatternError.self) { try RoutePattern("/:foo-:bar-") }
        let table = try Self.table(["/:foo", "/<int:i>", "/<double:d>", "/<uuid:u>", "/a/:foo/**rest"], options: Self.raised)
        for url in ["/" + String(repeating: "-", count: 65_000) + "a",
                    "/" + String(repeating: "-", count: 65_000),
                    "/-" + String(repeating: "1", count: 64_999) + "e",
                    "/0." + String(repeating: "0", count: 64_990) + "1e64999",
                    "/a" + String(repeating: "/-", count: 32_000) + "a"] {
            let (result, visited) = table.matchCountingVisits(url)
            #expect(result.match != nil)
            #expect(visited <= table.nodeCount, "\(visited) of \(table.nodeCount)")
        }
        #expect(table.match("/0." + String(repeating: "0", count: 64_990) + "1e64999").match?.value == 2,
                "0.000…1e64999 is a finite double, found without parsing 65,000 digits")
        #expect(table.match("/2" + String(repeating: "0", count: 308)).match?.value == 0,
                "2·10^308 overflows a Double, so it is no <double:>")
        #expect(table.match("/1" + String(repeating: "0", count: 308) + ".5").match?.value == 2,
                "10^308 is still a finite Double")
        #expect(table.match("/-9223372036854775808").match?.value == 1)
        #expect(table.match("/9223372036854775808").match?.value == 2)
    }

    /// A table built to make a backtracking matcher try every combination: at each of 24
    /// levels a literal and a parameter both match, and only the last level decides.
    /// A depth-first search that entered nodes more than once would need 2^24 steps.
    @Test("an adversarial backtracking table is searched in at most one visit per node")
    func adversarialBacktracking() throws {
        let depth = 24
        var patterns: [String] = []
        for literals in 0...depth {
            let segments = (0..<depth).map { $0 < literals ? "a" : ":p\($0)" }
            patterns.append("/" + segments.joined(separator: "/") + "/end\(literals)")
            patterns.append("/" + segments.joined(separator: "/") + "/<int:n>")
        }
        patterns.append("/" + Array(repeating: "*", count: depth).joined(separator: "/") + "/x/**rest")
        let table = try Self.table(patterns)
        #expect(table.nodeCount < 2_000)

        let miss = String(repeating: "/a", count: depth) + "/none"
        let (missResult, missVisits) = table.matchCountingVisits(miss)
        #expect(missResult.match == nil)
        #expect(missVisits <= table.nodeCount, "\(missVisits) of \(table.nodeCount)")
        #expect(Array(table.matches(miss)).isEmpty)

        // The only match is the last route tried: the all-parameter branch's catch-all.
        let last = String(repeating: "/a", count: depth) + "/x/y"
        let (lastResult, lastVisits) = table.matchCountingVisits(last)
        #expect(lastResult.match?.value == patterns.count - 1)
        #expect(lastVisits <= table.nodeCount)

        // Every route whose literals are a prefix of the URL matches "/…/7": all 25 int routes.
        let all = String(repeating: "/a", count: depth) + "/7"
        #expect(table.matches(all).map(\.value) == (0...depth).reversed().map { 2 * $0 + 1 })
    }

    @Test("a query of 600 items is read lazily, and never changes the route")
    func queryBomb() throws {
        let table = try Self.table(["/home", "/admin"])
        let url = "/home?" + String(repeating: "route=/admin&", count: 600)
        let (result, visited) = table.matchCountingVisits(url)
        #expect(result.match?.value == 0)
        #expect(visited <= 2)
        #expect(result.match?.query.reduce(0) { count, _ in count + 1 } == 600)
    }

    @Test("10,000 literal siblings cost what 10 do")
    func wideNode() throws {
        let table = try Self.table((0..<10_000).map { "/s/item\($0)" } + ["/s/:other"])
        for url in ["/s/item0", "/s/item9999", "/s/item10000", "/s/ITEM1"] {
            let (result, visited) = table.matchCountingVisits(url)
            #expect(result.match != nil)
            #expect(visited <= 3, "\(url): \(visited)")
        }
    }
}

@Suite("Hostile: conflicts at scale")
struct ConflictScaleTests {
    @Test("50,000 patterns of one shape: 49,999 problems, each against the reference, and a bounded message")
    func fiftyThousandOfOneShape() {
        var builder = RouteTableBuilder<Int>()
        // Registered in reverse, so that the reference (the pattern that sorts first) comes last.
        for i in (0..<50_000).reversed() { builder.add("reader://c/:p\(i)", value: i, owner: "M\(i % 7)") }
        do {
            _ = try builder.build()
            Issue.record("built")
        } catch {
            #expect(error.problems.count == 49_999)
            #expect(error.problems.allSatisfy { $0.conflictingRoute?.pattern == "reader://c/:p0" })
            #expect(Set(error.problems.map(\.pattern)).count == 49_999)
            #expect(error.description.utf8.count < 16_384, "\(error.description.utf8.count) bytes")
            #expect(error.description.hasSuffix("… and 49949 more"))
        }
    }
}
