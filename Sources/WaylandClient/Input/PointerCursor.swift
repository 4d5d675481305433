import CWaylandClient
import CWaylandCursor
import Glibc

/// The cursor image shown while the pointer is over one of our surfaces, through
/// libwayland-cursor: the theme and size from `XCURSOR_THEME` / `XCURSOR_SIZE` (the
/// default theme, 24 px), loaded at the size × the surface's scale and shown on a surface
/// with that buffer scale, so it is sharp and as large as other clients' cursors. When no
/// theme is installed, libwayland-cursor's built-in cursors are used.
///
/// Set on every `wl_pointer.enter` (the compositor forgets a client's cursor when the
/// pointer leaves) and whenever the wanted shape changes under the pointer.
final class PointerCursor {
    /// Cursor size in points when `XCURSOR_SIZE` is unset or not a positive number.
    static let defaultSize = 24
    /// The arrow, shown over content.
    static let defaultName = "left_ptr"

    private let shm: WlShm
    private let surface: WlSurface
    private let themeName: String?
    private let size: Int
    /// Loaded themes by integer scale.
    private var themes: [Int: OpaquePointer] = [:]
    /// What the surface shows now: nil before the first image.
    private var shown: (name: String, scale: Int)?

    init(compositor: WlCompositor, shm: WlShm, environment: [String: String] = PointerCursor.environment()) {
        self.shm = shm
        surface = compositor.createSurface()
        let theme = environment["XCURSOR_THEME"] ?? ""
        themeName = theme.isEmpty ? nil : theme
        size = environment["XCURSOR_SIZE"].flatMap { Int($0) }.flatMap { $0 > 0 && $0 <= 512 ? $0 : nil }
            ?? Self.defaultSize
    }

    deinit {
        surface.destroy()
        for theme in themes.values { wl_cursor_theme_destroy(theme) }
    }

    /// The two variables the cursor reads, from the process environment.
    static func environment() -> [String: String] {
        var result: [String: String] = [:]
        for name in ["XCURSOR_THEME", "XCURSOR_SIZE"] {
            if let value = getenv(name) { result[name] = String(cString: value) }
        }
        return result
    }

    /// Shows cursor `name` (an X cursor name such as `left_ptr`, falling back to `left_ptr`
    /// and then `default`) at `scale` for `pointer`, whose latest enter had `serial`.
    /// Returns false when no cursor image could be found (the pointer then shows nothing
    /// of ours, as before).
    @discardableResult
    func show(_ name: String, scale: Int, serial: UInt32, on pointer: WlPointer) -> Bool {
        let scale = max(1, min(scale, 8))
        guard let theme = theme(for: scale) else { return false }
        let names: [String] = [name, Self.defaultName, "default"]
        guard let cursor = names.lazy.compactMap({ (candidate: String) in wl_cursor_theme_get_cursor(theme, candidate) }).first,
              cursor.pointee.image_count > 0, let image = cursor.pointee.images[0] else { return false }
        let width = Int(image.pointee.width), height = Int(image.pointee.height)
        // A buffer whose size is not a multiple of its scale is a protocol error: show such
        // an image unscaled (larger) rather than risk that.
        let bufferScale = width % scale == 0 && height % scale == 0 ? scale : 1
        if shown?.name != name || shown?.scale != scale {
            guard let buffer = wl_cursor_image_get_buffer(image) else { return false }
            surface.attach(foreignBuffer: buffer)
            // The cursor belongs to no window: a refusal leaves it unscaled, which nobody need hear of.
            surface.setBufferScale(Int32(bufferScale), reportingTo: nil)
            surface.damageBuffer(PixelRect(x: 0, y: 0, width: width, height: height), reportingTo: nil)
            surface.commit()
            shown = (name, scale)
        }
        pointer.setCursor(serial: serial, surface: surface,
                          hotspotX: Int32(Int(image.pointee.hotspot_x) / bufferScale),
                          hotspotY: Int32(Int(image.pointee.hotspot_y) / bufferScale))
        return true
    }

    /// Loads the theme for `scale` now (libwayland-cursor reads every cursor of a theme,
    /// ~0.1 s), so the first enter does not wait for it.
    func prepare(scale: Int) { _ = theme(for: max(1, min(scale, 8))) }

    private func theme(for scale: Int) -> OpaquePointer? {
        if let theme = themes[scale] { return theme }
        guard let theme = wl_cursor_theme_load(themeName, Int32(size * scale), shm.proxy) else { return nil }
        themes[scale] = theme
        return theme
    }
}

extension WlSurface {
    /// Attaches a `wl_buffer` that libwayland-cursor created and owns (no Swift object).
    func attach(foreignBuffer buffer: OpaquePointer) {
        var arguments = (wl_argument(o: buffer), wl_argument(i: 0), wl_argument(i: 0))
        marshal(opcode: 1, arguments: &arguments)
    }
}
