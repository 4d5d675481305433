// swift-tools-version: 6.2
import PackageDescription

/// This package's folder, for the linker search path of release `touchstone`.
let packageDirectory = String(#filePath.dropLast("/Package.swift".count))

/// Release builds of the modules on the input → paint → commit path skip the runtime
/// exclusivity checks (debug builds, which run the tests, keep them): the checks were ~8% of
/// the instructions per tap in the live session. They also get generic types' metadata
/// by calling its accessor instead of demangling the type's name at first use (each first
/// use also searched every protocol conformance of the binary): ~0.5 ms of every start
/// (issue 15). Tools version 6.2 lets packages that depend on these libraries accept the flags.
let releaseHotPath: [SwiftSetting] = [
    .unsafeFlags(["-enforce-exclusivity=unchecked", "-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"],
                 .when(configuration: .release)),
]

/// swift-system's module, for the targets that read and write file descriptors.
let systemPackage: Target.Dependency = .product(name: "SystemPackage", package: "swift-system")

let package = Package(
    name: "Touchstone",
    products: [
        .library(name: "NodeCore", targets: ["NodeCore"]),
        .library(name: "SceneFormat", targets: ["SceneFormat"]),
        .library(name: "Render", targets: ["Render"]),
        .library(name: "AuditFormat", targets: ["AuditFormat"]),
        // What an app imports: `import TouchstoneApp` (NodeCore comes with it).
        .library(name: "TouchstoneApp", targets: ["TouchstoneApp"]),
        .library(name: "ImageDecoding", targets: ["ImageDecoding"]),
        .executable(name: "touchstone", targets: ["touchstone"]),
        .library(name: "TouchDiagnostics", targets: ["TouchDiagnostics"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        // `FileDescriptor`: the one EINTR-safe read and write (whole writes, typed errno).
        .package(url: "https://github.com/apple/swift-system.git", from: "1.8.1"),
    ],
    targets: [
        // Pure interaction model: geometry, nodes, touches, controls. Standard library only.
        // libm is named explicitly: `rounded()` and `squareRoot()` call into it, and an
        // executable that links nothing else (Foundation, Testing) fails to link without it.
        // The one geometry vocabulary: points (Point, Size, Rect, EdgeInsets) and buffer pixels
        // (PixelSize, PixelRect), shared by NodeCore, Render and WaylandClient. Standard library only.
        .target(name: "Geometry", swiftSettings: releaseHotPath),
        .target(
            name: "NodeCore",
            dependencies: ["Geometry"],
            swiftSettings: releaseHotPath,
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
        ),
        // The unchecked references the modules on the input → paint → commit path share (an unowned
        // handler reference, a C callback's context, a thread's start), each behind a small API with
        // its invariant and a debug-build check (docs/architecture.md "Memory-safety edges").
        .target(name: "MemoryEdges", swiftSettings: releaseHotPath),
        .testTarget(name: "MemoryEdgesTests", dependencies: ["MemoryEdges"]),
        // A seeded random generator for benchmarks, randomized tests and the soak tool.
        .target(name: "SeededRandom"),
        // Prints hit-test and tap-dispatch timings: `swift run -c release NodeCoreBenchmarks`.
        .executableTarget(
            name: "NodeCoreBenchmarks",
            dependencies: ["NodeCore", "SeededRandom", "BenchmarkSupport"],
            path: "Benchmarks/NodeCoreBenchmarks"
        ),
        // Layout of a 10,000-node tree beside Taffy, and relayout after one text change (issue 24):
        // `swift build -c release --product LayoutBenchmarks && .build/release/LayoutBenchmarks`.
        .executableTarget(
            name: "LayoutBenchmarks",
            dependencies: ["NodeCore", "BenchmarkSupport"],
            path: "Benchmarks/LayoutBenchmarks",
            exclude: ["taffy_layout.py"]
        ),
        // JSON text as every file the project writes spells it (strings escaped, numbers
        // formatted once), and the indented document the audit report uses. Standard library only.
        .target(name: "JSONOutput"),
        .testTarget(name: "JSONOutputTests", dependencies: ["JSONOutput"]),
        // Scene, input-script and event-log files, with line-accurate errors.
        .target(name: "SceneFormat", dependencies: ["NodeCore", "JSONOutput", "MemoryEdges"], swiftSettings: releaseHotPath),
        .testTarget(name: "SceneFormatTests", dependencies: ["SceneFormat", "SeededRandom"]),
        // Device recordings (`libinput record` YAML, evemu) as input events (behaviour.md §18).
        // No I/O and no compositor code: bytes in, timed input events out.
        .target(name: "DeviceRecording", dependencies: ["NodeCore"], swiftSettings: releaseHotPath),
        .testTarget(name: "DeviceRecordingTests", dependencies: ["DeviceRecording", "NodeCore"]),

        // Device-tester tools as pure models (issue 14): the touch-test's coverage grid, report
        // rates and ghost touches, the pointer-location HUD and the touch inspector. No I/O,
        // so the live session and the offline replay share them.
        .target(name: "TouchDiagnostics", dependencies: ["NodeCore", "JSONOutput"]),
        .testTarget(name: "TouchDiagnosticsTests", dependencies: ["TouchDiagnostics", "NodeCore"]),


        // C system libraries: a `[system]` modulemap over a one-line shim header each.
        .systemLibrary(name: "CPixman", pkgConfig: "pixman-1", providers: [.apt(["libpixman-1-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        // Text: shaping (over the FreeType faces), bidirectional ordering, Unicode line breaking.
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        .systemLibrary(name: "CUnibreak", pkgConfig: "libunibreak", providers: [.apt(["libunibreak-dev"])]),

        // Output that never destroys or traps: files replaced by temporary file + rename,
        // stderr writes that ignore failure, terminal text escaped (Glibc only).
        .target(name: "FileOutput", dependencies: ["SystemCalls", systemPackage]),
        // The one EINTR loop (`retryingInterrupted`) and `SystemCallError`, on swift-system's
        // `Errno`: every module that calls the C library directly retries through it.
        .target(name: "SystemCalls", dependencies: [systemPackage]),
        .testTarget(name: "SystemCallsTests", dependencies: ["SystemCalls", systemPackage]),
        // libpng's and libjpeg's low-level readers and writers (the PNG writer is Render's, the
        // JPEG writer the tests') behind a setjmp each, which Swift cannot call (C).
        .target(name: "CImageCodecs", dependencies: ["CPNG", "CJPEG"]),
        // PNG and JPEG into premultiplied pixels at the drawn size, with bounded memory (behaviour.md §17.1).
        .target(name: "ImageDecoding", dependencies: ["NodeCore", "CImageCodecs", "CPixman", "SystemCalls", "MemoryEdges"], swiftSettings: releaseHotPath),
        // PNGs built byte by byte and JPEGs encoded at run time, for tests and benchmarks.
        .target(name: "ImageFixtures", dependencies: ["CImageCodecs"]),
        .testTarget(name: "ImageDecodingTests", dependencies: ["ImageDecoding", "ImageFixtures", "NodeCore"]),
        // Painting of a node tree and its tappable-area overlay into ARGB8888 pixel buffers.
        .target(
            name: "Render",
            dependencies: ["NodeCore", "Geometry", "CPixman", "CFreeType", "CFontconfig", "CPNG",
                           "CImageCodecs", "FileOutput", "CHarfBuzz", "CFriBidi", "CUnibreak", "MemoryEdges", systemPackage],
            swiftSettings: releaseHotPath
        ),
        // The device-tester tools' painters (the pointer-location HUD, the touch test) over
        // Render's canvas: the painting library itself does not depend on the tester models.
        .target(name: "DiagnosticsPainting", dependencies: ["Render", "TouchDiagnostics", "NodeCore", "CPixman"],
                swiftSettings: releaseHotPath),
        // Human-readable and JSON formatting of a NodeCore audit report. Standard library only.
        .target(name: "AuditFormat", dependencies: ["NodeCore", "JSONOutput", "FileOutput"]),
        .testTarget(
            name: "RenderTests",
            dependencies: ["Render", "DiagnosticsPainting", "TouchDiagnostics", "AuditFormat", "NodeCore", "SceneFormat", "SeededRandom", "Session"],
            exclude: ["Golden", "TextGolden"]
        ),
        // What the benchmarks measure with and print (percentiles, thread CPU time, wall time), once.
        .target(name: "BenchmarkSupport", path: "Benchmarks/BenchmarkSupport"),
        .testTarget(name: "BenchmarkSupportTests", dependencies: ["BenchmarkSupport"]),
        // docs/performance.md's generated tables from `tools/benchmarks --report`'s log of result lines.
        .executableTarget(name: "BenchmarkReport", dependencies: ["BenchmarkSupport"], path: "Benchmarks/BenchmarkReport"),
        // Per-frame CPU of scrolling through the session's frame path, by the number of nodes in the
        // scroll node, in process and (`--live`) under headless weston: `swift run -c release ScrollBenchmarks`.
        .executableTarget(
            name: "ScrollBenchmarks",
            dependencies: ["Render", "NodeCore", "BenchmarkSupport", "TouchstoneApp", "WaylandClient", "WestonHarness"],
            path: "Benchmarks/ScrollBenchmarks"
        ),
        // Layout + paint + commit per frame while a window edge is dragged, against a full repaint:
        // `swift build -c release --product ResizeBenchmarks && .build/release/ResizeBenchmarks`.
        .executableTarget(
            name: "ResizeBenchmarks",
            dependencies: ["Render", "NodeCore", "BenchmarkSupport", "TouchstoneApp", "WaylandClient"],
            path: "Benchmarks/ResizeBenchmarks"
        ),
        .executableTarget(
            name: "RenderBenchmarks",
            dependencies: ["Render", "NodeCore", "BenchmarkSupport"],
            path: "Benchmarks/RenderBenchmarks"
        ),

        // The public app layer: a node tree in a Wayland window (input, damage-limited
        // repaint paced by frame callbacks, scale, resize, keys, markers), app timers and
        // file descriptors on the one loop, the event log and the input recording.
        .target(name: "TouchstoneApp", dependencies: ["NodeCore", "SceneFormat", "Render", "DiagnosticsPainting", "TouchDiagnostics", "WaylandClient",
                                                      "ImageDecoding",
                                                      "FileOutput", "SystemCalls", "MemoryEdges", systemPackage],
                swiftSettings: releaseHotPath),
        // Replay, rendering, the touch test, audit and the offline check for the command line:
        // no compositor code (`check --live` is handed its live session).
        .target(name: "Session", dependencies: ["NodeCore", "SceneFormat", "DeviceRecording", "JSONOutput", "Render", "DiagnosticsPainting",
                                                "AuditFormat", "TouchDiagnostics",
                                                "ImageDecoding",
                                                "TouchstoneApp", "FileOutput", "CLinuxEvents", "MemoryEdges", systemPackage],
                swiftSettings: releaseHotPath),
        // The commands that drive a private headless weston: `demo --headless`, `run --headless` and
        // `check --live` (its `LiveCheck`), and the script injector they share.
        .target(name: "HeadlessSession", dependencies: ["Session", "NodeCore", "SceneFormat", "DeviceRecording", "FileOutput",
                                                        "WestonControl", "SystemCalls"],
                swiftSettings: releaseHotPath),
        // The command line: argument parsing only.
        .executableTarget(
            name: "touchstone",
            dependencies: ["Session", "HeadlessSession", "TouchstoneApp", "Render", "SceneFormat", "FileOutput", "DeviceRecording",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: releaseHotPath,
            // Release: lld packs the ~44,000 relative relocations into an 8.7 KB bitmap (DT_RELR,
            // glibc 2.36+, Debian 12), which the loader applies faster than 1 MB of RELA entries;
            // and libstdc++ is linked statically (tools/linker/libstdc++.so says how and why).
            linkerSettings: [.unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                                           "-L" + packageDirectory + "/tools/linker"],
                                          .when(platforms: [.linux], configuration: .release))]
        ),
        // An app built on the public app layer alone (docs/library.md); CI builds
        // it and ExamplesEndToEndTests taps it under headless weston.
        .executableTarget(name: "RoundButtonExample", dependencies: ["TouchstoneApp"], path: "examples/RoundButton"),
        // TouchstoneApp's tutorial (Sources/TouchstoneApp/TouchstoneApp.docc): a custom control, a list
        // with a data source, and the input script and event log in `replay/` that test it.
        .executableTarget(name: "CheckoutExample", dependencies: ["TouchstoneApp"], path: "examples/Checkout", exclude: ["replay"]),
        .testTarget(name: "CheckoutExampleTests", dependencies: ["CheckoutExample", "TouchstoneApp", "SceneFormat", "touchstone"]),
        // `touchstone` too: the example's exported screens are checked with it.
        .testTarget(name: "ExamplesEndToEndTests", dependencies: ["RoundButtonExample", "WestonHarness", "touchstone"]),
        .testTarget(name: "TouchstoneAppTests", dependencies: ["TouchstoneApp", "WestonHarness", "CLinuxEvents", "Render", "WaylandClient",
                                                               "ImageFixtures", "SceneFormat", "Session",
                                                               "SeededRandom", "AllocationCounting"]),
        .testTarget(name: "TouchstoneCLITests", dependencies: ["touchstone", "Session", "SceneFormat", "NodeCore", "Render", "DiagnosticsPainting", "WestonHarness",
                                                             "TouchDiagnostics", "SeededRandom", "FuzzSupport", "ImageFixtures"],
                    exclude: ["AuditReports"]),
        .testTarget(
            name: "NodeCoreTests",
            dependencies: [
                "NodeCore",
                "SeededRandom",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),

        // MARK: Wayland client (issue 4)

        // Thin C adapters: a [system] modulemap over a one-line shim header each.
        .systemLibrary(
            name: "CWaylandClient",
            pkgConfig: "wayland-client",
            providers: [.apt(["libwayland-dev"])]
        ),
        .systemLibrary(
            name: "CXKBCommon",
            pkgConfig: "xkbcommon",
            providers: [.apt(["libxkbcommon-dev"])]
        ),
        // libwayland-cursor: cursor themes (Xcursor) as wl_buffers, with built-in fallbacks.
        .systemLibrary(
            name: "CWaylandCursor",
            pkgConfig: "wayland-cursor",
            providers: [.apt(["libwayland-dev"])]
        ),
        // timerfd and signalfd, which Glibc's Swift module does not expose. Headers only.
        .systemLibrary(name: "CLinuxEvents"),
        // Used only by tests: a real server peer for the generated bindings.
        .systemLibrary(
            name: "CWaylandServer",
            pkgConfig: "wayland-server",
            providers: [.apt(["libwayland-dev"])]
        ),
        // Protocol XML → Swift bindings; run at build time by the plugin below.
        .executableTarget(name: "WaylandScanner"),
        .plugin(
            name: "WaylandScannerPlugin",
            capability: .buildTool(),
            dependencies: ["WaylandScanner"]
        ),
        .target(
            name: "WaylandClient",
            dependencies: ["Geometry", "CWaylandClient", "CWaylandCursor", "CXKBCommon", "CLinuxEvents", "SystemCalls", "MemoryEdges",
                           systemPackage],
            swiftSettings: releaseHotPath,
            plugins: ["WaylandScannerPlugin"]
        ),
        .testTarget(
            name: "WaylandScannerTests",
            dependencies: ["WaylandClient", "CWaylandClient", "CWaylandServer", "SystemCalls"],
            plugins: ["WaylandScannerPlugin"]
        ),
        .testTarget(
            name: "WaylandClientTests",
            dependencies: ["WaylandClient", "CXKBCommon", "SeededRandom"]
        ),
        // End-to-end tests: each starts its own headless weston (seat input through WestonHarness).
        .testTarget(
            name: "WaylandIntegrationTests",
            dependencies: ["WaylandClient", "WestonHarness"]
        ),
        .executableTarget(
            name: "WaylandBench",
            dependencies: ["WaylandClient"],
            path: "Benchmarks/WaylandBench"
        ),
        // Starts a private headless weston 10 with Touchstone's module (tools/weston-harness)
        // and drives its seat over the module's control socket: `demo --headless` and tests.
        // Ships, so it never builds C: it is handed the built module. FoundationEssentials, Glibc and SystemCalls only.
        .target(name: "WestonControl", dependencies: ["SystemCalls"]),
        // Test support: WestonControl plus a module built on demand from the source tree (make).
        .target(name: "WestonHarness", dependencies: ["WestonControl"]),
        .testTarget(name: "WestonHarnessTests", dependencies: ["WestonHarness", "WestonControl"]),
        // Lists at 10^3 and 10^6 rows: memory, CPU per fling frame, replay time.
        .executableTarget(name: "ListBenchmarks", dependencies: ["Session", "SceneFormat", "NodeCore", "Render", "BenchmarkSupport"],
                          path: "Benchmarks/ListBenchmarks"),
        // Scene loading, input-script parsing and replay by size: `swift run -c release ReplayBenchmarks`.
        .executableTarget(name: "ReplayBenchmarks", dependencies: ["Session", "SceneFormat", "NodeCore", "BenchmarkSupport"],
                          path: "Benchmarks/ReplayBenchmarks"),
        // The pointer-location HUD's cost per motion event, in process and live (issue 14).
        .executableTarget(name: "HUDBenchmarks", dependencies: ["NodeCore", "Render", "DiagnosticsPainting", "TouchDiagnostics", "WestonHarness",
                                                              "BenchmarkSupport"],
                          path: "Benchmarks/HUDBenchmarks"),
        // Converting a 10-minute 10-finger recording against replaying its script (issue 28).
        .executableTarget(name: "RecordingBenchmarks", dependencies: ["DeviceRecording", "Session", "SceneFormat", "NodeCore",
                                                                    "BenchmarkSupport"],
                          path: "Benchmarks/RecordingBenchmarks"),
        // Decoding a 4000 × 3000 JPEG at a node's drawn size against full size: `swift run -c release ImageBenchmarks`.
        .executableTarget(name: "ImageBenchmarks", dependencies: ["ImageDecoding", "ImageFixtures", "NodeCore", "BenchmarkSupport"],
                          path: "Benchmarks/ImageBenchmarks"),
        // Tap-to-commit latency while a photo decodes on the worker against idle, under headless weston.
        .executableTarget(name: "ImageLatencyBenchmarks",
                          dependencies: ["TouchstoneApp", "ImageFixtures", "WestonHarness", "BenchmarkSupport"],
                          path: "Benchmarks/ImageLatencyBenchmarks"),
        .executableTarget(name: "SessionBenchmarks", dependencies: ["WestonHarness", "BenchmarkSupport"],
                          path: "Benchmarks/SessionBenchmarks"),
        // Heap allocations per thread: the process's malloc family counts, then calls glibc's
        // (a sanitizer hook under AddressSanitizer). For the allocation benchmark and its test only.
        .target(name: "CAllocationCounter", path: "Benchmarks/CAllocationCounter"),
        // A finger moving in a session without a compositor, its allocations counted per motion event.
        .target(name: "AllocationCounting", dependencies: ["CAllocationCounter", "TouchstoneApp", "NodeCore"],
                path: "Benchmarks/AllocationCounting"),
        // Heap allocations per motion event in steady state (issue 30): `.build/release/AllocationBenchmarks`.
        .executableTarget(name: "AllocationBenchmarks", dependencies: ["AllocationCounting", "BenchmarkSupport"],
                          path: "Benchmarks/AllocationBenchmarks"),
        // `touchstone audit` by scene size, time and memory: `.build/release/AuditBenchmarks`.
        .executableTarget(name: "AuditBenchmarks", dependencies: ["BenchmarkSupport", "SystemCalls"], path: "Benchmarks/AuditBenchmarks"),
        // The fuzzer: generated scenes and scripts through replay, render and audit with time and
        // memory limits (`tools/fuzz`, CI's fuzz step); its checks also replay the corpus in tests.
        .target(name: "FuzzSupport", dependencies: ["SeededRandom", "SystemCalls"], path: "tools/Fuzz/Support"),
        .executableTarget(name: "TouchstoneFuzz", dependencies: ["FuzzSupport"], path: "tools/Fuzz/Main"),
        .executableTarget(name: "TouchstoneSoak",
                          dependencies: ["Session", "HeadlessSession", "WestonHarness", "SceneFormat", "NodeCore", "SeededRandom"],
                          path: "tools/Soak"),
        // End-to-end: `touchstone run` under a private headless weston with injected seat input.
        .testTarget(name: "SessionEndToEndTests",
                    dependencies: ["touchstone", "Session", "HeadlessSession", "WestonHarness", "SceneFormat", "NodeCore", "Render", "DiagnosticsPainting"]),
    ]
)

// Every Swift target imports internally unless a file says `public import` (docs/library.md,
// "What an app imports"): a module's public API names another module's types only where it
// says so, and C modules never reach a client.
for target in package.targets where target.type != .system && target.type != .plugin {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("InternalImportsByDefault")]
}
