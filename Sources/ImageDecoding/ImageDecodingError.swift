/// Why an image could not be decoded: one lower-case reason, for a scene error or a handler.
public enum ImageDecodingError: Error, Equatable, CustomStringConvertible {
    /// The file is missing, unreadable, a directory or too large.
    case unreadable(String)
    /// The bytes are neither a PNG nor a JPEG.
    case unknownFormat
    /// A PNG or JPEG that the codec rejected: corrupt, or cut short (`reason` says which).
    case corrupt(format: ImageFormat, reason: String)
    /// Wider or taller than `ImageLimits.maximumSide`, or more than `ImageLimits.maximumPixels`.
    case tooLarge(width: Int, height: Int)

    public var description: String {
        switch self {
        case let .unreadable(reason): return "cannot read the file: \(reason)"
        case .unknownFormat: return "not a PNG or JPEG file"
        case let .corrupt(format, reason): return "not a decodable \(format.rawValue): \(reason)"
        case let .tooLarge(width, height):
            return "the image is \(width)×\(height); images may be at most \(ImageLimits.maximumSide) pixels a side "
                + "and \(ImageLimits.maximumPixels >> 20) megapixels"
        }
    }
}

/// The largest images decoded. Larger ones are refused before any pixel is read; the ones
/// within are decoded at the size they are drawn, so memory follows the drawn size.
public enum ImageLimits {
    /// Pixels along either side.
    public static let maximumSide = 32768
    /// Pixels in all (16384 × 16384).
    public static let maximumPixels = 1 << 28
    /// Bytes of an image file.
    public static let maximumFileSize = 256 << 20
}

/// The encodings decoded, recognised by their first bytes.
public enum ImageFormat: String, Sendable {
    case png = "PNG"
    case jpeg = "JPEG"

    /// The format whose signature `bytes` starts with.
    public init?(sniffing bytes: [UInt8]) {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else {
            return nil
        }
    }
}
