/// Small helpers for writing JSON text: the project's one-line records and reports.
public enum JSONWriting {
    /// `s` as a JSON string literal.
    public static func quote(_ s: String) -> String {
        // Most names need no escaping: copy them whole.
        if s.utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            return "\"" + s + "\""
        }
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A whole number without a fraction (`30`), anything else in shortest form;
    /// `null` for the non-finite numbers JSON lacks.
    public static func integral(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        return n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
    }

    /// A coordinate rounded to `coordinatePrecision` and always with a fraction (`12.0`).
    static func coordinate(_ n: Double) -> String {
        let rounded = (n * coordinateScale).rounded() / coordinateScale
        return String(rounded == 0 ? 0 : rounded)
    }

    /// Coordinates in logs and recordings keep this many decimals (float noise removed).
    static let coordinatePrecision = 3
    static let coordinateScale = 1000.0
}
