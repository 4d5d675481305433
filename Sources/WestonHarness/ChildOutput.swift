public import Foundation

/// What a child process wrote to its standard output and error, each read to its end.
public enum ChildOutput {
    /// Reads `output` (when given) and `error` to their ends at once: read one after the
    /// other, a child that fills the second pipe (64 KiB, a sanitizer's report say) while the
    /// first is read blocks on its write and never exits.
    public static func read(output: FileHandle?, error: FileHandle) -> (output: Data, error: Data) {
        let errorRead = PipeRead(error)
        let outputData = output?.readDataToEndOfFile() ?? Data()
        return (outputData, errorRead.wait())
    }
}

/// A pipe read to its end on a thread of its own.
private final class PipeRead: @unchecked Sendable {
    /// Written by the reading thread before `done` is signalled, read only after.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
