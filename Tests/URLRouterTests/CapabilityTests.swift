import Testing
import URLRouter

/// Everything MGJRouter offers, in URLRouter's terms.
@Suite("MGJRouter's capabilities")
struct CapabilityTests {
    @Test("a handler registered for a pattern runs with the URL's parameters, the user info and the completion")
    func actionHandler() throws {
        let seen = Shared<[String]>([])
        let completed = Shared<[String]>([])
        let router = try Router { routes in
            routes.action("reader://book/:id") { request in
                let animated = request.userInfo["animated"] as? Bool ?? false
                seen.append("book \(request.parameters["id"] ?? "?") animated: \(animated)")
                request.reply("opened \(request.parameters["id"] ?? "?")")
            }
        }

        let result = router.open("reader://book/42", userInfo: ["animated": true]) { value in
            completed.append(value as? String ?? "no value")
        }

        #expect(result.outcome == .handled("reader://book/:id"))
        #expect(seen.current == ["book 42 animated: true"])
        #expect(completed.current == ["opened 42"])
    }

    @Test("the completion is passed explicitly, never through the parameters or the user info")
    func completionIsNotAParameter() throws {
        let keys = Shared<[String]>([])
        let router = try Router { routes in
            routes.action("reader://book/:id") { request in
                keys.append("merged: \(request.mergedParameters.keys.sorted())")
                keys.append("userInfo: \(request.userInfo.keys.sorted())")
                request.reply(nil)
            }
        }

        let calls = Shared(0)
        router.open("reader://book/1", userInfo: ["from": "shelf"]) { _ in calls.increment() }
        router.open("reader://book/2")

        #expect(keys.current == [
            "merged: [\"id\", \"router.module\", \"router.pattern\", \"router.url\"]",
            "userInfo: [\"from\"]",
            "merged: [\"id\", \"router.module\", \"router.pattern\", \"router.url\"]",
            "userInfo: []",
        ])
        #expect(calls.current == 1)
    }

    @Test("an object handler gives the object for a URL, typed or not")
    func objectHandler() throws {
        let router = try Router { routes in
            routes.object("reader://service/count") { _ in 42 }
            routes.object("reader://book/<int:id>/title") { request in "Title \(try request.require("id", as: Int.self))" }
            routes.action("reader://shelf") { _ in Issue.record("object(for:) ran an action") }
        }

        #expect(router.object(for: "reader://service/count", as: (any Sendable).self) as? Int == 42)
        #expect(router.object(for: "reader://service/count", as: Int.self) == 42)
        #expect(router.object(for: "reader://service/count", as: String.self) == nil)
        #expect(router.object(for: "reader://book/7/title", as: String.self) == "Title 7")
        #expect(router.object(for: "reader://shelf", as: (any Sendable).self) == nil)
        #expect(router.object(for: "reader://nothing", as: (any Sendable).self) == nil)
    }

    @Test("opening an object route hands its object to the completion")
    func openingAnObjectRoute() throws {
        let router = try Router { routes in
            routes.object("reader://service/count") { _ in 42 }
        }
        let received = Shared<[Int]>([])

        let result = router.open("reader://service/count") { value in
            received.withLock { $0.append(value as? Int ?? -1) }
        }

        #expect(result.outcome == .handled("reader://service/count"))
        #expect(received.current == [42])
    }

    @Test("an object handler that declines or throws passes to the next matching object route")
    func objectHandlerDeclines() throws {
        let router = try Router { routes in
            routes.object("reader://profile/me") { _ in throw Decline() }
            routes.object("reader://profile/<int:id>") { _ in throw CancellationError() }
            routes.action("reader://profile/:name") { _ in Issue.record("object(for:) ran an action") }
            routes.object("reader://profile/**rest") { request in "profile \(request.parameters["rest"] ?? "")" }
        }

        #expect(router.object(for: "reader://profile/me", as: String.self) == "profile me")
        #expect(router.object(for: "reader://profile/7", as: String.self) == "profile 7")
        #expect(router.object(for: "reader://profile/bob", as: String.self) == "profile bob")
    }

    @Test("deregistering a pattern removes exactly that route")
    func deregisterPattern() throws {
        let router = try Router { routes in
            routes.action("reader://book/:id") { _ in }
            routes.action("reader://book/:id/edit") { _ in }
        }

        #expect(router.deregister(pattern: "reader://book/:id"))

        #expect(router.open("reader://book/1").outcome == .unmatched)
        #expect(!router.canOpen("reader://book/1"))
        #expect(router.open("reader://book/1/edit").outcome == .handled("reader://book/:id/edit"))
        #expect(router.routes.map(\.pattern) == ["reader://book/:id/edit"])
        #expect(!router.deregister(pattern: "reader://book/:id"), "already removed")
    }

    struct ShelfRoute: TypedRoute {
        static let pattern = "reader://shelf/<int:id>"
        var id: Int
    }

    @Test("deregistering a pattern keeps each later route's name, type, deprecation and channels")
    func deregisterKeepsDescriptions() throws {
        let router = try Router { routes in
            routes.action("reader://a", name: "a", deprecated: "use reader://b") { _ in }
            routes.action("reader://gone", name: "gone") { _ in }
            routes.action(ShelfRoute.self, name: "shelf") { _, _ in }
            routes.action("reader://b", exposure: .external(from: [.notification]), deprecated: "use reader://c") { _ in }
            routes.action("reader://c", name: "c", exposure: .external) { _ in }
        }

        #expect(router.deregister(pattern: "reader://gone"))

        let described = router.routes.map { route in
            "\(route.pattern) \(route.name ?? "-") \(route.typedRoute != nil) \(route.deprecation ?? "-") \(route.exposure)"
        }
        #expect(described == [
            "reader://a a false use reader://b \(Exposure.internal)",
            "reader://shelf/<int:id> shelf true - \(Exposure.internal)",
            "reader://b - false use reader://c \(Exposure.external(from: [.notification]))",
            "reader://c c false - \(Exposure.external)",
        ])
        #expect(try router.url(for: "c") == "reader://c")
        #expect(router.open(ShelfRoute(id: 3)).outcome == .handled("reader://shelf/<int:id>"))

        // The first and the last route, then the one route without a value left.
        #expect(router.deregister(pattern: "reader://a"))
        #expect(router.deregister(pattern: "reader://c"))
        #expect(router.deregister(pattern: "reader://b"))
        #expect(router.routes.map { "\($0.pattern) \($0.name ?? "-") \($0.typedRoute != nil) \($0.deprecation ?? "-")" }
                == ["reader://shelf/<int:id> shelf true -"])
        #expect(router.open(ShelfRoute(id: 4)).outcome == .handled("reader://shelf/<int:id>"))
    }

    struct CanOpenCase: Sendable, CustomTestStringConvertible {
        let url: String
        let canOpen: Bool
        var testDescription: String { "\(url) → \(canOpen)" }
    }

    static let canOpenCases: [CanOpenCase] = [
        .init(url: "reader://book/42", canOpen: true),
        .init(url: "reader://book/42/", canOpen: true),
        .init(url: "READER://Book/42?from=shelf#top", canOpen: true),
        .init(url: "reader://book/42/reviews", canOpen: false),  // MGJRouter said yes to a longer URL
        .init(url: "reader://book", canOpen: false),
        .init(url: "reader://bookx/42", canOpen: false),
        .init(url: "reader://shelf", canOpen: true),
        .init(url: "reader://shelf/extra", canOpen: false),
        .init(url: "other://shelf", canOpen: false),
        .init(url: "reader/shelf", canOpen: false),
        .init(url: "reader://book/%zz", canOpen: false),
        .init(url: "", canOpen: false),
        .init(url: "reader://user/7/posts/3", canOpen: true),
        .init(url: "reader://user/7/posts", canOpen: false),
    ]

    @Test("canOpen answers yes exactly when open finds a route", arguments: canOpenCases)
    func canOpen(_ check: CanOpenCase) throws {
        let router = try Router { routes in
            routes.action("reader://book/:id") { _ in }
            routes.action("reader://shelf") { _ in }
            routes.action("reader://user/<int:id>/posts/<int:post>") { _ in }
        }

        #expect(router.canOpen(check.url) == check.canOpen)
        #expect(router.open(check.url).isHandled == check.canOpen)
    }

    struct GenerationCase: Sendable, CustomTestStringConvertible {
        let pattern: String
        let name: String
        let parameters: [String: String]
        let url: String
        var testDescription: String { "\(name): \(pattern) with \(parameters)" }
    }

    static let generationCases: [GenerationCase] = [
        .init(pattern: "reader://book/<int:id>", name: "book", parameters: ["id": "42"], url: "reader://book/42"),
        .init(pattern: "reader://search/:term", name: "search", parameters: ["term": "war and peace"],
              url: "reader://search/war%20and%20peace"),
        .init(pattern: "reader://tag/:tag", name: "tag", parameters: ["tag": "a/b?c#d%"],
              url: "reader://tag/a%2Fb%3Fc%23d%25"),
        .init(pattern: "reader://plus/:value", name: "plus", parameters: ["value": "a+b=c"], url: "reader://plus/a+b=c"),
        .init(pattern: "reader://files/**path", name: "file", parameters: ["path": "docs/read me.txt"],
              url: "reader://files/docs/read%20me.txt"),
        .init(pattern: "reader://files/**path", name: "file", parameters: ["path": ""], url: "reader://files"),
        .init(pattern: "reader://category/家居/:sort", name: "category", parameters: ["sort": "新"],
              url: "reader://category/%E5%AE%B6%E5%B1%85/%E6%96%B0"),
        .init(pattern: "reader://:module/home", name: "home", parameters: ["module": "shop"], url: "reader://shop/home"),
        .init(pattern: "/settings/:section", name: "settings", parameters: ["section": "privacy"], url: "/settings/privacy"),
        .init(pattern: "reader://user/<uuid:u>", name: "user",
              parameters: ["u": "123e4567-e89b-12d3-a456-426614174000"],
              url: "reader://user/123e4567-e89b-12d3-a456-426614174000"),
    ]

    /// One router holding every route of ``generationCases``; each handler reports its parameters.
    static func generationRouter(_ opened: Shared<[String]>) throws -> Router {
        try Router { routes in
            for pattern in Set(generationCases.map(\.pattern)) {
                let name = generationCases.first { $0.pattern == pattern }!.name
                routes.action(pattern, name: name) { request in
                    opened.append("\(request.route.pattern) \(request.parameters.dictionary.sorted { $0.key < $1.key })")
                }
            }
        }
    }

    @Test("a URL generated by pattern or by route name opens that route with those parameters",
          arguments: generationCases)
    func generation(_ check: GenerationCase) throws {
        let opened = Shared<[String]>([])
        let router = try Self.generationRouter(opened)

        let byPattern = try router.url(for: check.pattern, parameters: check.parameters)
        let byName = try router.url(for: check.name, parameters: check.parameters)

        #expect(byPattern == check.url)
        #expect(byName == check.url)
        #expect(router.open(byName).outcome == .handled(check.pattern))
        #expect(opened.current == ["\(check.pattern) \(check.parameters.sorted { $0.key < $1.key })"])
    }

    struct GenerationErrorCase: Sendable, CustomTestStringConvertible {
        let route: String
        let parameters: [String: String]
        let error: GenerationError
        var testDescription: String { "\(route) with \(parameters): \(error)" }
    }

    static let generationErrorCases: [GenerationErrorCase] = [
        .init(route: "book", parameters: [:], error: .missingParameter("id", pattern: "reader://book/<int:id>")),
        .init(route: "reader://book/<int:id>", parameters: ["slug": "x"],
              error: .missingParameter("id", pattern: "reader://book/<int:id>")),
        .init(route: "search", parameters: ["term": ""], error: .emptyValue("term", pattern: "reader://search/:term")),
        .init(route: "nothing", parameters: [:], error: .unknownRoute("nothing")),
        .init(route: "reader://book/:id", parameters: ["id": "1"], error: .unknownRoute("reader://book/:id")),
        .init(route: "any", parameters: [:], error: .anonymousWildcard(column: 14, pattern: "reader://any/*/x")),
    ]

    @Test("generation names what is missing, empty or unknown", arguments: generationErrorCases)
    func generationErrors(_ check: GenerationErrorCase) throws {
        let router = try Router { routes in
            routes.action("reader://book/<int:id>", name: "book") { _ in }
            routes.action("reader://search/:term", name: "search") { _ in }
            routes.action("reader://any/*/x", name: "any") { _ in }
        }

        #expect(throws: check.error) { try router.url(for: check.route, parameters: check.parameters) }
    }

    @Test("a value its converter rejects is not generated")
    func generationRejectsValues() throws {
        let router = try Router { routes in
            routes.action("reader://book/<int:id>", name: "book") { _ in }
        }

        let error = #expect(throws: GenerationError.self) { try router.url(for: "book", parameters: ["id": "forty-two"]) }

        #expect(error?.parameterName == "id")
        #expect(error?.description.contains("forty-two") == true)
    }

    struct FallbackCase: Sendable, CustomTestStringConvertible {
        let url: String
        let outcome: Outcome
        var testDescription: String { "\(url) → \(outcome)" }
    }

    static let fallbackCases: [FallbackCase] = [
        .init(url: "reader://book/1", outcome: .handled("reader://book/:id")),
        .init(url: "reader://book", outcome: .handled("reader://**")),
        .init(url: "reader://book/1/reviews", outcome: .handled("reader://**")),
        .init(url: "reader://", outcome: .handled("reader://**")),
        .init(url: "reader://anything/at/all?x=1", outcome: .handled("reader://**")),
        .init(url: "reader://shop/detail", outcome: .handled("reader://~/detail")),
        .init(url: "reader://shop/detail/1", outcome: .handled("reader://**")),
        .init(url: "other://book/1", outcome: .unmatched),
        .init(url: "/book/1", outcome: .unmatched),
    ]

    @Test("a wildcard fallback catches what nothing more specific takes", arguments: fallbackCases)
    func wildcardFallback(_ check: FallbackCase) throws {
        let router = try Router { routes in
            routes.action("reader://**") { _ in }
            routes.action("reader://~/detail") { _ in }   // MGJRouter's `~`: any one segment
            routes.action("reader://book/:id") { _ in }
        }

        #expect(router.open(check.url).outcome == check.outcome)
        #expect(router.canOpen(check.url) == (check.outcome != .unmatched))
    }
}
