import Foundation
import ReaderApp
import URLRouter
import UserProfile

// A scripted session of the reading app, one line per step: what the step shows, the
// source of the open, the URL, and what happened.

let transcript = Transcript()
let router: Router
do {
    router = try ReaderApp.makeRouter { [transcript] _ in
        transcript.note("the unmatched handler logged it")
    }
} catch {
    print(error)
    exit(1)
}

print("ReaderDemo: \(ReaderApp.modules.count) modules, \(router.routes.count) routes")
for route in router.routes {
    print("  \(route.exposure)  \(route)")
}
print()

var demo = Demo(router: router, transcript: transcript)

// Navigation inside the app: the shelf lists books by URL, and opening one reaches
// BookDetail without Bookshelf importing it.
demo.open("in-app", "reader://shelf", expect: .handled(by: "reader://shelf"))
demo.open("in-app", "reader://book/42?from=shelf", expect: .handled(by: "reader://book/<int:id>"))
demo.open("by slug", "reader://book/the-hobbit", expect: .handled(by: "reader://book/:slug"))

// Deep links see external routes only; the settings screen is internal.
demo.open("deep link", "READER://book/7/?from=newsletter", from: .external,
          expect: .handled(by: "reader://book/<int:id>"))
demo.open("deep link", "reader://user/7/settings", from: .external, expect: .unmatched)
demo.open("in-app", "reader://user/7/settings", expect: .handled(by: "reader://user/<int:id>/settings"))

// Fallbacks: BookDetail declines an unknown book and the app's `reader://**path` takes it,
// as it takes any `reader://` URL no module knows; other URLs reach the unmatched handler.
demo.open("declined", "reader://book/99", expect: .handled(by: "reader://**path"))
demo.open("fallback", "reader://magazine/3", expect: .handled(by: "reader://**path"))
demo.open("unmatched", "https://example.com/help", expect: .unmatched)

// Hostile and broken input: refused or reported, never passed on raw.
demo.open("userinfo", "reader://trusted.com@evil.com/book/42", from: .external, expect: .refused)
demo.open("malformed", "reader://book/%zz", expect: .malformed)

// canOpen matches exactly as open does, without running a handler.
for source in [OpenSource.app, .external] {
    demo.report("canOpen", source: source, "reader://user/7/settings",
                "\(router.canOpen("reader://user/7/settings", source: source))",
                expect: .value(source == .app ? "true" : "false"))
}

// An object lookup: a service another module provides, found by URL, created on first use.
let profileURL = "reader://service/profile"
if let profiles = router.object(for: profileURL, as: ProfileService.self) {
    let cached = router.object(for: profileURL, as: ProfileService.self) === profiles
    router.releaseCachedTargets(of: UserProfileModule.self)
    let recreated = router.object(for: profileURL, as: ProfileService.self) !== profiles
    let outcome = "ProfileService, displayName(of: 7) = \(profiles.displayName(of: 7)); cached: \(cached); "
        + "new after releaseCachedTargets(of:): \(recreated)"
    demo.report("object", source: .app, profileURL, outcome,
                expect: .value("ProfileService, displayName(of: 7) = Ada; cached: true; "
                    + "new after releaseCachedTargets(of:): true"))
} else {
    demo.report("object", source: .app, profileURL, "nil", expect: .value("a ProfileService"))
}

// A screen for a URL: a main-actor object route gives a view controller (here a stand-in),
// built and returned at once on the main actor, which this script runs on. The demo cannot
// name its type (it does not import BookDetail), so it asks for what every screen is.
let screenURL = "reader://book/7/screen"
let screen = router.object(for: screenURL, as: (any CustomStringConvertible).self)
demo.report("screen", source: .app, screenURL, screen.map { "\($0)" } ?? "nil", expect: .value("a book screen"))
do {
    _ = try router.makeObject(for: "reader://book/99/screen", as: (any CustomStringConvertible).self)
} catch {
    demo.report("no screen", source: .app, "reader://book/99/screen", "\(error)",
                expect: .value("declined by reader://book/<int:id>/screen (book-screen) [BookDetail]"))
}

// A picker that replies: the caller awaits the reader's choice; a closed picker says so.
let picked = await router.open("reader://shelf/pick", expecting: String.self)
demo.report("picker", source: .app, "reader://shelf/pick", picked.value ?? "\(picked)", expect: .value("To read"))
let closed = await router.open("reader://shelf/pick?cancel=1", expecting: String.self)
demo.report("picker", source: .app, "reader://shelf/pick?cancel=1", "\(closed)",
            expect: .value("noValue(reader://shelf/pick [Bookshelf])"))

// A dry run: which route a URL reaches, with its parameters, without running anything.
let resolved = router.resolve("reader://book/42?from=mail", source: .external)
demo.report("resolve", source: .external, "reader://book/42?from=mail",
            resolved.route.map { "\($0.route.pattern) \($0.parameters)" } ?? "\(resolved)",
            expect: .value("reader://book/<int:id> [\"id\": \"42\"]"))

// The login gate (UserProfile): a gated page opened while logged out shows the login screen
// instead; signing in reopens it with its original source (a deep link stays a deep link)
// and user info. Once logged in, the gate lets it through.
demo.open("gated", "reader://account/orders", from: .external, userInfo: ["tab": "recent"],
          expect: .redirected(to: "reader://login", then: .handled(by: "reader://login")))
demo.open("log in", "reader://login/done/Ada", expect: .handled(by: "reader://login/done/:reader"))
demo.open("gated", "reader://account/orders", expect: .handled(by: "reader://account/orders"))

// Generated URLs, by route name: each value stays one segment, and opening the URL gives it back.
do {
    let search = try router.url(for: "search", parameters: ["query": "war & peace"])
    demo.report("generated", #"url(for: "search")"#, search, expect: .value("reader://search/war%20&%20peace"))
    demo.open("generated", search, expect: .handled(by: "reader://search/:query"))
    let settings = try router.url(for: "user-settings", parameters: ["id": "8"])
    demo.report("generated", #"url(for: "user-settings")"#, settings, expect: .value("reader://user/8/settings"))
} catch {
    demo.report("generated", "url(for:)", "\(error)", expect: .value("a URL"))
}
do {
    let url = try router.url(for: "book", parameters: ["id": "forty-two"])
    demo.report("generated", #"url(for: "book")"#, url, expect: .value("a GenerationError"))
} catch {
    demo.report("generated", #"url(for: "book")"#, "\(error)", expect: .value(
        "value 'forty-two' for parameter 'id' of 'reader://book/<int:id>' is rejected: not a valid 'int'"))
}

// Registration after start-up: validated like the rest, published atomically.
do {
    try router.register(moduleNamed: "Promotions") { routes in
        routes.action("reader://promo/:code", exposure: .external) { request in
            request.complete("applies the code \(request.parameters["code"]!)")
        }
    }
    demo.open("late", "reader://promo/SPRING", from: .external, expect: .handled(by: "reader://promo/:code"))
} catch {
    demo.report("late", "Promotions", "\(error)", expect: .value("registered"))
}

// Redirects as data: an old URL shape sent to the new route, parameters carried by name; and
// two interceptors that send each other round, stopped by the redirect limit.
do {
    try router.register(moduleNamed: "Redirects") { routes in
        routes.redirect("reader://b/:id", to: "reader://book/:id")
        routes.intercept("reader://loop/a", name: "a") { _ in .redirect(to: "reader://loop/b") }
        routes.intercept("reader://loop/b", name: "b") { _ in .redirect(to: "reader://loop/a") }
    }
    demo.open("renamed", "reader://b/42?from=mail",
              expect: .redirected(to: "reader://book/42?from=mail", then: .handled(by: "reader://book/<int:id>")))
    demo.open("loop", "reader://loop/a", expect: .redirectLoop)
} catch {
    demo.report("redirects", "Redirects", "\(error)", expect: .value("registered"))
}

// A module with mistakes is refused as a whole, with every problem, and changes nothing.
let routesBefore = router.routes.count
do {
    try router.register(LegacyImportModule.self)
    demo.report("register", "LegacyImportModule", "registered", expect: .value("refused"))
} catch {
    demo.report("register", "LegacyImportModule",
                "refused with \(error.problems.count) problems; still \(router.routes.count) routes",
                expect: .value("refused with 3 problems; still \(routesBefore) routes"))
    print(error.description.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
}

print()
guard demo.failures == 0 else {
    print("\(demo.failures) step(s) did not go as expected")
    exit(1)
}
print("every step went as expected")
