import PatternMatcher
import Testing

/// Matching rules: which route wins: `matches(_:)` yields every matching route best first: literal, then int, uuid,
/// double and declared converters, then `:name`/`*`, then `**`, position by position, and
/// backtracks when a deeper position fails.
@Suite("Precedence and matches(_:) (Matching rules: which route wins)")
struct PrecedenceTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let routes: [String]
        let url: String
        /// Every match in order, as `pattern [name: value, …]`.
        let order: [String]
        let why: String
        var testDescription: String { "\(url.debugDescription): \(why)" }
    }

    static let mixed = ["/a/b", "/a/<int:n>", "/a/:x", "/a/**r", "/:p/b", "/:p/:q", "/**all", "/<int:n>/b"]

    static let cases: [Case] = [
        Case(routes: ["/a/**r", "/:p/b/c/h"], url: "/a/b/c/h",
             order: ["/a/**r [r: b/c/h]", "/:p/b/c/h [p: a]"], why: "the matching rules' example: the literal wins at the first position"),
        Case(routes: mixed, url: "/a/b",
             order: ["/a/b []", "/a/:x [x: b]", "/a/**r [r: b]", "/:p/b [p: a]", "/:p/:q [p: a, q: b]", "/**all [all: a/b]"],
             why: "each subtree is exhausted before the next kind is tried"),
        Case(routes: mixed, url: "/7/b",
             order: ["/<int:n>/b [n: 7]", "/:p/b [p: 7]", "/:p/:q [p: 7, q: b]", "/**all [all: 7/b]"],
             why: "int before :name at the first position"),
        Case(routes: mixed, url: "/a/7",
             order: ["/a/<int:n> [n: 7]", "/a/:x [x: 7]", "/a/**r [r: 7]", "/:p/:q [p: a, q: 7]", "/**all [all: a/7]"],
             why: "int before :name at the second position"),
        Case(routes: mixed, url: "/a", order: ["/a/**r [r: ]", "/**all [all: a]"],
             why: "a catch-all takes zero segments"),
        Case(routes: ["/a", "/a/**r"], url: "/a/", order: ["/a []", "/a/**r [r: ]"],
             why: "a route ending exactly beats a catch-all with an empty rest"),
        Case(routes: ["/**r", "/a/**r"], url: "/a/b", order: ["/a/**r [r: b]", "/**r [r: a/b]"],
             why: "the deeper catch-all is more specific"),
        Case(routes: ["/:provider", "/google/callback"], url: "/google", order: ["/:provider [provider: google]"],
             why: "a literal that leads nowhere gives way to a parameter"),
        Case(routes: ["/a/:b/c", "/a/c/d", "/a/c/df", "/:e/c/f", "/**r"], url: "/a/c/f",
             order: ["/:e/c/f [e: a]", "/**r [r: a/c/f]"], why: "backtracking over two positions"),
        Case(routes: ["/x/<int:n>/y", "/x/<double:d>/z", "/x/:s/w"], url: "/x/5/w",
             order: ["/x/:s/w [s: 5]"], why: "backtracking through every typed sibling"),
        Case(routes: ["*://book/x", "reader://*/x", "reader://book/x", "reader://**r"], url: "reader://book/x",
             order: ["reader://book/x []", "reader://*/x []", "reader://**r [r: book/x]", "*://book/x []"],
             why: "the scheme position counts like any other"),
        Case(routes: ["reader://a/b", "reader://a/**r", "**r", "*:**r"], url: "reader://a/b",
             order: ["reader://a/b []", "reader://a/**r [r: b]", "*:**r [r: a/b]"],
             why: "a scheme-less catch-all never sees a URL with a scheme"),
        Case(routes: ["/a/b", "/a/:x"], url: "/a/b?x=a#b", order: ["/a/b []", "/a/:x [x: b]"],
             why: "query and fragment play no part"),
        Case(routes: ["/a/b", "/a/:x"], url: "/a/c/d", order: [], why: "no match at all"),
    ]

    @Test(arguments: cases)
    func order(_ check: Case) throws {
        let table = try makeTable(check.routes)
        let found = table.matches(check.url).map { "\($0.pattern) \($0.parameters)" }
        #expect(found == check.order)
        #expect(table.match(check.url).match.map { "\($0.pattern) \($0.parameters)" } == check.order.first)
    }

    @Test("matches(_:) is lazy and can be iterated again")
    func lazy() throws {
        let table = try makeTable(Self.mixed)
        let sequence = table.matches("/a/b")
        #expect(sequence.prefix(2).map { String($0.pattern) } == ["/a/b", "/a/:x"])
        var iterator = sequence.makeIterator()
        #expect(iterator.next()?.pattern == "/a/b")
        #expect(Array(sequence).count == 6)
        #expect(sequence.malformed == nil)
    }

    @Test("a match reports its route's pattern, owner and index")
    func metadata() throws {
        var builder = RouteTableBuilder<Int>()
        builder.add("/a/:x", value: 10, owner: "Alpha")
        builder.add("/a/b", value: 20, owner: "Beta")
        let table = try builder.build()
        let match = try #require(table.match("/a/b").match)
        #expect(match.value == 20 && match.owner == "Beta" && match.routeIndex == 1 && match.pattern == "/a/b")
        #expect(table.matches("/a/b").map(\.value) == [20, 10])
        #expect(table.routes.map { "\($0.pattern) \($0.owner) \($0.value)" } == ["/a/:x Alpha 10", "/a/b Beta 20"])
        #expect(table.count == 2 && table.routeIndex(forPattern: "/a/b") == 1 && table.routeIndex(forPattern: "/a/:y") == nil)
    }
}
