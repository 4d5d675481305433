public import Render

/// Compares a frame with its expected PNG (behaviour.md §19): a pixel differs when any
/// channel differs by more than `tolerance`; the diff image shows differing pixels magenta
/// over a faded copy of the new frame.
public struct ImageComparison {
    /// Pixels that differ beyond the tolerance (every pixel when the sizes differ).
    public let differingPixels: Int
    public let sizesDiffer: Bool

    public init(expected: Canvas, actual: Canvas, tolerance: Int) {
        guard expected.width == actual.width, expected.height == actual.height else {
            differingPixels = max(expected.width * expected.height, actual.width * actual.height)
            sizesDiffer = true
            return
        }
        sizesDiffer = false
        var count = 0
        for y in 0..<actual.height {
            for x in 0..<actual.width where Self.differs(expected.pixel(x: x, y: y), actual.pixel(x: x, y: y), tolerance) {
                count += 1
            }
        }
        differingPixels = count
    }

    static func differs(_ a: UInt32, _ b: UInt32, _ tolerance: Int) -> Bool {
        guard a != b else { return false }
        for shift in stride(from: 0, through: 24, by: 8) {
            let ca = Int((a >> UInt32(shift)) & 0xFF), cb = Int((b >> UInt32(shift)) & 0xFF)
            if abs(ca - cb) > tolerance { return true }
        }
        return false
    }

    /// Opaque magenta, premultiplied ARGB.
    static let magenta: UInt32 = 0xFFFF_00FF

    /// The diff image: `actual` faded three quarters towards white, differing pixels magenta
    /// (where the sizes differ, the overlap compared and the rest magenta).
    public static func diffImage(expected: Canvas, actual: Canvas, tolerance: Int) throws(CanvasError) -> Canvas {
        let image = try Canvas(width: actual.width, height: actual.height)
        for y in 0..<actual.height {
            for x in 0..<actual.width {
                let pixel = actual.pixel(x: x, y: y)
                let inside = x < expected.width && y < expected.height
                if !inside || differs(expected.pixel(x: x, y: y), pixel, tolerance) {
                    image.setPixel(x: x, y: y, to: magenta)
                } else {
                    image.setPixel(x: x, y: y, to: faded(pixel))
                }
            }
        }
        return image
    }

    /// An opaque pixel a quarter of the way from white to `pixel` (composited over white).
    static func faded(_ pixel: UInt32) -> UInt32 {
        let alpha = (pixel >> 24) & 0xFF
        var result: UInt32 = 0xFF00_0000
        for shift in [UInt32(16), 8, 0] {
            // Premultiplied over white: c + (255 − a); then three quarters of the way to white.
            let over = ((pixel >> shift) & 0xFF) + (255 - alpha)
            result |= (255 - (255 - over) / 4) << shift
        }
        return result
    }
}
