/// A decoded image: premultiplied 8-bit ARGB pixels (pixman's a8r8g8b8, one native-endian
/// word each), rows top to bottom. Immutable and Sendable, so a decoding worker hands it to
/// the loop that paints and hit-tests without sharing anything mutable (behaviour.md §17.5).
public struct ImagePixels: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width * height` words, row-major.
    public let pixels: [UInt32]

    /// Wraps `pixels` (premultiplied a8r8g8b8); nil unless there are exactly `width * height`
    /// of them and every color channel is at most its alpha.
    public init?(width: Int, height: Int, premultiplied pixels: [UInt32]) {
        guard width > 0, height > 0, pixels.count == width * height else { return nil }
        for pixel in pixels {
            let a = pixel >> 24
            guard (pixel >> 16) & 0xFF <= a, (pixel >> 8) & 0xFF <= a, pixel & 0xFF <= a else { return nil }
        }
        self.init(trustedWidth: width, height: height, pixels: pixels)
    }

    /// Wraps pixels a decoder made, which hold premultiplied values by construction.
    public init(trustedWidth width: Int, height: Int, pixels: [UInt32]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height, "pixel count must be width × height")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The alpha (0...255) of pixel (`x`, `y`).
    public func alpha(x: Int, y: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: pixels[y * width + x] >> 24)
    }

    /// Bytes the pixels take: what a cache counts.
    public var byteCount: Int { pixels.count * 4 }
}
