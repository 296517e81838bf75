import Foundation
import Testing
import URLRouter

/// A declared converter, as an app declares one: 13 digits.
struct ISBNConverter: ParameterConverter {
    var name: String { "isbn" }
    func accepts(_ text: Substring) -> Bool { text.count == 13 && text.allSatisfy(\.isNumber) }
}

/// Redirect rules (`routes.redirect(_:to:)`, `installRedirects`): the target is written with
/// the router's converters into every segment kind, the query and the fragment come along as
/// written, and a chain of them uses the stack of one open.
@Suite("Redirect rules")
struct RedirectRuleTests {
    struct Into: Sendable, CustomTestStringConvertible {
        let from: String
        let to: String
        let url: String
        let parameters: [String: String]
        var testDescription: String { "\(from) → \(to)" }
    }

    static let kinds: [Into] = [
        Into(from: "reader://b/:code", to: "reader://book/<isbn:code>", url: "reader://b/9780306406157",
             parameters: ["code": "9780306406157"]),
        Into(from: "reader://i/:id", to: "reader://int/<int:id>", url: "reader://i/-42", parameters: ["id": "-42"]),
        Into(from: "reader://d/:d", to: "reader://double/<double:d>", url: "reader://d/2.5e3", parameters: ["d": "2.5e3"]),
        Into(from: "reader://u/:u", to: "reader://uuid/<uuid:u>", url: "reader://u/6ba7b810-9dad-11d1-80b4-00c04fd430c8",
             parameters: ["u": "6ba7b810-9dad-11d1-80b4-00c04fd430c8"]),
        Into(from: "reader://p/:name", to: "reader://plain/:name", url: "reader://p/war%20%26%20peace",
             parameters: ["name": "war & peace"]),
        Into(from: "reader://c/**rest", to: "reader://rest/**rest", url: "reader://c/a/b%2Fc/d", parameters: ["rest": "a/b/c/d"]),
        Into(from: "reader://h/:h", to: "reader://:h/page", url: "reader://h/shelf", parameters: ["h": "shelf"]),
        Into(from: "reader://s/:s", to: ":s://scheme/x", url: "reader://s/other-app", parameters: ["s": "other-app"]),
        Into(from: "reader://l/:x", to: "reader://literal/fixed", url: "reader://l/anything", parameters: [:]),
    ]

    /// The targets are external: an installed table may only point at what links may reach.
    static func router(_ rules: (inout RouteRegistrar) -> Void = { _ in }, seen: Shared<[String: String]>) throws -> Router {
        try Router { routes in
            routes.declare(ISBNConverter())
            for target in kinds.map(\.to) {
                routes.action(target, exposure: .external) { request in seen.withLock { $0 = request.parameters.dictionary } }
            }
            rules(&routes)
        }
    }

    @Test("a redirect writes its target into every segment kind, with the router's converters", arguments: kinds)
    func intoEverySegmentKind(_ check: Into) throws {
        let seen = Shared<[String: String]>([:])
        let router = try Self.router({ $0.redirect(check.from, to: check.to) }, seen: seen)
        let result = router.open(check.url)
        #expect(result.route?.pattern == check.to, "\(result)")
        #expect(seen.current == check.parameters)
    }

    @Test("an installed redirect table writes targets with the router's converters too", arguments: kinds)
    func installed(_ check: Into) throws {
        let seen = Shared<[String: String]>([:])
        let router = try Self.router(seen: seen)
        try router.installRedirects([RedirectRule(from: check.from, to: check.to)])
        #expect(router.open(check.url).route?.pattern == check.to)
        #expect(seen.current == check.parameters)
    }

    struct Carried: Sendable, CustomTestStringConvertible {
        let url: String
        let query: [[String]]
        let fragment: String?
        var testDescription: String { url }
    }

    @Test("the query and the fragment reach the new route each as it was written", arguments: [
        Carried(url: "reader://old/1#frag?x=1", query: [], fragment: "frag?x=1"),
        Carried(url: "reader://old/1#top", query: [], fragment: "top"),
        Carried(url: "reader://old/1?a=1#f", query: [["a", "1"]], fragment: "f"),
        Carried(url: "reader://old/1?a=%2B+b&c#x%20y#z", query: [["a", "++b"], ["c", ""]], fragment: "x y#z"),
        Carried(url: "reader://old/1?", query: [], fragment: nil),
        Carried(url: "reader://old/1", query: [], fragment: nil),
    ])
    func queryAndFragment(_ check: Carried) throws {
        let seen = Shared<[[String]]>([])
        let fragment = Shared<String?>("unset")
        let router = try Router { routes in
            routes.redirect("reader://old/:id", to: "reader://new/:id")
            routes.action("reader://new/:id") { request in
                seen.withLock { $0 = request.query.map { [String($0.name), String($0.value)] } }
                fragment.withLock { $0 = request.fragment }
            }
        }
        #expect(router.open(check.url).route?.pattern == "reader://new/:id")
        #expect(seen.current == check.query)
        #expect(fragment.current == check.fragment)
    }

    @Test("the probe's 424-byte link, five renames at each of its forwards, ends on a 512 KB thread")
    func redirectsUseOneOpensStack() throws {
        let outcome = Shared<OpenResult?>(nil)
        let router = try Router { routes in
            for i in 1..<5 { routes.redirect("reader://r\(i)/**u", to: "reader://r\(i + 1)/**u") }
            routes.redirect("reader://r5/**u", to: "reader://go/**u")
            routes.action("reader://go/**url", exposure: .external) { request in
                _ = request.open(String(request.parameters["url"] ?? ""))
            }
            routes.action("reader://end/**rest", exposure: .external) { _ in }
        }
        let url = "reader://r1/" + String(repeating: "reader:r1/", count: 40) + "reader:end/x"
        #expect(url.utf8.count == 424)
        finishes(stackSize: 512 * 1024) { outcome.withLock { $0 = router.open(url, source: .external) } }
        // Five renames, then the forwarding route took the URL; deeper, the nesting limit ends it.
        #expect(outcome.current?.route?.pattern == "reader://go/**url", "\(String(describing: outcome.current))")
        #expect(outcome.current?.description.hasPrefix("redirected") == true)
    }

    @Test("a redirect loop at a raised limit ends with a refusal, not a stack overflow, and a bounded description")
    func longLoop() throws {
        let outcome = Shared<OpenResult?>(nil)
        // The result nests one `.redirected` per redirect, as the chain reads: a thread of 8 MB
        // (the main thread's) holds a thousand; following them used a whole open's stack each.
        let router = try Router(options: .init(maxRedirects: 1_000)) { routes in
            routes.intercept("reader://a") { _ in .redirect(to: "reader://b") }
            routes.intercept("reader://b") { _ in .redirect(to: "reader://a") }
        }
        finishes(within: 60, stackSize: 8 << 20) { outcome.withLock { $0 = router.open("reader://a") } }
        let result = try #require(outcome.current)
        var innermost = result
        while case .redirected(_, _, let next) = innermost { innermost = next }
        guard case .refused(let refusal) = innermost else {
            Issue.record("ended in \(innermost)")
            return
        }
        #expect(refusal.redirectChain?.count == 1_002)
        #expect(result.description.utf8.count < 4096, "a result's description is bounded")
    }
}

/// A typed route that no route of the router below is registered for.
struct LongListRoute: TypedRoute {
    static let pattern = "reader://lists/all/:name"
    var name: String
    var items: [String]
}

@Suite("Interceptors decode with the router's options")
struct InterceptorDecodeOptionsTests {
    @Test("InterceptedRequest.decode reads a long or differently cased URL as the router matches it")
    func routerOptions() throws {
        let decoded = Shared<[String]>([])
        let options = Router.Options(matching: MatchOptions(caseInsensitivePaths: true, plusAsSpaceInQuery: true,
                                                            limits: URLLimits(maxBytes: 60_000)))
        let router = try Router(options: options) { routes in
            routes.intercept("reader://**") { request in
                if let value = try? request.decode(LongListRoute.self) {
                    decoded.append("\(value.name) \(value.items.count) \(value.items.first ?? "")")
                } else {
                    decoded.append("undecodable")
                }
                return .proceed
            }
            routes.action("reader://**") { _ in }
        }
        let long = "reader://lists/all/big?" + (0..<5_000).map { _ in "items=a+b" }.joined(separator: "&")
        #expect(long.utf8.count > 8_192)
        router.open(long)
        router.open("reader://lists/ALL/Mixed?items=x")
        #expect(decoded.current == ["big 5000 a b", "Mixed 1 x"])
        // Without a router, the defaults: too long, and case-sensitive.
        #expect(throws: TypedRouteError.self) { try LongListRoute(parsing: long) }
        #expect(throws: TypedRouteError.self) { try LongListRoute(parsing: "reader://lists/ALL/Mixed?items=x") }
    }
}
