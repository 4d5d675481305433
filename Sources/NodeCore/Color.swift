/// A straight (non-premultiplied) sRGB color with 8-bit channels and a 0...1 alpha.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    /// Opacity in 0...1.
    public var alpha: Double

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = min(max(alpha, 0), 1)
    }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 255, green: 255, blue: 255)

    /// Parses `#RRGGBB` or `#RRGGBBAA`; nil for anything else.
    public init?(hex: String) {
        // Read in place, without copying the text (scenes hold a color or more per node).
        var text = hex
        guard let color = text.withUTF8(Color.init(hexUTF8:)) else { return nil }
        self = color
    }

    /// `init(hex:)` of the text whose UTF-8 is `utf8`, for a reader that has bytes, not a string.
    public init?(hexUTF8 utf8: UnsafeBufferPointer<UInt8>) {
        guard utf8.first == UInt8(ascii: "#"), utf8.count == 7 || utf8.count == 9 else { return nil }
        func byte(_ i: Int) -> UInt8? {
            guard let hi = Color.nibble(utf8[i]), let lo = Color.nibble(utf8[i + 1]) else { return nil }
            return hi << 4 | lo
        }
        guard let r = byte(1), let g = byte(3), let b = byte(5) else { return nil }
        var alpha = 1.0
        if utf8.count == 9 {
            guard let a = byte(7) else { return nil }
            alpha = Double(a) / 255
        }
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque.
    public var hexString: String {
        func hex2(_ v: UInt8) -> String {
            let digits = Array("0123456789ABCDEF")
            return String([digits[Int(v >> 4)], digits[Int(v & 0xF)]])
        }
        var s = "#" + hex2(red) + hex2(green) + hex2(blue)
        if alpha < 1 { s += hex2(UInt8((alpha * 255).rounded())) }
        return s
    }

    public var description: String { hexString }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
