// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Touchstone",
    products: [
        .library(name: "NodeCore", targets: ["NodeCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: [
        // Pure interaction model: geometry, nodes, touches, controls. Standard library only.
        // libm is named explicitly: `rounded()` and `squareRoot()` call into it, and an
        // executable that links nothing else (Foundation, Testing) fails to link without it.
        .target(
            name: "NodeCore",
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
        ),
        // Prints hit-test and tap-dispatch timings: `swift run -c release NodeCoreBenchmarks`.
        .executableTarget(
            name: "NodeCoreBenchmarks",
            dependencies: ["NodeCore"],
            path: "Benchmarks/NodeCoreBenchmarks"
        ),
        .testTarget(
            name: "NodeCoreTests",
            dependencies: [
                "NodeCore",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
    ]
)
