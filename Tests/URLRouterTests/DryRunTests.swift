import Testing
import URLRouter

/// A settings screen whose `dark` flag is a required `Bool`: `?dark=yes` does not decode.
struct DarkModeRoute: TypedRoute {
    static let pattern = "reader://settings/:section"
    static var requiredQueryItems: Set<String> { ["dark"] }
    var section: String
    var dark: Bool
}

/// Dry runs (`resolve`, `canOpen`) see what `open` sees: a typed route whose values do not
/// decode is passed over, and the resolution says which one and why.
@Suite("Dry runs see typed declines")
struct DryRunTests {
    static func router(fallback: Bool, opened: Shared<[String]>) throws -> Router {
        try Router { routes in
            routes.action(DarkModeRoute.self, exposure: .external) { route, _ in opened.append("typed \(route.dark)") }
            if fallback {
                routes.action("reader://**", exposure: .external) { request in opened.append("fallback \(request.url)") }
            }
        }
    }

    @Test("a URL a typed route cannot decode resolves to the route open runs: the fallback")
    func passesToTheFallback() throws {
        let opened = Shared<[String]>([])
        let router = try Self.router(fallback: true, opened: opened)
        let url = "reader://settings/display?dark=yes"
        let resolved = try #require(router.resolve(url).route)
        #expect(resolved.route.pattern == "reader://**")
        let decline = try #require(resolved.declined.first)
        #expect(resolved.declined.count == 1)
        #expect(decline.route.pattern == DarkModeRoute.pattern)
        #expect(decline.route.typedRoute?.hasSuffix("DarkModeRoute") == true)
        #expect(decline.error.key == "dark")
        #expect(router.canOpen(url))
        #expect(!router.canOpen(url, excludingCatchAll: true), "only the catch-all would run")
        // And open agrees with the dry run.
        #expect(router.open(url).route?.pattern == "reader://**")
        #expect(opened.current == ["fallback \(url)"])
    }

    @Test("with no other route, the resolution is undecodable and names the route and the key, as open's failure does")
    func undecodable() throws {
        let router = try Self.router(fallback: false, opened: Shared([]))
        let url = "reader://settings/display?dark=yes"
        guard case .undecodable(let declines) = router.resolve(url) else {
            Issue.record("resolved \(router.resolve(url))")
            return
        }
        #expect(declines.map(\.error.key) == ["dark"])
        #expect(!router.canOpen(url))
        #expect(!router.canOpen(url, excludingCatchAll: true))
        guard case .failed(let route, let error as TypedRouteError) = router.open(url) else {
            Issue.record("open gave \(router.open(url))")
            return
        }
        #expect(TypedDecline(route: route, error: error) == declines.first)
        // A missing required query item declines the same way.
        guard case .undecodable(let missing) = router.resolve("reader://settings/display") else {
            Issue.record("resolved \(router.resolve("reader://settings/display"))")
            return
        }
        #expect(missing.first?.error.key == "dark")
    }

    @Test("a URL that decodes resolves to the typed route with nothing declined")
    func decodes() throws {
        let router = try Self.router(fallback: true, opened: Shared([]))
        for url in ["reader://settings/display?dark=true", "reader://settings/display?dark=0"] {
            let resolved = try #require(router.resolve(url).route)
            #expect(resolved.route.pattern == DarkModeRoute.pattern)
            #expect(resolved.declined.isEmpty)
            #expect(router.canOpen(url, excludingCatchAll: true))
        }
    }

    @Test("a handler's own Decline stays invisible to dry runs: it is handler code")
    func handlerDeclineIsNotForeseen() throws {
        let router = try Router { routes in
            routes.action("reader://user/:id") { _ in throw Decline() }
        }
        #expect(router.resolve("reader://user/me").route?.route.pattern == "reader://user/:id")
        #expect(router.canOpen("reader://user/me"))
        #expect(router.open("reader://user/me") == .declined(router.routes))
    }
}
