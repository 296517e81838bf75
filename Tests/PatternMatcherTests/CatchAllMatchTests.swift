import PatternMatcher
import Testing

@Suite("Whether a match went through a catch-all")
struct CatchAllMatchTests {
    @Test("exact routes, catch-alls with a rest and with an empty rest", arguments: [
        ("reader://shelf", false),        // ends exactly on a route
        ("reader://shelf/x/y", true),     // only reader://shelf/**rest matches
        ("reader://other", true),         // the scheme-wide fallback
        ("reader://shelf/7", false),      // the typed route outranks both catch-alls
    ])
    func flag(url: String, expected: Bool) throws {
        var builder = RouteTableBuilder<String>()
        for pattern in ["reader://shelf", "reader://shelf/<int:id>", "reader://shelf/**rest", "reader://**"] {
            builder.add(pattern, value: pattern)
        }
        let match = try #require(try builder.build().match(url).match)
        #expect(match.isCatchAllMatch == expected, "\(url) matched \(match.value)")
    }

    @Test("every match of the sequence carries its own flag")
    func inSequence() throws {
        var builder = RouteTableBuilder<String>()
        builder.add("/files/:name", value: "one")
        builder.add("/files/**rest", value: "rest")
        let flags = try builder.build().matches("/files/a").map { ($0.value, $0.isCatchAllMatch) }
        #expect(flags.map(\.0) == ["one", "rest"])
        #expect(flags.map(\.1) == [false, true])
    }
}
