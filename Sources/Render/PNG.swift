// Every libpng call of the module, through libpng's simplified `png_image` API.
internal import CPNG

/// Why a PNG could not be written or read.
public enum PNGError: Error, Equatable, CustomStringConvertible {
    /// libpng could not write `path`; `reason` is libpng's message.
    case writeFailed(path: String, reason: String)
    /// libpng could not read `path` (missing, not a PNG, corrupt); `reason` is libpng's message.
    case readFailed(path: String, reason: String)
    /// The file's dimensions are not usable as a canvas.
    case unsupportedSize(path: String, width: Int, height: Int)

    public var description: String {
        switch self {
        case let .writeFailed(path, reason): return "cannot write PNG \(path): \(reason)"
        case let .readFailed(path, reason): return "cannot read PNG \(path): \(reason)"
        case let .unsupportedSize(path, w, h): return "PNG \(path) has an unsupported size \(w)×\(h)"
        }
    }
}

/// `PNG_FORMAT_RGBA` (a macro over other macros, which Swift does not import):
/// 8-bit sRGB red, green, blue, alpha, straight alpha.
private let rgbaFormat = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

extension Canvas {
    /// Writes the canvas as an 8-bit RGBA PNG with straight (non-premultiplied) alpha.
    public func writePNG(to path: String) throws(PNGError) {
        var rgba = straightRGBA()
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = rgbaFormat
        let ok = rgba.withUnsafeMutableBytes { bytes in
            png_image_write_to_file(&image, path, 0, bytes.baseAddress, Int32(width * 4), nil)
        }
        guard ok != 0 else {
            let reason = Canvas.message(of: &image)
            png_image_free(&image)
            throw .writeFailed(path: path, reason: reason)
        }
    }

    /// Reads a PNG of any libpng-supported color type into a new owning canvas
    /// (converted to 8-bit RGBA by libpng, then premultiplied).
    public static func readPNG(from path: String) throws(PNGError) -> Canvas {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_file(&image, path) != 0 else {
            let reason = message(of: &image)
            png_image_free(&image)
            throw .readFailed(path: path, reason: reason)
        }
        let width = Int(image.width), height = Int(image.height)
        image.format = rgbaFormat
        let canvas: Canvas
        do {
            canvas = try Canvas(width: width, height: height)
        } catch {
            png_image_free(&image)
            throw .unsupportedSize(path: path, width: width, height: height)
        }
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        let ok = rgba.withUnsafeMutableBytes { bytes in
            png_image_finish_read(&image, nil, bytes.baseAddress, Int32(width * 4), nil)
        }
        guard ok != 0 else {
            let reason = message(of: &image)
            png_image_free(&image)
            throw .readFailed(path: path, reason: reason)
        }
        canvas.setStraightRGBA(rgba)
        return canvas
    }

    /// Straight RGBA bytes, row after row with no padding: each channel is un-premultiplied
    /// with rounding; a fully transparent pixel becomes (0, 0, 0, 0).
    public func straightRGBA() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        out.withUnsafeMutableBufferPointer { dst in
            var i = 0
            for y in 0..<height {
                let row = baseAddress.advanced(by: y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let p = row[x]
                    let a = p >> 24
                    if a != 0 {
                        func straight(_ c: UInt32) -> UInt8 { UInt8(min(255, (c * 255 + a / 2) / a)) }
                        dst[i] = straight((p >> 16) & 0xFF)
                        dst[i + 1] = straight((p >> 8) & 0xFF)
                        dst[i + 2] = straight(p & 0xFF)
                        dst[i + 3] = UInt8(a)
                    }
                    i += 4
                }
            }
        }
        return out
    }

    /// Replaces the pixels with straight RGBA bytes (`width * height * 4`, no padding), premultiplying.
    public func setStraightRGBA(_ rgba: [UInt8]) {
        precondition(rgba.count == width * height * 4, "expected \(width * height * 4) bytes, got \(rgba.count)")
        rgba.withUnsafeBufferPointer { src in
            var i = 0
            for y in 0..<height {
                let row = baseAddress.advanced(by: y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let a = UInt32(src[i + 3])
                    func premultiplied(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
                    row[x] = a << 24 | premultiplied(src[i]) << 16 | premultiplied(src[i + 1]) << 8
                        | premultiplied(src[i + 2])
                    i += 4
                }
            }
        }
    }

    private static func message(of image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return bytes.isEmpty ? "unknown libpng error" : String(decoding: bytes, as: UTF8.self)
        }
    }
}
