import Foundation
import Testing
import URLRouter

/// Interceptors and redirects (issue: "Interceptors and redirects").
@Suite("Interceptors and redirects")
struct InterceptorTests {
    /// A session a login gate reads; `Sendable`, shared by the test and its handlers.
    final class Session: Sendable {
        let loggedIn = Shared(false)
        var isLoggedIn: Bool { loggedIn.current }
    }

    // MARK: Order and priority

    @Test("interceptors run most general first, same shape by priority, never by registration order")
    func order() throws {
        for permutation in [[0, 1, 2, 3], [3, 2, 1, 0], [2, 0, 3, 1]] {
            let log = Shared<[String]>([])
            let declarations: [(String, String, Int)] = [
                ("reader://account/settings", "specific", 0),
                ("reader://**", "everything", 0),
                ("reader://account/**", "account-low", 1),
                ("reader://account/**rest", "account-high", 5),
            ]
            let router = try Router { routes in
                for index in permutation {
                    let (pattern, name, priority) = declarations[index]
                    routes.intercept(pattern, name: name, priority: priority) { _ in
                        log.append(name)
                        return .proceed
                    }
                }
                routes.action("reader://account/settings") { _ in log.append("handler") }
            }
            #expect(router.open("reader://account/settings").outcome == .handled("reader://account/settings"))
            #expect(log.current == ["everything", "account-high", "account-low", "specific", "handler"], "\(permutation)")
            #expect(router.previewInterceptors(for: "reader://account/settings").map { $0.name ?? "" }
                == ["everything", "account-high", "account-low", "specific"])
        }
    }

    @Test("two interceptors of one shape and one priority are a registration problem naming both")
    func tie() {
        #expect(throws: RegistrationError.self) {
            _ = try Router { routes in
                routes.intercept("reader://a/:x", name: "one") { _ in .proceed }
                routes.intercept("reader://a/:y", name: "two") { _ in .proceed }
            }
        }
        do {
            _ = try Router { routes in
                routes.intercept("reader://a/:x") { _ in .proceed }
                routes.intercept("reader://a/*") { _ in .proceed }
            }
        } catch {
            #expect(error.problems.count == 1)
            #expect(error.problems.first?.isInterceptorTie == true)
            #expect(error.description.contains("reader://a/*") && error.description.contains("reader://a/:x"))
        }
    }

    @Test("an interceptor's invalid pattern is reported like a route's, with column and module")
    func invalidPattern() {
        do {
            _ = try Router(modules: []) { routes in routes.intercept("reader://a/**/b") { _ in .proceed } }
            Issue.record("registered")
        } catch {
            #expect(error.problems.first?.patternError?.column == 12)
            #expect(error.problems.first?.module == Router.inlineModuleName)
        }
    }

    // MARK: Decisions

    @Test("proceed, reject and redirect; the result says which interceptor decided")
    func decisions() throws {
        let router = try Router { routes in
            routes.intercept("reader://blocked/**", name: "block") { _ in .reject("closed for maintenance") }
            routes.intercept("reader://old/:id", name: "rename") { request in
                .redirect(to: "reader://new/\(request.interceptorParameters["id"]!)")
            }
            routes.action("reader://blocked/x") { _ in Issue.record("a rejected open ran its handler") }
            routes.action("reader://new/:id") { _ in }
        }
        let rejected = router.open("reader://blocked/x")
        #expect(rejected.outcome == .rejected("reader://blocked/**"))
        #expect(rejected.interceptor?.name == "block")
        #expect("\(rejected)".contains("closed for maintenance"))
        let redirected = router.open("reader://old/7")
        #expect(redirected.outcome == .redirected("reader://new/7", .handled("reader://new/:id")))
        #expect(redirected.route?.pattern == "reader://new/:id")
        #expect(redirected.interceptor?.name == "rename")
    }

    @Test("interceptors see the matched route and its parameters, or that nothing matched, with user info and source")
    func whatTheySee() throws {
        let seen = Shared<[String]>([])
        let router = try Router { routes in
            routes.intercept("reader://**") { request in
                seen.append("\(request.route?.route.pattern ?? "none") \(request.route?.parameters ?? [:]) "
                    + "\(request.userInfo["who"] as? String ?? "-") \(request.source)")
                return .proceed
            }
            routes.action("reader://book/<int:id>", exposure: .external) { _ in }
        }
        router.open("reader://book/42", userInfo: ["who": "shelf"])
        router.open("reader://nothing", source: .external)
        #expect(seen.current == ["reader://book/<int:id> [\"id\": \"42\"] shelf app", "none [:] - external"])
    }

    @Test("an interceptor may open another URL")
    func interceptorOpens() throws {
        let log = Shared<[String]>([])
        let router = try Router { routes in
            routes.intercept("reader://gated") { request in
                request.router?.open("reader://audit")
                return .proceed
            }
            routes.action("reader://audit") { _ in log.append("audit") }
            routes.action("reader://gated") { _ in log.append("gated") }
        }
        #expect(router.open("reader://gated").isHandled)
        #expect(log.current == ["audit", "gated"])
    }

    // MARK: Sync and async

    @Test("an async interceptor: await open awaits it; a sync open says so and finishes in a task")
    func asyncInterceptor() async throws {
        let ran = Shared(0)
        let router = try Router { routes in
            routes.asyncIntercept("reader://slow/**") { _ in
                await Task.yield()
                return .proceed
            }
            routes.asyncIntercept("reader://deny") { _ in .reject("no") }
            routes.action("reader://slow/x") { request in
                ran.increment()
                request.reply("done")
            }
        }
        #expect(await router.openAndWait("reader://slow/x").outcome == .handled("reader://slow/x"))
        #expect(await router.openAndWait("reader://deny").outcome == .rejected("reader://deny"))

        let completions = Shared(0)
        let result = router.open("reader://slow/x") { _ in completions.increment() }
        #expect(result.outcome == .intercepting("reader://slow/**"))
        // What README's and Opening URLs' Outcomes tables say it prints.
        #expect("\(result)".hasPrefix("waiting for interceptor ") && "\(result)".hasSuffix(" reader://slow/** [App] to decide"),
                "\(result)")
        guard case .intercepting(_, let pending) = result else { return }
        #expect(await pending.result.outcome == .handled("reader://slow/x"))
        try await Task.sleep(nanoseconds: 20_000_000)
        #expect(ran.current == 2)
        #expect(completions.current == 1, "the completion is called exactly once")

        let reply = await router.open("reader://slow/x", expecting: String.self)
        #expect(reply == .value("done"))
    }

    @Test("a sync interceptor runs under await open too")
    func syncUnderAsync() async throws {
        let router = try Router { routes in
            routes.intercept("reader://x") { _ in .redirect(to: "reader://y") }
            routes.action("reader://y") { _ in }
        }
        #expect(await router.openAndWait("reader://x").outcome == .redirected("reader://y", .handled("reader://y")))
    }

    // MARK: Redirects

    @Test("a redirect loop ends in a result that lists the chain")
    func loop() async throws {
        let router = try Router { routes in
            routes.intercept("reader://ping") { _ in .redirect(to: "reader://pong") }
            routes.intercept("reader://pong") { _ in .redirect(to: "reader://ping") }
        }
        func innermost(_ result: OpenResult) -> OpenResult {
            if case .redirected(_, _, let inner) = result { return innermost(inner) }
            return result
        }
        for result in [Self.openHere(router, "reader://ping"), await router.openAndWait("reader://ping")] {
            guard case .refused(let refusal) = innermost(result) else {
                Issue.record("\(result)")
                continue
            }
            #expect(refusal.redirectChain?.count == 7, "the first URL and 5 redirects, then the one too many")
            #expect(refusal.redirectChain?.first == "reader://ping")
            #expect("\(refusal)".contains("redirect loop"))
        }
    }

    @Test("the original source carries through a redirect: an external open reaches an internal route only if the interceptor says so")
    func sourceCarriesThrough() throws {
        let router = try Router { routes in
            routes.intercept("reader://promo/:code") { request in
                .redirect(to: "reader://admin/\(request.interceptorParameters["code"]!)")
            }
            routes.intercept("reader://support") { _ in .redirect(to: "reader://admin/help", source: .app) }
            routes.action("reader://admin/:page") { _ in }
        }
        #expect(router.open("reader://promo/x", source: .external).outcome == .redirected("reader://admin/x", .unmatched))
        #expect(router.open("reader://promo/x").outcome == .redirected("reader://admin/x", .handled("reader://admin/:page")))
        #expect(router.open("reader://support", source: .external).outcome
            == .redirected("reader://admin/help", .handled("reader://admin/:page")))
    }

    @Test("routes.redirect carries parameters by name and the query; its target must get every parameter")
    func staticRedirect() throws {
        let seen = Shared<[String]>([])
        let router = try Router { routes in
            routes.redirect("reader://b/:id", to: "reader://book/:id")
            routes.action("reader://book/:id") { request in
                seen.append("\(request.parameters["id"]!) \(request.query["from"] ?? "-") \(request.redirectedFrom?.url ?? "-")")
            }
        }
        #expect(router.open("reader://b/42?from=mail").outcome == .redirected("reader://book/42?from=mail", .handled("reader://book/:id")))
        #expect(seen.current == ["42 mail reader://b/42?from=mail"])
        do {
            _ = try Router { routes in routes.redirect("reader://b/:id", to: "reader://book/:id/:page") }
            Issue.record("registered")
        } catch {
            #expect(error.problems.map(\.isInvalidRedirect) == [true])
            #expect(error.description.contains("'page'"))
        }
    }

    @Test("an installed redirect table is validated against the routes and published atomically")
    func installedTable() throws {
        let router = try Router { routes in
            routes.action("reader://book/:id", exposure: .external) { _ in }
            routes.action("reader://admin/:id") { _ in }
        }
        #expect(throws: RegistrationError.self, "a table loaded at run time never points at an internal route") {
            try router.installRedirects([RedirectRule(from: "reader://b/:id", to: "reader://admin/:id")])
        }
        #expect(throws: RegistrationError.self) {
            try router.installRedirects([RedirectRule(from: "reader://b/:id", to: "reader://book/:id"),
                                         RedirectRule(from: "reader://x", to: "reader://nowhere")])
        }
        #expect(router.routeMap.redirects.isEmpty, "a refused table changes nothing")
        #expect(router.open("reader://b/1").outcome == .unmatched)
        #expect(throws: RegistrationError.self) {
            try router.installRedirects([RedirectRule(from: "reader://b/:id", to: "reader://book/:id/:x")])
        }
        try router.installRedirects([RedirectRule(from: "reader://b/:id", to: "reader://book/:id"),
                                     RedirectRule(from: "reader://help", to: "https://help.example.com/reader")],
                                    allowingHosts: ["help.example.com"])
        #expect(router.open("reader://b/1").outcome == .redirected("reader://book/1", .handled("reader://book/:id")))
        #expect(router.routeMap.redirects.map(\.module) == [Router.redirectsModuleName, Router.redirectsModuleName])
        try router.installRedirects([])
        #expect(router.open("reader://b/1").outcome == .unmatched)
    }

    // MARK: What interceptors never do

    @Test("canOpen and resolve never run interceptors")
    func neverInCanOpen() throws {
        let ran = Shared(0)
        let router = try Router { routes in
            routes.intercept("reader://**") { _ in
                ran.increment()
                return .reject("no")
            }
            routes.action("reader://a") { _ in }
        }
        #expect(router.canOpen("reader://a"))
        #expect(router.canOpen("reader://a", excludingCatchAll: true))
        #expect(router.resolve("reader://a").route?.route.pattern == "reader://a")
        #expect(router.previewInterceptors(for: "reader://a").count == 1)
        #expect(ran.current == 0)
        #expect(router.open("reader://a").outcome == .rejected("reader://**"))
        #expect(ran.current == 1)
    }

    @Test("object lookups are intercepted: a rejection is the reason, a redirect is followed")
    func objects() async throws {
        let router = try Router { routes in
            routes.intercept("reader://secret") { _ in .reject("locked") }
            routes.intercept("reader://old-service") { _ in .redirect(to: "reader://service") }
            routes.object("reader://secret") { _ in "secret" }
            routes.object("reader://service") { _ in "service" }
        }
        Self.checkObjectsHere(router)
        #expect(await router.open("reader://old-service", expecting: String.self).value == "service")
        guard case .notHandled(let secret) = await router.open("reader://secret", expecting: String.self) else {
            Issue.record("a rejected lookup is not handled")
            return
        }
        #expect(secret.interceptor?.pattern == "reader://secret")
    }

    /// The synchronous open, called from a synchronous function: in an `async` one, Swift
    /// picks the `async` overload.
    static func openHere(_ router: Router, _ url: String) -> OpenResult {
        router.open(url)
    }

    static func checkObjectsHere(_ router: Router) {
        #expect(router.object(for: "reader://secret", as: String.self) == nil)
        #expect(throws: ObjectError.rejected(router.previewInterceptors(for: "reader://secret")[0], "locked")) {
            try router.requireObject(for: "reader://secret", as: String.self)
        }
        #expect(router.object(for: "reader://old-service", as: String.self) == "service")
    }

    // MARK: Modules

    @Test("interceptors come and go with their modules after start-up")
    func modules() throws {
        let router = try Router { routes in routes.action("reader://a") { _ in } }
        try router.register(moduleNamed: "Gate") { routes in
            routes.intercept("reader://a", name: "gate") { _ in .reject("gated") }
        }
        #expect(router.open("reader://a").outcome == .rejected("reader://a"))
        #expect(router.routeMap.interceptors.map(\.module) == ["Gate"])
        router.deregister(moduleNamed: "Gate")
        #expect(router.open("reader://a").outcome == .handled("reader://a"))
        #expect(router.routeMap.interceptors.isEmpty)
    }

    // MARK: The login gate, end to end

    @Test("a gated route opened while logged out shows login, which reopens it with its source and user info",
          arguments: [OpenSource.app, .external])
    func loginGate(source: OpenSource) throws {
        let session = Session()
        let log = Shared<[String]>([])
        let parked = Shared<[RedirectOrigin]>([])
        let router = try Router { routes in
            routes.intercept("reader://account/**", name: "login") { _ in
                session.isLoggedIn ? .proceed : .redirect(to: "reader://login")
            }
            // Reachable from deep links too: a deep link to a gated page shows it.
            routes.action("reader://login", exposure: .external) { request in
                log.append("login shown to \(request.source)")
                if let origin = request.redirectedFrom { parked.withLock { $0.append(origin) } }
            }
            routes.action("reader://account/orders", exposure: .external) { request in
                log.append("orders for \(request.source), tab \(request.userInfo["tab"] as? String ?? "-")")
            }
        }
        let first = router.open("reader://account/orders", userInfo: ["tab": "recent"], source: source)
        #expect(first.outcome == .redirected("reader://login", .handled("reader://login")))
        #expect(first.interceptor?.name == "login")

        session.loggedIn.withLock { $0 = true }   // the user logs in; the login screen reopens
        let origin = try #require(parked.current.first)
        #expect(origin.source == source && origin.url == "reader://account/orders")
        #expect(origin.reopen(with: router)?.outcome == .handled("reader://account/orders"))
        #expect(log.current == ["login shown to \(source)", "orders for \(source), tab recent"])
    }

    // MARK: The route map

    @Test("the route map lists routes, interceptors and redirects, each once, sorted whatever the registration order")
    func routeMap() throws {
        func make(reversed: Bool) throws -> Router {
            try Router { routes in
                var steps: [(inout RouteRegistrar) -> Void] = [
                    { $0.action("reader://b", name: "b", exposure: .external) { _ in } },
                    { $0.mainActorObject("reader://a") { _ in 1 } },
                    { $0.intercept("reader://**", name: "log", priority: 2) { _ in .proceed } },
                    { $0.redirect("reader://old/:id", to: "reader://b") },
                ]
                if reversed { steps.reverse() }
                for step in steps { step(&routes) }
            }
        }
        let map = try make(reversed: false).routeMap
        #expect(map == (try make(reversed: true).routeMap))
        #expect(map.text == """
            route  internal  reader://a  name=-  module=App  handler=mainActorObject
            route  external  reader://b  name=b  module=App  handler=action
            interceptor  reader://**  name=log  module=App  priority=2  sync
            redirect  reader://old/:id  to=reader://b  module=App
            """)
        #expect(map.json.contains(#"{"exposure": "external", "handler": "action", "module": "App", "name": "b", "pattern": "reader://b", "typedRoute": null}"#))
        #expect(map.json.contains(#""priority": 2"#))
        let data = try #require(map.json.data(using: .utf8))
        #expect((try? JSONSerialization.jsonObject(with: data)) != nil, "valid JSON")
    }

    @Test("a request an interceptor keeps holds neither the router nor its interceptors, and still reads its open")
    func keptInterceptedRequest() throws {
        /// Released with the router's interceptors: requests share what they read of their
        /// open (one object per open), and that object must hold no interceptor, or keeping a
        /// request in an interceptor's own state would make a cycle.
        final class Tracker: Sendable {}
        let kept = Shared<[InterceptedRequest]>([])
        weak var tracker: Tracker?
        weak var released: Router?
        do {
            let captured = Tracker()
            tracker = captured
            let router = try Router { routes in
                routes.intercept("reader://**") { request in
                    withExtendedLifetime(captured) { kept.withLock { $0.append(request) } }
                    return .proceed
                }
                routes.intercept("reader://book/**", name: "books") { request in
                    kept.withLock { $0.append(request) }
                    return .proceed
                }
                routes.action("reader://book/<int:id>") { _ in }
            }
            released = router
            #expect(router.open("reader://book/42?from=shelf", userInfo: ["k": 1], source: .app).isHandled)
            #expect(kept.current.count == 2)
            #expect(kept.current.allSatisfy { $0.router === router })
        }
        #expect(released == nil, "a kept request kept the router alive")
        #expect(tracker == nil, "a kept request kept the router's interceptors alive")
        let requests = kept.current
        #expect(requests.map(\.url) == ["reader://book/42?from=shelf", "reader://book/42?from=shelf"])
        #expect(requests.map(\.interceptor.name) == [nil, "books"])
        #expect(requests.allSatisfy { $0.router == nil && $0.source == .app && $0.userInfo["k"] as? Int == 1 })
        #expect(requests.allSatisfy { $0.route?.route.pattern == "reader://book/<int:id>" && $0.route?.parameters["id"] == "42" })
        kept.withLock { $0.removeAll() }
    }

    @Test("after interceptors that let it go on, a synchronous open runs its handlers as it does without any: a decline passes on, a failure fails, a reply reaches the completion, an async handler finishes in a task",
          arguments: [[], ["reader://**", "reader://**"], ["reader://account/**"]])
    func handlersAfterInterceptors(gates: [String]) async throws {
        struct Boom: Error {}
        let log = Shared<[String]>([])
        let router = try Router { routes in
            for (index, pattern) in gates.enumerated() {
                routes.intercept(pattern, name: "gate \(index)", priority: index) { _ in
                    log.append("gate")
                    return .proceed
                }
            }
            routes.action("reader://user/me") { _ in
                log.append("me declines")
                throw Decline()
            }
            routes.action("reader://user/:name") { request in
                log.append("name")
                request.reply("took \(request.string("name") ?? "")")
            }
            routes.action("reader://fail/:x") { _ in throw Boom() }
            routes.asyncAction("reader://later/:x") { request in
                log.append("later")
                request.reply("later")
            }
        }
        let replies = Shared<[String]>([])
        let reply: RouteCompletion = { value in replies.append(value.map { "\($0)" } ?? "nil") }
        #expect(router.open("reader://user/me", completion: reply).outcome == .handled("reader://user/:name"))
        #expect(router.open("reader://fail/1", completion: reply).outcome == .failed("reader://fail/:x"))
        let result = router.open("reader://later/1", completion: reply)
        #expect(result.outcome == .pending("reader://later/:x"))
        guard case .pending(_, let pending) = result else { return }
        #expect(await pending.result.outcome == .handled("reader://later/:x"))
        #expect(replies.current == ["took me", "later"], "the failed open's completion is never called")
        #expect(log.current.filter { $0 != "gate" } == ["me declines", "name", "later"])
        // Three opens, each seen by the gates of every URL; `reader://account/**` sees none of them.
        #expect(log.current.filter { $0 == "gate" }.count == 3 * gates.filter { $0 == "reader://**" }.count)
    }
}
