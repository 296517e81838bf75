// swift-tools-version: 6.0
import PackageDescription

// A reading app split into feature modules. Each module depends on URLRouter only and
// never on another module: they reach each other through URLs. `ReaderApp` lists the
// modules once and builds the router; `ReaderDemo` opens a scripted series of URLs.
//
//     swift run --package-path Examples ReaderDemo
let package = Package(
    name: "ReaderExample",
    // The demo's transcript uses `Mutex` (Synchronization), new in macOS 15.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "ReaderDemo", targets: ["ReaderDemo"]),
        .executable(name: "Swift5Client", targets: ["Swift5Client"]),
    ],
    dependencies: [
        .package(name: "URLRouter", path: ".."),
    ],
    targets: [
        // A string names a product of any dependency, so this works whatever the
        // directory holding the root package is called.
        .target(name: "Bookshelf", dependencies: [.product(name: "URLRouter", package: "URLRouter")]),
        .target(name: "BookDetail", dependencies: [.product(name: "URLRouter", package: "URLRouter")]),
        .target(name: "UserProfile", dependencies: [.product(name: "URLRouter", package: "URLRouter")]),
        .target(name: "ReaderApp", dependencies: [.product(name: "URLRouter", package: "URLRouter"), "Bookshelf", "BookDetail", "UserProfile"]),
        .executableTarget(name: "ReaderDemo", dependencies: ["ReaderApp", "UserProfile", .product(name: "URLRouter", package: "URLRouter")]),
        // A client in the Swift 5 language mode, as most app targets still are.
        .executableTarget(
            name: "Swift5Client",
            dependencies: [.product(name: "URLRouter", package: "URLRouter"),
                           .product(name: "PatternMatcher", package: "URLRouter")],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
    ],
    swiftLanguageModes: [.v6]
)
