internal import CImageCodecs

/// JPEG files made with libjpeg-turbo's encoder at run time, for tests and benchmarks.
public enum JPEGFixture {
    /// Channels per pixel of the rows given.
    public enum Components: Int32 {
        case gray = 1, rgb = 3, cmyk = 4
    }

    /// Encodes `width` × `height` pixels; `fill` writes row `y` (width × components bytes).
    public static func jpeg(width: Int, height: Int, components: Components, quality: Int = 90,
                            fill: @escaping (_ y: Int, _ row: UnsafeMutableBufferPointer<UInt8>) -> Void) -> [UInt8] {
        final class Box {
            let fill: (Int, UnsafeMutableBufferPointer<UInt8>) -> Void
            let rowBytes: Int
            init(_ fill: @escaping (Int, UnsafeMutableBufferPointer<UInt8>) -> Void, _ rowBytes: Int) {
                self.fill = fill
                self.rowBytes = rowBytes
            }
        }
        let box = Box(fill, width * Int(components.rawValue))
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: 256)
        let count = message.count
        let result = withExtendedLifetime(box) {
            ts_jpeg_encode(UInt32(width), UInt32(height), components.rawValue, Int32(quality), { context, y, row in
                let box = Unmanaged<Box>.fromOpaque(context!).takeUnretainedValue()
                box.fill(Int(y), UnsafeMutableBufferPointer(start: row, count: box.rowBytes))
            }, Unmanaged.passUnretained(box).toOpaque(), &output, &size, &message, count)
        }
        precondition(result == 0, "JPEG encoding failed")
        defer { ts_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }

    /// A photo-like RGB gradient with detail, the benchmark's and tests' large JPEG.
    public static func photo(width: Int, height: Int, quality: Int = 85) -> [UInt8] {
        jpeg(width: width, height: height, components: .rgb, quality: quality) { y, row in
            for x in 0 ..< width {
                row[x * 3] = UInt8(truncatingIfNeeded: x * 255 / max(width - 1, 1))
                row[x * 3 + 1] = UInt8(truncatingIfNeeded: y * 255 / max(height - 1, 1))
                row[x * 3 + 2] = UInt8(truncatingIfNeeded: (x ^ y) & 0xFF)
            }
        }
    }
}
