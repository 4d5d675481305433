public import NodeCore

/// Device recordings as input (behaviour.md §18): `libinput record` YAML and evemu
/// recordings, recognized by their content and converted to input-script events.
public enum DeviceRecording {
    /// The recording formats read.
    public enum Format: Sendable, Equatable {
        case libinputRecord, evemu
    }

    /// The format of `bytes` when they are a device recording; nil for anything else (an
    /// input script starts with `{`). Decided by the first line that is not blank or a comment.
    public static func format(of bytes: [UInt8]) -> Format? {
        var index = 0
        while index < bytes.count {
            var end = index
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            let line = bytes[index..<end].drop(while: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D })
            if line.starts(with: Array("# EVEMU".utf8)) { return .evemu }
            if let first = line.first, first != UInt8(ascii: "#") {
                if line.count >= 2, line[line.startIndex + 1] == UInt8(ascii: ":"),
                   Array("NIPBAELS".utf8).contains(first) { return .evemu }
                for key in ["version:", "ndevices:", "libinput:", "system:", "devices:"] where line.starts(with: Array(key.utf8)) {
                    return .libinputRecord
                }
                return nil
            }
            index = end + 1
        }
        return nil
    }

    /// Converts a recording to timed input events; `file` names it in errors.
    public static func convert(_ bytes: [UInt8], file: String, options: RecordingOptions = RecordingOptions()) throws(RecordingError) -> [TimedInputEvent] {
        let format = format(of: bytes) ?? .libinputRecord
        return try bytes.withUnsafeBufferPointer { (buffer) throws(RecordingError) in
            switch format {
            case .libinputRecord: try LibinputRecordReader.convert(buffer, file: file, options: options)
            case .evemu: try EvemuReader.convert(buffer, file: file, options: options)
            }
        }
    }
}
