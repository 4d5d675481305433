internal import CImageCodecs
import NodeCore

/// Takes a codec's rows one at a time and keeps only their box averages: `boxWidth` ×
/// `boxHeight` source pixels become one premultiplied pixel, so a huge image never needs
/// a buffer of its own size.
final class RowSink {
    let target: ((Int, Int) -> (width: Int, height: Int))?
    var headerOnly = false
    var error: ImageDecodingError?
    private(set) var sourceWidth = 0, sourceHeight = 0
    private(set) var targetWidth = 0, targetHeight = 0

    private var layout = Int32(TS_ROWS_RGBA.rawValue)
    private(set) var rowWidth = 0, rowCount = 0
    private var boxWidth = 1, boxHeight = 1
    private var outputWidth = 0, outputHeight = 0
    /// Premultiplied channel sums of the box row being filled: 4 per output column.
    private var sums: [UInt32] = []
    private var rowsInBox = 0
    private var output: [UInt32] = []

    init(target: ((Int, Int) -> (width: Int, height: Int))?) {
        self.target = target
    }

    /// Checks the source size and picks the JPEG DCT scale (0 stops the decode).
    func header(_ width: Int, _ height: Int) -> Int32 {
        guard width > 0, height > 0, width <= ImageLimits.maximumSide, height <= ImageLimits.maximumSide,
              width * height <= ImageLimits.maximumPixels else {
            error = .tooLarge(width: width, height: height)
            return 0
        }
        sourceWidth = width
        sourceHeight = height
        guard !headerOnly else { return 0 }
        let wanted: (width: Int, height: Int) = target?(width, height) ?? (width, height)
        targetWidth = min(max(wanted.width, 1), width)
        targetHeight = min(max(wanted.height, 1), height)
        // libjpeg's scaled size is the source size divided and rounded up.
        for denominator in [8, 4, 2] {
            if (width + denominator - 1) / denominator >= targetWidth, (height + denominator - 1) / denominator >= targetHeight {
                return Int32(denominator)
            }
        }
        return 1
    }

    /// Sets up the boxes for rows `width` wide, `height` of them.
    func begin(_ width: Int, _ height: Int, _ layout: Int32) -> Int32 {
        self.layout = layout
        rowWidth = width
        rowCount = height
        boxWidth = max(1, width / targetWidth)
        boxHeight = max(1, height / targetHeight)
        outputWidth = (width + boxWidth - 1) / boxWidth
        outputHeight = (height + boxHeight - 1) / boxHeight
        sums = [UInt32](repeating: 0, count: outputWidth * 4)
        output = []
        output.reserveCapacity(outputWidth * outputHeight)
        return 1
    }

    func row(_ y: Int, _ row: UnsafePointer<UInt8>) {
        let layout = self.layout, boxWidth = self.boxWidth
        sums.withUnsafeMutableBufferPointer { sums in
            for x in 0 ..< rowWidth {
                let p = row + x * 4
                var a: UInt32, r: UInt32, g: UInt32, b: UInt32
                if layout == Int32(TS_ROWS_RGBA.rawValue) {
                    a = UInt32(p[3])
                    r = (UInt32(p[0]) * a + 127) / 255
                    g = (UInt32(p[1]) * a + 127) / 255
                    b = (UInt32(p[2]) * a + 127) / 255
                } else {
                    var c = UInt32(p[0]), m = UInt32(p[1]), ye = UInt32(p[2]), k = UInt32(p[3])
                    if layout == Int32(TS_ROWS_CMYK.rawValue) { c = 255 - c; m = 255 - m; ye = 255 - ye; k = 255 - k }
                    // Inverted CMYK: 255 is no ink, so the light left is the product.
                    a = 255
                    r = (c * k + 127) / 255
                    g = (m * k + 127) / 255
                    b = (ye * k + 127) / 255
                }
                let o = (x / boxWidth) * 4
                sums[o] += a
                sums[o + 1] += r
                sums[o + 2] += g
                sums[o + 3] += b
            }
        }
        rowsInBox += 1
        if rowsInBox == boxHeight || y == rowCount - 1 { emitRow() }
    }

    private func emitRow() {
        let rows = UInt32(rowsInBox)
        for ox in 0 ..< outputWidth {
            let columns = UInt32(min(boxWidth, rowWidth - ox * boxWidth))
            let count = columns * rows, half = count / 2
            let o = ox * 4
            let a = (sums[o] + half) / count, r = (sums[o + 1] + half) / count
            let g = (sums[o + 2] + half) / count, b = (sums[o + 3] + half) / count
            output.append(a << 24 | r << 16 | g << 8 | b)
            sums[o] = 0; sums[o + 1] = 0; sums[o + 2] = 0; sums[o + 3] = 0
        }
        rowsInBox = 0
    }

    /// The box-averaged image, once every row arrived.
    func finish() -> ImagePixels? {
        guard outputWidth > 0, output.count == outputWidth * outputHeight else { return nil }
        return ImagePixels(trustedWidth: outputWidth, height: outputHeight, pixels: output)
    }
}
