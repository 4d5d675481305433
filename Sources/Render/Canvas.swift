public import NodeCore

/// Why a canvas could not be made.
public enum CanvasError: Error, Equatable, CustomStringConvertible {
    /// Width or height is not in `1...Canvas.maximumDimension`.
    case invalidSize(width: Int, height: Int)
    /// The stride is not a multiple of 4 or smaller than `width * 4` bytes.
    case invalidStride(stride: Int, width: Int)
    /// The pixel pointer is not aligned to 4 bytes.
    case misalignedBuffer
    /// pixman refused the buffer.
    case pixmanFailed

    public var description: String {
        switch self {
        case let .invalidSize(w, h): return "invalid canvas size \(w)×\(h) (each side must be 1...\(Canvas.maximumDimension), at most \(Canvas.maximumPixelCount) pixels)"
        case let .invalidStride(s, w): return "invalid stride \(s) bytes for width \(w) (needs a multiple of 4, at least \(w * 4))"
        case .misalignedBuffer: return "pixel buffer is not 4-byte aligned"
        case .pixmanFailed: return "pixman could not wrap the pixel buffer"
        }
    }
}

/// A 32-bit premultiplied ARGB pixel buffer (`WL_SHM_FORMAT_ARGB8888`: one native-endian
/// word per pixel, alpha in the high byte) that the renderer paints into.
///
/// `Canvas(wrapping:width:height:stride:)` paints straight into memory the caller owns,
/// such as a mapped `wl_shm` pool buffer, with no copy; the memory must outlive the canvas.
/// `Canvas(width:height:)` owns its memory, for offscreen use and PNG export.
public final class Canvas {
    /// The largest width or height accepted.
    public static let maximumDimension = 16_384
    /// The most pixels a canvas may have (64 Mi: 256 MiB of memory).
    public static let maximumPixelCount = 1 << 26

    public let width: Int
    public let height: Int
    /// Bytes from one row to the next.
    public let stride: Int
    /// The first pixel's address; outside the module only inside `withPixels`, so no
    /// pointer outlives the canvas.
    package let baseAddress: UnsafeMutableRawPointer
    /// Whether the canvas allocated, and frees, its memory.
    public let ownsMemory: Bool

    package let surface: PixmanSurface
    /// The damage last turned into a region by `damageRegion(_:)`, and that region: a frame
    /// asks for the same damage's region for each thing it paints over the tree.
    var lastDamage: (rects: [PixelRect], region: PixelRegion)?

    /// A canvas that owns a new, fully transparent buffer with the tightest stride.
    public init(width: Int, height: Int) throws(CanvasError) {
        try Canvas.validate(width: width, height: height, stride: width * 4)
        let stride = width * 4
        let memory = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 64)
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: stride * height)
        guard let surface = PixmanSurface.create(bits: memory, width: width, height: height, stride: stride) else {
            memory.deallocate()
            throw .pixmanFailed
        }
        self.width = width
        self.height = height
        self.stride = stride
        self.baseAddress = memory
        self.ownsMemory = true
        self.surface = surface
    }

    /// A canvas over `baseAddress`, which holds `height` rows of `stride` bytes and stays
    /// valid, and owned by the caller, for the canvas's whole life. Nothing is cleared.
    public init(wrapping baseAddress: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) throws(CanvasError) {
        try Canvas.validate(width: width, height: height, stride: stride)
        guard Int(bitPattern: baseAddress) % 4 == 0 else { throw .misalignedBuffer }
        guard let surface = PixmanSurface.create(bits: baseAddress, width: width, height: height, stride: stride) else {
            throw .pixmanFailed
        }
        self.width = width
        self.height = height
        self.stride = stride
        self.baseAddress = baseAddress
        self.ownsMemory = false
        self.surface = surface
    }

    deinit {
        surface.release()
        if ownsMemory { baseAddress.deallocate() }
    }

    private static func validate(width: Int, height: Int, stride: Int) throws(CanvasError) {
        guard (1...maximumDimension).contains(width), (1...maximumDimension).contains(height),
              width * height <= maximumPixelCount else {
            throw .invalidSize(width: width, height: height)
        }
        guard stride % 4 == 0, stride >= width * 4 else { throw .invalidStride(stride: stride, width: width) }
    }

    /// Runs `body` with the canvas's memory (`height` rows of `stride` bytes, premultiplied
    /// ARGB words); the buffer is valid only inside `body`.
    public func withPixels<Result, Failure: Error>(
        _ body: (UnsafeMutableRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(UnsafeMutableRawBufferPointer(start: baseAddress, count: stride * height))
    }

    /// The whole canvas, `(0, 0, width, height)`.
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// The premultiplied ARGB word at (`x`, `y`), which must be inside the canvas.
    public func pixel(x: Int, y: Int) -> UInt32 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)×\(height)")
        return baseAddress.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
    }

    /// Sets the premultiplied ARGB word at (`x`, `y`), which must be inside the canvas.
    public func setPixel(x: Int, y: Int, to value: UInt32) {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)×\(height)")
        baseAddress.storeBytes(of: value, toByteOffset: y * stride + x * 4, as: UInt32.self)
    }

    /// The pixel at (`x`, `y`) split into premultiplied components.
    public func components(x: Int, y: Int) -> PixelComponents {
        PixelComponents(argb: pixel(x: x, y: y))
    }

    /// Replaces every pixel with `color`.
    public func fill(_ color: Color) {
        surface.setClip(nil)
        surface.fill(bounds, color: PremultipliedColor(color), operator: .source)
    }

    /// Replaces the pixels of `rect` (clipped to the canvas) with `color`.
    public func fill(_ rect: PixelRect, with color: Color) {
        surface.setClip(nil)
        surface.fill(rect.intersection(bounds), color: PremultipliedColor(color), operator: .source)
    }
}

/// The four premultiplied channels of one pixel.
public struct PixelComponents: Hashable, Sendable, CustomStringConvertible {
    public var alpha: UInt8
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(alpha: UInt8, red: UInt8, green: UInt8, blue: UInt8) {
        self.alpha = alpha
        self.red = red
        self.green = green
        self.blue = blue
    }

    public init(argb: UInt32) {
        self.init(alpha: UInt8(truncatingIfNeeded: argb >> 24), red: UInt8(truncatingIfNeeded: argb >> 16),
                  green: UInt8(truncatingIfNeeded: argb >> 8), blue: UInt8(truncatingIfNeeded: argb))
    }

    /// The premultiplied form of a straight color.
    public init(premultiplying color: Color) {
        let p = PremultipliedColor(color)
        self.init(alpha: p.alpha, red: p.red, green: p.green, blue: p.blue)
    }

    public var argb: UInt32 {
        UInt32(alpha) << 24 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
    }

    /// Whether every channel differs from `other`'s by at most `tolerance`.
    public func isClose(to other: PixelComponents, tolerance: Int = 1) -> Bool {
        abs(Int(alpha) - Int(other.alpha)) <= tolerance && abs(Int(red) - Int(other.red)) <= tolerance
            && abs(Int(green) - Int(other.green)) <= tolerance && abs(Int(blue) - Int(other.blue)) <= tolerance
    }

    public var description: String { "argb(\(alpha), \(red), \(green), \(blue))" }
}
