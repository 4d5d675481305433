/// The subsurfaces of client-side decorations (`DecorationLayout`): the title bar, which the
/// app paints (`WindowHandler.window(_:paintTitleBar:)`), above the content, and an invisible border
/// below both that takes the pointer's presses to resize (a transparent 1 × 1 buffer stretched
/// by a viewport, so it costs no memory; absent without `wp_viewporter`). Both subsurfaces
/// are synchronized: what they commit takes effect with the window's next commit, so a
/// resize shows decorations and content together.
final class ClientDecorations {
    let titleSurface: WlSurface
    private let titleSubsurface: WlSubsurface
    private let titleViewport: WpViewport?
    private let titlePool: ShmBufferPool
    let borderSurface: WlSurface?
    private let borderSubsurface: WlSubsurface?
    private let borderViewport: WpViewport?
    private let borderBuffer: ShmBuffer?

    let titleBarHeight: Int
    let borderWidth: Int
    /// The layout shown, nil while hidden.
    private(set) var layout: DecorationLayout?
    /// The title bar must be painted again (its size, scale or content changed).
    var needsDisplay = false
    /// What the subsurfaces were last given, so unchanged state is not sent again.
    private var applied: (layout: DecorationLayout, scale: SurfaceScale)?
    /// Where a refused request goes (the window's error handler).
    var onRequestError: ((ProxyVersionError) -> Void)?

    init?(connection: WaylandConnection, parent: WlSurface, titleBarHeight: Int, borderWidth: Int) {
        guard let subcompositor = connection.subcompositor else { return nil }
        self.titleBarHeight = titleBarHeight
        self.borderWidth = borderWidth
        titleSurface = connection.compositor.createSurface()
        titleSubsurface = subcompositor.getSubsurface(surface: titleSurface, parent: parent)
        titleViewport = connection.viewporter?.getViewport(surface: titleSurface)
        titlePool = ShmBufferPool(shm: connection.shm, scrolling: false)
        // Without the border's 1×1 buffer (no memory for it) the window has no resize border.
        if let viewporter = connection.viewporter,
           let buffer = try? ShmBuffer(shm: connection.shm, size: PixelSize(width: 1, height: 1), scrolling: false) {
            buffer.view.fill(PixelRect(x: 0, y: 0, width: 1, height: 1), argb: 0)
            let surface = connection.compositor.createSurface()
            let subsurface = subcompositor.getSubsurface(surface: surface, parent: parent)
            subsurface.placeBelow(sibling: parent)
            borderSurface = surface
            borderSubsurface = subsurface
            borderViewport = viewporter.getViewport(surface: surface)
            borderBuffer = buffer
        } else {
            borderSurface = nil
            borderSubsurface = nil
            borderViewport = nil
            borderBuffer = nil
        }
    }

    deinit {
        // Role objects before their surfaces.
        titleViewport?.destroy()
        titleSubsurface.destroy()
        titleSurface.destroy()
        borderViewport?.destroy()
        borderSubsurface?.destroy()
        borderSurface?.destroy()
    }

    /// Shows the decorations around content of `contentSize` (points, as shown).
    func show(contentSize: Size) {
        let layout = DecorationLayout(titleBarHeight: titleBarHeight, borderWidth: borderWidth, contentSize: contentSize)
        guard layout != self.layout else { return }
        self.layout = layout
        needsDisplay = true
    }

    /// Unmaps both subsurfaces (fullscreen, or the compositor decorates): with the next commit.
    func hide() {
        guard layout != nil else { return }
        layout = nil
        applied = nil
        needsDisplay = false
        for surface in [titleSurface, borderSurface].compactMap({ $0 }) {
            surface.attach(buffer: nil, x: 0, y: 0)
            surface.commit()
        }
    }

    /// Paints and commits the title bar when due, and places both subsurfaces. Returns false
    /// when every title bar buffer is still held by the compositor (try again next frame).
    func drawIfNeeded(scale: SurfaceScale, paint: (PaintContext) -> Void) throws(ShmError) -> Bool {
        guard let layout, needsDisplay || applied?.scale != scale else { return true }
        let title = layout.titleBar
        let logical = title.size
        let size = scale.bufferSize(for: logical)
        let full = DamageRegion([PixelRect(size: size)])
        guard let acquired = try titlePool.acquire(size: size, damage: full) else { return false }
        paint(PaintContext(memory: acquired.storage.memory, repaint: full, damage: full, stale: DamageRegion(),
                           previous: nil, scale: scale, logicalSize: logical))
        if applied?.layout != layout {
            titleSubsurface.setPosition(x: Int32(title.minX), y: Int32(title.minY))
            placeBorder(layout.border)
        }
        let bufferScale: Int32
        switch scale {
        case let .integer(n):
            bufferScale = n
            titleViewport?.setDestination(width: -1, height: -1)
        case .fractional:
            bufferScale = 1
            titleViewport?.setDestination(width: Int32(title.width), height: Int32(title.height))
        }
        titleSurface.setBufferScale(bufferScale, reportingTo: onRequestError)
        titleSurface.attach(buffer: acquired.storage.buffer, x: 0, y: 0)
        titleSurface.damageBuffer(PixelRect(size: size), reportingTo: onRequestError)
        titleSurface.commit()
        titlePool.submitted(id: acquired.id, damage: full)
        applied = (layout, scale)
        needsDisplay = false
        return true
    }

    private func placeBorder(_ border: Rect) {
        guard let borderSurface, let borderSubsurface, let borderViewport, let borderBuffer else { return }
        borderSubsurface.setPosition(x: Int32(border.minX), y: Int32(border.minY))
        borderViewport.setDestination(width: Int32(border.width), height: Int32(border.height))
        borderSurface.attach(buffer: borderBuffer.buffer, x: 0, y: 0)
        borderSurface.damageBuffer(PixelRect(x: 0, y: 0, width: 1, height: 1), reportingTo: onRequestError)
        borderSurface.commit()
    }
}
