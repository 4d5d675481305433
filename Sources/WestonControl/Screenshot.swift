/// An RGBA pixel.
public struct RGBA: Equatable, Sendable, CustomStringConvertible {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    public var description: String {
        "rgba(\(r), \(g), \(b), \(a))"
    }
}

/// The output's pixels as read back by the compositor after a repaint.
public struct Screenshot: Sendable {
    public let width: Int
    public let height: Int
    /// Row-major RGBA bytes, `width * height * 4`, no padding.
    public let rgba: [UInt8]

    public init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(rgba.count == width * height * 4, "pixel buffer size does not match")
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// The pixel at output pixel coordinates (origin top left).
    public func pixel(x: Int, y: Int) -> RGBA {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
        let i = (y * width + x) * 4
        return RGBA(r: rgba[i], g: rgba[i + 1], b: rgba[i + 2], a: rgba[i + 3])
    }

    /// Decodes the PAM the weston module and `kwin-screenshot` write (`P7`, `DEPTH 4`, `MAXVAL 255`).
    package static func decodePAM(_ bytes: [UInt8]) -> Screenshot? {
        let marker = Array("ENDHDR\n".utf8)
        guard bytes.starts(with: Array("P7\n".utf8)),
              let end = bytes.firstRange(of: marker)?.upperBound
        else { return nil }
        var fields: [String: String] = [:]
        let header = String(decoding: bytes[..<end], as: UTF8.self)
        for line in header.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        guard let width = fields["WIDTH"].flatMap(Int.init), let height = fields["HEIGHT"].flatMap(Int.init),
              fields["DEPTH"] == "4", fields["MAXVAL"] == "255",
              width > 0, height > 0, bytes.count - end == width * height * 4
        else { return nil }
        return Screenshot(width: width, height: height, rgba: Array(bytes[end...]))
    }

    /// Decodes the binary PPM `grim -t ppm` writes (`P6`, width, height, `255`, RGB triples):
    /// opaque pixels.
    package static func decodePPM(_ bytes: [UInt8]) -> Screenshot? {
        // Three whitespace-separated numbers after the magic, then one whitespace byte.
        var fields: [Int] = [], index = 2
        guard bytes.starts(with: Array("P6".utf8)) else { return nil }
        while fields.count < 3, index < bytes.count {
            while index < bytes.count, bytes[index] == 32 || bytes[index] == 10 || bytes[index] == 9 { index += 1 }
            let start = index
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 { index += 1 }
            guard index > start, let value = Int(String(decoding: bytes[start..<index], as: UTF8.self)) else { return nil }
            fields.append(value)
        }
        index += 1
        guard fields.count == 3, fields[2] == 255, fields[0] > 0, fields[1] > 0,
              bytes.count - index == fields[0] * fields[1] * 3 else { return nil }
        var rgba = [UInt8](repeating: 255, count: fields[0] * fields[1] * 4)
        for pixel in 0..<(fields[0] * fields[1]) {
            rgba[pixel * 4] = bytes[index + pixel * 3]
            rgba[pixel * 4 + 1] = bytes[index + pixel * 3 + 1]
            rgba[pixel * 4 + 2] = bytes[index + pixel * 3 + 2]
        }
        return Screenshot(width: fields[0], height: fields[1], rgba: rgba)
    }
}
