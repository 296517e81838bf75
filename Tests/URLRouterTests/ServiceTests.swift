import Foundation
import Testing
import URLRouter

// What interface modules declare: a protocol and its key.
protocol BookStore: Sendable { func title(of id: Int) -> String }
protocol HTTPClient: Sendable { var base: String { get } }

extension ServiceKey where Service == any BookStore {
    static let bookStore = ServiceKey("bookStore")
}
extension ServiceKey where Service == any HTTPClient {
    static let http = ServiceKey("http")
}

/// Two modules each declare a protocol named `Store`: their keys never collide.
enum CatalogFeature { protocol Store: Sendable { var owner: String { get } } }
enum CheckoutFeature { protocol Store: Sendable { var owner: String { get } } }

struct LiveHTTP: HTTPClient { let base = "https://books.example" }
struct LiveBookStore: BookStore {
    let http: any HTTPClient
    func title(of id: Int) -> String { "book \(id) from \(http.base)" }
}
struct FakeBookStore: BookStore { func title(of id: Int) -> String { "fake \(id)" } }
struct NamedStore: CatalogFeature.Store, CheckoutFeature.Store { let owner: String }

/// A main-actor service: not `Sendable`.
@MainActor final class Player { var playing: String? }

enum NetworkModule: RouteModule {
    static func registerRoutes(in routes: inout RouteRegistrar) {
        routes.provide(.http, lifetime: .shared) { _ in LiveHTTP() }
    }
}
enum BookStoreModule: RouteModule {
    static func registerRoutes(in routes: inout RouteRegistrar) {
        routes.provide(.bookStore, lifetime: .shared) { services in LiveBookStore(http: try services.get(.http)) }
    }
}
enum CheckoutModule: RouteModule {
    static func registerRoutes(in routes: inout RouteRegistrar) {
        routes.require(.bookStore)
    }
}

@Suite("Services by protocol")
struct ServiceTests {
    @Test("a provider reads the services it needs; a caller gets the service typed by its key")
    func resolves() throws {
        let router = try Router(modules: [NetworkModule.self, BookStoreModule.self, CheckoutModule.self])
        let store = try router.service(.bookStore)
        #expect(store.title(of: 42) == "book 42 from https://books.example")
    }

    @Test("registration reports a required key nobody provides, two providers, and an override of nothing, naming keys and modules")
    func registrationProblems() throws {
        let catalog = ServiceKey<any CatalogFeature.Store>("store")
        let error = #expect(throws: RegistrationError.self) {
            try Router(modules: [CheckoutModule.self]) { routes in
                routes.provide(catalog) { _ in NamedStore(owner: "a") }
                routes.override(.http) { _ in LiveHTTP() }
            }
        }
        let problems = try #require(error?.problems)
        #expect(problems.count == 2, "\(problems)")
        let text = problems.map(\.description).sorted()
        #expect(text.contains { $0.hasPrefix("[CheckoutModule] requires the service 'bookStore'") && $0.contains("BookStore") })
        #expect(text.contains { $0.hasPrefix("[App] overrides the service 'http'") && $0.contains("which no registered module provides") })
        #expect(problems.allSatisfy { $0.serviceKey != nil })

        let twice = #expect(throws: RegistrationError.self) {
            try Router(modules: [NetworkModule.self]) { routes in routes.provide(.http) { _ in LiveHTTP() } }
        }
        #expect(twice?.problems.map(\.description) == [
            "[App] provides the service 'http' (URLRouterTests.HTTPClient), which [NetworkModule] provides too",
        ])
    }

    @Test("protocols named alike in two modules are two services")
    func sameNamedProtocols() throws {
        let catalog = ServiceKey<any CatalogFeature.Store>("store")
        let checkout = ServiceKey<any CheckoutFeature.Store>("store")
        let router = try Router { routes in
            routes.provide(catalog) { _ in NamedStore(owner: "catalog") }
            routes.provide(checkout) { _ in NamedStore(owner: "checkout") }
        }
        #expect(try router.service(catalog).owner == "catalog")
        #expect(try router.service(checkout).owner == "checkout")
        #expect(throws: ServiceError.noProvider("other")) { try router.service(ServiceKey<any CatalogFeature.Store>("other")) }
    }

    @Test("providers that ask for each other end in a cycle naming it, without overflowing the stack")
    func cycle() throws {
        let a = ServiceKey<any HTTPClient>("a")
        let b = ServiceKey<any HTTPClient>("b")
        let router = try Router { routes in
            routes.provide(a) { services in try services.get(b) }
            routes.provide(b, lifetime: .perCall) { services in try services.get(a) }
        }
        #expect(throws: ServiceError.cycle(["a", "b", "a"])) { try router.service(a) }
        #expect(throws: ServiceError.cycle(["b", "a", "b"])) { try router.service(b) }
        // The failed shared build left nothing behind: a fixed graph builds later.
        let error = try #require(#expect(throws: ServiceError.self) { try router.service(a) })
        #expect(error.description.hasPrefix("a service cycle: 'a' → 'b' → 'a'"))
    }

    /// Two lifetimes for the providers of `a` and `b`.
    struct Lifetimes: Sendable, CustomStringConvertible {
        let a: ServiceLifetime
        let b: ServiceLifetime
        var description: String { "a \(a), b \(b)" }
    }

    /// Through `router.service` each provider used to start a new chain: perCall providers
    /// recursed until the stack overflowed, shared ones named only `'a'` (hostile probe 4, F8, F16).
    @Test("providers that ask for each other through router.service end in a cycle naming the whole chain",
          arguments: [Lifetimes(a: .perCall, b: .perCall), Lifetimes(a: .shared, b: .perCall),
                      Lifetimes(a: .perCall, b: .shared), Lifetimes(a: .shared, b: .shared)])
    func cycleThroughTheRouter(lifetimes: Lifetimes) throws {
        let a = ServiceKey<any HTTPClient>("a")
        let b = ServiceKey<any HTTPClient>("b")
        let reference = RouterReference()
        let asks = Shared(0)
        /// Ends a recursion the router misses, so that the test fails instead of the stack.
        struct Runaway: Error {}
        @Sendable func ask(_ key: ServiceKey<any HTTPClient>) throws -> any HTTPClient {
            guard asks.increment() < 200 else { throw Runaway() }
            return try reference.router!.service(key)
        }
        let router = try Router { routes in
            routes.provide(a, lifetime: lifetimes.a) { _ in try ask(b) }
            routes.provide(b, lifetime: lifetimes.b) { _ in try ask(a) }
        }
        reference.router = router
        #expect(throws: ServiceError.cycle(["a", "b", "a"])) { try router.service(a) }
        #expect(throws: ServiceError.cycle(["b", "a", "b"])) { try router.service(b) }
        // Asked from inside a provider, through the router or its `services`, the chain is the same.
        let c = ServiceKey<any HTTPClient>("c")
        let mixed = try Router { routes in
            routes.provide(a, lifetime: lifetimes.a) { services in try services.get(b) }
            routes.provide(b, lifetime: lifetimes.b) { _ in try ask(c) }
            routes.provide(c, lifetime: .perCall) { services in try services.get(a) }
        }
        reference.router = mixed
        #expect(throws: ServiceError.cycle(["a", "b", "c", "a"])) { try mixed.service(a) }
    }

    @Test("a task a provider starts asks for services afresh once the provider has returned",
          arguments: [ServiceLifetime.shared, .perCall])
    func taskStartedByProvider(lifetime: ServiceLifetime) async throws {
        let reference = RouterReference()
        let returned = Shared(false)
        let later = Shared<Task<String, Never>?>(nil)
        let router = try Router { routes in
            routes.provide(.http, lifetime: lifetime) { _ in
                // Inherits the provider's task-local values; runs after the provider returned.
                let task = Task {
                    for _ in 0..<5_000 where !returned.current { try? await Task.sleep(nanoseconds: 1_000_000) }
                    do { return try reference.router?.service(.http).base ?? "no router" } catch { return "\(error)" }
                }
                later.withLock { $0 = $0 ?? task }
                return LiveHTTP()
            }
        }
        reference.router = router
        _ = try router.service(.http)
        returned.withLock { $0 = true }
        let task = try #require(later.current)
        #expect(await task.value == "https://books.example")
    }

    @Test("8 threads racing the first use of a shared service build it once")
    func sharedBuiltOnce() throws {
        let builds = Shared(0)
        let router = try Router { routes in
            routes.provide(.http, lifetime: .shared) { _ in
                builds.increment()
                Thread.sleep(forTimeInterval: 0.05)
                return LiveHTTP()
            }
        }
        let results = Shared<[String]>([])
        let group = DispatchGroup()
        for _ in 0..<8 {
            group.enter()
            Thread {
                let base = (try? router.service(.http).base) ?? "error"
                results.append(base)
                group.leave()
            }.start()
        }
        #expect(group.wait(timeout: .now() + 10) == .success)
        #expect(builds.current == 1)
        #expect(results.current == Array(repeating: "https://books.example", count: 8))
    }

    @Test("a perCall service is built for every call; a provider that throws says which key")
    func perCallAndFailure() throws {
        struct Offline: Error, Equatable {}
        let builds = Shared(0)
        let failing = ServiceKey<any HTTPClient>("failing")
        let router = try Router { routes in
            routes.provide(.http, lifetime: .perCall) { _ in builds.increment(); return LiveHTTP() }
            routes.provide(failing) { _ in throw Offline() }
        }
        _ = try router.service(.http)
        _ = try router.service(.http)
        #expect(builds.current == 2)
        #expect(throws: ServiceError.providerFailed("failing", Offline())) { try router.service(failing) }
    }

    @Test("a test override replaces the provider without touching its module")
    func override() throws {
        let router = try Router(modules: [NetworkModule.self, BookStoreModule.self, CheckoutModule.self]) { routes in
            routes.override(.bookStore) { _ in FakeBookStore() }
        }
        #expect(try router.service(.bookStore).title(of: 1) == "fake 1")
    }

    @Test("an override of a service no module provides says to provide it, and provide is that fix")
    func overrideOfNothingSaysProvide() throws {
        // A feature tested alone: CheckoutModule requires the store of a module left out.
        let error = #expect(throws: RegistrationError.self) {
            try Router(modules: [CheckoutModule.self]) { routes in
                routes.override(.bookStore) { _ in FakeBookStore() }
            }
        }
        #expect(error?.problems.map(\.description) == [
            "[App] overrides the service 'bookStore' (URLRouterTests.BookStore), which no registered module provides: "
                + "to stand in for a module this router does not register, `provide` the service instead",
            "[CheckoutModule] requires the service 'bookStore' (URLRouterTests.BookStore), which no registered module provides",
        ])
        let router = try Router(modules: [CheckoutModule.self]) { routes in
            routes.provide(.bookStore) { _ in FakeBookStore() }
        }
        #expect(try router.service(.bookStore).title(of: 1) == "fake 1")
    }

    @Test("a main-actor service is built and given on the main actor, and refused elsewhere")
    func mainActorService() async throws {
        let player = ServiceKey<Player>("player")
        let router = try Router { routes in
            routes.provideOnMainActor(player) { _ in Player() }
        }
        let (same, playing) = await MainActor.run { () -> (Bool, String?) in
            let first = try? router.service(player)
            first?.playing = "chapter 1"
            let second = try? router.service(player)
            return (first != nil && first === second, second?.playing)
        }
        #expect(same)
        #expect(playing == "chapter 1")
        let elsewhere = await Task.detached { () -> ServiceError? in
            do { _ = try router.service(player); return nil } catch { return error as? ServiceError }
        }.value
        #expect(elsewhere == .needsMainActor("player"))
    }

    @Test("the route map lists each service with its type, module, lifetime and who requires it")
    func routeMap() throws {
        let player = ServiceKey<Player>("player")
        let router = try Router(modules: [NetworkModule.self, BookStoreModule.self, CheckoutModule.self]) { routes in
            routes.provideOnMainActor(player, lifetime: .perCall) { _ in Player() }
            routes.require(.http)
        }
        let map = router.routeMap
        #expect(map.services.map(\.key) == ["bookStore", "http", "player"])
        #expect(map.services.map(\.requiredBy) == [["CheckoutModule"], ["App"], []])
        #expect(map.text.split(separator: "\n").filter { $0.hasPrefix("service") } == [
            "service  bookStore  type=URLRouterTests.BookStore  module=BookStoreModule  lifetime=shared  requiredBy=CheckoutModule",
            "service  http  type=URLRouterTests.HTTPClient  module=NetworkModule  lifetime=shared  requiredBy=App",
            "service  player  type=URLRouterTests.Player  module=App  lifetime=perCall  mainActor  requiredBy=-",
        ])
        #expect(map.json.contains(#""services": [\#n    {"key": "bookStore", "lifetime": "shared", "mainActor": false, "module": "BookStoreModule", "requiredBy": ["CheckoutModule"], "type": "URLRouterTests.BookStore"}"#))
        // A map without the provider's module shows the service gone: what a CI diff catches.
        let without = try Router(modules: [NetworkModule.self])
        #expect(without.routeMap.services.map(\.key) == ["http"])
    }

    @Test("deregistering a provider removes its service; a later registration names the requirement it leaves unmet")
    func deregistering() throws {
        let router = try Router(modules: [NetworkModule.self, BookStoreModule.self, CheckoutModule.self])
        #expect(router.deregister(moduleNamed: "BookStoreModule") == 0, "the module has no routes")
        #expect(throws: ServiceError.noProvider("bookStore")) { try router.service(.bookStore) }
        #expect(router.routeMap.services.map(\.key) == ["http"])
        let error = #expect(throws: RegistrationError.self) {
            try router.register(moduleNamed: "Late") { routes in routes.action("reader://late") { _ in } }
        }
        #expect(error?.problems.map(\.description) == [
            "[CheckoutModule] requires the service 'bookStore' (URLRouterTests.BookStore), which no registered module provides",
        ])
        try router.register(BookStoreModule.self)
        #expect(try router.service(.bookStore).title(of: 1) == "book 1 from https://books.example")
    }
}
