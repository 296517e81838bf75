// swift-tools-version: 6.0
import PackageDescription

// A reading app split into feature modules that reach each other through routes.
//
// The rule: modules never import each other. Each feature has a small `...Interface`
// target (its typed routes and the service protocols it offers) that depends on URLRouter
// only. A feature module imports URLRouter, its own interface, and the interfaces of the
// modules it calls: never another feature module. `ReaderApp` imports the feature modules,
// only to list them and build the router; `ReaderDemo` imports `ReaderApp` and interfaces.
// A feature module that imports another fails this build, which refuses imports of targets
// outside a target's dependencies. (SwiftPM still lets a target import what its dependencies
// depend on: that ReaderDemo imports no feature module through ReaderApp is kept by review.)
//
//     swift build --package-path Examples --explicit-target-dependency-import-check error
//     swift run --package-path Examples ReaderDemo

// A string names a product of any dependency, so this works whatever the directory holding
// the root package is called.
var urlRouter: Target.Dependency { .product(name: "URLRouter", package: "URLRouter") }
var urlRouterTesting: Target.Dependency { .product(name: "URLRouterTesting", package: "URLRouter") }

let package = Package(
    name: "ReaderExample",
    // The demo's transcript uses `Mutex` (Synchronization), new in macOS 15; iOS 17 is the
    // floor of the Apple-only navigation adapters' SwiftUI (`@Observable`).
    platforms: [.macOS(.v15), .iOS(.v17)],
    products: [
        .executable(name: "ReaderDemo", targets: ["ReaderDemo"]),
        .executable(name: "Swift5Client", targets: ["Swift5Client"]),
        .executable(name: "routes-aasa", targets: ["routes-aasa"]),
        // Apple-only: the Navigation article's UIKit and SwiftUI adapters (tab bars, a stack per
        // tab, sheets), built by the hosted Apple workflow; empty where there is no SwiftUI or UIKit.
        .library(name: "NavigationAdapters", targets: ["NavigationAdapters"]),
    ],
    dependencies: [
        .package(name: "URLRouter", path: ".."),
    ],
    targets: [
        // Interfaces: what each feature offers, and nothing else.
        .target(name: "BookshelfInterface", dependencies: [urlRouter]),
        // A book's page sits on the shelf: its parent is BookshelfInterface's `ShelfRoute`.
        .target(name: "BookDetailInterface", dependencies: [urlRouter, "BookshelfInterface"]),
        .target(name: "UserProfileInterface", dependencies: [urlRouter]),
        // Features: each implements its own interface; the shelf opens books through
        // BookDetail's interface.
        .target(name: "Bookshelf", dependencies: [urlRouter, "BookshelfInterface", "BookDetailInterface"]),
        .target(name: "BookDetail", dependencies: [urlRouter, "BookDetailInterface", "UserProfileInterface"]),
        .target(name: "UserProfile", dependencies: [urlRouter, "UserProfileInterface"]),
        .target(name: "ReaderApp", dependencies: [urlRouter, "Bookshelf", "BookDetail", "UserProfile"]),
        .executableTarget(
            name: "ReaderDemo",
            dependencies: ["ReaderApp", "BookshelfInterface", "BookDetailInterface", "UserProfileInterface", urlRouter]
        ),
        // The app's routes checked as its team checks them, with URLRouterTesting: a golden route
        // map, the gate against the last release's map, deep links, a recording router.
        .testTarget(
            name: "ReaderAppTests",
            dependencies: ["ReaderApp", "Bookshelf", "BookshelfInterface", "BookDetailInterface", urlRouter,
                           urlRouterTesting],
            // The golden route maps, which the checks read and URLROUTER_RECORD=1 writes by path
            // in the source tree: declared so that SwiftPM does not warn about unhandled files.
            exclude: ["Fixtures"]
        ),
        // Writes the app's apple-app-site-association file from its routes (URLRouter), or
        // checks one (URLRouterTesting's AssociationCheck): a build-time tool, not the app.
        .executableTarget(name: "routes-aasa", dependencies: ["ReaderApp", urlRouter, urlRouterTesting]),
        // Apple-only (empty elsewhere): the Navigation article's adapters, compiled.
        .target(name: "NavigationAdapters", dependencies: [urlRouter]),
        // A client in the Swift 5 language mode, as most app targets still are; it uses a
        // Swift 6 interface's typed routes.
        .executableTarget(
            name: "Swift5Client",
            dependencies: [urlRouter, .product(name: "PatternMatcher", package: "URLRouter"), "BookDetailInterface",
                           "BookshelfInterface"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
    ],
    swiftLanguageModes: [.v6]
)
