import Foundation

// WaylandScanner: protocol XML → Swift bindings over libwayland-client.
// Usage: WaylandScanner --output-dir DIR [--import MODULE] PROTOCOL.xml...
// One `<basename>.generated.swift` per input. Invoked by WaylandScannerPlugin at build time.

var outputDir: String?
var imports: [String] = []
var inputs: [String] = []
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--output-dir": outputDir = arguments.next()
    case "--import": if let module = arguments.next() { imports.append(module) }
    default: inputs.append(argument)
    }
}
guard let outputDir, !inputs.isEmpty else {
    FileHandle.standardError.write(Data("usage: WaylandScanner --output-dir DIR [--import MODULE] PROTOCOL.xml...\n".utf8))
    exit(2)
}

do {
    let protocols = try inputs.map { try ProtocolParser.parse(path: $0) }
    let known = KnownInterfaces(protocols: protocols)
    try FileManager.default.createDirectory(atPath: outputDir, withIntermediateDirectories: true)
    for (path, model) in zip(inputs, protocols) {
        let source = Generator(protocolModel: model, known: known, imports: imports, sourcePath: path).render()
        let base = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let out = URL(fileURLWithPath: outputDir).appendingPathComponent(base + ".generated.swift")
        // Write only when changed so dependent objects are not rebuilt needlessly.
        if FileManager.default.contents(atPath: out.path) != Data(source.utf8) {
            try Data(source.utf8).write(to: out)
        }
    }
} catch {
    FileHandle.standardError.write(Data("WaylandScanner: error: \(error)\n".utf8))
    exit(1)
}
