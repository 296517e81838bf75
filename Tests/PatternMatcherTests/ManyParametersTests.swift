@_spi(Testing) import PatternMatcher
import Testing

/// A match keeps the ranges of its first eight parameter segments inline; a route with
/// more finds the later ones again when they are read. Both must give the same values.
@Suite("Routes with more than eight parameter segments")
struct ManyParametersTests {
    @Test("every parameter past the eighth, with wildcards, a typed one and a rest")
    func pastTheInlineRanges() throws {
        var builder = RouteTableBuilder<String>()
        // Twelve non-literal segments before the rest, two of them unnamed wildcards, so the
        // named parameters f, g, h and i sit at slots 8 to 11, and the rest at 12.
        let pattern = "app://:host/:a/*/:b/lit/:c/:d/~/:e/<int:f>/:g/:h/:i/**rest"
        builder.add(pattern, value: "many")
        builder.add("app://:host/**rest", value: "fallback")
        let table = try builder.build()
        let url = "app://Shelf.Example/1/skip/2/lit/3/4/skip/5/66/7/h%20h/i%2Fi/r1/r%202?q=1#f"
        let match = try #require(table.match(url).match)
        #expect(match.value == "many")
        let expected: [(String, String)] = [
            ("host", "shelf.example"), ("a", "1"), ("b", "2"), ("c", "3"), ("d", "4"), ("e", "5"),
            ("f", "66"), ("g", "7"), ("h", "h h"), ("i", "i/i"), ("rest", "r1/r 2"),
        ]
        #expect(match.parameters.count == expected.count)
        #expect(match.parameters.names == expected.map(\.0))
        for (name, value) in expected {
            #expect(match.parameters[name] == value, "\(name)")
        }
        #expect(match.parameters.map(\.value) == expected.map(\.1))
        #expect(match.parameters.dictionary == Dictionary(uniqueKeysWithValues: expected))
    }

    @Test("a URL of the largest limit, 65,535 bytes: every value and part up to its last byte")
    func atTheLargestLimit() throws {
        var builder = RouteTableBuilder<String>(options: MatchOptions(limits: URLLimits(maxBytes: 65_535)))
        // Ten slots, so the two past the eighth are found by parsing the URL again.
        builder.add("app://:host/:a/lit/<int:n>/:b/:c/:d/:e/:f/:g/**rest", value: "long")
        builder.add("app://:host/:only", value: "one")
        let table = try builder.build()
        let a = String(repeating: "a", count: 65_000)
        // The direct walk decides the first; the escape sends the second to the full search.
        for (b, decoded) in [("b", "b"), ("b%20b", "b b")] {
            let head = "app://Host/" + a + "/lit/42/" + b + "/c/d/e/f/g/r1/r2?q="
            // The query runs up to the fragment, whose one byte is the URL's last.
            let query = String(repeating: "q", count: 65_535 - head.utf8.count - 2)
            let url = head + query + "#f"
            #expect(url.utf8.count == 65_535)
            let match = try #require(table.match(url).match, "\(b)")
            #expect(match.value == "long")
            #expect(match.parameters.dictionary == ["host": "host", "a": a, "n": "42", "b": decoded, "c": "c", "d": "d",
                                                    "e": "e", "f": "f", "g": "g", "rest": "r1/r2"], "\(b)")
            #expect(match.raw.extraSlotRanges?.count == 10, "\(b)")
            #expect(match.query["q"] == query && match.fragment == "f", "\(b)")
            guard case .malformed(let error) = table.match(url + "x") else {
                Issue.record("one byte over the limit is not malformed")
                continue
            }
            #expect(error.reason == .tooLong && error.limit == 65_535)
        }
        // "app://h/" is 8 bytes: `only` ends on the URL's last byte.
        let only = String(repeating: "o", count: 65_535 - 8)
        let match = try #require(table.match("app://h/" + only).match)
        #expect(match.value == "one" && match.parameters["only"] == only)
        #expect(Array(match.query).isEmpty && match.fragment == nil)
    }

    @Test("a limit that would let in a URL longer than 65,535 bytes is refused when the table is built")
    func pastTheLargestLimit() {
        var builder = RouteTableBuilder<String>(options: MatchOptions(limits: URLLimits(maxBytes: 200_000)))
        builder.add("app://:host/:a/lit/<int:n>/:b/**rest", value: "long")
        #expect(throws: RouteTableError(problems: [.limitAboveMaximum("maxBytes", value: 200_000, maximum: 65_535)])) {
            try builder.build()
        }
    }

    @Test("an empty rest past the eighth range")
    func emptyRest() throws {
        var builder = RouteTableBuilder<String>()
        builder.add("/:a/:b/:c/:d/:e/:f/:g/:h/:i/**rest", value: "nine and a rest")
        let match = try #require(try builder.build().match("/1/2/3/4/5/6/7/8/9").match)
        #expect(match.parameters["i"] == "9")
        #expect(match.parameters["rest"] == "")
    }

    @Test("the same values through the sequence of matches")
    func inSequence() throws {
        var builder = RouteTableBuilder<String>()
        builder.add("/:a/:b/:c/:d/:e/:f/:g/:h/:i/:j", value: "ten")
        builder.add("/:a/:b/:c/:d/:e/:f/:g/:h/:i/**rest", value: "rest")
        let all = Array(try builder.build().matches("/1/2/3/4/5/6/7/8/9/10"))
        #expect(all.map(\.value) == ["ten", "rest"])
        #expect(all[0].parameters["j"] == "10")
        #expect(all[1].parameters["i"] == "9")
        #expect(all[1].parameters["rest"] == "10")
    }

    @Test("reading all 250 parameters of a 250-parameter route reads its pattern again once, not 242 times (hostile probe D3)")
    func linear() throws {
        let names = (0..<250).map { "p\($0)" }
        let pattern = "reader://p/" + names.map { ":" + $0 }.joined(separator: "/")
        let url = "reader://p/" + (0..<250).map { "v\($0)" }.joined(separator: "/")
        var builder = RouteTableBuilder<Int>(options: MatchOptions(limits: URLLimits(maxPathSegments: 300)))
        builder.add(pattern, value: 0)
        let match = try #require(try builder.build().match(url).match)
        var values: [String: String] = [:]
        let parses = PatternParses.counting {
            let parameters = match.parameters
            for name in names { values[name] = parameters[name] }
            values["all"] = "\(parameters.dictionary.count)"
        }
        #expect(parses == 1)
        #expect(values["p0"] == "v0" && values["p8"] == "v8" && values["p249"] == "v249")
        #expect(values["all"] == "250")
        #expect(PatternParses.counting { _ = match.parameters } == 1, "once per view, however much of it is read")
        let few = try #require(try makeTable(["/:a/:b/:c/:d/:e/:f/:g/:h"]).match("/1/2/3/4/5/6/7/8").match)
        #expect(PatternParses.counting { _ = few.parameters.dictionary } == 0, "eight slots: the match holds them all")
    }
}
