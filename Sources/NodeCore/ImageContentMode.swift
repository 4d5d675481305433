/// How an image node places its image in its bounds (Texture's and UIKit's content modes).
/// The image is always drawn within the bounds: `aspectFill` and `center` crop.
public enum ImageContentMode: String, CaseIterable, Hashable, Sendable {
    /// Scaled, aspect kept, to cover the bounds; centered, the overflow cropped.
    case aspectFill
    /// Scaled, aspect kept, to fit inside the bounds; centered.
    case aspectFit
    /// Stretched to the bounds.
    case scaleToFill
    /// Unscaled (one image pixel per point), centered, cropped to the bounds.
    case center

    /// Where an image of `imageSize` points is drawn in `bounds` (it may reach past them).
    public func drawnRect(imageSize: Size, in bounds: Rect) -> Rect {
        guard imageSize.width > 0, imageSize.height > 0 else { return .zero }
        var size: Size
        switch self {
        case .scaleToFill:
            return bounds
        case .aspectFit, .aspectFill:
            let sx = bounds.width / imageSize.width, sy = bounds.height / imageSize.height
            let factor = self == .aspectFit ? min(sx, sy) : max(sx, sy)
            size = Size(width: imageSize.width * factor, height: imageSize.height * factor)
        case .center:
            size = imageSize
        }
        return Rect(x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2,
                    width: size.width, height: size.height)
    }
}
