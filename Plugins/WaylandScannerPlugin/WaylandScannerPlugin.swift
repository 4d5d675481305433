import Foundation
import PackagePlugin

/// Generates Swift bindings for the Wayland protocols a target lists in `protocols/<target>.list`.
///
/// System protocols are read from their Debian packages at build time (found through
/// `pkg-config --variable=pkgdatadir`), project-owned ones from `protocols/`. Every XML file
/// and the list itself are declared as inputs, so editing one regenerates on the next build.
@main
struct WaylandScannerPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let protocolsDir = context.package.directoryURL.appending(path: "protocols")
        let listURL = protocolsDir.appending(path: "\(target.name).list")
        let listText = try String(contentsOf: listURL, encoding: .utf8)
        var inputs: [URL] = []
        for (index, rawLine) in listText.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            switch (fields.first, fields.count) {
            case ("system", 3):
                let base = dataDirectory(ofPackage: fields[1])
                inputs.append(URL(fileURLWithPath: base).appending(path: fields[2]))
            case ("project", 2):
                inputs.append(protocolsDir.appending(path: fields[1]))
            default:
                throw PluginError.badLine(file: listURL.path, line: index + 1, text: line)
            }
        }
        for input in inputs where !FileManager.default.fileExists(atPath: input.path) {
            throw PluginError.missingProtocol(input.path)
        }
        let outputDir = context.pluginWorkDirectoryURL.appending(path: "Generated")
        let outputs = inputs.map {
            outputDir.appending(path: $0.deletingPathExtension().lastPathComponent + ".generated.swift")
        }
        var arguments = ["--output-dir", outputDir.path]
        // Targets other than WaylandClient get the runtime support from WaylandClient.
        if target.name != "WaylandClient" {
            arguments += ["--import", "WaylandClient"]
        }
        arguments += inputs.map(\.path)
        return [
            .buildCommand(
                displayName: "Generating Wayland bindings for \(target.name)",
                executable: try context.tool(named: "WaylandScanner").url,
                arguments: arguments,
                inputFiles: inputs + [listURL],
                outputFiles: outputs
            ),
        ]
    }

    /// The package's `pkgdatadir` from pkg-config, or Debian's standard location.
    private func dataDirectory(ofPackage package: String) -> String {
        let fallback = ["wayland-scanner": "/usr/share/wayland", "wayland-client": "/usr/share/wayland"]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["pkg-config", "--variable=pkgdatadir", package]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        if (try? process.run()) != nil {
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let path = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if process.terminationStatus == 0, !path.isEmpty { return path }
        }
        return fallback[package] ?? "/usr/share/\(package)"
    }
}

enum PluginError: Error, CustomStringConvertible {
    case badLine(file: String, line: Int, text: String)
    case missingProtocol(String)

    var description: String {
        switch self {
        case let .badLine(file, line, text):
            "\(file):\(line): expected `system <pkg-config package> <path>` or `project <file>`, got '\(text)'"
        case let .missingProtocol(path):
            "protocol XML not found: \(path) (is the Debian package installed?)"
        }
    }
}
