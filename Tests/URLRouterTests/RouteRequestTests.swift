import Testing
import URLRouter

/// What a handler receives (Matching rules: parameters and query): path parameters, query items, fragment, user info
/// and route info, each kept apart.
@Suite("What a handler receives")
struct RouteRequestTests {
    /// Opens `url` on a router holding `pattern` and returns what the handler saw.
    static func request(for url: String, pattern: String, name: String? = nil,
                        userInfo: [String: any Sendable] = [:]) throws -> RouteRequest {
        let seen = Shared<RouteRequest?>(nil)
        let router = try Router { routes in
            routes.action(pattern, name: name) { request in seen.withLock { $0 = request } }
        }
        let result = router.open(url, userInfo: userInfo)
        #expect(result.outcome == .handled(pattern))
        return try #require(seen.current)
    }

    @Test("typed access converts parameters")
    func typedAccess() throws {
        let request = try Self.request(for: "reader://book/42/page/1.5e2?zoom=2.5&count=x", pattern: "reader://book/<int:id>/page/<double:page>")

        #expect(request.int("id") == 42)
        #expect(request.double("page") == 150)
        #expect(request.double("zoom") == 2.5)
        #expect(request.int("count") == nil)
        #expect(request.int("missing") == nil)
        #expect(request.string("id") == "42")
        #expect(try request.require("id", as: Int.self) == 42)
        #expect(try request.require("page", as: Double.self) == 150)
        #expect(try request.require("count") == "x")
    }

    struct RequireCase: Sendable, CustomTestStringConvertible {
        let name: String
        let value: String?
        var testDescription: String { "\(name) = \(value ?? "missing")" }
    }

    @Test("require names the parameter and its value when it does not convert",
          arguments: [RequireCase(name: "id", value: "abc"), RequireCase(name: "count", value: "3.5"),
                      RequireCase(name: "page", value: nil)])
    func requireThrows(_ check: RequireCase) throws {
        let request = try Self.request(for: "reader://user/abc?count=3.5", pattern: "reader://user/:id")

        let error = #expect(throws: ParameterError.self) { try request.require(check.name, as: Int.self) }

        #expect(error?.name == check.name)
        #expect(error?.value == check.value)
        #expect(error?.type == "Int")
        #expect(error?.route.pattern == "reader://user/:id")
        #expect(error?.description.contains("'\(check.name)'") == true)
        if let value = check.value { #expect(error?.description.contains("'\(value)'") == true) }
    }

    @Test("a handler's ParameterError fails the open and names the parameter")
    func parameterErrorFailsTheOpen() throws {
        let router = try Router { routes in
            routes.action("reader://user/:id") { request in _ = try request.require("id", as: Int.self) }
        }

        let result = router.open("reader://user/abc")

        #expect(result.outcome == .failed("reader://user/:id"))
        let error = try #require(result.error as? ParameterError)
        #expect(error.name == "id" && error.value == "abc")
    }

    struct QueryCase: Sendable, CustomTestStringConvertible {
        let url: String
        let query: [[String]]
        let fragment: String?
        var testDescription: String { url }
    }

    static let queryCases: [QueryCase] = [
        .init(url: "reader://search/x?q=a+b&q=c%2Bd&flag&=skipped&x=1=2#frag%20ment",
              query: [["q", "a+b"], ["q", "c+d"], ["flag", ""], ["x", "1=2"]], fragment: "frag ment"),
        .init(url: "reader://search/x", query: [], fragment: nil),
        .init(url: "reader://search/x?#", query: [], fragment: ""),
        .init(url: "reader://search/x?url=https://x.com/a?b=1#c#d", query: [["url", "https://x.com/a?b=1"]], fragment: "c#d"),
        .init(url: "reader://search/x?%E5%AE%B6=%E5%B1%85&&a=", query: [["家", "居"], ["a", ""]], fragment: nil),
    ]

    @Test("query items keep their order and duplicates; the fragment is decoded", arguments: queryCases)
    func queryAndFragment(_ check: QueryCase) throws {
        let request = try Self.request(for: check.url, pattern: "reader://search/:term")

        #expect(request.query.map { [String($0.name), String($0.value)] } == check.query)
        #expect(request.fragment == check.fragment)
        #expect(request.parameters.dictionary == ["term": "x"])
        #expect(request.url == check.url)
    }

    @Test("query items never replace a path parameter or the router's metadata")
    func mergedParameters() throws {
        let url = "reader://book/42?id=9&router.pattern=evil&router.module=Evil&router.url=x&router.name=n&from=shelf&from=push"
        let request = try Self.request(for: url, pattern: "reader://book/:id", name: "book")

        #expect(request.mergedParameters == [
            "id": "42", "from": "push",
            "router.url": url, "router.pattern": "reader://book/:id", "router.module": Router.inlineModuleName,
            "router.name": "book",
        ])
        #expect(request.parameters["id"] == "42")
        #expect(request.string("id") == "42")
        #expect(request.string("from") == "push", "the last duplicate wins, as in the merged view")
        #expect(request.query["from"] == "push", "the query view follows the same rule: the last wins")
        #expect(request.query.values(named: "from") == ["shelf", "push"], "every value, in order")
        #expect(try request.require("from") == "push")
        #expect(request.query.filter { $0.name == "id" }.map(\.value) == ["9"], "the query item is still there")
    }

    @Test("a route without a name has no router.name, even when the query names one")
    func mergedParametersWithoutName() throws {
        let request = try Self.request(for: "reader://shelf?router.name=admin", pattern: "reader://shelf")

        #expect(request.mergedParameters["router.name"] == nil)
    }

    @Test("the handler sees the caller's user info, the route and the source")
    func userInfoAndRouteInfo() throws {
        struct Sender: Sendable, Equatable { let screen: String }
        let request = try Self.request(for: "READER://Book/7", pattern: "reader://book/:id", name: "book",
                                       userInfo: ["sender": Sender(screen: "shelf"), "animated": false])

        #expect(request.userInfo["sender"] as? Sender == Sender(screen: "shelf"))
        #expect(request.userInfo["animated"] as? Bool == false)
        #expect(request.userInfo.count == 2)
        #expect(request.route.pattern == "reader://book/:id")
        #expect(request.route.name == "book")
        #expect(request.route.module == Router.inlineModuleName)
        #expect(request.route.exposure == .internal)
        #expect(request.source == .app)
        #expect(request.url == "READER://Book/7", "the URL as opened")
        #expect(request.parameters["id"] == "7")
    }

    @Test("a module's routes are reported with the module's name")
    func moduleName() throws {
        let router = try Router(modules: [Bookshelf.self])

        #expect(router.routes.map(\.module) == ["Bookshelf", "Bookshelf"])
        #expect(router.open("reader://shelf").route?.module == "Bookshelf")
        #expect(router.open("reader://shelf").route?.name == "shelf")
        #expect(router.open("reader://shelf").route?.exposure == .external)
    }
}

/// A feature module as an app declares it.
enum Bookshelf: RouteModule {
    static func registerRoutes(in routes: inout RouteRegistrar) {
        routes.action("reader://shelf", name: "shelf", exposure: .external) { request in request.reply("shelf") }
        routes.action("reader://shelf/<int:row>") { _ in }
    }
}
