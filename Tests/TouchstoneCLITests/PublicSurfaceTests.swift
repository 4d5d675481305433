import Foundation
import Testing

/// Which modules each library product's public API names (docs/library.md, "What each product
/// exposes"). Every target imports internally by default (`InternalImportsByDefault`), so a
/// module reaches a product's clients only through a `public import` or `@_exported import`
/// line; the compiler rejects a public declaration that names a module imported otherwise.
@Suite struct PublicSurfaceTests {
    /// One import line of a product's sources: the module, and whether it is re-exported.
    struct PublicImport: Hashable {
        let module: String
        let exported: Bool
    }

    /// The `public import` and `@_exported import` lines of `target`'s sources.
    static func publicImports(of target: String) throws -> Set<PublicImport> {
        let folder = CLIRun.packageRoot.appendingPathComponent("Sources/\(target)")
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
        var imports: Set<PublicImport> = []
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ").map(String.init)
                guard let at = words.firstIndex(of: "import"), at + 1 < words.count, !words[..<at].isEmpty else { continue }
                let modifiers = Set(words[..<at])
                guard modifiers.isSubset(of: ["@_exported", "public", "package", "internal"]) else { continue }
                let exported = modifiers.contains("@_exported")
                if exported || modifiers.contains("public") { imports.insert(PublicImport(module: words[at + 1], exported: exported)) }
            }
        }
        return imports
    }

    /// docs/library.md's table: each library product and the modules its public API names.
    static func documentedSurface() throws -> [String: Set<String>] {
        let text = try String(contentsOf: CLIRun.packageRoot.appendingPathComponent("docs/library.md"), encoding: .utf8)
        let section = try #require(text.range(of: "## What each product exposes"))
        var table: [String: Set<String>] = [:]
        for line in text[section.upperBound...].split(separator: "\n").drop(while: { !$0.hasPrefix("|") }) {
            guard line.hasPrefix("|") else { break }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2, cells[0].hasPrefix("`") else { continue }
            let modules = cells[1] == "nothing" ? [] : cells[1].split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            }
            table[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = Set(modules)
        }
        return table
    }

    @Test func everyLibraryProductExposesTheModulesDocsLibraryLists() throws {
        let graph = try ModuleGraphTests.loadGraph()
        let documented = try Self.documentedSurface()
        #expect(Set(documented.keys) == Set(graph.libraryTargets.keys))
        for (product, targets) in graph.libraryTargets {
            var exposed: Set<String> = []
            for target in targets { exposed.formUnion(try Self.publicImports(of: target).map(\.module)) }
            #expect(exposed == documented[product], "\(product)'s public API names \(exposed.sorted())")
        }
    }

    @Test func noLibraryProductExposesACModule() throws {
        let graph = try ModuleGraphTests.loadGraph()
        // The system libraries, and the C targets of the package's own (named C… as they are).
        let cModules = graph.systemTargets.union(graph.dependencies.keys.filter { $0.hasPrefix("C") && $0.dropFirst().first?.isUppercase == true })
        #expect(cModules.contains("CImageCodecs") && cModules.contains("CPixman"))
        for target in graph.libraryTargets.values.joined() {
            let exposed = Set(try Self.publicImports(of: target).map(\.module))
            #expect(exposed.isDisjoint(with: cModules), "\(target) exposes \(exposed.intersection(cModules))")
        }
    }

    /// `import TouchstoneApp` alone serves an app: every module the product's public API names
    /// comes with it (re-exported), and the example app and the docs' snippet import nothing else.
    @Test func anAppImportsTouchstoneAppAlone() throws {
        let imports = try Self.publicImports(of: "TouchstoneApp")
        let reExported = Set(imports.filter(\.exported).map(\.module))
        #expect(reExported == ["NodeCore"])
        for module in Set(imports.map(\.module)) {
            #expect(reExported.contains(module), "TouchstoneApp's public API names \(module) without re-exporting it")
        }
        let exampleFolder = CLIRun.packageRoot.appendingPathComponent("examples/RoundButton")
        for file in try FileManager.default.contentsOfDirectory(atPath: exampleFolder.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: exampleFolder.appendingPathComponent(file), encoding: .utf8)
            let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") }.map { String($0.dropFirst(7)) }
            #expect(Set(imports).isSubset(of: ["TouchstoneApp", "Foundation"]), "\(file) imports \(imports)")
        }
        // The README's app and docs/library.md's first snippet: the blocks that import TouchstoneApp.
        for document in ["README.md", "docs/library.md"] {
            let text = try String(contentsOf: CLIRun.packageRoot.appendingPathComponent(document), encoding: .utf8)
            let blocks = text.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
            let app = try #require(blocks.first { $0.contains("import TouchstoneApp") }, "\(document) shows no app")
            let imports = app.split(separator: "\n").filter { $0.hasPrefix("import ") }.map { $0.split(separator: " ")[1] }
            #expect(imports == ["TouchstoneApp"], "\(document)")
        }
    }
}
