// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Touchstone",
    products: [
        .library(name: "NodeCore", targets: ["NodeCore"]),
        .library(name: "WestonHarness", targets: ["WestonHarness"]),
    ],
    dependencies: [
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: [
        // Pure interaction model: geometry, nodes, touches, controls. Standard library only.
        .target(name: "NodeCore"),
        .testTarget(
            name: "NodeCoreTests",
            dependencies: [
                "NodeCore",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        // Drives a private headless weston 10 through the C module in
        // tools/weston-harness (built on demand with make). Foundation only.
        .target(name: "WestonHarness"),
        .testTarget(name: "WestonHarnessTests", dependencies: ["WestonHarness"]),
    ]
)
