/// Where an image node's pixels come from (behaviour.md §17).
public enum ImageSource: Sendable, Equatable {
    /// A PNG or JPEG file, decoded on a worker at the size it is drawn.
    case file(path: String)
    /// A PNG or JPEG held in memory.
    case encoded([UInt8])
    /// Pixels that need no decoding.
    case pixels(ImagePixels)
}

/// An image in a node, Texture's ASImageNode: a control that ignores touches unless
/// user interaction is enabled (scene key `interactive`), painted with a content mode,
/// rounded corners and a placeholder colour until its pixels are ready. With
/// `hitTestAlpha` its tap target is the drawn image's opaque part (behaviour.md §17.2).
open class ImageNode: ControlNode {
    /// What to show; setting it drops the current pixels (a loader decodes the new source).
    public final var source: ImageSource? {
        didSet {
            guard source != oldValue else { return }
            if case let .pixels(pixels) = source {
                setImage(pixels, sourceSize: Size(width: Double(pixels.width), height: Double(pixels.height)))
            } else {
                image = nil
                imageSize = nil
                loadError = nil
                invalidateSubtree()
            }
        }
    }
    public final var contentMode: ImageContentMode = .aspectFill { didSet { invalidateSelf() } }
    /// Points; clips the image and the background, antialiased. Half the shorter side makes a circle.
    public final var cornerRadius: Double = 0 {
        didSet {
            cornerRadius = cornerRadius.isFinite ? max(cornerRadius, 0) : 0
            invalidateSelf()
        }
    }
    /// Painted (within the rounded bounds) until the image is ready.
    public final var placeholderColor: Color = .clear { didSet { invalidateSelf() } }
    /// When true `pointInside` is false where the drawn image's alpha is below 50 %.
    public final var hitTestAlpha = false {
        willSet { invalidateSubtree() }
        didSet { invalidateSubtree() }
    }
    /// Runs on the decoding worker after each decode (Texture's `imageModificationBlock`).
    public final var imageModification: (@Sendable (ImagePixels) -> ImagePixels)?
    /// Told why the source could not be decoded; the node keeps showing its placeholder.
    public final var errorHandler: ((String) -> Void)?

    /// The decoded pixels, at the size they are drawn (or less); nil until ready.
    public private(set) final var image: ImagePixels?
    /// The source image's size in pixels, which is its size in points at scale 1; nil until known.
    public private(set) final var imageSize: Size?
    /// Why the source could not be decoded, once it failed.
    public private(set) final var loadError: String?

    public override init(name: String, frame: Rect = .zero) {
        super.init(name: name, frame: frame)
        isImageNode = true
        isUserInteractionEnabled = false
    }

    /// The size layout gives the node when nothing else decides: the image's size in
    /// points at scale 1 (one image pixel per point); nil until the source size is known.
    open var intrinsicContentSize: Size? { imageSize }

    /// Shows `pixels`, decoded from a source of `sourceSize` pixels, from the next frame on.
    public final func setImage(_ pixels: ImagePixels, sourceSize: Size) {
        image = pixels
        // A new intrinsic size may move the node in its container's layout.
        setSourceSize(sourceSize)
        loadError = nil
        // The alpha shape changes with the pixels; otherwise only the paint does.
        if hitTestAlpha { invalidateSubtree() } else { invalidateSelf() }
    }

    /// The source's size, read from its header before any pixel: layout measures the node
    /// by it (`intrinsicContentSize`) before the pixels arrive.
    public final func setSourceSize(_ sourceSize: Size) {
        guard imageSize != sourceSize else { return }
        imageSize = sourceSize
        setNeedsLayout()
    }

    /// Records that the source failed to decode and tells the error handler.
    public final func setLoadError(_ reason: String) {
        loadError = reason
        errorHandler?(reason)
    }

    /// Where the image is drawn, in the node's coordinates (it may reach past the bounds,
    /// which clip it); nil until the source size is known.
    public final var drawnImageRect: Rect? {
        guard let imageSize else { return nil }
        return contentMode.drawnRect(imageSize: imageSize, in: Rect(origin: .zero, size: frame.size))
    }

    /// The pixel size to decode at for `scale`: the drawn size in buffer pixels, never more
    /// than the source's own (a larger drawing scales up when painted). A pure function of
    /// values, so a worker can compute it from what the loop sends.
    public static func decodeSize(sourceWidth: Int, sourceHeight: Int, boundsSize: Size, contentMode: ImageContentMode,
                                  scale: Double) -> (width: Int, height: Int) {
        let source = Size(width: Double(sourceWidth), height: Double(sourceHeight))
        let drawn = contentMode.drawnRect(imageSize: source, in: Rect(origin: .zero, size: boundsSize))
        func pixels(_ points: Double, _ limit: Int) -> Int {
            guard points.isFinite, points > 0 else { return 1 }
            return max(1, min(limit, Int((points * scale).rounded(.up))))
        }
        return (pixels(drawn.width, sourceWidth), pixels(drawn.height, sourceHeight))
    }

    /// Whether the image held now is too small to paint at `scale`: it needs decoding again.
    public final func needsPixels(scale: Double) -> Bool {
        guard let imageSize else { return image == nil }
        guard let image else { return true }
        if case .pixels = source { return false }
        let wanted = ImageNode.decodeSize(sourceWidth: Int(imageSize.width), sourceHeight: Int(imageSize.height),
                                          boundsSize: frame.size, contentMode: contentMode, scale: scale)
        return image.width < wanted.width || image.height < wanted.height
    }

    // MARK: Hit testing

    /// With `hitTestAlpha`: inside the rounded bounds (and the slopRect) where the drawn
    /// image's alpha is at least 50 %; before the image is ready, the rounded bounds.
    open override func pointInside(_ point: Point) -> Bool {
        guard hitTestAlpha else { return super.pointInside(point) }
        let bounds = Rect(origin: .zero, size: frame.size)
        guard slopRect.contains(point), bounds.contains(point),
              RoundedRect.contains(point, in: bounds, radius: cornerRadius) else { return false }
        guard let image, let drawn = drawnImageRect else { return true }
        return ImageNode.alpha(of: image, drawnIn: drawn, at: point) >= 128
    }

    /// With `hitTestAlpha` the bounds (within the slopRect): no point outside is inside.
    open override var hitTestExtent: Rect {
        guard hitTestAlpha else { return super.hitTestExtent }
        return slopRect.intersection(Rect(origin: .zero, size: frame.size))
    }

    /// The alpha of the image pixel drawn at `point` when `image` fills `drawn`; 0 outside it.
    static func alpha(of image: ImagePixels, drawnIn drawn: Rect, at point: Point) -> UInt8 {
        guard drawn.contains(point) else { return 0 }
        let x = Int((point.x - drawn.minX) / drawn.width * Double(image.width))
        let y = Int((point.y - drawn.minY) / drawn.height * Double(image.height))
        return image.alpha(x: min(max(x, 0), image.width - 1), y: min(max(y, 0), image.height - 1))
    }
}

/// A rect with four equal circular corners, as image nodes clip with.
public enum RoundedRect {
    /// The radius actually used: at most half the shorter side.
    public static func effectiveRadius(_ radius: Double, in rect: Rect) -> Double {
        max(0, min(radius, rect.width / 2, rect.height / 2))
    }

    /// How much of a unit pixel centred at `point` the rounded rect covers, in 0...1,
    /// antialiased by the distance to the corner's arc. 1 everywhere away from the corners.
    public static func coverage(_ point: Point, in rect: Rect, radius: Double) -> Double {
        let r = effectiveRadius(radius, in: rect)
        guard r > 0 else { return rect.contains(point) ? 1 : 0 }
        let cx = point.x < rect.minX + r ? rect.minX + r : point.x > rect.maxX - r ? rect.maxX - r : point.x
        let cy = point.y < rect.minY + r ? rect.minY + r : point.y > rect.maxY - r ? rect.maxY - r : point.y
        let dx = point.x - cx, dy = point.y - cy
        if dx == 0 || dy == 0 {
            // Along an edge: the straight edges' own coverage.
            let inX = min(point.x - rect.minX + 0.5, rect.maxX - point.x + 0.5, 1)
            let inY = min(point.y - rect.minY + 0.5, rect.maxY - point.y + 0.5, 1)
            return max(0, min(inX, inY))
        }
        let distance = (dx * dx + dy * dy).squareRoot()
        return max(0, min(1, r - distance + 0.5))
    }

    /// Whether `point` is inside: in `rect` and, in a corner, within the corner's arc.
    public static func contains(_ point: Point, in rect: Rect, radius: Double) -> Bool {
        guard rect.contains(point) else { return false }
        let r = effectiveRadius(radius, in: rect)
        guard r > 0 else { return true }
        let cx = min(max(point.x, rect.minX + r), rect.maxX - r)
        let cy = min(max(point.y, rect.minY + r), rect.maxY - r)
        let dx = point.x - cx, dy = point.y - cy
        return dx * dx + dy * dy <= r * r
    }
}
