import PatternMatcher
import Testing

/// Matching rules: parameters and query: query items in order with duplicates, `+` a literal plus (a space when
/// read as an HTML form), the fragment decoded;
/// each kept apart from the path parameters, and none of them choosing a route.
@Suite("Query items and fragments (Matching rules: parameters and query)")
struct QueryAndFragmentTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let url: String
        let items: [[String]]
        var fragment: String? = nil
        let why: String
        var testDescription: String { "\(url.debugDescription): \(why)" }
    }

    static let queries: [Case] = [
        Case(url: "/s?a=1&b=2", items: [["a", "1"], ["b", "2"]], why: "in order"),
        Case(url: "/s?a=1&a=2&a=1", items: [["a", "1"], ["a", "2"], ["a", "1"]], why: "duplicates kept"),
        Case(url: "/s?a=b=c", items: [["a", "b=c"]], why: "the first '=' splits"),
        Case(url: "/s?a==", items: [["a", "="]], why: "a value may be '='"),
        Case(url: "/s?a", items: [["a", ""]], why: "no '=': the value is empty"),
        Case(url: "/s?a=", items: [["a", ""]], why: "an empty value"),
        Case(url: "/s?=x&y", items: [["y", ""]], why: "an empty name is skipped"),
        Case(url: "/s?=", items: [], why: "only an empty name"),
        Case(url: "/s?&&a=1&&", items: [["a", "1"]], why: "empty pairs are skipped"),
        Case(url: "/s?", items: [], why: "an empty query"),
        Case(url: "/s", items: [], why: "no query"),
        Case(url: "/s?a+b=c+d", items: [["a+b", "c+d"]], why: "'+' is a plus in names and values, as URLComponents reads it"),
        Case(url: "/s?id=Q29t+bWVu/dA==&lang=c++", items: [["id", "Q29t+bWVu/dA=="], ["lang", "c++"]],
             why: "base64 and 'c++' keep their plus signs"),
        Case(url: "/s?a=%2B%20+", items: [["a", "+ +"]], why: "%2B and '+' are both a plus, %20 a space"),
        Case(url: "/s?+=1", items: [["+", "1"]], why: "a name '+'"),
        Case(url: "/s?%3D=%26", items: [["=", "&"]], why: "split first, then decode"),
        Case(url: "/s?a%26b=c%3Dd", items: [["a&b", "c=d"]], why: "escaped separators are data"),
        Case(url: "/s?q=%E5%AE%B6&r=✓", items: [["q", "家"], ["r", "✓"]], why: "UTF-8, escaped or not"),
        Case(url: "/s?e%CC%81=1&%C3%A9=2", items: [["e\u{301}", "1"], ["\u{E9}", "2"]],
             why: "names compare as strings: both spellings of é are the name é"),
        Case(url: "/s?a=?b/c", items: [["a", "?b/c"]], why: "'?' and '/' inside the query are data"),
        Case(url: "/s?a=1#b=2", items: [["a", "1"]], fragment: "b=2", why: "the query ends at '#'"),
        Case(url: "reader://web?url=https://x.com/a?b=1", items: [["url", "https://x.com/a?b=1"]],
             why: "a URL inside the query stays query data"),
    ]

    static let fragments: [Case] = [
        Case(url: "/s#top", items: [], fragment: "top", why: "a fragment"),
        Case(url: "/s#a%20b", items: [], fragment: "a b", why: "percent-decoded"),
        Case(url: "/s#a+b", items: [], fragment: "a+b", why: "'+' stays '+' in a fragment"),
        Case(url: "/s#", items: [], fragment: "", why: "an empty fragment is not a missing one"),
        Case(url: "/s", items: [], fragment: nil, why: "no fragment"),
        Case(url: "/s#a#b", items: [], fragment: "a#b", why: "only the first '#' starts it"),
        Case(url: "/s#x?y=1", items: [], fragment: "x?y=1", why: "a '?' after '#' is fragment"),
        Case(url: "/s#%E5%AE%B6", items: [], fragment: "家", why: "decoded UTF-8"),
        Case(url: "/s#%2F%23", items: [], fragment: "/#", why: "decoded once"),
    ]

    @Test("query items", arguments: queries)
    func query(_ check: Case) throws { try verify(check) }

    /// The same reading with ``MatchOptions/plusAsSpaceInQuery``: an HTML form's query.
    static let formQueries: [Case] = [
        Case(url: "/s?a+b=c+d", items: [["a b", "c d"]], why: "'+' is a space in names and values"),
        Case(url: "/s?a=%2B%20+", items: [["a", "+  "]], why: "'+' becomes a space before decoding, so %2B is '+'"),
        Case(url: "/s?+=1", items: [[" ", "1"]], why: "a name that decodes to a space is not empty"),
        Case(url: "/s?a=1#b+c", items: [["a", "1"]], fragment: "b+c", why: "the fragment keeps its '+'"),
    ]

    @Test("query items read as an HTML form", arguments: formQueries)
    func formQuery(_ check: Case) throws { try verify(check, plusAsSpace: true) }

    @Test("fragments", arguments: fragments)
    func fragment(_ check: Case) throws { try verify(check) }

    private func verify(_ check: Case, plusAsSpace: Bool = false) throws {
        var builder = RouteTableBuilder<String>(options: MatchOptions(plusAsSpaceInQuery: plusAsSpace))
        for pattern in ["/s", "reader://web"] { builder.add(pattern, value: pattern) }
        let table = try builder.build()
        let match = try #require(table.match(check.url).match)
        #expect(match.query.map { [String($0.name), String($0.value)] } == check.items)
        #expect(match.fragment.map(String.init) == check.fragment)
        // The subscript compares names as written where it can: it must agree with the items.
        for name in Set(check.items.map { $0[0] } + ["missing", "a b", "a+b", "\u{E9}"]) {
            #expect(match.query[name] == check.items.last { $0[0] == name }?[1], "\(name)")
        }
        guard !plusAsSpace else { return }
        let parsed = try ParsedURL(check.url)
        #expect(parsed.queryItems.map { [String($0.name), String($0.value)] } == check.items)
        #expect(parsed.fragment == check.fragment)
    }

    @Test("path parameters by name, in pattern order, decoded on read")
    func pathParameters() throws {
        let table = try makeTable([":s://:h/<int:n>/:v/**rest"])
        let match = try #require(table.match("Reader://Host/-3/a%20b/c%2Fd/e?v=query").match)
        let parameters = match.parameters
        #expect(parameters.count == 5 && !parameters.isEmpty)
        #expect(parameters.names == ["s", "h", "n", "v", "rest"])
        #expect(parameters.map { "\($0.name)=\($0.value)" } == ["s=reader", "h=host", "n=-3", "v=a b", "rest=c/d/e"])
        #expect(parameters["v"] == "a b" && parameters["missing"] == nil)
        #expect(parameters.dictionary == ["s": "reader", "h": "host", "n": "-3", "v": "a b", "rest": "c/d/e"])
        #expect(parameters.description == "[s: reader, h: host, n: -3, v: a b, rest: c/d/e]")
        #expect(try makeTable(["/a/*"]).match("/a/x").match?.parameters.isEmpty == true)
    }

    @Test("subscript gives the last item with the name; values(named:) gives them all")
    func lastByName() throws {
        let match = try #require(try makeTable(["/s"]).match("/s?tag=a&tag=b&x").match)
        #expect(match.query["tag"] == "b")
        #expect(match.query.values(named: "tag") == ["a", "b"])
        #expect(match.query["x"] == "")
        #expect(match.query["missing"] == nil)
    }

    @Test("query items never choose a route and never replace a path parameter")
    func keptApart() throws {
        let table = try makeTable(["/admin", "/:page", "/user/:id"])
        let home = try #require(table.match("/home?page=admin&next=/admin#/admin").match)
        #expect(home.pattern == "/:page")
        #expect(home.parameters["page"] == "home")
        #expect(home.query["page"] == "admin")
        #expect(home.fragment == "/admin")
        let user = try #require(table.match("/user/7?id=8").match)
        #expect(user.parameters.dictionary == ["id": "7"])
        #expect(user.query.map(\.value) == ["8"])
        #expect(table.match("?x=/admin").match == nil)
    }
}
