import Testing
import URLRouter

/// Changing the table after start-up, and the targets modules create lazily.
@Suite("After start-up")
struct LateRegistrationTests {
    @Test("a module registered after start-up opens at once")
    func registerModule() throws {
        let router = try Router(modules: [Bookshelf.self])

        try router.register(ISBNModule.self)

        #expect(router.open("reader://book/isbn/9780140449136").outcome == .handled("reader://book/isbn/<isbn:code>"))
        #expect(router.open("reader://shelf").outcome == .handled("reader://shelf"))
        #expect(router.routes.map(\.module) == ["Bookshelf", "Bookshelf", "ISBNModule"])
    }

    @Test("deregistering a pattern removes exactly that route; the module's other routes stay")
    func deregisterPattern() throws {
        let router = try Router(modules: [Bookshelf.self])

        #expect(!router.deregister(pattern: "READER://shelf"), "patterns are compared as written")
        #expect(!router.deregister(pattern: "reader://nothing"))
        #expect(router.deregister(pattern: "reader://shelf"))

        #expect(router.open("reader://shelf").outcome == .unmatched)
        #expect(router.open("reader://shelf/3").outcome == .handled("reader://shelf/<int:row>"))
        #expect(router.routes.map(\.pattern) == ["reader://shelf/<int:row>"])
        #expect(throws: GenerationError.unknownRoute("shelf")) { try router.url(for: "shelf") }
        // The name is free again.
        try router.register(moduleNamed: "NewShelf") { routes in routes.action("reader://shelves", name: "shelf") { _ in } }
        #expect(try router.url(for: "shelf") == "reader://shelves")
    }

    @Test("deregistering a module removes all of its routes and only them")
    func deregisterModule() throws {
        let router = try Router(modules: [Bookshelf.self, ISBNModule.self]) { routes in
            routes.action("reader://settings") { _ in }
        }

        #expect(router.deregister(Bookshelf.self) == 2)

        #expect(router.open("reader://shelf").outcome == .unmatched)
        #expect(router.open("reader://shelf/1").outcome == .unmatched)
        #expect(router.canOpen("reader://book/isbn/9780140449136"))
        #expect(router.canOpen("reader://settings"))
        #expect(router.deregister(Bookshelf.self) == 0, "already gone")
        #expect(router.deregister(moduleNamed: Router.inlineModuleName) == 1)
        #expect(!router.canOpen("reader://settings"))
        // A deregistered module can come back.
        try router.register(Bookshelf.self)
        #expect(router.open("reader://shelf").outcome == .handled("reader://shelf"))
    }

    @Test("a module that declares a converter can leave and come back; other modules keep using the converter")
    func converterOutlivesItsModule() throws {
        let router = try Router(modules: [ISBNModule.self])

        #expect(router.deregister(ISBNModule.self) == 1)
        try router.register(moduleNamed: "Shop") { routes in routes.action("reader://shop/<isbn:code>") { _ in } }
        try router.register(ISBNModule.self)

        #expect(router.open("reader://shop/9780140449136").outcome == .handled("reader://shop/<isbn:code>"))
        #expect(router.open("reader://book/isbn/9780140449136").outcome == .handled("reader://book/isbn/<isbn:code>"))
        #expect(router.open("reader://shop/42").outcome == .unmatched)
    }

    @Test("removeAll removes every route, module and converter")
    func removeAll() throws {
        let router = try Router(modules: [Bookshelf.self, ISBNModule.self]) { routes in
            routes.action("reader://**") { _ in }
        }

        router.removeAll()

        #expect(router.routes.isEmpty)
        #expect(router.open("reader://shelf").outcome == .unmatched)
        #expect(router.open("reader://anything").outcome == .unmatched)
        #expect(throws: GenerationError.self) { try router.url(for: "shelf") }
        let error = #expect(throws: RegistrationError.self) {
            try router.register(moduleNamed: "UsesISBN") { routes in routes.action("reader://x/<isbn:code>") { _ in } }
        }
        #expect(error?.problems.first?.patternError != nil, "the converter is gone too")
        try router.register(Bookshelf.self)
        #expect(router.canOpen("reader://shelf"))
    }

    @Test("a target is created on first use, then cached; an uncached one is created each time")
    func lazyTargets() throws {
        let made = Shared(0)
        var cached: LazyTarget<Catalog>?
        var uncached: LazyTarget<Catalog>?
        let router = try Router { routes in
            let catalog = routes.target { Catalog(serial: made.increment()) }
            let scratch = routes.target(cached: false) { Catalog(serial: made.increment()) }
            routes.object("reader://catalog") { _ in catalog.instance }
            routes.object("reader://scratch") { _ in scratch.instance }
            (cached, uncached) = (catalog, scratch)
        }
        let catalog = try #require(cached)
        let scratch = try #require(uncached)

        #expect(made.current == 0, "nothing is created at registration")
        #expect(!catalog.isCreated)
        let first = router.object(for: "reader://catalog", as: Catalog.self)
        let second = router.object(for: "reader://catalog", as: Catalog.self)
        #expect(first?.serial == 1)
        #expect(first === second)
        #expect(catalog.isCreated)
        #expect(router.object(for: "reader://scratch", as: Catalog.self)?.serial == 2)
        #expect(router.object(for: "reader://scratch", as: Catalog.self)?.serial == 3)
        #expect(!scratch.isCreated)

        router.releaseAllCachedTargets()

        #expect(!catalog.isCreated)
        #expect(router.object(for: "reader://catalog", as: Catalog.self)?.serial == 4)
    }

    @Test("releasing a module's targets, or deregistering it, drops only its cached targets")
    func releaseTargets() throws {
        let router = try Router(modules: [Library.self, Store.self])
        let library = try #require(Library.catalog.current)
        let store = try #require(Store.catalog.current)
        #expect(router.object(for: "reader://library/catalog", as: Catalog.self)?.serial == 1)
        #expect(router.object(for: "reader://store/catalog", as: Catalog.self)?.serial == 1)

        router.releaseCachedTargets(of: Library.self)

        #expect(!library.isCreated)
        #expect(store.isCreated)
        #expect(router.object(for: "reader://library/catalog", as: Catalog.self)?.serial == 2)
        #expect(router.object(for: "reader://store/catalog", as: Catalog.self)?.serial == 1)

        router.releaseAllCachedTargets()

        #expect(!library.isCreated && !store.isCreated)
        #expect(router.object(for: "reader://library/catalog", as: Catalog.self)?.serial == 3)
        #expect(router.object(for: "reader://store/catalog", as: Catalog.self)?.serial == 2)

        #expect(router.deregister(Library.self) == 1)

        #expect(!library.isCreated, "deregistering releases the module's targets")
        #expect(store.isCreated)
    }
}

/// A target: a class, so that tests can tell instances apart.
final class Catalog: Sendable {
    let serial: Int
    init(serial: Int) { self.serial = serial }
}

/// A module with a cached target; only ``LateRegistrationTests/releaseTargets()`` uses it.
enum Library: RouteModule {
    static let made = Shared(0)
    static let catalog = Shared<LazyTarget<Catalog>?>(nil)
    static func registerRoutes(in routes: inout RouteRegistrar) {
        let target = routes.target { Catalog(serial: made.increment()) }
        catalog.withLock { $0 = target }
        routes.object("reader://library/catalog") { _ in target.instance }
    }
}

/// Another module with a cached target; only ``LateRegistrationTests/releaseTargets()`` uses it.
enum Store: RouteModule {
    static let made = Shared(0)
    static let catalog = Shared<LazyTarget<Catalog>?>(nil)
    static func registerRoutes(in routes: inout RouteRegistrar) {
        let target = routes.target { Catalog(serial: made.increment()) }
        catalog.withLock { $0 = target }
        routes.object("reader://store/catalog") { _ in target.instance }
    }
}

/// A module registered after start-up extends the published table instead of building it
/// anew: it must be checked and matched exactly as if it had been listed at start-up.
@Suite("A module registered after start-up against the same modules at start-up")
struct LateModuleTests {
    enum Late: RouteModule {
        static var moduleName: String { "Late" }
        static func registerRoutes(in routes: inout RouteRegistrar) {
            routes.action("reader://shelf/:name") { _ in }
            routes.action("reader://shelf/**rest", name: "rest", exposure: .external) { _ in }
            routes.action("reader://book/<int:id>", name: "book", exposure: .external) { _ in }
            routes.redirect("reader://b/:id", to: "reader://book/:id")
        }
    }

    enum Clashing: RouteModule {
        static var moduleName: String { "Clashing" }
        static func registerRoutes(in routes: inout RouteRegistrar) {
            routes.action("reader://shelf/<int:n>") { _ in }
            routes.action("reader://shelves", name: "shelf") { _ in }
            routes.action("reader://twice", name: "twice") { _ in }
            routes.action("reader://twice/again", name: "twice") { _ in }
            routes.action("reader://late/:") { _ in }
            routes.redirect("reader://old/:id", to: "reader://late/:other")
        }
    }

    @Test("opens from either source, the route list, the tree and names are those of the router built at once")
    func sameOpens() throws {
        let late = try Router(modules: [Bookshelf.self])
        try late.register(Late.self)
        // Internal routes only: the external table stays as it was.
        try late.register(moduleNamed: Router.inlineModuleName) { routes in routes.action("reader://inner") { _ in } }
        let atOnce = try Router(modules: [Bookshelf.self, Late.self]) { routes in routes.action("reader://inner") { _ in } }

        for url in ["reader://shelf", "reader://shelf/3", "reader://shelf/top", "reader://shelf/a/b",
                    "reader://book/7", "reader://book/x", "reader://b/9", "reader://inner"] {
            for source in [OpenSource.app, .external] {
                #expect(late.open(url, source: source).outcome == atOnce.open(url, source: source).outcome,
                        "\(url) from \(source)")
            }
        }
        #expect(late.routes == atOnce.routes)
        #expect(late.description == atOnce.description)
        #expect(try late.url(for: "book", parameters: ["id": "7"]) == "reader://book/7")
        #expect(try late.url(for: "shelf") == "reader://shelf")
    }

    @Test("every problem is reported as at start-up, each with its module, and the router is then unchanged")
    func sameProblems() throws {
        let router = try Router(modules: [Bookshelf.self])
        let late = try #require(throws: RegistrationError.self) { try router.register(Clashing.self) }
        let atOnce = try #require(throws: RegistrationError.self) { try Router(modules: [Bookshelf.self, Clashing.self]) }

        #expect(late.problems == atOnce.problems)
        #expect(late.problems.count == 5, "a conflict, two duplicate names, an invalid pattern, an invalid redirect")
        #expect(late.description.contains("Bookshelf") && late.description.contains("Clashing"))
        #expect(router.routes.map(\.pattern) == ["reader://shelf", "reader://shelf/<int:row>"])
        #expect(router.open("reader://shelves").outcome == .unmatched)
        // Nothing of the refused module stays behind: a fixed version registers.
        try router.register(Late.self)
        #expect(router.routes.count == 5)
    }

    @Test("a late module that declares a converter is registered by building the table anew")
    func lateConverter() throws {
        let router = try Router(modules: [Bookshelf.self])
        try router.register(ISBNModule.self)
        try router.register(Late.self)
        #expect(router.open("reader://book/isbn/9780140449136").outcome == .handled("reader://book/isbn/<isbn:code>"))
        #expect(router.open("reader://book/7").outcome == .handled("reader://book/<int:id>"))
        #expect(router.routes.map(\.module) == ["Bookshelf", "Bookshelf", "ISBNModule", "Late", "Late", "Late"])
    }
}
