import Testing
import URLRouter

/// A shelf screen whose name is a path segment: an empty name cannot be written as a URL.
struct ShelfNameRoute: TypedRoute {
    static let pattern = "reader://shelf/:name"
    var name: String
}

/// One spelling per verb: a string and a typed route go through the same entry point, and a
/// typed value that cannot be written is refused by each verb before anything runs.
@Suite("Entry points: one spelling per verb")
struct EntryPointTests {
    static func router(_ log: Shared<[String]>) throws -> Router {
        try Router(options: Router.Options(origins: [.scheme("reader"), .universalLink(host: "reader.example.com")])) { routes in
            routes.object(ShelfNameRoute.self, exposure: .external) { shelf, _ in
                log.append("shelf \(shelf.name)")
                return "shelf \(shelf.name)"
            }
            routes.intercept("reader://shelf/:name", name: "audit") { _ in .proceed }
            routes.action("reader://**rest") { request in log.append("fallback \(request.parameters["rest"] ?? "")") }
        }
    }

    @Test("a string and a typed value reach the same route through each verb")
    func sameRoute() async throws {
        let log = Shared<[String]>([])
        let router = try Self.router(log)
        let typed = ShelfNameRoute(name: "favourites")
        let url = "reader://shelf/favourites"

        #expect(router.open(url).route == router.open(typed).route)
        #expect(await router.openAndWait(url) == router.open(typed))
        #expect(await router.open(typed, expecting: String.self).value == "shelf favourites")
        #expect(router.object(for: url, as: String.self) == router.object(for: typed, as: String.self))
        #expect(try router.requireObject(for: typed, as: String.self) == "shelf favourites")
        #expect(router.canOpen(url) && router.canOpen(typed) && router.canOpen(typed, excludingCatchAll: true))
        #expect(router.resolve(url).route?.route == router.resolve(typed).route?.route)
        #expect(router.previewInterceptors(for: typed).map(\.name) == ["audit"])
        #expect(try router.universalLink(for: typed) == "https://reader.example.com/shelf/favourites")
        // Every verb that runs the handler ran the typed route, never the fallback.
        #expect(!log.current.isEmpty && log.current.allSatisfy { $0 == "shelf favourites" }, "\(log.current)")
    }

    @Test("a typed value that cannot be written is refused by every verb, and nothing runs")
    func unwritable() async throws {
        let log = Shared<[String]>([])
        let router = try Self.router(log)
        let empty = ShelfNameRoute(name: "")

        #expect(router.open(empty).outcome == .refused)
        #expect(await router.openAndWait(empty).outcome == .refused)
        #expect(await router.open(empty, expecting: String.self).value == nil)
        #expect(router.object(for: empty, as: String.self) == nil)
        #expect(throws: ObjectError.self) { try router.requireObject(for: empty, as: String.self) }
        #expect(!router.canOpen(empty))
        guard case .refused(let refusal) = router.resolve(empty) else {
            Issue.record("an unwritable value resolves to a refusal")
            return
        }
        #expect(refusal.typedRouteError != nil)
        #expect(router.previewInterceptors(for: empty).isEmpty)
        #expect(throws: UniversalLinkError.self) { try router.universalLink(for: empty) }
        #expect(log.current.isEmpty, "no handler ran")
    }

    @Test("asked for Any, an object comes back as itself, not wrapped in an optional")
    func anyObject() throws {
        let router = try Self.router(Shared([]))
        let object = try #require(router.object(for: "reader://shelf/a", as: Any.self))
        #expect(object is String)
        #expect(object as? String == "shelf a")
    }

    @Test("path and query values read as String")
    func stringValues() throws {
        let seen = Shared<[String]>([])
        let router = try Router { routes in
            routes.action("reader://book/:id") { request in
                let id: String? = request.parameters["id"]
                let from: String? = request.query["from"]
                let all: [String] = request.query.values(named: "tag")
                seen.append("\(id ?? "-") \(from ?? "-") \(all)")
            }
        }
        router.open("reader://book/42?from=shelf&tag=a&tag=b")
        #expect(seen.current == [#"42 shelf ["a", "b"]"#])
    }

    @Test("an open waiting for an interceptor says so, and hands out the open to await")
    func intercepting() async throws {
        let router = try Router { routes in
            routes.asyncIntercept("reader://gate") { _ in .proceed }
            routes.action("reader://gate") { _ in }
        }
        let result = router.open("reader://gate")
        #expect(result.description.hasPrefix("waiting for "), "\(result)")
        let running = try #require(result.pendingOpen)
        #expect(await running.result.outcome == .handled("reader://gate"))
        #expect(router.open("reader://gate").route == nil)
        #expect(router.open("reader://nowhere").pendingOpen == nil)
    }

    @Test("on the main actor, asynchronous code reads a main-actor object without await")
    @MainActor
    func mainActorObjectFromAsyncCode() async throws {
        let router = try Router { routes in
            routes.mainActorObject("reader://screen") { _ in "screen" }
        }
        await Task.yield()
        // No `await`: there is one `object(for:as:)`, and it answers here at once.
        let screen = router.object(for: "reader://screen", as: String.self)
        #expect(screen == "screen")
    }
}
