/// JSON text as every file the project writes spells it: strings escaped and numbers
/// formatted here once (event logs, recordings, audit and touch-test reports).
/// The `append` forms write UTF-8 into a caller's buffer, for lines built on the input path.
public enum JSONWriting {
    /// `s` as a JSON string literal.
    public static func quote(_ s: String) -> String { text { appendQuoted(s, to: &$0) } }

    /// A whole number without a fraction (`30`), anything else in shortest form;
    /// `null` for the non-finite numbers JSON lacks.
    public static func integral(_ n: Double) -> String { text { appendIntegral(n, to: &$0) } }

    /// A coordinate rounded to `coordinatePrecision` and always with a fraction (`12.0`).
    public static func coordinate(_ n: Double) -> String { text { appendCoordinate(n, to: &$0) } }

    /// Coordinates in logs and recordings keep this many decimals (float noise removed).
    public static let coordinatePrecision = 3
    static let coordinateScale = 1000.0

    /// Appends the UTF-8 of a literal in one copy (appending a `String.UTF8View` goes
    /// byte by byte).
    @inline(__always)
    public static func appendLiteral(_ text: StaticString, to out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends the UTF-8 of `text` in one copy.
    @inline(__always)
    public static func appendUTF8(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { out.append(contentsOf: $0) }
    }

    /// Appends `s` as a JSON string literal: in one copy when nothing in it needs escaping
    /// (every node name in practice).
    public static func appendQuoted(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        let plain = s.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
            out.append(contentsOf: bytes)
            return true
        }
        if plain { return out.append(UInt8(ascii: "\"")) }
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\n"): out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case UInt8(ascii: "\t"): out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0 ..< 0x20:
                out += Array("\\u00".utf8)
                out.append(hexDigit(byte >> 4))
                out.append(hexDigit(byte & 0xF))
            default:
                // Bytes of multi-byte scalars pass through: the string is valid UTF-8.
                out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Appends what `integral` returns.
    public static func appendIntegral(_ n: Double, to out: inout [UInt8]) {
        guard n.isFinite else { return out += Array("null".utf8) }
        // Every whole number up to 2⁵³ prints exactly; past it a double skips integers.
        if n == n.rounded() && abs(n) <= 9_007_199_254_740_992 {
            appendInteger(Int(n), to: &out)
        } else {
            out += Array(String(n).utf8)
        }
    }

    /// Appends what `coordinate` returns: the shortest decimal of the rounded value, as
    /// `String(Double)` writes it, computed from integer thousandths below 10⁹ (where that
    /// decimal has at most 12 significant digits, so it is the unique shortest form).
    /// Past 10⁹ the value is written in `String(Double)`'s shortest form (which JSON
    /// accepts: `1e+300`), never `inf`; a non-finite value is `null`.
    public static func appendCoordinate(_ n: Double, to out: inout [UInt8]) {
        guard n.isFinite else { return out += Array("null".utf8) }
        let thousandths = (n * coordinateScale).rounded()
        guard abs(thousandths) < 1e12 else {
            // n × 1000 may overflow: beyond 10¹⁵ a double has no fraction left to round.
            let rounded = abs(n) < 1e15 ? thousandths / coordinateScale : n
            return out += Array(String(rounded == 0 ? 0 : rounded).utf8)
        }
        var m = Int(thousandths)
        if m < 0 {
            out.append(UInt8(ascii: "-"))
            m = -m
        }
        appendInteger(m / 1000, to: &out)
        out.append(UInt8(ascii: "."))
        var fraction = m % 1000
        guard fraction != 0 else { return out.append(UInt8(ascii: "0")) }
        var digits = 3
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        var divisor = digits == 3 ? 100 : digits == 2 ? 10 : 1
        while divisor > 0 {
            out.append(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
            divisor /= 10
        }
    }

    /// Appends `n` in decimal.
    public static func appendInteger(_ n: Int, to out: inout [UInt8]) {
        // Magnitude as unsigned so Int.min has one too; digits filled from the end, then
        // appended in one copy.
        var magnitude = n.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if n < 0 {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[start...]))
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    private static func text(_ build: (inout [UInt8]) -> Void) -> String {
        var bytes: [UInt8] = []
        build(&bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
