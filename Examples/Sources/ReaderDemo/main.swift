import BookDetailInterface
import BookshelfInterface
import Foundation
import ReaderApp
import URLRouter
import UserProfileInterface

// A scripted session of the reading app, one line per step: what the step shows, the source
// of the open, the URL (or the typed value's type and URL), and what happened. The demo
// imports ReaderApp and the modules' interfaces, never a feature module.

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
/// The app's own routes, before the script registers more: the round trip covers them.
let startupPatterns = Set(router.routes.map(\.pattern))

var demo = Demo(router: router, transcript: transcript)

// Navigation inside the app opens typed values from the modules' interfaces: the compiler
// checks each value, and nobody copies a pattern or reads a parameter back by key. Bookshelf
// lists books as `BookRoute` values and forwards "continue reading" to BookDetail, knowing
// only BookDetailInterface.
demo.open("in-app", ShelfRoute(sort: .author), expect: .handled(by: "reader://shelf"))
demo.open("in-app", BookRoute(id: 42, from: "shelf"), expect: .handled(by: "reader://book/<int:id>"))
demo.open("by slug", BookSlugRoute(slug: "the-hobbit"), expect: .handled(by: "reader://book/:slug"))
demo.open("in-app", CollectionRoute(path: "fiction/science fiction"), expect: .handled(by: "reader://collection/**path"))
demo.open("forward", ContinueReadingRoute(), expect: .handled(by: "reader://shelf/continue"))

// Deep links still arrive as strings (`source: .external`) and see external routes only;
// the typed handler gets the string decoded, `BookRoute(id: 7, from: "newsletter")`, as if
// it had been opened typed. The settings screen is internal.
demo.open("deep link", "READER://book/7/?from=newsletter", from: .external,
          expect: .handled(by: "reader://book/<int:id>"))
demo.open("deep link", "reader://user/7/settings", from: .external, expect: .unmatched)
// A universal link (Safari, Mail, a widget) reaches the same route as the custom scheme, with
// the same values; it is always external, so the settings stay out of reach.
demo.open("universal", "https://reader.example.com/book/7?from=newsletter", from: .external,
          expect: .handled(by: "reader://book/<int:id>"))
demo.open("universal", "https://www.reader.example.com/user/7/settings", expect: .unmatched)
if let link = try? router.universalLink(for: BookRoute(id: 42, from: "share")) {
    demo.report("universal", Demo.subject(BookRoute(id: 42, from: "share")), link,
                expect: .value("https://reader.example.com/book/42?from=share"))
}
demo.open("in-app", UserSettingsRoute(id: 7, section: "privacy"), expect: .handled(by: "reader://user/<int:id>/settings"))

// A link that arrives during onboarding waits for the app to be ready: while the router holds
// external opens it returns `.held`; the app's own opens go on. Once onboarding is done, the
// release opens the link, once, with its source and completion, and says what happened.
router.holdExternalOpens()
demo.open("onboarding", "reader://book/7?from=onboarding", from: .external, expect: .held)
demo.open("onboarding", ShelfRoute(sort: .author), expect: .handled(by: "reader://shelf"))
let release = router.releaseHeldOpens()
demo.report("released", source: .external, "releaseHeldOpens()",
            ([release.description] + release.replayed.map(\.description) + transcript.take()).joined(separator: ": "),
            ok: release.replayed.map(\.result.route?.pattern) == ["reader://book/<int:id>"] && release.dropped.isEmpty)

// Fallbacks: BookDetail declines a book it does not have. From outside, where the app's
// internal `reader://**path` is out of reach, the open ends declined; in the app the decline
// passes the URL on to that fallback, which takes it as it takes any `reader://` URL no module
// knows. Other URLs reach the unmatched handler.
demo.open("declined", BookRoute(id: 99), from: .external, expect: .declined(by: "reader://book/<int:id>"))
demo.open("fallback", BookRoute(id: 99), expect: .handled(by: "reader://**path"))
demo.open("fallback", "reader://magazine/3", expect: .handled(by: "reader://**path"))
demo.open("unmatched", "https://example.com/help", expect: .unmatched)

// A URL that matches a typed route but does not decode: `UserRoute.id` is an `Int`. The route
// declines it, so in the app the fallback takes it; from outside, where the internal
// fallback is out of reach, the open fails with the error that names the key and the text.
demo.open("no decode", "reader://user/me", expect: .handled(by: "reader://**path"))
demo.open("no decode", "reader://user/me", from: .external, expect: .failed("UserRoute: 'id' = 'me' is not a valid Int"))

// Hostile and broken input: refused or reported, never passed on raw. A value no URL can
// carry (a path segment cannot be empty) is refused before anything runs.
demo.open("userinfo", "reader://trusted.com@evil.com/book/42", from: .external, expect: .refused)
demo.open("malformed", "reader://book/%zz", expect: .malformed)
demo.open("unwritable", BookSlugRoute(slug: ""), expect: .refused)

// canOpen matches exactly as open does, without running a handler.
let settings = UserSettingsRoute(id: 7)
for source in [OpenSource.app, .external] {
    demo.report("canOpen", source: source, Demo.subject(settings),
                "\(router.canOpen(settings, source: source))", expect: .value(source == .app ? "true" : "false"))
}

// Services: what another module provides, found by the key its interface declares and typed
// by it (no cast), created on first use and cached; a provider is given the services it needs.
do {
    let profiles = try router.service(.profiles)
    let cached = try router.service(.profiles) === profiles
    router.releaseCachedTargets(moduleNamed: "UserProfile")
    let recreated = try router.service(.profiles) !== profiles
    let outcome = "ProfileService, displayName(of: 7) = \(profiles.displayName(of: 7)); cached: \(cached); "
        + "new after releaseCachedTargets: \(recreated)"
    demo.report("service", source: .app, "'profiles'", outcome,
                expect: .value("ProfileService, displayName(of: 7) = Ada; cached: true; new after releaseCachedTargets: true"))
    demo.report("service", source: .app, "'reviews'", try router.service(.reviews).review(of: 7, by: 8),
                expect: .value("Grace liked \"The Hobbit\""))
} catch {
    demo.report("service", source: .app, "'profiles'", "\(error)", expect: .value("a ProfileService"))
}

// A screen for a value: a main-actor object route gives a view controller (here a stand-in),
// built and returned at once on the main actor, which this script runs on. The demo names it
// by BookDetailInterface's `BookPage`, not by BookDetail's class.
let screenRoute = BookScreenRoute(id: 7)
let screen = router.object(for: screenRoute, as: (any BookPage).self)
demo.report("screen", source: .app, Demo.subject(screenRoute),
            screen.map { "a BookPage showing \"\($0.title)\"" } ?? "nil", expect: .value("a BookPage showing \"The Hobbit\""))
let missingScreen = BookScreenRoute(id: 99)
do {
    let page = try router.requireObject(for: missingScreen, as: (any BookPage).self)
    demo.report("no screen", source: .app, Demo.subject(missingScreen), page.title, expect: .value("an ObjectError"))
} catch {
    demo.report("no screen", source: .app, Demo.subject(missingScreen), "\(error)",
                expect: .value("declined by reader://book/<int:id>/screen (book-screen) [BookDetail]"))
}

// A picker that replies: the caller awaits the reader's choice; a closed picker says so.
let picker = ShelfPickerRoute()
let picked = await router.open(picker, expecting: String.self)
demo.report("picker", source: .app, Demo.subject(picker), picked.value ?? "\(picked)", expect: .value("To read"))
let closedPicker = ShelfPickerRoute(cancel: true)
let closed = await router.open(closedPicker, expecting: String.self)
demo.report("picker", source: .app, Demo.subject(closedPicker), "\(closed)",
            expect: .value("noValue(reader://shelf/pick [Bookshelf])"))

// A dry run: which route a URL reaches, with its parameters, without running anything.
let resolved = router.resolve("reader://book/42?from=mail", source: .external)
demo.report("resolve", source: .external, "reader://book/42?from=mail",
            resolved.route.map { "\($0.route.pattern) \($0.parameters)" } ?? "\(resolved)",
            expect: .value("reader://book/<int:id> [\"id\": \"42\"]"))

// Route values without a router: `url()` writes one, `init(parsing:)` reads one with the
// router's matching rules against the type's pattern alone, and an error names what failed.
do {
    let url = try SearchRoute(query: "war & peace", languages: ["en", "fr"]).url()
    demo.report("url()", #"SearchRoute("war & peace", ["en", "fr"])"#, url,
                expect: .value("reader://search/war%20&%20peace?languages=en&languages=fr"))
    let book = try BookRoute(parsing: "READER://book/7/?from=newsletter")
    demo.report("parsing", "BookRoute(parsing: READER://book/7/?from=newsletter)", "\(book)",
                ok: book == BookRoute(id: 7, from: "newsletter"))
} catch {
    demo.report("url()", "SearchRoute, BookRoute", "\(error)", expect: .value("a URL and a value"))
}
for (url, expected) in [("reader://user/me", "UserRoute: 'id' = 'me' is not a valid Int"),
                        ("reader://user/7/settings", "UserRoute: 'reader://user/7/settings' does not match the pattern")] {
    do {
        let user = try UserRoute(parsing: url)
        demo.report("parsing", "UserRoute(parsing: \(url))", "\(user)", expect: .value(expected))
    } catch {
        demo.report("parsing", "UserRoute(parsing: \(url))", "\(error)", expect: .value(expected))
    }
}

// The login gate (UserProfile): a gated page opened while logged out shows the login screen
// instead; signing in reopens it with its original source (a deep link stays a deep link)
// and user info. Once logged in, the gate lets it through.
demo.open("gated", "reader://account/orders", from: .external, userInfo: ["tab": "recent"],
          expect: .redirected(to: "reader://login", then: .handled(by: "reader://login")))
demo.open("log in", LoginDoneRoute(reader: "Ada"), expect: .handled(by: "reader://login/done/:reader"))
demo.open("gated", OrdersRoute(), expect: .handled(by: "reader://account/orders"))

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
            request.reply("applies the code \(request.parameters["code"]!)")
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
                expect: .value("refused with 4 problems; still \(routesBefore) routes"))
    print(error.description.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
}

// SwiftUI-ready without SwiftUI: deep links become values on a navigation path.
showNavigationPath(&demo)

// The round trip: every route type of the interfaces, 200 generated values each (escapes,
// empty texts, Unicode, optionals absent and present), written and read back unchanged. And
// every route the app registered at start-up is one of those types, but the string fallback.
let sampled = Set(RoundTrip.types.map { $0.pattern })
demo.report("round trip", "route types sampled",
            "not sampled: \(startupPatterns.subtracting(sampled).sorted()); "
                + "not registered: \(sampled.subtracting(startupPatterns).sorted())",
            expect: .value("not sampled: [\"reader://**path\"]; not registered: []"))
let roundTrip = RoundTrip.check(valuesPerType: 200)
demo.report("round trip", "\(RoundTrip.types.count) route types × 200 values",
            "\(roundTrip.checked) values (\(roundTrip.distinctURLs.count) different URLs), "
                + "\(roundTrip.problems.count) not equal after R(parsing: value.url())",
            ok: roundTrip.checked >= 200 * RoundTrip.types.count && roundTrip.problems.isEmpty)
for problem in roundTrip.problems.prefix(10) {
    print("    " + problem)
}

// Links as screens: a plan from one link, shown by a navigator whose stack is a plain array
// (a NavigationStack's path or a UINavigationController's view controllers in an app).
let navigator = StackNavigator()
do {
    let navigating = try ReaderApp.makeRouter(navigator: navigator)
    _ = try await navigating.navigate(to: "https://reader.example.com/book/42?from=mail", source: .external)
    demo.report("navigate", source: .external, "cold start: book/42 by universal link", navigator.shownSteps,
                expect: .value("keep 0, push [reader://book/42?from=mail], root reader://shelf"))
    demo.report("navigate", "on screen", navigator.onScreen,
                expect: .value("tab reader://shelf, stack [reader://book/42?from=mail]"))
    _ = try await navigating.navigate(to: "reader://book/42/screen", source: .external)
    demo.report("navigate", source: .external, "warm: book/42/screen", navigator.shownSteps,
                expect: .value("keep 0, push [reader://book/42, reader://book/42/screen], root -"))
    _ = try await navigating.navigate(to: "reader://book/42/screen")
    demo.report("navigate", source: .app, "again: book/42/screen", navigator.shownSteps,
                expect: .value("keep 2, push [], root -"))
    // A login gate in front of a plan: logged out, the orders plan is the login screen's.
    let gated = try await navigating.navigate(to: "https://reader.example.com/account/orders", source: .external)
    demo.report("navigate", source: .external, "gated: account/orders", "\(gated.stack.map(\.url))",
                expect: .value("[\"reader://login\"]"))
    let restored = navigating.restore(["reader://shelf", "reader://book/7", "reader://gone/1"])
    demo.report("restore", "3 saved URLs", "root \(restored.root?.url ?? "-"), stack \(restored.stack.map(\.url)), "
                + "dropped \(restored.dropped)",
                expect: .value("root reader://shelf, stack [\"reader://book/7\"], dropped [\"reader://gone/1\"]"))
} catch {
    demo.report("navigate", "a plan", "\(error)", expect: .value("a plan"))
}

// Tabs, stacks and sheets: a sheet and a full-screen reader are layers of a plan; the app's
// placement rule says where each link lands: replace at a cold start, push the link's own
// screen for a link inside the app, keep what is shared for a deep link.
let tabs = StackNavigator()
do {
    let layered = try ReaderApp.makeRouter(navigator: tabs, placement: { source, coldStart in
        coldStart ? .replace : source == .app ? .push : .keepCommonPrefix
    })
    _ = try await layered.navigate(to: "https://reader.example.com/book/42", source: .external)
    demo.report("placement", source: .external, "cold start (replace): book/42", tabs.shownSteps,
                expect: .value("keep 0, push [reader://book/42], root reader://shelf"))
    _ = try await layered.navigate(to: BookShareRoute(id: 42))
    demo.report("placement", source: .app, "push: the share sheet", tabs.shownSteps,
                expect: .value("keep 1, push [], root -, present [sheet [reader://book/42/share]]"))
    _ = try await layered.navigate(to: BookReaderRoute(id: 42))
    demo.report("placement", source: .app, "push: the reader, full screen", tabs.onScreen,
                expect: .value("tab reader://shelf, stack [reader://book/42], "
                    + "layers [sheet [reader://book/42/share], fullScreen [reader://book/42/read]]"))
    _ = try await layered.navigate(to: "reader://book/42/screen", source: .external)
    demo.report("placement", source: .external, "keepCommonPrefix: a link under the sheets", tabs.shownSteps,
                expect: .value("keep 1, push [reader://book/42/screen], root -, dismiss 2"))
    _ = try await layered.navigate(to: DiscoverPickRoute(n: 1))
    _ = try await layered.navigate(to: DiscoverPickRoute(n: 2))
    demo.report("placement", source: .app, "push: into the discover tab", tabs.onScreen,
                expect: .value("tab reader://discover, stack [reader://discover/pick/1, reader://discover/pick/2]"))
    _ = try await layered.navigate(to: "https://reader.example.com/book/42", source: .external)
    demo.report("placement", source: .external, "keepCommonPrefix: back into the shelf tab", tabs.shownSteps,
                expect: .value("keep 1, push [], root reader://shelf"))
    demo.report("placement", "the discover tab's stack, kept", "\(tabs.stack(for: AnyRoute(DiscoverRoute())).map(\.url))",
                expect: .value("[\"reader://discover/pick/1\", \"reader://discover/pick/2\"]"))
    let saved = try layered.plan(for: BookReaderRoute(id: 7)).urls
    demo.report("restore", "a plan with a layer", "\(layered.restore(saved).modals)",
                expect: .value("[ModalLayer(fullScreen, ['reader://book/7/read'])]"))
} catch {
    demo.report("placement", "plans", "\(error)", expect: .value("plans"))
}

print()
guard demo.failures == 0 else {
    print("\(demo.failures) step(s) did not go as expected")
    exit(1)
}
print("every step went as expected")
