import Testing
import URLRouter

/// Matching rules: which route wins: the most specific route wins, position by position, with backtracking; never
/// MGJRouter's string order, and never registration order.
@Suite("Which route wins")
struct PrecedenceTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let label: String
        let routes: [String]
        let expected: [(url: String, route: String?)]
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        .init(label: "a parameter still matches when a longer literal route exists (backtracking)",
              routes: ["/google/callback", "/:provider"],
              expected: [("/google", "/:provider"), ("/google/callback", "/google/callback"),
                         ("/github", "/:provider"), ("/github/callback", nil)]),
        .init(label: "the literal at the first position wins over a longer parameter route",
              routes: ["/a/**r", "/:p/b/c/h"],
              expected: [("/a/b/c/h", "/a/**r"), ("/x/b/c/h", "/:p/b/c/h"), ("/a", "/a/**r")]),
        .init(label: "literal, then typed, then parameter, then catch-all",
              routes: ["reader://user/:id", "reader://user/me", "reader://user/<int:id>", "reader://user/**rest"],
              expected: [("reader://user/me", "reader://user/me"), ("reader://user/42", "reader://user/<int:id>"),
                         ("reader://user/bob", "reader://user/:id"), ("reader://user/bob/posts", "reader://user/**rest"),
                         ("reader://user", "reader://user/**rest"), ("reader://user/me/", "reader://user/me")]),
        .init(label: "typed parameters: int, then uuid, then double",
              routes: ["/v/<int:x>", "/v/<uuid:x>", "/v/<double:x>", "/v/:x"],
              expected: [("/v/7", "/v/<int:x>"), ("/v/-7", "/v/<int:x>"), ("/v/1.5", "/v/<double:x>"),
                         ("/v/1e3", "/v/<double:x>"), ("/v/99999999999999999999", "/v/<double:x>"),
                         ("/v/123E4567-E89B-12D3-A456-426614174000", "/v/<uuid:x>"),
                         ("/v/nan", "/v/:x"), ("/v/1e999", "/v/:x")]),
        .init(label: "a deeper failure backtracks to the parameter branch",
              routes: ["/:a/b/:c", "/x/:b/d"],
              expected: [("/x/b/c", "/:a/b/:c"), ("/x/b/d", "/x/:b/d"), ("/y/b/d", "/:a/b/:c")]),
        .init(label: "specificity is compared left to right, not by string order",
              routes: ["reader://book/:id/edit", "reader://book/new/:mode"],
              expected: [("reader://book/new/edit", "reader://book/new/:mode"),
                         ("reader://book/7/edit", "reader://book/:id/edit")]),
        .init(label: "the host position is a position like any other",
              routes: ["reader://*/detail", "reader://book/:id", "*://*/user/:id"],
              expected: [("reader://book/detail", "reader://book/:id"), ("reader://shop/detail", "reader://*/detail"),
                         ("https://example.com/user/3", "*://*/user/:id"),
                         ("reader://book/user/3", "*://*/user/:id"), ("reader://book/user", "reader://book/:id"), ("reader://book", nil)]),
        .init(label: "a pattern with a scheme matches only URLs with one",
              routes: ["reader://book/:id", "reader/book/:id"],
              expected: [("reader/book/42", "reader/book/:id"), ("reader://book/42", "reader://book/:id"),
                         ("/reader/book/42", "reader/book/:id")]),
    ]

    /// Every order of `routes` (all of them for short lists).
    static func permutations(_ routes: [String]) -> [[String]] {
        guard routes.count > 1 else { return [routes] }
        return routes.indices.flatMap { index in
            var rest = routes
            let first = rest.remove(at: index)
            return permutations(rest).map { [first] + $0 }
        }
    }

    @Test("the most specific route wins, whatever the registration order", arguments: cases)
    func precedence(_ check: Case) throws {
        for order in Self.permutations(check.routes) {
            let router = try Router { routes in
                for pattern in order { routes.action(pattern) { _ in } }
            }
            for (url, route) in check.expected {
                #expect(router.open(url).outcome == (route.map(Outcome.handled) ?? .unmatched),
                        "\(url) with routes registered as \(order)")
            }
        }
    }

    struct DeclineCase: Sendable, CustomTestStringConvertible {
        let decliners: Set<String>
        let outcome: Outcome
        var testDescription: String { "declining: \(decliners.sorted()) → \(outcome)" }
    }

    /// The routes that match `reader://user/me`, best first.
    static let userRoutes = ["reader://user/me", "reader://user/:name", "reader://user/**rest", "reader://**"]

    static let declineCases: [DeclineCase] = [
        .init(decliners: [], outcome: .handled("reader://user/me")),
        .init(decliners: ["reader://user/me"], outcome: .handled("reader://user/:name")),
        .init(decliners: ["reader://user/me", "reader://user/:name"], outcome: .handled("reader://user/**rest")),
        .init(decliners: ["reader://user/me", "reader://user/**rest"], outcome: .handled("reader://user/:name")),
        .init(decliners: ["reader://user/me", "reader://user/:name", "reader://user/**rest"], outcome: .handled("reader://**")),
        .init(decliners: Set(userRoutes), outcome: .declined(userRoutes)),
    ]

    @Test("a declining handler passes the URL to the next match in precedence order", arguments: declineCases)
    func declines(_ check: DeclineCase) throws {
        let tried = Shared<[String]>([])
        let router = try Router { routes in
            for pattern in Self.userRoutes.reversed() {
                routes.action(pattern) { request in
                    tried.append(request.route.pattern)
                    if check.decliners.contains(request.route.pattern) { throw Decline() }
                }
            }
        }

        let outcome = router.open("reader://user/me").outcome

        #expect(outcome == check.outcome)
        let taker = Self.userRoutes.firstIndex { !check.decliners.contains($0) } ?? Self.userRoutes.count - 1
        #expect(tried.current == Array(Self.userRoutes[...taker]), "each route is tried once, best first")
    }

    @Test("a handler that throws stops the search: later matches never run")
    func failureStopsTheSearch() throws {
        struct Broken: Error {}
        let tried = Shared<[String]>([])
        let router = try Router { routes in
            routes.action("reader://user/me") { request in tried.append(request.route.pattern); throw Decline() }
            routes.action("reader://user/:name") { request in tried.append(request.route.pattern); throw Broken() }
            routes.action("reader://user/**rest") { request in tried.append(request.route.pattern) }
        }

        let result = router.open("reader://user/me")

        #expect(result.outcome == .failed("reader://user/:name"))
        #expect(result.error is Broken)
        #expect(result.route?.pattern == "reader://user/:name")
        #expect(tried.current == ["reader://user/me", "reader://user/:name"])
    }
}
