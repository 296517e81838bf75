import Foundation
import Testing
import URLRouter

/// Routing rules from a server (issue #38; the article "Routing rules from a server"): routes
/// switched off with their fallbacks, redirects, every problem of a document reported, and one
/// answer from every verb.
@Suite("Route rules: switch a route off, send it to the web, checked against the app")
struct RouteRulesTests {
    static let web = "reader.example.com"

    /// Routes of every kind a document may name: named and not, external and internal.
    static func router(unmatched: UnmatchedHandler? = nil, observer: (@Sendable (OpenEvent) -> Void)? = nil,
                       ran: Shared<[String]> = Shared([])) throws -> Router {
        try Router(options: .init(unmatched: unmatched, observer: observer)) { routes in
            for (pattern, name, exposure) in [("reader://sale", "sale", Exposure.external),
                                              ("reader://store", "store", .external),
                                              ("reader://book/<int:id>", "book", .external),
                                              ("reader://lite/<int:id>", nil, .external),
                                              ("reader://shelf/:name", nil, .external),
                                              ("reader://admin", "admin", .internal),
                                              ("reader://admin/<int:id>", nil, .internal)] {
                routes.action(pattern, name: name, exposure: exposure) { _ in ran.append(pattern) }
            }
            routes.object("reader://card/<int:id>", name: "card", exposure: .external) { request in
                "card \(request.parameters["id"] ?? "")"
            }
            routes.object("reader://card-lite/<int:id>", exposure: .external) { request in
                "lite card \(request.parameters["id"] ?? "")"
            }
        }
    }

    static func rules(_ json: String) throws(RouteRulesError) -> RouteRules {
        try RouteRules(json: Data(json.utf8))
    }

    /// `error` lists exactly `problems`, in order: each at its place, saying its phrase.
    static func expect(_ error: RouteRulesError, lists problems: [(String, String)],
                       sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(error.problems.count == problems.count, "\(error.problems)", sourceLocation: sourceLocation)
        for ((place, phrase), problem) in zip(problems, error.problems) {
            #expect(problem.hasPrefix(place + ":") && problem.contains(phrase), "\(problem)", sourceLocation: sourceLocation)
        }
    }

    // MARK: The document's shape

    struct Shape: Sendable, CustomTestStringConvertible {
        let json: String
        /// Each problem's place and a phrase of its message, in order.
        let problems: [(String, String)]
        var testDescription: String { json }
    }

    static let shapes: [Shape] = [
        Shape(json: "not json", problems: [("document", "is not a JSON object")]),
        Shape(json: "[1]", problems: [("document", "is not a JSON object")]),
        Shape(json: "\u{1B}[31m\n{", problems: [("document", "is not a JSON object")]),
        Shape(json: "{}", problems: [("version", "is missing")]),
        Shape(json: #"{"version": 2}"#, problems: [("version", "2 is not a version this router reads")]),
        Shape(json: #"{"version": "1"}"#, problems: [("version", "must be the number 1")]),
        Shape(json: #"{"version": true}"#, problems: [("version", "must be the number 1")]),
        Shape(json: #"{"version": 1.5}"#, problems: [("version", "must be the number 1")]),
        Shape(json: #"{"version": 1, "placement": []}"#, problems: [("document", "unknown key 'placement'")]),
        Shape(json: #"{"version": 1, "disabled": {}}"#, problems: [("disabled", "must be an array")]),
        Shape(json: #"{"version": 1, "disabled": [1, {"route": "sale"}]}"#, problems: [("disabled[0]", "must be an object")]),
        Shape(json: #"{"version": 1, "disabled": [{"fallback": "reader://store"}]}"#,
              problems: [("disabled[0].route", "is missing")]),
        Shape(json: #"{"version": 1, "disabled": [{"route": "sale", "flag": true}]}"#,
              problems: [("disabled[0]", "unknown key 'flag'")]),
        Shape(json: #"{"version": 1, "disabled": [{"route": 7, "fallback": null}]}"#,
              problems: [("disabled[0].route", "must be a string"), ("disabled[0].fallback", "must be a string")]),
        Shape(json: #"{"version": 1, "disabled": [{"route": ""}]}"#, problems: [("disabled[0].route", "must not be empty")]),
        Shape(json: #"{"version": 1, "redirects": [{"from": "reader://b/:id"}, {"to": "x", "from": "y", "why": 1}]}"#,
              problems: [("redirects[0].to", "is missing"), ("redirects[1]", "unknown key 'why'")]),
        Shape(json: #"{"disabled": [{"route": "sale", "fallback": "x", "x": {"deep": [1]}}], "extra\n": 1, "redirects": 3}"#,
              problems: [("document", "unknown key 'extra\\u{0A}'"), ("version", "is missing"),
                         ("disabled[0]", "unknown key 'x'"), ("redirects", "must be an array")]),
    ]

    @Test("a document's shape: every problem at once, each at its place; unknown keys refused at every level",
          arguments: shapes)
    func shape(_ shape: Shape) {
        do throws(RouteRulesError) {
            _ = try Self.rules(shape.json)
            Issue.record("accepted")
        } catch {
            Self.expect(error, lists: shape.problems)
            #expect(error.problems.allSatisfy { $0.unicodeScalars.allSatisfy { $0.value >= 0x20 } }, "escaped: \(error.problems)")
        }
    }

    @Test("the issue's example reads, and RouteRules() is no rule")
    func example() throws {
        let rules = try Self.rules("""
            { "version": 1,
              "disabled": [ { "route": "sale", "fallback": "reader://store" },
                            { "route": "book", "fallback": "https://reader.example.com/book/:id" } ],
              "redirects": [ { "from": "reader://b/:id", "to": "reader://book/<int:id>" } ] }
            """)
        #expect(rules != RouteRules())
        #expect(try Self.rules(#"{"version": 1}"#) == RouteRules())
        let router = try Self.router()
        try router.install(rules, allowingHosts: [Self.web])
        #expect(router.open("reader://sale").outcome == .redirected("reader://store", .handled("reader://store")))
        #expect(router.open("reader://b/3").outcome
                == .redirected("reader://book/3", .refused))
    }

    // MARK: The document against the app

    struct Against: Sendable, CustomTestStringConvertible {
        let json: String
        let problems: [(String, String)]
        var testDescription: String { json }
    }

    static let against: [Against] = [
        Against(json: #"{"version": 1, "disabled": [{"route": "sael"}]}"#,
                problems: [("disabled[0].route", "no registered route is named or written 'sael'")]),
        Against(json: #"{"version": 1, "disabled": [{"route": "sale"}, {"route": "reader://sale"}]}"#,
                problems: [("disabled[1].route", "switched off already by disabled[0]")]),
        Against(json: #"{"version": 1, "disabled": [{"route": "sale", "fallback": "reader://admin"}]}"#,
                problems: [("disabled[0].fallback", "reaches the internal route 'reader://admin'")]),
        Against(json: #"{"version": 1, "disabled": [{"route": "book", "fallback": "reader://admin/<int:id>"}]}"#,
                problems: [("disabled[0].fallback", "is an internal route")]),
        Against(json: #"{"version": 1, "disabled": [{"route": "sale", "fallback": "reader://nowhere"}]}"#,
                problems: [("disabled[0].fallback", "reaches no registered route")]),
        Against(json: #"{"version": 1, "disabled": [{"route": "book", "fallback": "reader://lite/:id"}]}"#,
                problems: [("disabled[0].fallback", "must have the shape of a registered route's pattern")]),
        Against(json: #"{"version": 1, "disabled": [{"route": "sale", "fallback": "https://evil.example.com/x"}]}"#,
                problems: [("disabled[0].fallback", "reaches no registered route, nor is it an https URL on an allowed host")]),
        Against(json: #"{"version": 1, "disabled": [{"route": "sale", "fallback": "http://reader.example.com/x"}]}"#,
                problems: [("disabled[0].fallback", "nor is it an https URL on an allowed host")]),
        Against(json: #"{"version": 1, "disabled": [{"route": "sale", "fallback": "https://reader.example.com/:id"}]}"#,
                problems: [("disabled[0].fallback", "needs 'id', which the route does not capture")]),
        Against(json: #"{"version": 1, "disabled": [{"route": "sale", "fallback": "reader://store"}, {"route": "store"}]}"#,
                problems: [("disabled[0].fallback", "which this document switches off")]),
        Against(json: #"{"version": 1, "disabled": [{"route": "sale", "fallback": "reader://bad%zz"}]}"#,
                problems: [("disabled[0].fallback", "is not a URL or a pattern")]),
        Against(json: #"{"version": 1, "redirects": [{"from": "reader://b/:id", "to": "reader://nowhere/:id"}]}"#,
                problems: [("redirects[0].to", "must be a registered route's pattern, as registered, or on an allowed host")]),
        Against(json: #"{"version": 1, "redirects": [{"from": "reader://b/:id", "to": "reader://admin/<int:id>"}]}"#,
                problems: [("redirects[0].to", "is an internal route")]),
        Against(json: #"{"version": 1, "redirects": [{"from": "reader://b", "to": "reader://book/<int:id>"}]}"#,
                problems: [("redirects[0].to", "needs 'id', which the old pattern does not capture")]),
        Against(json: #"{"version": 1, "redirects": [{"from": "reader://b/<int:id", "to": "reader://store"}]}"#,
                problems: [("redirects[0].from", "reader://b/<int:id")]),
        Against(json: #"{"version": 1, "redirects": [{"from": "reader://b/:id", "to": "reader://store"}, {"from": "reader://b/:x", "to": "reader://sale"}]}"#,
                problems: [("redirects[1].from", "has the shape of another redirect")]),
    ]

    @Test("a document is checked against the registered routes: every problem, and a refused one changes nothing",
          arguments: against)
    func checkedAgainstTheApp(_ check: Against) throws {
        let router = try Self.router()
        try router.install(try Self.rules(#"{"version": 1, "disabled": [{"route": "reader://shelf/:name"}]}"#))
        let before = router.routeMap
        do throws(RouteRulesError) {
            try router.install(try Self.rules(check.json), allowingHosts: [Self.web])
            Issue.record("accepted")
        } catch {
            Self.expect(error, lists: check.problems)
        }
        #expect(router.routeMap == before, "a refused document changes nothing")
        #expect(router.canOpen("reader://shelf/a") == false)
    }

    @Test("every problem of a document is listed, bounded and escaped")
    func everyProblemBounded() throws {
        let huge = String(repeating: "é\u{7}", count: 20_000)
        let entries = (0..<120).map { #"{"route": "\#(huge)-\#($0)"}"# }.joined(separator: ",")
        let router = try Self.router()
        do throws(RouteRulesError) {
            try router.install(try Self.rules(#"{"version": 1, "disabled": [\#(entries)]}"#))
            Issue.record("accepted")
        } catch {
            #expect(error.problems.count == 120)
            #expect(error.problems.allSatisfy { $0.utf8.count < 400 && !$0.contains("\u{7}") })
            #expect(error.description.utf8.count < 20_000)
            #expect(error.description.contains("… and 70 more"))
        }
    }

    // MARK: Behaviour, by verb

    @Test("a switched-off route never runs: an app fallback is a redirect that keeps the source and the query")
    func appFallback() async throws {
        let ran = Shared<[String]>([])
        let router = try Self.router(ran: ran)
        try router.install(try Self.rules("""
            {"version": 1, "disabled": [{"route": "sale", "fallback": "reader://store"},
                                        {"route": "reader://lite/<int:id>", "fallback": "reader://book/<int:id>"},
                                        {"route": "card", "fallback": "reader://card-lite/<int:id>"}]}
            """))
        #expect(router.open("reader://sale?c=spring#top").outcome
                == .redirected("reader://store?c=spring#top", .handled("reader://store")))
        #expect(router.open("reader://lite/7", source: .external).outcome
                == .redirected("reader://book/7", .handled("reader://book/<int:id>")))
        #expect(await router.openAndWait("reader://sale", source: .external).outcome
                == .redirected("reader://store", .handled("reader://store")))
        #expect(ran.current == ["reader://store", "reader://book/<int:id>", "reader://store"])
        #expect(router.object(for: "reader://card/4", as: String.self) == "lite card 4")
        #expect(router.canOpen("reader://sale", source: .external))
        #expect(router.resolve("reader://lite/9").route?.route.pattern == "reader://book/<int:id>")
        #expect(router.resolve("reader://lite/9").route?.parameters == ["id": "9"])
        #expect(router.open("reader://sale").interceptor?.name == "disabled")
        #expect(router.open("reader://sale").interceptor?.module == Router.redirectsModuleName)
    }

    @Test("the fallback route's reply reaches the caller: the completion is not told nil on the way")
    func replyThroughAFallback() async throws {
        let router = try Router { routes in
            routes.action("reader://sale", name: "sale", exposure: .external) { request in request.reply("sale") }
            routes.action("reader://store", exposure: .external) { request in request.reply("store") }
        }
        try router.install(try Self.rules(#"{"version": 1, "disabled": [{"route": "sale", "fallback": "reader://store"}]}"#))
        let replies = Shared<[String]>([])
        router.open("reader://sale") { replies.append("\($0 ?? "nil")") }
        #expect(replies.current == ["store"])
        guard case .value("store") = await router.open("reader://sale", expecting: String.self) else {
            Issue.record("no reply through the fallback")
            return
        }
    }

    @Test("a switched-off route met after an awaited handler declined is diverted in the open's task")
    func afterAnAwaitedDecline() async throws {
        let router = try Router { routes in
            routes.asyncAction("reader://p/1", exposure: .external) { _ in throw Decline() }
            routes.action("reader://p/:id", name: "page", exposure: .external) { _ in }
            routes.action("reader://store", exposure: .external) { _ in }
        }
        try router.install(try Self.rules(#"{"version": 1, "disabled": [{"route": "page", "fallback": "reader://store"}]}"#))
        let pending = try #require(router.open("reader://p/1", source: .external).pendingOpen)
        #expect(await pending.result.outcome == .redirected("reader://store", .handled("reader://store")))
        #expect(await router.openAndWait("reader://p/1").outcome == .redirected("reader://store", .handled("reader://store")))
    }

    @Test("a web fallback reaches the unmatched handler when it is exposed to the source, and the refusal carries it")
    func webFallback() throws {
        let told = Shared<[String]>([])
        let ran = Shared<[String]>([])
        let router = try Self.router(unmatched: UnmatchedHandler(exposure: .internal) { told.append("\($0.source) \($0.url)") },
                                     ran: ran)
        try router.install(try Self.rules("""
            {"version": 1, "disabled": [{"route": "book", "fallback": "https://reader.example.com/book/:id"}]}
            """), allowingHosts: [Self.web])
        let fallback = "https://reader.example.com/book/42"
        #expect(router.open("reader://book/42?secret=1") == .refused(.disabled("book", fallback: fallback)))
        #expect(router.open("reader://book/42", source: .external).refusal?.fallbackURL == fallback)
        #expect(told.current == ["app \(fallback)"], "the internal handler hears only the app's opens")
        #expect(ran.current.isEmpty)
        #expect(router.canOpen("reader://book/42") == false)
        #expect(router.resolve("reader://book/42") == .refused(.disabled("book", fallback: fallback)))
        #expect(router.object(for: "reader://book/42", as: String.self) == nil)
        #expect(told.current.count == 1, "dry runs and object lookups tell no handler")
        #expect("\(router.open("reader://book/1").refusal!)".contains("'book' is switched off"))
    }

    @Test("no fallback: a refusal naming the rule, from every verb")
    func noFallback() async throws {
        let router = try Self.router()
        try router.install(try Self.rules(#"{"version": 1, "disabled": [{"route": "reader://shelf/:name"}]}"#))
        let refusal = Refusal.disabled("reader://shelf/:name", fallback: nil)
        #expect(router.open("reader://shelf/a") == .refused(refusal))
        #expect(await router.openAndWait("reader://shelf/a") == .refused(refusal))
        #expect(router.resolve("reader://shelf/a") == .refused(refusal))
        #expect(!router.canOpen("reader://shelf/a"))
        #expect(refusal.fallbackURL == nil)
        #expect(refusal.description.contains("reader://shelf/:name"))
        try router.install(RouteRules())
        #expect(router.open("reader://shelf/a").outcome == .handled("reader://shelf/:name"), "RouteRules() restores the table")
    }

    @Test("the observer and the route map say a route is switched off; installRedirects replaces the one slot")
    func observerAndMap() throws {
        let events = Shared<[String]>([])
        let router = try Self.router(observer: { events.append("\($0.outcome)") })
        try router.install(try Self.rules("""
            {"version": 1, "disabled": [{"route": "sale", "fallback": "reader://store"}, {"route": "reader://shelf/:name"},
                                        {"route": "book", "fallback": "https://reader.example.com/book/:id"}],
             "redirects": [{"from": "reader://b/:id", "to": "reader://book/<int:id>"}]}
            """), allowingHosts: [Self.web])
        router.open("reader://sale")
        router.open("reader://book/5?token=secret")
        #expect(events.current.count == 2)
        #expect(events.current[0].contains("redirected by"), "\(events.current)")
        #expect(events.current[1].contains("switched off"), "\(events.current)")
        #expect(!events.current[1].contains("secret"))
        let text = router.routeMap.text
        #expect(text.contains("disabled  reader://sale  rule=sale  fallback=reader://store  module=Redirects"), "\(text)")
        #expect(text.contains("disabled  reader://shelf/:name  rule=reader://shelf/:name  fallback=-"))
        #expect(router.routeMap.json.contains(#""disabled": ["#))
        #expect(text.contains("redirect  reader://b/:id"))
        try router.installRedirects([RedirectRule(from: "reader://b/:id", to: "reader://book/<int:id>")])
        #expect(!router.routeMap.text.contains("disabled"), "one slot: the redirects replace the whole document")
        #expect(!router.routeMap.json.contains("\"disabled\""))
        #expect(router.open("reader://sale").outcome == .handled("reader://sale"))
    }

    @Test("installRedirects refuses an internal target now, as a document would")
    func installRedirectsShorthand() throws {
        let router = try Self.router()
        #expect {
            try router.installRedirects([RedirectRule(from: "reader://b/:id", to: "reader://admin/<int:id>")])
        } throws: { error in
            (error as? RegistrationError)?.problems.first?.isInvalidRedirect == true
                && "\(error)".contains("internal route")
        }
    }

    @Test("a switched-off route is planned to its fallback, and navigate, plan(for:) and restore say the same")
    func plans() async throws {
        let router = try Router { routes in
            routes.action(NavShelfRoute.self, exposure: .external) { _, _ in }
            routes.action(NavBookRoute.self, name: "book", exposure: .external) { _, _ in }
            routes.action(NavChapterRoute.self, name: "chapter", exposure: .external) { _, _ in }
            routes.action(NavSearchRoute.self, name: "search", exposure: .external) { _, _ in }
        }
        try router.install(try Self.rules("""
            {"version": 1, "disabled": [{"route": "chapter", "fallback": "reader://book/<int:book>"}, {"route": "search"}]}
            """))
        let planned = try router.plan(for: "reader://book/3/chapter/2", source: .external)
        #expect(planned.stack == [AnyRoute(NavBookRoute(id: 3))])
        #expect(planned.redirectedFrom == "reader://book/3/chapter/2")
        let navigated = try await router.navigate(to: "reader://book/3/chapter/2", source: .external)
        #expect(navigated.stack == planned.stack && navigated.redirectedFrom == planned.redirectedFrom)
        #expect(router.restore(["reader://shelf", "reader://book/3/chapter/2", "reader://search/x"]).dropped
                == ["reader://search/x"])
        #expect(throws: NavigationError.self) { try router.plan(for: "reader://search/x") }
        await #expect(throws: NavigationError.self) { try await router.navigate(to: "reader://search/x") }
    }
}

extension OpenResult {
    /// The refusal, when the open was refused.
    var refusal: Refusal? {
        if case .refused(let refusal) = self { return refusal }
        return nil
    }
}
