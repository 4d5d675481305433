internal import CImageCodecs
internal import MemoryEdges
public import NodeCore

/// An image decoded for drawing: pixels at (about) the size asked for, and the source's size.
public struct DecodedImage: Sendable {
    public let pixels: ImagePixels
    public let sourceWidth: Int
    public let sourceHeight: Int
    /// The size the codec delivered rows at (a JPEG's DCT-scaled size), before averaging.
    public let decodedWidth: Int
    public let decodedHeight: Int

    public init(pixels: ImagePixels, sourceWidth: Int, sourceHeight: Int, decodedWidth: Int, decodedHeight: Int) {
        self.pixels = pixels
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.decodedWidth = decodedWidth
        self.decodedHeight = decodedHeight
    }
}

/// Decodes PNG (libpng) and JPEG (libjpeg-turbo) into premultiplied ARGB at a requested
/// size. Memory follows the requested size, not the source's: a JPEG is decoded with DCT
/// scaling (⅛, ¼, ½: the smallest not below the requested size), rows are averaged in
/// boxes as they arrive, and pixman's separable convolution makes the last step
/// (behaviour.md §17.1). Pure functions of the bytes: safe on any thread.
public enum ImageDecoder {
    /// Decodes `bytes`. `size` is told the source's size and answers the pixel size wanted
    /// (at most the source's; nil decodes at the source's size).
    public static func decode(_ bytes: [UInt8],
                              size: ((_ width: Int, _ height: Int) -> (width: Int, height: Int))? = nil)
        throws(ImageDecodingError) -> DecodedImage {
        guard let format = ImageFormat(sniffing: bytes) else { throw .unknownFormat }
        let sink = RowSink(target: size)
        var message = [CChar](repeating: 0, count: 256)
        let result = run(format, bytes, sink, &message)
        if let error = sink.error { throw error }
        guard result == Int32(TS_DECODE_OK.rawValue), let reduced = sink.finish() else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .corrupt(format: format, reason: reason.isEmpty ? "decoding stopped" : reason.lowercased())
        }
        let pixels = Resampling.resample(reduced, toWidth: sink.targetWidth, height: sink.targetHeight)
        return DecodedImage(pixels: pixels, sourceWidth: sink.sourceWidth, sourceHeight: sink.sourceHeight,
                            decodedWidth: sink.rowWidth, decodedHeight: sink.rowCount)
    }

    /// The stored size of the image in `bytes`, reading only its header.
    public static func sourceSize(of bytes: [UInt8]) throws(ImageDecodingError) -> (width: Int, height: Int) {
        guard let format = ImageFormat(sniffing: bytes) else { throw .unknownFormat }
        let sink = RowSink(target: nil)
        sink.headerOnly = true
        var message = [CChar](repeating: 0, count: 256)
        _ = run(format, bytes, sink, &message)
        if let error = sink.error { throw error }
        guard sink.sourceWidth > 0 else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .corrupt(format: format, reason: reason.lowercased())
        }
        return (sink.sourceWidth, sink.sourceHeight)
    }

    private static func run(_ format: ImageFormat, _ bytes: [UInt8], _ sink: RowSink, _ message: inout [CChar]) -> Int32 {
        CallbackContext.lend(sink) { context in
            var reader = ts_image_reader(
                context: context,
                header: { context, width, height in
                    CallbackContext.object(at: context, as: RowSink.self).header(Int(width), Int(height))
                },
                begin: { context, width, height, layout in
                    CallbackContext.object(at: context, as: RowSink.self).begin(Int(width), Int(height), layout)
                },
                row: { context, y, row in
                    CallbackContext.object(at: context, as: RowSink.self).row(Int(y), row!)
                })
            let count = message.count
            return bytes.withUnsafeBufferPointer { data in
                message.withUnsafeMutableBufferPointer { text in
                    switch format {
                    case .png: return ts_png_decode(data.baseAddress, data.count, &reader, text.baseAddress, count)
                    case .jpeg: return ts_jpeg_decode(data.baseAddress, data.count, &reader, text.baseAddress, count)
                    }
                }
            }
        }
    }
}
