/// A malformed scene, input script or event log: names the file, the line and the
/// key or value at fault, in one line.
public struct FormatError: Error, Equatable, Sendable, CustomStringConvertible {
    public let file: String
    public let line: Int
    /// The key (or key path such as `root.children[2].frame`) at fault, if any.
    public let key: String?
    public let message: String

    public init(file: String, line: Int, key: String?, message: String) {
        self.file = file
        self.line = line
        self.key = key
        self.message = message
    }

    public var description: String {
        if let key { return "\(file):\(line): \(key): \(message)" }
        return "\(file):\(line): \(message)"
    }
}
