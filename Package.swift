// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "URLRouter",
    products: [
        .library(name: "PatternMatcher", targets: ["PatternMatcher"]),
        .library(name: "URLRouter", targets: ["URLRouter"]),
    ],
    targets: [
        .target(name: "PatternMatcher"),
        .target(name: "URLRouter", dependencies: ["PatternMatcher"]),
        .testTarget(
            name: "PatternMatcherTests",
            dependencies: ["PatternMatcher"],
            resources: [.copy("Conformance")]
        ),
        .testTarget(name: "URLRouterTests", dependencies: ["URLRouter"]),
    ],
    swiftLanguageModes: [.v6]
)
