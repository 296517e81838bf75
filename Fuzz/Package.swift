// swift-tools-version:5.4
// libFuzzer targets for URLRouter. Tools version 5.4 because newer manifests do not link
// targets built with `-sanitize=fuzzer`. Build and run with `Scripts/ci-fuzz.sh`, or:
//   swift build -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
//   .build/debug/FuzzMatching Corpus/matching -dict=fuzz.dict
import PackageDescription

let package = Package(
    name: "URLRouterFuzz",
    dependencies: [
        .package(name: "URLRouter", path: ".."),
    ],
    targets: [
        // The oracle and the properties; also compiled into the root package's tests
        // through symlinks, to replay FailCases/.
        .target(
            name: "FuzzSupport",
            dependencies: [
                .product(name: "PatternMatcher", package: "URLRouter"),
                .product(name: "URLRouter", package: "URLRouter"),
            ]
        ),
        .executableTarget(name: "FuzzMatching", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzRegistration", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzRouter", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzReopen", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzFeatures", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzRules", dependencies: ["FuzzSupport"]),
    ]
)
