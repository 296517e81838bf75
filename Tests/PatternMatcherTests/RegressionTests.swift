import PatternMatcher
import Testing

/// Bugs other routers shipped, reported on public trackers, restated in this router's
/// syntax. Each test names the report it comes from.
@Suite("Regressions from public trackers")
struct RegressionTests {
    @Test(.bug("https://github.com/ibraheemdev/matchit/issues/12", "a static prefix that dead-ends hid /:object/:id"))
    func staticPrefixDeadEnd() throws {
        let table = try makeTable(["/:object/:id", "/secret/:id/path"])
        #expect(table.match("/secret/978/path").outcome == .match("/secret/:id/path", ["id": "978"]))
        #expect(table.match("/something/978").outcome == .match("/:object/:id", ["object": "something", "id": "978"]))
        #expect(table.match("/secret/978").outcome == .match("/:object/:id", ["object": "secret", "id": "978"]))
    }

    @Test(.bug("https://github.com/labstack/echo/issues/1754", "backtracking by more than one level"))
    func multiLevelBacktracking() throws {
        let table = try makeTable(["/a/:b/c", "/a/c/d", "/a/c/df", "/:e/c/f", "/**"])
        #expect(table.match("/a/c/f").outcome == .match("/:e/c/f", ["e": "a"]))
        #expect(table.match("/a/c/d").outcome == .match("/a/c/d"))
        #expect(table.match("/a/x/c").outcome == .match("/a/:b/c", ["b": "x"]))
        #expect(table.match("/a/c/g").outcome == .match("/**"))
    }

    @Test(.bug("https://github.com/delvedor/find-my-way/issues/104", "literal siblings hid a parameter"))
    func literalSiblingsHideParameter() throws {
        let table = try makeTable(["/a/bbbb", "/a/bbaa", "/a/babb", "/a/:id"])
        #expect(table.match("/a/bar").outcome == .match("/a/:id", ["id": "bar"]))
        #expect(table.match("/a/bbar").outcome == .match("/a/:id", ["id": "bbar"]))
        #expect(table.match("/a/bbaa").outcome == .match("/a/bbaa"))
    }

    @Test(.bug("https://github.com/wilaak/radix-router/issues/5", "/test fell into the static node and 404ed"))
    func staticNodeWithoutRoute() throws {
        let table = try makeTable(["/test/:test", "/:test"])
        #expect(table.match("/test").outcome == .match("/:test", ["test": "test"]))
        #expect(table.match("/test/foo").outcome == .match("/test/:test", ["test": "foo"]))
    }

    @Test(.bug("https://github.com/Mindera/Alicerce/issues/167", "Route.Tree did not fall back to a wildcard"))
    func fallBackToWildcard() throws {
        let table = try makeTable(["scheme://host/path/one", "scheme://host/**"])
        #expect(table.match("scheme://host/path/two").outcome == .match("scheme://host/**"))
        #expect(table.match("scheme://host/path/one").outcome == .match("scheme://host/path/one"))
    }

    @Test(.bug("https://github.com/chrisdavies/rlite/issues/30", "a longer sibling hid the catch-all"))
    func catchAllBesideLongerRoute() throws {
        let table = try makeTable(["/foo/**bar", "/foo/:baz/qux"])
        #expect(table.match("/foo/something").outcome == .match("/foo/**bar", ["bar": "something"]))
        #expect(table.match("/foo/something/qux").outcome == .match("/foo/:baz/qux", ["baz": "something"]))
    }

    @Test(.bug("https://github.com/delvedor/find-my-way/issues/46", "/static matched /static/* with '*' = 'static'"))
    func emptyCatchAll() throws {
        let table = try makeTable(["/static/**rest"])
        #expect(table.match("/static").outcome == .match("/static/**rest", ["rest": ""]))
        #expect(table.match("/static/").outcome == .match("/static/**rest", ["rest": ""]))
        #expect(table.match("/statics").outcome == .notFound)
    }

    @Test(.bug("https://github.com/joeldev/JLRoutes/issues/33", "wildcard patterns crashed on short URLs"))
    func shortURLsAgainstWildcards() throws {
        let table = try makeTable(["tests://xyz/wildcard/**", "/xyz/wildcard/*"])
        #expect(table.match("tests://wildcard").outcome == .notFound)
        #expect(table.match("tests://xyz/wildcard").outcome == .match("tests://xyz/wildcard/**"))
        #expect(table.match("/xyz/wildcard").outcome == .notFound)
        #expect(table.match("/xyz/wildcard/a").outcome == .match("/xyz/wildcard/*"))
    }

    @Test(.bug("https://github.com/swiftlang/swift-corelibs-foundation/issues/3195",
               "URL.pathComponents splits the percent-decoded path"))
    func splitBeforeDecoding() throws {
        let table = try makeTable(["/files/:name", "/files/:dir/:name"])
        #expect(table.match("/files/a%2Fb").outcome == .match("/files/:name", ["name": "a/b"]))
        #expect(table.match("/files/a/b").outcome == .match("/files/:dir/:name", ["dir": "a", "name": "b"]))
    }

    @Test(.bug("https://github.com/tokio-rs/axum/pull/2729", "an escaped slash must not reach a deeper route"))
    func escapedSlashStaysInSegment() throws {
        let table = try makeTable(["/api/:resource", "/api/car/:name"])
        #expect(table.match("/api/car%2flada").outcome == .match("/api/:resource", ["resource": "car/lada"]))
        #expect(table.match("/api/car/lada").outcome == .match("/api/car/:name", ["name": "lada"]))
    }

    @Test(.bug("https://github.com/vapor/routing-kit/issues/64", "parameters came back percent-encoded"))
    func parametersAreDecoded() throws {
        let table = try makeTable(["/hello/:id"])
        #expect(table.match("/hello/abc%7C1234").outcome == .match("/hello/:id", ["id": "abc|1234"]))
        #expect(table.match("/hello/abc|1234").outcome == .match("/hello/:id", ["id": "abc|1234"]))
    }
}
