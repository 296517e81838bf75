import PatternMatcher
import Testing

/// Matching rules: generating URLs: for every route and every valid parameter set, matching the generated URL
/// yields that route and exactly those parameters.
@Suite("Generation round trip")
struct GenerationRoundTripTests {
    static let batches = LongRuns.batches((0..<8).map { 0x7219_0000 + UInt64($0) }, sample: 2)

    @Test("url(for:parameters:) then match gives back the route and the parameters", arguments: batches)
    func roundTrip(batch: UInt64) throws {
        var generated = 0, refused = 0
        for index in 0..<40 {
            let seed = derivedSeed(batch, index)
            var generator = RouteGenerator(seed: seed)
            let shared = generator.table(maxRoutes: 12, seed: seed)
            let sharedTable = try makeTable(shared.routes.map(\.pattern), converters: testConverters)
            for route in shared.routes {
                for _ in 0..<3 {
                    let values = generator.parameterValues(for: route)
                    let single = try makeTable([route.pattern], converters: testConverters)
                    let context = "route \(route.pattern.debugDescription), parameters \(values.debugDescription), seed 0x\(String(seed, radix: 16))"
                    if route.segments.contains(.any(name: nil)) {
                        // An anonymous `*` (or `~`, or `*:`) cannot be generated.
                        #expect(throws: GenerationError.self, "\(context)") {
                            try single.url(for: route.pattern, parameters: values)
                        }
                        refused += 1
                        break
                    }
                    let url: String
                    do {
                        url = try single.url(for: route.pattern, parameters: values)
                    } catch {
                        Issue.record("generation failed: \(error); \(context)")
                        continue
                    }
                    generated += 1
                    #expect(single.match(url).outcome == .match(route.pattern, values), "URL \(url.debugDescription); \(context)")
                    // In a table of many routes, a more specific one may win, but the route
                    // is still among the matches, with the same parameters.
                    let all = sharedTable.matches(url).map(\.outcome)
                    #expect(all.contains(.match(route.pattern, values)), "URL \(url.debugDescription) in\n\(shared)")
                }
            }
        }
        #expect(generated > 300 && refused > 20, "\(generated) generated, \(refused) refused")
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let pattern: String
        let parameters: [String: String]
        var testDescription: String { "\(pattern) with \(parameters)" }
    }

    /// Values chosen to break naive encoders: each must survive the trip unchanged.
    static let cases: [Case] = [
        Case(pattern: "/p/:v", parameters: ["v": "a/b?c#d%e f"]),
        Case(pattern: "/p/:v", parameters: ["v": "%2F"]),
        Case(pattern: "/p/:v", parameters: ["v": "100%"]),
        Case(pattern: "/p/:v", parameters: ["v": "a+b"]),
        Case(pattern: "/p/:v", parameters: ["v": ".."]),
        Case(pattern: "/p/:v", parameters: ["v": "cafe\u{301}"]),
        Case(pattern: "/p/:v", parameters: ["v": "café"]),
        Case(pattern: "/p/:v", parameters: ["v": "👍🏽家"]),
        Case(pattern: "/p/:v", parameters: ["v": "\u{212A}"]),
        Case(pattern: ":v", parameters: ["v": "a:b"]),
        Case(pattern: ":v/x", parameters: ["v": "reader:"]),
        Case(pattern: "/:v", parameters: ["v": "//evil.com"]),
        Case(pattern: "reader://:h/x", parameters: ["h": "a:1@b"]),
        Case(pattern: "reader://:h/x", parameters: ["h": "[::1]"]),
        Case(pattern: "reader://:h/x", parameters: ["h": "é"]),
        Case(pattern: "reader://**rest", parameters: ["rest": "Host:1/a:b//c/"]),
        Case(pattern: "reader://**rest", parameters: ["rest": ""]),
        Case(pattern: "reader://web/**url", parameters: ["url": "https://x.com/a?b=1#c"]),
        Case(pattern: "reader://web/**url", parameters: ["url": "a//b/"]),
        Case(pattern: "**rest", parameters: ["rest": "a:b/c"]),
        Case(pattern: "**rest", parameters: ["rest": ""]),
        Case(pattern: "/**rest", parameters: ["rest": ""]),
        Case(pattern: "app::v", parameters: ["v": "//x"]),
        Case(pattern: "app:**rest", parameters: ["rest": "x//y"]),
        Case(pattern: ":s://x/:v", parameters: ["s": "a+b.c-d", "v": "Q"]),
        Case(pattern: "reader:///:v/b", parameters: ["v": "AB"]),
        Case(pattern: "reader:///:v/b", parameters: ["v": "x@y:1"]),
        Case(pattern: "reader:///**rest", parameters: ["rest": "a@b/C"]),
        Case(pattern: "reader:///Book/:v", parameters: ["v": "1"]),
        Case(pattern: "reader://[::1]/:v", parameters: ["v": "1"]),
        Case(pattern: "reader://a%3Ab%40c/:v", parameters: ["v": "1"]),
        Case(pattern: "/n/<int:v>", parameters: ["v": "-9223372036854775808"]),
        Case(pattern: "/n/<double:v>", parameters: ["v": "1.7976931348623157e308"]),
        Case(pattern: "/n/<uuid:v>", parameters: ["v": "123E4567-E89B-12D3-A456-426614174000"]),
    ]

    @Test("hand-picked values survive the trip", arguments: cases)
    func handPicked(_ check: Case) throws {
        let table = try makeTable([check.pattern])
        let url = try table.url(for: check.pattern, parameters: check.parameters)
        #expect(table.match(url).outcome == .match(check.pattern, check.parameters), "URL \(url.debugDescription)")
    }
}
