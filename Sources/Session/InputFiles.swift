import Foundation
import NodeCore
import SceneFormat

/// Why a command failed, with the exit status behaviour.md §8 gives it.
public struct CommandFailure: Error, CustomStringConvertible {
    /// 1 runtime failure, 2 bad arguments or input files, 3 audit findings.
    public let status: Int32
    public let message: String

    public init(status: Int32, _ message: String) {
        self.status = status
        self.message = message
    }

    /// Bad arguments or input files.
    public static let badInputStatus: Int32 = 2
    /// A runtime failure: compositor gone, I/O.
    public static let runtimeStatus: Int32 = 1

    public static func badInput(_ message: String) -> CommandFailure { CommandFailure(status: badInputStatus, message) }
    public static func runtime(_ message: String) -> CommandFailure { CommandFailure(status: runtimeStatus, message) }

    public var description: String { message }
}

/// Loads the project's files from disk, turning every failure into one clear line.
public enum InputFiles {
    /// The bytes of `path`; a missing or unreadable file is bad input (status 2).
    public static func read(_ path: String) throws(CommandFailure) -> [UInt8] {
        do {
            return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw .badInput("\(path): cannot read: \(Self.reason(error))")
        }
    }

    public static func loadScene(_ path: String) throws(CommandFailure) -> Scene {
        let bytes = try read(path)
        do {
            return try SceneDecoder.decode(bytes, file: path)
        } catch {
            throw .badInput(error.description)
        }
    }

    public static func loadInputScript(_ path: String) throws(CommandFailure) -> [TimedInputEvent] {
        let bytes = try read(path)
        do {
            return try InputScript.decode(bytes, file: path)
        } catch {
            throw .badInput(error.description)
        }
    }

    static func reason(_ error: Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
           let text = strerror(Int32(underlying.code)) {
            return String(cString: text)
        }
        if ns.domain == NSCocoaErrorDomain, ns.code == NSFileReadNoSuchFileError { return "no such file" }
        return ns.localizedDescription
    }
}
