import Foundation
import Testing
import URLRouter
import URLRouterTesting

/// `assertRouteRules`: the app's CI checks a rules document against its routes, every problem
/// listed, and the router is left as it was.
@Suite("assertRouteRules")
struct RouteRulesCheckTests {
    static func router() throws -> Router {
        try Router { routes in
            routes.action("reader://sale", name: "sale", exposure: .external) { _ in }
            routes.action("reader://store", exposure: .external) { _ in }
            routes.action("reader://admin") { _ in }
        }
    }

    static func file(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rules-\(UUID().uuidString).json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("a valid document passes, and is not installed")
    func passes() throws {
        let router = try Self.router()
        let path = try Self.file(#"{"version": 1, "disabled": [{"route": "sale", "fallback": "https://web.example.com/sale"}]}"#)
        try assertRouteRules(router, path: path, allowingHosts: ["web.example.com"])
        #expect(router.open("reader://sale").isHandled)
    }

    @Test("an invalid document fails with every problem, each at its place")
    func fails() throws {
        let router = try Self.router()
        let path = try Self.file("""
            {"version": 1, "disabled": [{"route": "sael"}, {"route": "sale", "fallback": "reader://admin"}],
             "redirects": [{"from": "reader://old", "to": "https://evil.example.com/"}]}
            """)
        #expect {
            try assertRouteRules(router, path: path, allowingHosts: ["web.example.com"])
        } throws: { error in
            guard let failure = error as? RouteCheckFailure else { return false }
            return failure.check == "assertRouteRules" && failure.problems.count == 3
                && failure.problems[0].contains("disabled[0].route: no registered route")
                && failure.problems[1].contains("disabled[1].fallback: 'reader://admin' reaches the internal route")
                && failure.problems[2].contains("redirects[0].to")
        }
        #expect {
            try assertRouteRules(router, path: try Self.file(#"{"version": 1, "surprise": 1}"#))
        } throws: { error in
            (error as? RouteCheckFailure)?.problems.first?.contains("unknown key 'surprise'") == true
        }
        #expect(throws: RouteCheckFailure.self) { try assertRouteRules(router, path: "/nonexistent/rules.json") }
    }

    @Test("presentation overrides are checked as install checks them, and a valid one is not installed")
    func presentation() throws {
        let router = try Router { routes in
            routes.action(RulesCheckTab.self, name: "tab", exposure: .external) { _, _ in }
            routes.action(RulesCheckShare.self, name: "share", exposure: .external) { _, _ in }
            routes.action("reader://sale", name: "sale", exposure: .external) { _ in }
        }
        try assertRouteRules(router, path: try Self.file(#"{"version": 1, "presentation": [{"route": "share", "presentation": "sheet"}]}"#))
        #expect(try router.plan(for: "reader://check/share").modals.isEmpty)
        let unknownValue = try Self.file(#"{"version": 1, "presentation": [{"route": "share", "presentation": "modal"}]}"#)
        #expect {
            try assertRouteRules(router, path: unknownValue)
        } throws: { error in
            guard let failure = error as? RouteCheckFailure else { return false }
            return failure.problems.count == 1 && failure.problems[0].contains("presentation[0].presentation: 'modal' is not a presentation")
        }
        let refused = try Self.file(#"""
            {"version": 1, "presentation": [{"route": "tab", "presentation": "sheet"}, {"route": "sale", "presentation": "push"}]}
            """#)
        #expect {
            try assertRouteRules(router, path: refused)
        } throws: { error in
            guard let failure = error as? RouteCheckFailure else { return false }
            return failure.problems.count == 2
                && failure.problems[0].contains("presentation[0].presentation: 'tab' may not be presented so: it is a RootRoute")
                && failure.problems[1].contains("presentation[1].route: 'sale' is not a typed route")
        }
    }
}

struct RulesCheckTab: RootRoute { static let pattern = "reader://check/tab" }
struct RulesCheckShare: TypedRoute {
    static let pattern = "reader://check/share"
    var parent: (any TypedRoute)? { RulesCheckTab() }
}
