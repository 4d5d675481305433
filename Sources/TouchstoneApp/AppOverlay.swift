package import Render
import DiagnosticsPainting

/// Something an app paints over its node tree in every frame (the pointer-location HUD,
/// the touch-test grid): asked once per turn of the loop what changed, and then to paint
/// within the frame's damage, after the tree and the touch markers. Package-only: it paints
/// with `Render`'s types, which an app never sees (an app turns the built-in overlays on
/// through `App+Overlays`, and draws over its tree with nodes).
package protocol AppOverlay: AnyObject {
    /// Buffer pixels whose overlay paint changed since the last call.
    func takeDamage(renderer: Renderer) -> [PixelRect]
    /// Paints over `canvas`, which already holds the tree, changing pixels in `damage` only.
    func paint(damage: [PixelRect], renderer: Renderer, into canvas: Canvas)
    /// True while the overlay shows nothing: scrolled pixels may then be moved instead of
    /// repainted (a copy would carry an overlay's pixels along). Defaults to false.
    var isBlank: Bool { get }
}

extension AppOverlay {
    package var isBlank: Bool { false }
}

/// An overlay with a part painted under the touch markers (the HUD's paths and tracking
/// outlines), which the frame painter keeps with the tree in an `UnderlayLayer` while it shows.
protocol UnderlaidOverlay: AppOverlay {
    /// The part of the latest `takeDamage` that lies under the markers.
    var underlayDamage: [PixelRect] { get }
    /// Paints the part under the markers over `canvas` (the tree), changing pixels in `damage` only.
    func paintUnderlay(damage: [PixelRect], renderer: Renderer, into canvas: Canvas)
    /// Pixels that the next `paint` covers opaquely, whatever lies under them (not restored first).
    var opaqueCover: [PixelRect] { get }
}
