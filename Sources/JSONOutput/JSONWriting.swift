/// JSON text as every file the project writes spells it: strings escaped and numbers
/// formatted here once (event logs, recordings, audit and touch-test reports).
/// The `append` forms write UTF-8 into a caller's buffer, for lines built on the input path:
/// a byte array, or a `JSONLineBuffer` that a line is written into before one copy to it.
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
    @usableFromInline static let coordinateScale = 1000.0

    /// Appends the UTF-8 of a literal in one copy (appending a `String.UTF8View` goes
    /// byte by byte).
    @inlinable @inline(__always)
    public static func appendLiteral<Sink: JSONByteSink>(_ text: StaticString, to out: inout Sink) {
        out.write(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends the UTF-8 of `text` in one copy.
    @inlinable @inline(__always)
    public static func appendUTF8<Sink: JSONByteSink>(_ text: String, to out: inout Sink) {
        var text = text
        text.withUTF8 { out.write($0) }
    }

    /// Appends `s` as a JSON string literal: in one copy when nothing in it needs escaping
    /// (every node name in practice).
    @inlinable
    public static func appendQuoted<Sink: JSONByteSink>(_ s: String, to out: inout Sink) {
        out.write(UInt8(ascii: "\""))
        var s = s
        let plain = s.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
            out.write(bytes)
            return true
        }
        if plain { return out.write(UInt8(ascii: "\"")) }
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): appendLiteral(#"\""#, to: &out)
            case UInt8(ascii: "\\"): appendLiteral(#"\\"#, to: &out)
            case UInt8(ascii: "\n"): appendLiteral(#"\n"#, to: &out)
            case UInt8(ascii: "\r"): appendLiteral(#"\r"#, to: &out)
            case UInt8(ascii: "\t"): appendLiteral(#"\t"#, to: &out)
            case 0 ..< 0x20:
                appendLiteral(#"\u00"#, to: &out)
                out.write(hexDigit(byte >> 4))
                out.write(hexDigit(byte & 0xF))
            default:
                // Bytes of multi-byte scalars pass through: the string is valid UTF-8.
                out.write(byte)
            }
        }
        out.write(UInt8(ascii: "\""))
    }

    /// Appends what `integral` returns.
    @inlinable
    public static func appendIntegral<Sink: JSONByteSink>(_ n: Double, to out: inout Sink) {
        guard n.isFinite else { return appendLiteral("null", to: &out) }
        if abs(n) >= 1e15 {
            appendLargeIntegral(n, to: &out)
        } else if n == n.rounded() {
            appendInteger(Int(n), to: &out)
        } else {
            appendUTF8(String(n), to: &out)
        }
    }

    /// Appends `n` (finite, magnitude at least 10¹⁵, where a double has less than a
    /// thousandth of fraction) as the plain decimal digits of its whole part, never in
    /// exponent form: every finite double is exactly `m × 2^e` with a whole `m`.
    @usableFromInline
    static func appendLargeIntegral<Sink: JSONByteSink>(_ n: Double, to out: inout Sink) {
        let whole = n.rounded(.towardZero)
        if whole.magnitude < 9.2e18 { return appendInteger(Int(whole), to: &out) }
        // Base-10⁹ limbs, least significant first, doubled `exponent` times from the significand.
        let exponent = Int(whole.exponent) - Double.significandBitCount
        var limbs: [UInt64] = []
        var m = UInt64(whole.significandBitPattern | (1 << UInt64(Double.significandBitCount)))
        while m > 0 { limbs.append(m % 1_000_000_000); m /= 1_000_000_000 }
        var remaining = exponent
        while remaining > 0 {
            let step = min(remaining, 30)
            remaining -= step
            var carry: UInt64 = 0
            for i in limbs.indices {
                let v = (limbs[i] << UInt64(step)) + carry
                limbs[i] = v % 1_000_000_000
                carry = v / 1_000_000_000
            }
            while carry > 0 { limbs.append(carry % 1_000_000_000); carry /= 1_000_000_000 }
        }
        if n < 0 { out.write(UInt8(ascii: "-")) }
        appendInteger(Int(limbs.last!), to: &out)
        for limb in limbs.dropLast().reversed() {
            var digits = [UInt8](repeating: UInt8(ascii: "0"), count: 9)
            var v = limb
            for i in stride(from: 8, through: 0, by: -1) {
                digits[i] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10
            }
            digits.withUnsafeBufferPointer { out.write($0) }
        }
    }

    /// Appends what `coordinate` returns: the shortest decimal of the rounded value, as
    /// `String(Double)` writes it, computed from integer thousandths below 10⁹ (where that
    /// decimal has at most 12 significant digits, so it is the unique shortest form).
    /// Past 10⁹ the value is written in `String(Double)`'s shortest form below 10¹⁵ and as
    /// the digits of its whole part above (never in exponent form, never `inf`); a
    /// non-finite value is `null`.
    @inlinable
    public static func appendCoordinate<Sink: JSONByteSink>(_ n: Double, to out: inout Sink) {
        guard n.isFinite else { return appendLiteral("null", to: &out) }
        let thousandths = (n * coordinateScale).rounded()
        guard abs(thousandths) < 1e12 else {
            // n × 1000 may overflow: beyond 10¹⁵ a double has no fraction left to round.
            guard abs(n) < 1e15 else { return appendLargeIntegral(n, to: &out) }
            return appendUTF8(String(thousandths / coordinateScale), to: &out)
        }
        var m = Int(thousandths)
        if m < 0 {
            out.write(UInt8(ascii: "-"))
            m = -m
        }
        appendInteger(m / 1000, to: &out)
        out.write(UInt8(ascii: "."))
        var fraction = m % 1000
        guard fraction != 0 else { return out.write(UInt8(ascii: "0")) }
        var digits = 3
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        var divisor = digits == 3 ? 100 : digits == 2 ? 10 : 1
        while divisor > 0 {
            out.write(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
            divisor /= 10
        }
    }

    /// Appends `n` in decimal.
    @inlinable
    public static func appendInteger<Sink: JSONByteSink>(_ n: Int, to out: inout Sink) {
        withDecimal(n) { out.write($0) }
    }

    /// Calls `body` with `n` in decimal (as `String(n)` spells it), written on the stack.
    @inlinable @inline(__always)
    public static func withDecimal<R>(_ n: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        // Magnitude as unsigned so Int.min has one too; digits filled from the end.
        var magnitude = n.magnitude
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
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
            return body(UnsafeBufferPointer(rebasing: buffer[start...]))
        }
    }

    @usableFromInline
    static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    private static func text(_ build: (inout [UInt8]) -> Void) -> String {
        var bytes: [UInt8] = []
        build(&bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Where the `JSONWriting.append` forms write UTF-8.
public protocol JSONByteSink {
    mutating func write(_ byte: UInt8)
    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: JSONByteSink where Element == UInt8 {
    @inlinable public mutating func write(_ byte: UInt8) { append(byte) }
    @inlinable public mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }
}

/// Memory a line is written into in place, then copied out at once (`bytes`): appending a
/// dozen small pieces to an array, each with its checks, cost more than the line's digits.
/// Writing past `capacity` is a programming error that traps; size it for the longest line.
public struct JSONLineBuffer: JSONByteSink {
    @usableFromInline let base: UnsafeMutableBufferPointer<UInt8>
    @usableFromInline var count = 0

    /// A buffer over `memory`, empty.
    @inlinable public init(_ memory: UnsafeMutableBufferPointer<UInt8>) { base = memory }

    /// What was written.
    @inlinable public var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: base[..<count]) }

    @inlinable @inline(__always)
    public mutating func write(_ byte: UInt8) {
        precondition(count < base.count, "JSONLineBuffer overflow")
        base[count] = byte
        count += 1
    }

    @inlinable @inline(__always)
    public mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        precondition(bytes.count <= base.count - count, "JSONLineBuffer overflow")
        guard let source = bytes.baseAddress else { return }
        (base.baseAddress! + count).update(from: source, count: bytes.count)
        count += bytes.count
    }
}
