/// A device recording that cannot be converted: names the file, the line and what was
/// found there, in one line (behaviour.md §18).
public struct RecordingError: Error, Equatable, Sendable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let message: String

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String { "\(file):\(line): \(message)" }
}
