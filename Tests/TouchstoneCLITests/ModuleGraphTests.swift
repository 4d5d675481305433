import Foundation
import Testing

/// The package's module graph as `swift package dump-package` reads it (docs/architecture.md):
/// what ships depends on no test support, and the layers import only downwards.
@Suite struct ModuleGraphTests {
    /// Every target's direct dependencies by name, and the library products' targets.
    struct Graph {
        var dependencies: [String: [String]] = [:]
        var testTargets: Set<String> = []
        /// The C modules (`.systemLibrary` targets).
        var systemTargets: Set<String> = []
        var libraryTargets: [String: [String]] = [:]

        /// `target` and everything it depends on, directly or not.
        func closure(of target: String) -> Set<String> {
            var seen: Set<String> = [], stack = [target]
            while let next = stack.popLast() {
                guard seen.insert(next).inserted else { continue }
                stack += dependencies[next] ?? []
            }
            return seen
        }
    }

    static func loadGraph() throws -> Graph {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("touchstone-dump-\(getpid())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // A scratch path of its own: the build folder is locked by the test run itself.
        process.arguments = ["swift", "package", "--scratch-path", scratch.path, "dump-package"]
        process.currentDirectoryURL = CLIRun.packageRoot
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var graph = Graph()
        for target in json["targets"] as? [[String: Any]] ?? [] {
            let name = try #require(target["name"] as? String)
            if target["type"] as? String == "test" { graph.testTargets.insert(name) }
            if target["type"] as? String == "system" { graph.systemTargets.insert(name) }
            graph.dependencies[name] = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
                // {"byName": [NAME, condition]}, {"target": [NAME, condition]}, {"product": [NAME, PACKAGE, …]}
                guard let entry = (dependency["byName"] ?? dependency["target"]) as? [Any] else { return nil }
                return entry.first as? String
            }
        }
        for product in json["products"] as? [[String: Any]] ?? [] {
            guard let type = product["type"] as? [String: Any], type["library"] != nil,
                  let name = product["name"] as? String else { continue }
            graph.libraryTargets[name] = product["targets"] as? [String] ?? []
        }
        return graph
    }

    /// Modules that exist for tests and benchmarks only.
    static let testSupport: Set<String> = ["WestonHarness", "SeededRandom", "BenchmarkSupport", "ImageFixtures", "FuzzSupport",
                                           "AllocationCounting", "CAllocationCounter"]

    @Test func theShippedProgramAndTheLibrariesDependOnNoTestSupport() throws {
        let graph = try Self.loadGraph()
        let shipped = ["touchstone"] + graph.libraryTargets.values.flatMap { $0 }
        for target in shipped {
            let reached = graph.closure(of: target)
            #expect(reached.isDisjoint(with: Self.testSupport), "\(target) reaches \(reached.intersection(Self.testSupport))")
            #expect(reached.isDisjoint(with: graph.testTargets), "\(target) reaches a test target")
        }
        #expect(graph.libraryTargets.values.allSatisfy { $0.allSatisfy { !Self.testSupport.contains($0) } },
                "a library product holds test support")
    }

    @Test func renderDoesNotDependOnTheDeviceTesterModels() throws {
        let graph = try Self.loadGraph()
        #expect(!graph.closure(of: "Render").contains("TouchDiagnostics"))
    }

    /// The offline commands (replay, render, audit, check) hold no compositor code: the
    /// headless-weston commands are HeadlessSession's, which the program depends on beside Session.
    @Test func sessionDoesNotReachTheCompositorControl() throws {
        let graph = try Self.loadGraph()
        #expect(!graph.closure(of: "Session").contains("WestonControl"))
        #expect(!graph.closure(of: "Session").contains("HeadlessSession"))
        #expect(graph.closure(of: "HeadlessSession").isSuperset(of: ["Session", "WestonControl"]))
        #expect(graph.closure(of: "touchstone").contains("HeadlessSession"))
    }

    /// The harness commands only tests and benchmarks send: their methods are `WestonHarness`'s.
    static let testOnlyHarnessCommands = ["\"wait-window", "\"wait-cursor", "\"wait-frame", "\"wait-presented", "\"commit-arm",
                                          "\"commit-wait", "\"first-frame", "\"selection-", "\"commits ", "\"frames\"", "\"cursor\""]

    @Test func theShippedCompositorCodeSendsNoTestOnlyWait() throws {
        for module in ["WestonControl", "HeadlessSession"] {
            let folder = CLIRun.packageRoot.appending(path: "Sources/\(module)")
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
            #expect(!files.isEmpty)
            for file in files {
                let text = try String(contentsOf: folder.appending(path: file), encoding: .utf8)
                for command in Self.testOnlyHarnessCommands {
                    #expect(!text.contains(command), "\(module)/\(file) sends \(command)")
                }
            }
        }
        let harness = CLIRun.packageRoot.appending(path: "Sources/WestonHarness/HeadlessWeston+TestWaits.swift")
        let waits = try String(contentsOf: harness, encoding: .utf8)
        #expect(Self.testOnlyHarnessCommands.filter { !$0.hasPrefix("\"selection") }.allSatisfy(waits.contains))
    }

    @Test func theInteractionCoreDependsOnGeometryAlone() throws {
        let graph = try Self.loadGraph()
        #expect(graph.closure(of: "NodeCore") == ["NodeCore", "Geometry"])
    }

    /// The shared unchecked references are a leaf: any module may import them without
    /// reaching another module of the project (docs/architecture.md "Memory-safety edges").
    @Test func theMemoryEdgesDependOnNoOtherModule() throws {
        let graph = try Self.loadGraph()
        #expect(graph.closure(of: "MemoryEdges") == ["MemoryEdges"])
        #expect(graph.closure(of: "WaylandClient").contains("MemoryEdges"))
    }
}
