@_spi(Testing) import PatternMatcher
import Testing

/// Strings bridged from Objective-C (`NSString`) are UTF-16 and not contiguous UTF-8 on
/// Apple platforms; Linux never makes one. What these tests force: the `@_spi(Testing)`
/// entry points `match(bridging:)`, `matches(bridging:)` and `ParsedURL(bridging:)` take the
/// branch a non-contiguous string takes where it enters the engine (a copy to contiguous
/// UTF-8), and everything read afterwards (parameters, the query, the fragment, userinfo, the
/// sequence of matches, generation from the values read) must come from that copy, never from
/// the caller's string and never through a force-unwrapped contiguous view.
@Suite("Bridged (non-contiguous) strings")
struct BridgedStringTests {
    static let table: RouteTable<String> = {
        var builder = RouteTableBuilder<String>()
        builder.add("mgj://category/:name", value: "category")
        builder.add("mgj://category/**rest", value: "rest")
        builder.add("mgj://:host/<int:id>/**path", value: "host")
        return try! builder.build()
    }()

    @Test("parameters, query and fragment come from the entered copy")
    func parametersQueryFragment() throws {
        let url = "mgj://category/家居?from=%E5%AE%B6&x=a+b&x=c#section%201"
        let match = try #require(Self.table.match(bridging: url).match)
        #expect(match.value == "category")
        #expect(match.url == url)
        #expect(match.parameters["name"] == "家居")
        #expect(match.query["from"] == "家")
        #expect(match.query.values(named: "x") == ["a+b", "c"])
        #expect(match.fragment == "section 1")
        #expect(!match.hasUserinfo)
        #expect(match.parameters.dictionary == (try #require(Self.table.match(url).match)).parameters.dictionary)
    }

    @Test("userinfo and host positions read from the copy")
    func userinfoAndHost() throws {
        let match = try #require(Self.table.match(bridging: "MGJ://me:secret@Shop.Example/42/a/b").match)
        #expect(match.value == "host")
        #expect(match.hasUserinfo)
        #expect(match.parameters["host"] == "shop.example")
        #expect(match.parameters["id"] == "42")
        #expect(match.parameters["path"] == "a/b")
    }

    @Test("every match in order, through the bridged entry of matches(_:)")
    func sequence() {
        let all = Array(Self.table.matches(bridging: "mgj://category/家居"))
        #expect(all.map(\.value) == ["category", "rest"])
        #expect(all.map { $0.parameters.dictionary } == [["name": "家居"], ["rest": "家居"]])
        #expect(Self.table.matches(bridging: "mgj://category/%zz").malformed?.reason == .badEscape)
    }

    @Test("ParsedURL through the bridged entry")
    func parsed() throws {
        let parsed = try ParsedURL(bridging: "mgj://user:pw@Host/a%2Fb/c?q=1#f")
        #expect(parsed.userinfo == "user:pw")
        #expect(parsed.host == "host")
        #expect(parsed.pathSegments == ["a/b", "c"])
        #expect(parsed.fragment == "f")
        #expect(throws: MalformedURLError.self) { try ParsedURL(bridging: "mgj://x/%C0%AF") }
    }

    @Test("generation from values read off a bridged match round-trips")
    func generation() throws {
        let match = try #require(Self.table.match(bridging: "mgj://category/%E5%AE%B6%20a%2Fb").match)
        let name = try #require(match.parameters["name"])
        #expect(name == "家 a/b")
        let url = try Self.table.url(for: "mgj://category/:name", parameters: ["name": String(name)])
        #expect(url == "mgj://category/%E5%AE%B6%20a%2Fb")
        #expect(Self.table.match(bridging: url).match?.parameters["name"] == name)
    }
}
