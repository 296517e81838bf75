// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "URLRouter",
    products: [
        .library(name: "PatternMatcher", targets: ["PatternMatcher"]),
    ],
    targets: [
        .target(name: "PatternMatcher"),
        .testTarget(
            name: "PatternMatcherTests",
            dependencies: ["PatternMatcher"],
            resources: [.copy("Conformance")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
