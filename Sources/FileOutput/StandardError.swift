import SystemPackage

/// Writes to standard error with `write(2)`, ignoring failures: a closed or full stderr
/// must not turn an error report into a crash (`FileHandle.write` traps), and there is
/// nowhere left to report that it failed. Terminal control characters are escaped.
public enum StandardError {
    /// Writes `line` and a newline.
    public static func writeLine(_ line: String) {
        var bytes = Array(TerminalText.escaped(line).utf8)
        bytes.append(UInt8(ascii: "\n"))
        _ = try? FileDescriptor.standardError.writeAll(bytes)
    }
}
