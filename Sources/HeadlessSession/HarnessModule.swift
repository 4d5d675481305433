public import FoundationEssentials

/// Where `touchstone demo --headless` finds the weston module that gives the private
/// weston a seat to inject touches into. The command never builds it: the module is
/// installed beside the binary (`tools/install`), named by an environment variable, or
/// built in the source tree by `tools/setup`.
public enum HarnessModule {
    /// Names the module file explicitly.
    public static let environmentVariable = "TOUCHSTONE_HARNESS_MODULE"
    public static let fileName = "touchstone-harness.so"
    /// Relative to the current directory: where `tools/setup` builds it in the source tree.
    public static let sourceTreePath = "tools/weston-harness/build/" + fileName

    /// The module was not found, or the variable names a file that is not there.
    public struct NotFound: Error, CustomStringConvertible {
        public let searched: [String]
        public let fromEnvironment: Bool

        public var description: String {
            if fromEnvironment {
                return "\(HarnessModule.environmentVariable)=\(searched[0]): no such file; build the module with "
                    + "`make -C tools/weston-harness` in Touchstone's source tree"
            }
            return "the headless demo needs Touchstone's weston module (\(HarnessModule.fileName)), not found in "
                + searched.joined(separator: ", ")
                + "; install Touchstone with `tools/install PREFIX`, or build it with `make -C tools/weston-harness` "
                + "and set \(HarnessModule.environmentVariable) to its path"
        }
    }

    /// The module: `$TOUCHSTONE_HARNESS_MODULE` when set; else beside the binary, in
    /// `../lib/touchstone/` from it (an installed prefix), or in the source tree below the
    /// current directory.
    public static func locate(executable: URL, environment: [String: String] = ProcessInfo.processInfo.environment,
                              currentDirectory: String = FileManager.default.currentDirectoryPath) throws(NotFound) -> URL {
        if let path = environment[environmentVariable], !path.isEmpty {
            guard FileManager.default.fileExists(atPath: path) else { throw NotFound(searched: [path], fromEnvironment: true) }
            return URL(fileURLWithPath: path).standardizedFileURL
        }
        let binDirectory = executable.deletingLastPathComponent()
        let candidates = [
            binDirectory.appending(path: fileName),
            binDirectory.deletingLastPathComponent().appending(path: "lib/touchstone/\(fileName)"),
            URL(fileURLWithPath: currentDirectory).appending(path: sourceTreePath),
        ].map(\.standardizedFileURL)
        guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
            throw NotFound(searched: candidates.map(\.path), fromEnvironment: false)
        }
        return found
    }
}
