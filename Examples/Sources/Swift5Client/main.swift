// A client compiled in the Swift 5 language mode, as most app targets still are: it uses both
// libraries, the main-actor object routes and awaited replies, and the typed routes a Swift 6
// interface module declares, and prints what it got. CI runs it.
import BookDetailInterface
import BookshelfInterface
import PatternMatcher
import URLRouter

@MainActor
final class ProductScreen {   // stands in for a UIViewController: not Sendable
    let id: Int
    init(id: Int) { self.id = id }
}

/// A service by protocol, declared as an interface module would.
protocol Cart: Sendable { var count: Int { get } }
struct LiveCart: Cart { let count = 3 }
extension ServiceKey where Service == any Cart {
    static let cart = ServiceKey("cart")
}
/// A main-actor service: not Sendable.
@MainActor final class MiniPlayer { var track = "none" }
extension ServiceKey where Service == MiniPlayer {
    static let player = ServiceKey("player")
}

enum ProductModule: RouteModule {
    static func registerRoutes(in routes: inout RouteRegistrar) {
        routes.mainActorObject("shop://product/<int:id>", name: "product", exposure: .external) { request in
            ProductScreen(id: try request.require("id", as: Int.self))
        }
        routes.asyncAction("shop://picker/size") { request in
            request.reply("M")
        }
        routes.provide(.cart, lifetime: .shared) { _ in LiveCart() }
        routes.provideOnMainActor(.player) { _ in MiniPlayer() }
        routes.require(.cart)
    }
}

/// This client's page for a book: the interface's main-actor `BookPage`, conformed to in
/// Swift 5 mode.
@MainActor
final class CompactBookPage: BookPage {
    let title: String
    init(title: String) { self.title = title }
}

/// Implements BookDetailInterface's routes with the typed forms: each handler gets the value.
enum CompactBookModule: RouteModule {
    static func registerRoutes(in routes: inout RouteRegistrar) {
        // The shelf is a book's parent: registered, so that a book's plan can reach it.
        routes.action(ShelfRoute.self) { _, _ in }
        routes.action(BookRoute.self, exposure: .external) { book, request in
            request.reply("book \(book.id) from \(book.from ?? "nowhere")")
        }
        routes.mainActorObject(BookScreenRoute.self) { screen, _ in
            CompactBookPage(title: "Book #\(screen.id)")
        }
    }
}

var builder = RouteTableBuilder<String>()
builder.add("shop://product/<int:id>", value: "product")
let table = try builder.build()
print("matcher:", table.match("shop://product/7").match?.value ?? "none")

let router = try Router(modules: [ProductModule.self, CompactBookModule.self])
// On the main actor (where a view controller is pushed), the screen comes back at once.
@MainActor func productScreen(_ id: Int) -> ProductScreen? {
    router.object(for: "shop://product/\(id)", as: ProductScreen.self)
}
let screen = productScreen(42)?.id   // top-level code runs on the main actor
print("screen:", screen.map(String.init) ?? "none")
print("cart:", (try? router.service(.cart).count) ?? 0)
@MainActor func playerTrack() -> String {
    let player = try? router.service(.player)
    player?.track = "intro"
    return (try? router.service(.player).track) ?? "none"
}
print("player:", playerTrack())
print("url:", try router.url(for: "product", parameters: ["id": "9", "from": "a&b"]))
let size = await router.open("shop://picker/size", expecting: String.self)
print("size:", size.value ?? "none")
// In top-level code Swift picks the synchronous `open` even under `await`; inside an `async`
// function it picks the awaiting one.
func openDeepLink(_ url: String) async -> OpenResult {
    await router.openAndWait(url, source: .external)
}
print("deep link:", await openDeepLink("shop://product/1"))

// Typed routes from a Swift 6 interface module: write a value, read one, open one, and get
// a main-actor object for one.
print("typed url:", try BookRoute(id: 42, from: "a&b c").url())
let parsed = try BookRoute(parsing: "reader://book/7?from=mail")
print("typed parsing:", parsed.id, parsed.from ?? "nil", parsed == BookRoute(id: 7, from: "mail"))
router.open(BookRoute(id: 9, from: "swift 5")) { reply in
    print("typed open:", reply ?? "nil")
}
@MainActor func bookPage(_ id: Int) -> (any BookPage)? {
    router.object(for: BookScreenRoute(id: id), as: (any BookPage).self)
}
print("typed object:", bookPage(3)?.title ?? "none")

// A plan from a link, in Swift 5 mode: the shelf below the book.
let bookPlan = try router.plan(for: "reader://book/9", source: .external)
print("plan:", bookPlan.urls)
