// Compiled in the Swift 5 language mode, as most app targets still are: main-actor objects,
// awaited replies, typed lookups and the matcher, used the way such a target uses them.
import Foundation
import PatternMatcher
import Testing
import URLRouter
import URLRouterTesting

@MainActor
final class ProductScreen {   // stands in for a UIViewController: not Sendable
    let id: Int
    init(id: Int) { self.id = id }
}

enum ProductModule: RouteModule {
    static func registerRoutes(in routes: inout RouteRegistrar) {
        routes.mainActorObject("shop://product/<int:id>", name: "product", exposure: .external) { request in
            ProductScreen(id: try request.require("id", as: Int.self))
        }
        routes.mainActorAction("shop://picker/color") { request in
            request.reply("teal")
        }
        routes.asyncAction("shop://picker/size") { request in
            request.reply("M")
        }
        routes.object("shop://service/cart") { _ in 3 }
    }
}

@Suite("A Swift 5 language-mode client")
struct Swift5ClientTests {
    @Test("a main-actor object comes back at once on the main actor")
    @MainActor
    func mainActorObject() throws {
        let router = try Router(modules: [ProductModule.self])
        let screen = router.object(for: "shop://product/42", as: ProductScreen.self)
        #expect(screen?.id == 42)
        let again = try router.requireObject(for: "shop://product/7", as: ProductScreen.self)
        #expect(again.id == 7)
    }

    @Test("replies are awaited with expecting:")
    func replies() async throws {
        let router = try Router(modules: [ProductModule.self])
        #expect(await router.open("shop://picker/color", expecting: String.self) == .value("teal"))
        #expect(await router.open("shop://picker/size", expecting: String.self).value == "M")
        #expect(await router.open("shop://nowhere", expecting: String.self) == .notHandled(.unmatched))
    }

    @Test("services, generation, deep links and the matcher")
    func theRest() async throws {
        let router = try Router(modules: [ProductModule.self])
        #expect(router.object(for: "shop://service/cart", as: Int.self) == 3)
        #expect(await router.open("shop://service/cart", expecting: Int.self).value == 3)
        #expect(try router.url(for: "product", parameters: ["id": "9", "from": "a&b"]) == "shop://product/9?from=a%26b")
        let deepLink: OpenResult = await router.openAndWait("shop://product/1", source: .external)
        #expect(deepLink.route?.pattern == "shop://product/<int:id>")

        var builder = RouteTableBuilder<String>()
        builder.add("shop://product/<int:id>", value: "product")
        let table = try builder.build()
        #expect(table.match("shop://product/7").match?.value == "product")
    }
}

// The typed shape, as an interface module declares it and a Swift 5 client uses it.
public struct ProductRoute: TypedRoute {
    public static let pattern = "shop://item/<int:id>"
    public var id: Int
    public var from: String?
    public init(id: Int, from: String? = nil) {
        self.id = id
        self.from = from
    }
}

/// Observed items as an array, which the Swift 5 mode infers as the requirement's type too.
public struct CampaignRoute: TypedRoute {
    public static let pattern = "shop://campaign/<int:id>"
    public static var observedQueryItems: [String] { ["from"] }
    public var id: Int
    public var from: String?
    public var token: String?
}

public struct ColorPickerRoute: TypedRoute {
    public static let pattern = "shop://pick/color"
    public init() {}
}

enum TypedProductModule: RouteModule {
    static func registerRoutes(in routes: inout RouteRegistrar) {
        routes.mainActorObject(ProductRoute.self, exposure: .external) { product, _ in ProductScreen(id: product.id) }
        routes.mainActorAction(ColorPickerRoute.self) { _, request in request.reply("teal") }
    }
}

@Suite("A Swift 5 language-mode client of typed routes")
struct Swift5TypedClientTests {
    @Test("a typed main-actor object comes back at once on the main actor")
    @MainActor
    func typedObject() throws {
        let router = try Router(modules: [TypedProductModule.self])
        #expect(router.object(for: ProductRoute(id: 42, from: "mail"), as: ProductScreen.self)?.id == 42)
        #expect(router.canOpen(ProductRoute(id: 1)))
    }

    @Test("a typed reply, url() and parsing")
    func typed() async throws {
        let router = try Router(modules: [TypedProductModule.self])
        #expect(await router.open(ColorPickerRoute(), expecting: String.self) == .value("teal"))
        #expect(try ProductRoute(id: 5, from: "a b").url() == "shop://item/5?from=a%20b")
        #expect(try ProductRoute(parsing: "shop://item/5?from=x") == ProductRoute(id: 5, from: "x"))
    }

    @Test("observed query items declared as an array are seen")
    func observedArray() throws {
        let seen = Locked5<[String]>([])
        let router = try Router(options: .init(observer: { event in seen.mutate { $0.append(event.url) } })) { routes in
            routes.action(CampaignRoute.self) { _, _ in }
        }
        router.open("shop://campaign/3?from=mail&token=x")
        #expect(seen.value == ["shop://campaign/3?from=mail&token=•"])
    }
}

// Services by protocol, declared and used as a Swift 5 app target does.
protocol Wallet: Sendable { var balance: Int { get } }
struct LiveWallet: Wallet { let balance = 40 }
extension ServiceKey where Service == any Wallet {
    static let wallet = ServiceKey("wallet")
}
@MainActor final class Player5 { var track = "none" }
extension ServiceKey where Service == Player5 {
    static let player = ServiceKey("player")
}

enum WalletModule: RouteModule {
    static func registerRoutes(in routes: inout RouteRegistrar) {
        routes.provide(.wallet, lifetime: .shared) { _ in LiveWallet() }
        routes.provideOnMainActor(.player, lifetime: .shared) { _ in Player5() }
    }
}

enum PayModule: RouteModule {
    static func registerRoutes(in routes: inout RouteRegistrar) {
        routes.require(.wallet)
    }
}

@Suite("Services from a Swift 5 client")
struct Swift5ServiceTests {
    @Test("provide, require, override and resolve by key")
    func services() throws {
        let router = try Router(modules: [WalletModule.self, PayModule.self])
        #expect(try router.service(.wallet).balance == 40)
        let faked = try Router(modules: [WalletModule.self, PayModule.self]) { routes in
            routes.override(.wallet) { _ in LiveWallet() }
        }
        #expect(try faked.service(.wallet).balance == 40)
        #expect(throws: RegistrationError.self) { try Router(modules: [PayModule.self]) }
    }

    @Test("a main-actor service on the main actor")
    @MainActor func mainActorService() throws {
        let router = try Router(modules: [WalletModule.self])
        try router.service(.player).track = "intro"
        #expect(try router.service(.player).track == "intro")
    }
}

@Suite("Origins from a Swift 5 client")
struct Swift5OriginTests {
    @Test("a universal link reaches the custom-scheme route, and its https form is written")
    func origins() throws {
        let router = try Router(options: .init(origins: [.scheme("shop"), .universalLink(host: "shop.example.com")])) { routes in
            routes.action("shop://item/<int:id>", name: "item", exposure: .external) { request in
                request.reply(request.origin?.host ?? "scheme")
            }
        }
        #expect(router.open("https://shop.example.com/item/3", source: .external).isHandled)
        #expect(try router.universalLink(for: "shop://item/3") == "https://shop.example.com/item/3")
        let file = router.routeMap.appleAppSiteAssociation(appIDs: ["ABCDE12345.com.example.shop"])
        let report = try AssociationCheck(router: router, json: file, host: "shop.example.com", appIDs: ["ABCDE12345.com.example.shop"])
        #expect(report.isClean && report.unclaimed.isEmpty && report.deadClaims.isEmpty)
    }
}

// The navigation shape, declared as a Swift 5 app target declares it.
struct Shelf5Route: TypedRoute, RootRoute { static let pattern = "shop://shelf" }
struct Item5Route: TypedRoute {
    static let pattern = "shop://item/<int:id>"
    var id: Int
    var parent: (any TypedRoute)? { Shelf5Route() }
}
/// A sheet above an item, as a Swift 5 target declares it.
struct Review5Route: TypedRoute {
    static let pattern = "shop://item/<int:id>/review"
    static var presentation: Presentation { .sheet }
    var id: Int
    var parent: (any TypedRoute)? { Item5Route(id: id) }
}
@MainActor final class Array5Navigator: Navigator {
    var path: [AnyRoute] = []
    var tab: AnyRoute?
    var sheets: [ModalLayer] = []
    var current: (root: AnyRoute?, stack: [AnyRoute]) { (tab, path) }
    var presented: [ModalLayer] { sheets }
    func show(_ plan: NavigationPlan, steps: NavigationSteps, source: OpenSource) {
        sheets.removeLast(steps.dismiss)
        tab = steps.root ?? tab
        path = Array(path.prefix(steps.keep)) + steps.push
        sheets += steps.present
    }
}

@Suite("Navigation from a Swift 5 client")
struct Swift5NavigationTests {
    @Test("plan, steps, restore and navigate")
    @MainActor func navigation() async throws {
        let navigator = Array5Navigator()
        let router = try Router(options: .init(navigator: navigator)) { routes in
            routes.action(Shelf5Route.self) { _, _ in }
            routes.action(Item5Route.self, exposure: .external) { _, _ in }
        }
        let plan = try router.plan(for: "shop://item/4", source: .external)
        #expect(plan.root == AnyRoute(Shelf5Route()) && plan.stack == [AnyRoute(Item5Route(id: 4))])
        #expect(plan.steps(from: [], root: nil).push == plan.stack)
        #expect(router.restore(plan.urls) == plan)
        _ = try await router.navigate(to: "shop://item/4", source: .external)
        #expect(navigator.path == plan.stack)
    }

    @Test("a sheet, its steps and a placement")
    @MainActor func sheets() async throws {
        let navigator = Array5Navigator()
        let router = try Router(options: .init(navigator: navigator, placement: { source, _ in source == .app ? .push : .replace })) { routes in
            routes.action(Shelf5Route.self) { _, _ in }
            routes.action(Item5Route.self, exposure: .external) { _, _ in }
            routes.action(Review5Route.self, exposure: .external) { _, _ in }
        }
        let plan = try router.plan(for: "shop://item/4/review")
        #expect(plan.modals == [ModalLayer(presentation: .sheet, stack: [AnyRoute(Review5Route(id: 4))])])
        #expect(router.restore(plan.urls) == plan)
        _ = try await router.navigate(to: "shop://item/4/review", source: .external)
        #expect(navigator.path == [AnyRoute(Item5Route(id: 4))] && navigator.sheets == plan.modals)
        #expect(plan.steps(from: navigator, placement: .keepCommonPrefix) == NavigationSteps(keep: 1, push: [], root: nil))
        _ = try await router.navigate(to: "shop://item/5")
        #expect(navigator.path == [AnyRoute(Item5Route(id: 4)), AnyRoute(Item5Route(id: 5))] && navigator.sheets.isEmpty)
    }
}

@Suite("URLRouterTesting from a Swift 5 client")
struct Swift5TestingTests {
    @Test("assertOpens and a recording router")
    func checks() throws {
        let recording = try RecordingRouter(modules: [ProductModule.self])
        try assertOpens(recording.router, "shop://product/4", reaches: "product", source: .external)
        #expect(throws: RouteCheckFailure.self) {
            try assertOpens(recording.router, "shop://picker/color", reaches: "product")
        }
        #expect(recording.router.open("shop://cart", userInfo: ["from": "banner"]).isHandled)
        #expect(recording.opened == [RecordedOpen(url: "shop://cart", userInfoKeys: ["from"])])
    }
}

@Suite("Route rules from a Swift 5 client")
struct Swift5RouteRulesTests {
    @Test("a document read, installed, refused and removed; assertRouteRules")
    func rules() throws {
        let router = try Router { routes in
            routes.action("shop://sale", name: "sale", exposure: .external) { _ in }
            routes.action("shop://home", exposure: .external) { _ in }
        }
        let rules = try RouteRules(json: Data(#"{"version": 1, "disabled": [{"route": "sale", "fallback": "shop://home"}]}"#.utf8))
        try router.install(rules, allowingHosts: [])
        #expect(router.open("shop://sale").route?.pattern == "shop://home")
        do {
            try router.install(try RouteRules(json: Data(#"{"version": 1, "disabled": [{"route": "nope"}]}"#.utf8)))
            Issue.record("accepted")
        } catch {
            #expect(error.problems.count == 1)
        }
        try router.install(RouteRules())
        #expect(router.open("shop://sale").route?.pattern == "shop://sale")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rules5-\(UUID().uuidString).json").path
        try Data(#"{"version": 1}"#.utf8).write(to: URL(fileURLWithPath: path))
        try assertRouteRules(router, path: path)
    }
}

/// A value shared with an observer, under a lock.
final class Locked5<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.lock(); defer { lock.unlock() }; return stored }
    func mutate(_ change: (inout Value) -> Void) { lock.lock(); change(&stored); lock.unlock() }
}
