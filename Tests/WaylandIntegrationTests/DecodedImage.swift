import CPNG

/// A PNG decoded to 8-bit RGBA with libpng's simplified API.
struct DecodedImage {
    let width: Int
    let height: Int
    let rgba: [UInt8]

    struct DecodeError: Error { let reason: String }

    init(pngPath: String) throws {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_file(&image, pngPath) != 0 else {
            throw DecodeError(reason: "cannot read \(pngPath)")
        }
        // PNG_FORMAT_RGBA = PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR) | UInt32(PNG_FORMAT_FLAG_ALPHA)
        width = Int(image.width)
        height = Int(image.height)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let ok = png_image_finish_read(&image, nil, &pixels, Int32(width * 4), nil)
        png_image_free(&image)
        guard ok != 0 else { throw DecodeError(reason: "cannot decode \(pngPath)") }
        rgba = pixels
    }

    /// (r, g, b, a) at a pixel.
    func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3])
    }
}
