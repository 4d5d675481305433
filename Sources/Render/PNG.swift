// Every libpng call of the module: reading through libpng's simplified `png_image` API,
// writing row by row through the C adapter (libpng's low-level API needs setjmp).
internal import CPNG
internal import CImageCodecs
internal import MemoryEdges
package import FileOutput

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
    /// How `writePNG` trades size for speed. The default, no row filter and zlib level 1,
    /// encodes a 1080p frame in ~16 ms of CPU, a sixth of libpng's defaults (RenderBenchmarks);
    /// flat UI colors compress well without filtering, and higher levels cost far more time than they save.
    public struct PNGEncoding: Sendable {
        /// A mask of libpng's `PNG_FILTER_*` values (none: 0x08, sub: 0x10, up: 0x20, all: 0xF8).
        public var filters: Int32
        /// zlib's compression level, 0 (store) to 9 (smallest).
        public var level: Int32
        /// zlib's strategy: 0 default, 1 filtered, 2 Huffman only, 3 run-length.
        public var strategy: Int32

        public init(filters: Int32, level: Int32, strategy: Int32 = 0) {
            self.filters = filters
            self.level = level
            self.strategy = strategy
        }

        /// Fast: no filter, level 1 (run-length matching is slower and larger on RGBA rows).
        public static let fast = PNGEncoding(filters: 0x08, level: 1)
        /// libpng's defaults: adaptive filtering, level 6.
        public static let compact = PNGEncoding(filters: 0xF8, level: 6)
    }

    /// Writes the canvas as an 8-bit RGBA PNG with straight (non-premultiplied) alpha,
    /// row by row from the canvas (no image-sized copy). The old file at `path` is
    /// replaced only once the new one is complete (see `OutputFile`); a FIFO or device
    /// is written in place.
    public func writePNG(to path: String, encoding: PNGEncoding = .fast) throws(PNGError) {
        let file: OutputFile
        do {
            file = try OutputFile(path: path)
        } catch {
            throw .writeFailed(path: path, reason: error.reason)
        }
        try writePNG(to: file, encoding: encoding)
        do {
            try file.commit()
        } catch {
            throw .writeFailed(path: path, reason: error.reason)
        }
    }

    /// Writes the PNG into `file` without committing it.
    package func writePNG(to file: OutputFile, encoding: PNGEncoding = .fast) throws(PNGError) {
        var message = [CChar](repeating: 0, count: 256)
        let result = CallbackContext.lend(self) { context in
            ts_png_write_rgba(file.descriptor, UInt32(width), UInt32(height), encoding.filters, encoding.level, encoding.strategy,
                              { context, y, row in
                                  CallbackContext.object(at: context, as: Canvas.self).straightRGBARow(Int(y), into: row!)
                              }, context, &message, message.count)
        }
        guard result == 0 else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .writeFailed(path: file.path, reason: reason)
        }
    }

    /// Row `y` as straight RGBA bytes (`width * 4`), each channel un-premultiplied with
    /// rounding through a table; a fully transparent pixel becomes (0, 0, 0, 0).
    func straightRGBARow(_ y: Int, into out: UnsafeMutablePointer<UInt8>) {
        let row = baseAddress.advanced(by: y * stride).assumingMemoryBound(to: UInt32.self)
        Canvas.unpremultiplyTable.withUnsafeBufferPointer { table in
            var o = out
            for x in 0 ..< width {
                let p = row[x]
                let a = Int(p >> 24)
                if a == 255 {
                    o[0] = UInt8(truncatingIfNeeded: p >> 16)
                    o[1] = UInt8(truncatingIfNeeded: p >> 8)
                    o[2] = UInt8(truncatingIfNeeded: p)
                    o[3] = 255
                } else {
                    let base = a << 8
                    o[0] = table[base | Int((p >> 16) & 0xFF)]
                    o[1] = table[base | Int((p >> 8) & 0xFF)]
                    o[2] = table[base | Int(p & 0xFF)]
                    o[3] = UInt8(a)
                }
                o += 4
            }
        }
    }

    /// `table[a << 8 | c]`: premultiplied channel `c` at alpha `a` made straight, rounded (0 at alpha 0).
    private static let unpremultiplyTable: [UInt8] = (0 ..< 65536).map { index in
        let a = index >> 8, c = index & 0xFF
        return a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a))
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

    /// Straight RGBA bytes, row after row with no padding (see `straightRGBARow`).
    public func straightRGBA() -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            for y in 0 ..< height { straightRGBARow(y, into: buffer.baseAddress! + y * width * 4) }
            count = width * height * 4
        }
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
