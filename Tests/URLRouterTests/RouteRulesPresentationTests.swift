import Foundation
import Testing
import URLRouter

// A tab, a book in it, its notes (pushed, named), a share route declared as a sheet, an
// internal route, and a route registered by pattern (no type).
struct RulesPresShelfTab: TypedRoute, RootRoute { static let pattern = "reader://rp/shelf" }
struct RulesPresBookRoute: TypedRoute {
    static let pattern = "reader://rp/book/<int:id>"
    var id: Int
    var parent: (any TypedRoute)? { RulesPresShelfTab() }
}
struct RulesPresNotesRoute: TypedRoute {
    static let pattern = "reader://rp/book/<int:id>/notes"
    var id: Int
    var parent: (any TypedRoute)? { RulesPresBookRoute(id: id) }
}
struct RulesPresNoteRoute: TypedRoute {
    static let pattern = "reader://rp/book/<int:id>/notes/<int:n>"
    var id: Int
    var n: Int
    var parent: (any TypedRoute)? { RulesPresNotesRoute(id: id) }
}
struct RulesPresShareRoute: TypedRoute {
    static let pattern = "reader://rp/book/<int:id>/share"
    static var presentation: Presentation { .sheet }
    var id: Int
    var parent: (any TypedRoute)? { RulesPresBookRoute(id: id) }
}
struct RulesPresAdminRoute: TypedRoute { static let pattern = "reader://rp/admin" }

/// Presentation overrides in a rules document (the article "Routing rules from a server"): each
/// refusal, plans presenting an overridden route as if it declared it, restore, and the route map.
@Suite("Route rules: a typed route presented otherwise, checked against the app")
struct RouteRulesPresentationTests {
    static func router() throws -> Router {
        try Router { routes in
            routes.action(RulesPresShelfTab.self, name: "shelf", exposure: .external) { _, _ in }
            routes.action(RulesPresBookRoute.self, name: "book", exposure: .external) { _, _ in }
            routes.action(RulesPresNotesRoute.self, name: "notes", exposure: .external) { _, _ in }
            routes.action(RulesPresNoteRoute.self, exposure: .external) { _, _ in }
            routes.action(RulesPresShareRoute.self, name: "share", exposure: .external) { _, _ in }
            routes.action(RulesPresAdminRoute.self, name: "admin") { _, _ in }
            routes.action("reader://rp/plain", name: "plain", exposure: .external) { _ in }
        }
    }

    static func rules(_ presentation: String) throws(RouteRulesError) -> RouteRules {
        try RouteRules(json: Data(#"{"version": 1, "presentation": \#(presentation)}"#.utf8))
    }

    static func notes(_ id: Int) -> AnyRoute { AnyRoute(RulesPresNotesRoute(id: id)) }
    static func note(_ id: Int, _ n: Int) -> AnyRoute { AnyRoute(RulesPresNoteRoute(id: id, n: n)) }

    // MARK: The document's shape

    struct Shape: Sendable, CustomTestStringConvertible {
        let presentation: String
        let problems: [(String, String)]
        var testDescription: String { presentation }
    }

    static let shapes: [Shape] = [
        Shape(presentation: "{}", problems: [("presentation", "must be an array")]),
        Shape(presentation: "[1]", problems: [("presentation[0]", "must be an object")]),
        Shape(presentation: #"[{"presentation": "sheet"}]"#, problems: [("presentation[0].route", "is missing")]),
        Shape(presentation: #"[{"route": "notes"}]"#, problems: [("presentation[0].presentation", "is missing")]),
        Shape(presentation: #"[{"route": "notes", "presentation": "modal"}]"#,
              problems: [("presentation[0].presentation", "'modal' is not a presentation (known: push, sheet, fullScreen)")]),
        Shape(presentation: #"[{"route": "notes", "presentation": "Sheet\u001b"}]"#,
              problems: [("presentation[0].presentation", "'Sheet\\u{1B}' is not a presentation")]),
        Shape(presentation: #"[{"route": "notes", "presentation": 1}]"#,
              problems: [("presentation[0].presentation", "must be a string")]),
        Shape(presentation: #"[{"route": "notes", "presentation": "sheet", "animated": true}]"#,
              problems: [("presentation[0]", "unknown key 'animated' (known: presentation, route)")]),
    ]

    @Test("an override's shape: its keys, a string route and one of the three presentations", arguments: shapes)
    func shape(_ shape: Shape) {
        #expect(throws: RouteRulesError.self) { try Self.rules(shape.presentation) }
        do {
            _ = try Self.rules(shape.presentation)
        } catch {
            RouteRulesTests.expect(error, lists: shape.problems)
        }
    }

    // MARK: Checked against the routes

    struct Refusal: Sendable, CustomTestStringConvertible {
        let why: String
        let presentation: String
        let problems: [(String, String)]
        var testDescription: String { why }
    }

    static let refusals: [Refusal] = [
        Refusal(why: "unknown route", presentation: #"[{"route": "notse", "presentation": "sheet"}]"#,
                problems: [("presentation[0].route", "no registered route is named or written 'notse'")]),
        Refusal(why: "not a typed route", presentation: #"[{"route": "plain", "presentation": "sheet"}]"#,
                problems: [("presentation[0].route", "'plain' is not a typed route: only a typed route has a presentation")]),
        Refusal(why: "overridden twice, by name then pattern",
                presentation: #"[{"route": "notes", "presentation": "sheet"}, {"route": "reader://rp/book/<int:id>/notes", "presentation": "push"}]"#,
                problems: [("presentation[1].route", "is presented otherwise already by presentation[0]")]),
        Refusal(why: "an internal route", presentation: #"[{"route": "admin", "presentation": "fullScreen"}]"#,
                problems: [("presentation[0].route", "'admin' is an internal route: a rules document may only name what links may reach")]),
        Refusal(why: "a root presented modally, as registration refuses",
                presentation: #"[{"route": "shelf", "presentation": "sheet"}]"#,
                problems: [("presentation[0].presentation", "it is a RootRoute (a tab) presented as 'sheet'")]),
        Refusal(why: "every problem at once, escaped",
                presentation: #"[{"route": "x\u001b[31m", "presentation": "push"}, {"route": "admin", "presentation": "push"}, {"route": "shelf", "presentation": "fullScreen"}]"#,
                problems: [("presentation[0].route", "'x\\u{1B}[31m'"), ("presentation[1].route", "internal route"),
                           ("presentation[2].presentation", "presented as 'fullScreen'")]),
    ]

    @Test("install refuses each bad override, listing every problem, and changes nothing", arguments: refusals)
    func refused(_ refusal: Refusal) throws {
        let router = try Self.router()
        let before = router.routeMap
        let rules = try Self.rules(refusal.presentation)
        #expect(throws: RouteRulesError.self) { try router.install(rules) }
        do {
            try router.install(rules)
        } catch {
            RouteRulesTests.expect(error, lists: refusal.problems)
            #expect(error.description.count < 4_000)
        }
        #expect(router.routeMap == before)
        #expect(try router.plan(for: "reader://rp/book/1/notes/2").modals.isEmpty)
    }

    @Test("a root may be overridden to push (what it is), and a modal route to push")
    func acceptedPushes() throws {
        let router = try Self.router()
        try router.install(try Self.rules(#"[{"route": "shelf", "presentation": "push"}, {"route": "share", "presentation": "push"}]"#))
        let plan = try router.plan(for: "reader://rp/book/3/share")
        #expect(plan.modals.isEmpty)
        #expect(plan.stack == [AnyRoute(RulesPresBookRoute(id: 3)), AnyRoute(RulesPresShareRoute(id: 3))])
        #expect(plan.root == AnyRoute(RulesPresShelfTab()))
    }

    // MARK: Plans

    @Test("a sheet override starts a layer in every plan, restore gives it back, and RouteRules() restores the declared")
    func plansWithAnOverride() async throws {
        let router = try Self.router()
        let url = "reader://rp/book/7/notes/2"
        let declared = try router.plan(for: url)
        #expect(declared.modals.isEmpty)
        #expect(declared.stack == [AnyRoute(RulesPresBookRoute(id: 7)), Self.notes(7), Self.note(7, 2)])

        try router.install(try Self.rules(#"[{"route": "notes", "presentation": "sheet"}]"#))
        let planned = try router.plan(for: url)
        #expect(planned.root == AnyRoute(RulesPresShelfTab()))
        #expect(planned.stack == [AnyRoute(RulesPresBookRoute(id: 7))])
        #expect(planned.modals == [ModalLayer(presentation: .sheet, stack: [Self.notes(7), Self.note(7, 2)])])
        #expect(try await router.navigate(to: url) == planned)
        #expect(router.restore(planned.urls) == planned)
        #expect(router.restore(planned.urls, source: .external) == planned)
        // The overridden route itself, and as a link from outside.
        #expect(try router.plan(for: "reader://rp/book/7/notes", source: .external).modals
                == [ModalLayer(presentation: .sheet, stack: [Self.notes(7)])])

        try router.install(RouteRules())
        #expect(try router.plan(for: url) == declared)
        #expect(router.restore(planned.urls) == declared)
        #expect(try await router.navigate(to: url) == declared)
    }

    @Test("a full-screen override by pattern, over a route declared as a sheet: two layers")
    func fullScreenByPattern() throws {
        let router = try Self.router()
        try router.install(try Self.rules(#"[{"route": "reader://rp/book/<int:id>/notes/<int:n>", "presentation": "fullScreen"}]"#))
        #expect(try router.plan(for: "reader://rp/book/1/notes/4").modals
                == [ModalLayer(presentation: .fullScreen, stack: [Self.note(1, 4)])])
        #expect(try router.plan(for: "reader://rp/book/1/share").modals
                == [ModalLayer(presentation: .sheet, stack: [AnyRoute(RulesPresShareRoute(id: 1))])])
    }

    @Test("overrides are one document with the rest: a later document replaces them, installRedirects too")
    func oneSlot() throws {
        let router = try Self.router()
        try router.install(try RouteRules(json: Data(#"""
            {"version": 1, "disabled": [{"route": "plain"}], "presentation": [{"route": "notes", "presentation": "sheet"}]}
            """#.utf8)))
        #expect(!(try router.plan(for: "reader://rp/book/1/notes").modals.isEmpty))
        try router.installRedirects([])
        #expect(try router.plan(for: "reader://rp/book/1/notes").modals.isEmpty)
        #expect(!router.routeMap.text.contains("presentation  "))
    }

    @Test("8 threads planning and restoring while overrides are installed and removed: each plan sees a whole document")
    func atomicUnderConcurrentPlans() throws {
        let router = try Self.router()
        let both = try Self.rules(#"[{"route": "notes", "presentation": "sheet"}, {"route": "reader://rp/book/<int:id>/notes/<int:n>", "presentation": "fullScreen"}]"#)
        let unexpected = Shared<[String]>([])
        RouteRulesConcurrencyTests.run(threads: 8, installing: { round in
            try? router.install(round % 2 == 0 ? both : RouteRules())
        }) { thread in
            for n in 0..<200 {
                let book = AnyRoute(RulesPresBookRoute(id: thread))
                let layered = [ModalLayer(presentation: .sheet, stack: [Self.notes(thread)]),
                               ModalLayer(presentation: .fullScreen, stack: [Self.note(thread, n)])]
                guard let plan = try? router.plan(for: "reader://rp/book/\(thread)/notes/\(n)", source: .external) else {
                    unexpected.append("no plan")
                    continue
                }
                let whole = (plan.stack == [book] && plan.modals == layered)
                    || (plan.stack == [book, Self.notes(thread), Self.note(thread, n)] && plan.modals.isEmpty)
                if !whole { unexpected.append("\(plan)") }
                let restored = router.restore(plan.urls)
                if restored.modals.count == 1 { unexpected.append("restored half a document: \(restored)") }
            }
        }
        #expect(unexpected.current.isEmpty, "\(unexpected.current.prefix(5))")
    }

    // MARK: The route map

    @Test("the route map lists each override, the JSON key only when there are some")
    func routeMap() throws {
        let router = try Self.router()
        #expect(!router.routeMap.json.contains("\"presentation\""))
        try router.install(try Self.rules(#"[{"route": "notes", "presentation": "sheet"}, {"route": "share", "presentation": "push"}]"#))
        let text = router.routeMap.text
        #expect(text.contains("presentation  reader://rp/book/<int:id>/notes  rule=notes  presentation=sheet  module=Redirects"), "\(text)")
        #expect(text.contains("presentation  reader://rp/book/<int:id>/share  rule=share  presentation=push  module=Redirects"))
        let json = router.routeMap.json
        #expect(json.contains(#"""
              "presentation": [
                {"pattern": "reader://rp/book/<int:id>/notes", "presentation": "sheet", "rule": "notes"},
                {"pattern": "reader://rp/book/<int:id>/share", "presentation": "push", "rule": "share"}
              ],
            """#), "\(json)")
        try router.install(RouteRules())
        #expect(!router.routeMap.text.contains("presentation  "))
        #expect(!router.routeMap.json.contains("\"presentation\""))
    }
}
