public import NodeCore

/// One image node's decode as plain values (behaviour.md §17.5): what a live window sends its
/// worker and what replay, render and audit decode at once. Nothing in it is shared or mutable.
public struct ImageRequest: Sendable {
    public let source: ImageSource
    public let boundsSize: Size
    public let contentMode: ImageContentMode
    public let scale: Double
    public let modification: (@Sendable (ImagePixels) -> ImagePixels)?

    /// What `node` needs to be painted at `scale`; nil when it has no source to decode.
    public init?(_ node: ImageNode, scale: Double) {
        guard let source = node.source else { return nil }
        if case .pixels = source { return nil }
        self.source = source
        boundsSize = node.frame.size
        contentMode = node.contentMode
        self.scale = scale
        modification = node.imageModification
    }

    /// Decodes the source at its drawn size (files through `cache`), then applies `modification`.
    public func decode(using cache: inout DecodedImageCache) -> Result<DecodedImage, ImageDecodingError> {
        let size = { [boundsSize, contentMode, scale] (width: Int, height: Int) in
            ImageNode.decodeSize(sourceWidth: width, sourceHeight: height, boundsSize: boundsSize, contentMode: contentMode,
                                 scale: scale)
        }
        let decoded: DecodedImage
        do throws(ImageDecodingError) {
            switch source {
            case let .file(path): decoded = try cache.image(path: path, size: size)
            case let .encoded(bytes): decoded = try ImageDecoder.decode(bytes, size: size)
            case .pixels: return .failure(.unknownFormat)
            }
        } catch {
            return .failure(error)
        }
        guard let modification else { return .success(decoded) }
        return .success(DecodedImage(pixels: modification(decoded.pixels), sourceWidth: decoded.sourceWidth,
                                     sourceHeight: decoded.sourceHeight, decodedWidth: decoded.decodedWidth,
                                     decodedHeight: decoded.decodedHeight))
    }
}

extension ImageNode {
    /// Shows a finished decode: its pixels from the next frame on, or its error (the
    /// placeholder stays and the error handler is told).
    public func apply(_ outcome: Result<DecodedImage, ImageDecodingError>) {
        switch outcome {
        case let .success(decoded):
            setImage(decoded.pixels, sourceSize: Size(width: Double(decoded.sourceWidth), height: Double(decoded.sourceHeight)))
        case let .failure(error):
            setLoadError(error.description)
        }
    }
}
