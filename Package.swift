// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Touchstone",
    products: [
        .library(name: "NodeCore", targets: ["NodeCore"]),
        .library(name: "SceneFormat", targets: ["SceneFormat"]),
        .executable(name: "touchstone", targets: ["touchstone"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: [
        // Pure interaction model: geometry, nodes, touches, controls. Standard library only.
        .target(name: "NodeCore"),
        // Scene, input-script and event-log files, with line-accurate errors.
        .target(name: "SceneFormat", dependencies: ["NodeCore"]),
        .testTarget(name: "SceneFormatTests", dependencies: ["SceneFormat"]),
        // Replay now; the live Wayland session joins here.
        .target(name: "Session", dependencies: ["NodeCore", "SceneFormat"]),
        // The command line: argument parsing only.
        .executableTarget(
            name: "touchstone",
            dependencies: ["Session", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .testTarget(name: "TouchstoneCLITests", dependencies: ["touchstone", "Session", "SceneFormat", "NodeCore"]),
        .testTarget(
            name: "NodeCoreTests",
            dependencies: [
                "NodeCore",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
    ]
)
