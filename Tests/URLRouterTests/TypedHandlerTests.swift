import Testing
import URLRouter

struct UserRoute: TypedRoute {
    static let pattern = "reader://user/:id"
    var id: Int
    var tab: String?
}

struct AgeRoute: TypedRoute {
    static let pattern = "reader://age/:years"
    var years: UInt8
}

struct PickerRoute: TypedRoute {
    static let pattern = "reader://picker/:kind"
    var kind: String
}

/// Stands in for a view controller: not `Sendable`, lives on the main actor.
@MainActor
final class BookScreen {
    let book: BookRoute
    init(_ book: BookRoute) { self.book = book }
}

@Suite("Typed routes: handlers and the typed open, object and canOpen")
struct TypedHandlerTests {
    @Test("a typed action receives the decoded value and the request")
    func action() throws {
        let seen = Shared<[BookRoute]>([])
        let router = try Router { routes in
            routes.action(BookRoute.self, exposure: .external) { book, request in
                #expect(request.userInfo["k"] as? Int == 1)
                seen.withLock { $0.append(book) }
            }
        }
        #expect(router.open(BookRoute(id: 42, from: "shelf"), userInfo: ["k": 1]).isHandled)
        #expect(router.open("reader://book/7?from=a%26b", userInfo: ["k": 1], source: .external).isHandled)
        #expect(seen.current == [BookRoute(id: 42, from: "shelf"), BookRoute(id: 7, from: "a&b")])
    }

    @Test("a URL that does not decode declines: the fallback gets it")
    func declinesToFallback() throws {
        let fallback = Shared<[String]>([])
        let router = try Router { routes in
            routes.action(UserRoute.self) { _, _ in Issue.record("ran for an undecodable URL") }
            routes.action("reader://**path") { request in fallback.withLock { $0.append(request.url) } }
        }
        let result = router.open("reader://user/me")
        #expect(result.route?.pattern == "reader://**path")
        #expect(fallback.current == ["reader://user/me"])
    }

    @Test("when nothing else takes it, the open fails naming the key and the text")
    func failsNamingKeyAndText() throws {
        let router = try Router { routes in
            routes.action(UserRoute.self) { _, _ in }
            routes.object(AgeRoute.self) { _, _ in "age" }
        }
        let expected = TypedRouteError.invalidValue("id", text: "me", expected: "Int", in: "UserRoute")
        let result = router.open("reader://user/me")
        #expect(result == .failed(router.routes[0], expected))
        #expect(result.description.contains("'id' = 'me'"))
        // A declined object lookup says why, too.
        #expect(throws: ObjectError.failed(router.routes[1], TypedRouteError.invalidValue(
            "years", text: "300", expected: "UInt8", in: "AgeRoute"))) {
            try router.requireObject(for: "reader://age/300", as: String.self)
        }
        // A plain decline is still a decline.
        let declining = try Router { routes in routes.action(UserRoute.self) { _, _ in throw Decline() } }
        #expect(declining.open(UserRoute(id: 1)) == .declined(declining.routes))
    }

    @Test("await open fails the same way")
    func awaitedFailure() async throws {
        let router = try Router { routes in routes.asyncAction(UserRoute.self) { _, _ in } }
        let expected = TypedRouteError.invalidValue("id", text: "me", expected: "Int", in: "UserRoute")
        #expect(await router.openAndWait("reader://user/me") == .failed(router.routes[0], expected))
    }

    static func objectRouter() throws -> Router {
        try Router { routes in
            routes.object(UserRoute.self) { user, _ in "user \(user.id)" }
            routes.asyncObject(PickerRoute.self) { picker, _ in
                await Task.yield()
                return picker.kind.count
            }
            routes.mainActorObject(BookRoute.self) { book, _ in BookScreen(book) }
        }
    }

    @Test("typed objects: a service, and a screen on the main actor")
    @MainActor
    func objects() throws {
        let router = try Self.objectRouter()
        #expect(router.object(for: UserRoute(id: 3), as: String.self) == "user 3")
        #expect(router.object(for: BookRoute(id: 9, from: "x"), as: BookScreen.self)?.book == BookRoute(id: 9, from: "x"))
        #expect(throws: ObjectError.needsAsync(router.routes[1])) {
            try router.requireObject(for: PickerRoute(kind: "size"), as: Int.self)
        }
    }

    @Test("typed objects, awaited")
    func awaitedObjects() async throws {
        let router = try Self.objectRouter()
        #expect(await router.open(PickerRoute(kind: "color"), expecting: Int.self).value == 5)
        #expect(await router.open(UserRoute(id: 4), expecting: String.self).value == "user 4")
    }

    @Test("typed replies, async and main-actor actions, canOpen and exposure")
    func repliesAndExposure() async throws {
        let router = try Router { routes in
            routes.asyncAction(PickerRoute.self) { picker, request in request.reply("picked \(picker.kind)") }
            routes.mainActorAction(UserRoute.self, exposure: .external) { user, request in request.reply(user.tab ?? "none") }
        }
        #expect(await router.open(PickerRoute(kind: "color"), expecting: String.self) == .value("picked color"))
        #expect(await router.open(UserRoute(id: 1, tab: "likes"), expecting: String.self) == .value("likes"))
        #expect(router.canOpen(PickerRoute(kind: "x")))
        #expect(!router.canOpen(PickerRoute(kind: "x"), source: .external))
        #expect(router.canOpen(UserRoute(id: 1), source: .external))
        #expect(await router.openAndWait(PickerRoute(kind: "x"), source: .external) == .unmatched)
    }

    @Test("a handler forwards a typed value with its request's source")
    func forwarding() throws {
        let sources = Shared<[OpenSource]>([])
        let router = try Router { routes in
            routes.action("reader://go/:id", exposure: .external) { request in
                request.open(UserRoute(id: try request.require("id", as: Int.self)))
            }
            routes.action(UserRoute.self, exposure: .external) { _, request in sources.withLock { $0.append(request.source) } }
            routes.action(BookRoute.self) { _, _ in Issue.record("an internal route reached from outside") }
        }
        #expect(router.open("reader://go/5", source: .external).isHandled)
        #expect(sources.current == [.external])
    }

    @Test("RouteRequest.decode reads any typed route from a request")
    func requestDecode() throws {
        let router = try Router { routes in
            routes.action("reader://user/<int:id>") { request in
                let user = try request.decode(UserRoute.self)
                request.reply(user.id)
            }
        }
        let reply = Shared<Int?>(nil)
        let result = router.open("reader://user/12?tab=x") { value in reply.withLock { $0 = value as? Int } }
        #expect(result.isHandled)
        #expect(reply.current == 12)
    }

    @Test("an interceptor reads the typed value: the matched route's, another type's by its own pattern, or an error")
    func interceptorDecodes() throws {
        let seen = Shared<[String]>([])
        let router = try Router { routes in
            routes.action(BookRoute.self, exposure: .external) { _, _ in }
            routes.action("reader://user/:id") { _ in }
            routes.intercept("reader://**") { request in
                if let book = try? request.decode(BookRoute.self) {
                    seen.withLock { $0.append("book \(book.id) \(book.from ?? "-")") }
                    return book.id == 13 ? .reject("unlucky") : .proceed
                }
                do throws(TypedRouteError) {
                    let user = try request.decode(UserRoute.self)
                    seen.withLock { $0.append("user \(user.id)") }
                } catch {
                    seen.withLock { $0.append("error \(error.key ?? "-")") }
                }
                return .proceed
            }
        }
        #expect(router.open("reader://book/4?from=deep", source: .external).isHandled)
        #expect(router.open("reader://user/9").isHandled)
        #expect(router.open("reader://user/me").isHandled, "the string route takes what UserRoute cannot read")
        guard case .rejected(_, "unlucky") = router.open(BookRoute(id: 13)) else {
            Issue.record("the interceptor did not see the typed value it rejects")
            return
        }
        #expect(seen.current == ["book 4 deep", "user 9", "error id", "book 13 -"])
    }

    @Test("the route map names the type of each typed registration, in text and JSON")
    func routeMapNamesTypes() throws {
        let router = try Router { routes in
            routes.mainActorObject(BookRoute.self, name: "book", exposure: .external) { book, _ in BookScreen(book) }
            routes.action("reader://user/:id") { _ in }
        }
        let map = router.routeMap
        #expect(map.routes.map(\.typedRoute) == ["URLRouterTests.BookRoute", nil])
        #expect(map.text.contains("reader://book/<int:id>  name=book  module=App  handler=mainActorObject  type=URLRouterTests.BookRoute"))
        #expect(!map.text.contains("reader://user/:id  name=-  module=App  handler=action  type="))
        #expect(map.json.contains("\"typedRoute\": \"URLRouterTests.BookRoute\""))
        #expect(map.json.contains("\"typedRoute\": null"))
        #expect(router.resolve("reader://book/3").route?.route.typedRoute == "URLRouterTests.BookRoute")
    }
}
