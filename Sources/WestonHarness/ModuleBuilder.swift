public import Foundation
import Synchronization
public import WestonControl

/// One build at a time per process: concurrent tests share one module.
private let moduleBuildLock = Mutex<String?>(nil)

extension HeadlessWeston {
    /// The folder with the module's C sources and Makefile, found from
    /// this source file's location in the package.
    static var moduleSourceDirectory: URL {
        URL(filePath: #filePath)
            .deletingLastPathComponent()  // WestonHarness
            .deletingLastPathComponent()  // Sources
            .deletingLastPathComponent()  // package root
            .appending(path: "tools/weston-harness", directoryHint: .isDirectory)
    }

    /// The module tests use: `TOUCHSTONE_HARNESS_MODULE`, else built from the source tree.
    public static func testModule() throws(HarnessError) -> URL {
        URL(filePath: try resolveModule(nil))
    }

    /// `start` for tests and tools run from the source tree: with `module` nil, the one
    /// `TOUCHSTONE_HARNESS_MODULE` names, else one built from `tools/weston-harness`.
    public static func start(
        width: Int = 1024, height: Int = 768, scale: Int = 1, shell: Shell = .kiosk,
        directory: URL? = nil, module: URL? = nil, startTimeout: Double = 10, fractionalScale: Int? = nil
    ) throws(HarnessError) -> HeadlessWeston {
        let module = try URL(filePath: resolveModule(module))
        return try start(width: width, height: height, scale: scale, shell: shell, directory: directory,
                         module: module, startTimeout: startTimeout, fractionalScale: fractionalScale)
    }

    /// An explicit module, else `TOUCHSTONE_HARNESS_MODULE`, else a build
    /// (`make` rebuilds only when the source is newer than the module).
    static func resolveModule(_ explicit: URL?) throws(HarnessError) -> String {
        if let path = explicit?.path ?? ProcessInfo.processInfo.environment["TOUCHSTONE_HARNESS_MODULE"],
           !path.isEmpty {
            guard FileManager.default.fileExists(atPath: path) else { throw .moduleMissing(path: path) }
            return URL(filePath: path).standardizedFileURL.path
        }
        return try buildModule()
    }

    static func buildModule() throws(HarnessError) -> String {
        let source = moduleSourceDirectory
        guard FileManager.default.fileExists(atPath: source.appending(path: "Makefile").path) else {
            throw .moduleSourceMissing(path: source.path)
        }
        let build = source.appending(path: "build", directoryHint: .isDirectory)
        let module = build.appending(path: "touchstone-harness.so").path
        let result: Result<String, HarnessError> = moduleBuildLock.withLock { built in
            if let built { return .success(built) }
            if let failure = make(in: source, arguments: ["BUILD_DIR=\(build.path)"], product: module) {
                return .failure(failure)
            }
            built = module
            return .success(module)
        }
        return try result.get()
    }

    /// Runs `make -s -C directory arguments…`; nil when it succeeded and `product` exists,
    /// else the failure with the end of make's output.
    static func make(in directory: URL, arguments: [String] = [], product: String) -> HarnessError? {
        guard let make = findExecutable("make") else {
            return .moduleBuildFailed(output: "make not found on PATH (install 'make')")
        }
        // make's output goes to a file, not a pipe: a compositor another test spawns meanwhile
        // inherits every descriptor open at that moment, and holding a pipe's write end it
        // kept the read here from ever ending.
        let log = FileManager.default.temporaryDirectory.appending(path: "touchstone-make-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: log) }
        let process: ChildProcess
        do {
            process = try ChildProcess(executable: make.path, arguments: ["-s", "-C", directory.path] + arguments,
                                       environment: ProcessInfo.processInfo.environment, outputPath: log.path)
        } catch {
            return .moduleBuildFailed(output: "cannot run make: \(error)")
        }
        let status = process.waitUntilExit() ?? -1
        let output = FileManager.default.contents(atPath: log.path) ?? Data()
        guard status == 0, FileManager.default.fileExists(atPath: product) else {
            let text = String(decoding: output, as: UTF8.self)
            let tail = text.split(separator: "\n").suffix(6).joined(separator: " | ")
            return .moduleBuildFailed(output: tail.isEmpty ? "make exited \(status)" : tail)
        }
        return nil
    }
}
