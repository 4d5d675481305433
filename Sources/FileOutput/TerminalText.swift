/// Makes text from files (node names, paths, values) safe to print to a terminal: control
/// characters would otherwise move the cursor, change colors or retitle the window, and
/// bidirectional overrides would reorder what the reader sees.
public enum TerminalText {
    /// `text` with every C0 and C1 control character, DEL, line and paragraph separator and
    /// bidirectional embedding, override or isolate written as a visible escape (`\x1B`,
    /// `\u{202E}`); everything else unchanged.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            let hex = String(scalar.value, radix: 16, uppercase: true)
            out += scalar.value < 0x100 ? "\\x" + (hex.count < 2 ? "0" + hex : hex) : "\\u{\(hex)}"
        }
        return out
    }

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00 ... 0x1F, 0x7F ... 0x9F, 0x2028, 0x2029, 0x202A ... 0x202E, 0x2066 ... 0x2069: return true
        default: return false
        }
    }
}
