// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "URLRouter",
    // The floors of Swift concurrency (async/await, Task, MainActor), which the router's
    // async opens and main-actor handlers use; visionOS 1 is that platform's first release.
    platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    products: [
        .library(name: "PatternMatcher", targets: ["PatternMatcher"]),
        .library(name: "URLRouter", targets: ["URLRouter"]),
        .library(name: "URLRouterTesting", targets: ["URLRouterTesting"]),
    ],
    targets: [
        .target(name: "PatternMatcher"),
        .target(name: "URLRouter", dependencies: ["PatternMatcher"]),
        // Checks and test doubles for apps' tests, under Swift Testing and XCTest alike, and
        // build- and CI-time tools (the association-file check) that apps need not link.
        .target(name: "URLRouterTesting", dependencies: ["URLRouter"]),
        .testTarget(
            name: "PatternMatcherTests",
            dependencies: ["PatternMatcher"],
            resources: [.copy("Conformance")]
        ),
        .testTarget(name: "URLRouterTests", dependencies: ["URLRouter", "URLRouterTesting"]),
        .testTarget(name: "URLRouterTestingTests", dependencies: ["URLRouterTesting"]),
        // The API as a client in the Swift 5 language mode (most app targets) uses it.
        .testTarget(
            name: "URLRouterSwift5Tests",
            dependencies: ["PatternMatcher", "URLRouter", "URLRouterTesting"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
    ],
    swiftLanguageModes: [.v6]
)
