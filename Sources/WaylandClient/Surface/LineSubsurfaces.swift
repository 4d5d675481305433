/// A line across part of the window shown in a subsurface of its own instead of painted
/// into the content (behaviour.md §13's crosshairs): the same colors all along it, `across`
/// the band one premultiplied ARGB value per point, of which the first `skip` points are
/// cut off where the band leaves the area it may show in; `frame` is where the rest shows.
public struct StretchedLine: Hashable, Sendable {
    public var isVertical: Bool
    public var frame: Rect
    public var across: [UInt32]
    public var skip: Int

    public init(isVertical: Bool, frame: Rect, across: [UInt32], skip: Int) {
        self.isVertical = isVertical
        self.frame = frame
        self.across = across
        self.skip = skip
    }
}

/// Synchronized subsurfaces over the window's content, one per `StretchedLine`, each
/// showing a buffer one point long stretched by a viewport: moving a line costs a
/// `set_position`, applied with the window's next commit, and no painting. They take no
/// input (empty input region), so touches and the pointer reach the content beneath.
final class LineSubsurfaces {
    private struct Slot {
        let surface: WlSurface
        let subsurface: WlSubsurface
        let viewport: WpViewport
        var shown: StretchedLine?
        var scale: Int32 = 0
    }

    private struct BufferKey: Hashable {
        let isVertical: Bool
        let across: [UInt32]
        let scale: Int32
    }

    private let connection: WaylandConnection
    private let parent: WlSurface
    private let subcompositor: WlSubcompositor
    /// Where a refused request goes (the window's error handler).
    var onRequestError: ((ProxyVersionError) -> Void)?
    private let viewporter: WpViewporter
    /// Bottom to top: a slot made later lies above the earlier ones.
    private var slots: [Slot] = []
    /// Buffers by pattern, never written after their first fill (several surfaces may show one).
    private var buffers: [BufferKey: ShmBuffer] = [:]

    init?(connection: WaylandConnection, parent: WlSurface) {
        guard let subcompositor = connection.subcompositor, let viewporter = connection.viewporter else { return nil }
        self.connection = connection
        self.parent = parent
        self.subcompositor = subcompositor
        self.viewporter = viewporter
    }

    deinit {
        // Role objects before their surfaces.
        for slot in slots {
            slot.viewport.destroy()
            slot.subsurface.destroy()
            slot.surface.destroy()
        }
    }

    /// Shows `lines` (later ones above earlier ones) at integer buffer scale `scale`, and
    /// unmaps the rest; all of it takes effect with the parent's next commit.
    func apply(_ lines: [StretchedLine], scale: Int32) {
        if buffers.keys.contains(where: { $0.scale != scale }) { buffers.removeAll() }
        for (index, line) in lines.enumerated() {
            if index == slots.count { slots.append(makeSlot()) }
            show(line, in: &slots[index], scale: scale)
        }
        for index in lines.count ..< slots.count where slots[index].shown != nil {
            slots[index].surface.attach(buffer: nil, x: 0, y: 0)
            slots[index].surface.commit()
            slots[index].shown = nil
        }
    }

    private func makeSlot() -> Slot {
        let surface = connection.compositor.createSurface()
        let region = connection.compositor.createRegion()
        surface.setInputRegion(region: region)
        region.destroy()
        return Slot(surface: surface, subsurface: subcompositor.getSubsurface(surface: surface, parent: parent),
                    viewport: viewporter.getViewport(surface: surface))
    }

    private func show(_ line: StretchedLine, in slot: inout Slot, scale: Int32) {
        let old = slot.shown
        guard old != line || slot.scale != scale, let buffer = buffer(for: line, scale: scale) else { return }
        if old?.frame.origin != line.frame.origin {
            slot.subsurface.setPosition(x: Int32(line.frame.minX), y: Int32(line.frame.minY))
        }
        var surfaceChanged = old == nil || slot.scale != scale || old?.frame.width != line.frame.width
            || old?.frame.height != line.frame.height || old?.skip != line.skip
        if surfaceChanged {
            let shownAcross = Double(line.isVertical ? line.frame.width : line.frame.height)
            if line.isVertical {
                slot.viewport.setSource(x: Double(line.skip), y: 0, width: shownAcross, height: 1)
            } else {
                slot.viewport.setSource(x: 0, y: Double(line.skip), width: 1, height: shownAcross)
            }
            slot.viewport.setDestination(width: Int32(line.frame.width), height: Int32(line.frame.height))
        }
        if old == nil || slot.scale != scale || old?.across != line.across || old?.isVertical != line.isVertical {
            slot.surface.setBufferScale(scale, reportingTo: onRequestError)
            slot.surface.attach(buffer: buffer.buffer, x: 0, y: 0)
            slot.surface.damageBuffer(PixelRect(size: buffer.size), reportingTo: onRequestError)
            surfaceChanged = true
        }
        if surfaceChanged { slot.surface.commit() }
        slot.shown = line
        slot.scale = scale
    }

    /// The buffer of `line`'s pattern at `scale`: each point `scale` pixels, `scale` pixels long.
    private func buffer(for line: StretchedLine, scale: Int32) -> ShmBuffer? {
        let key = BufferKey(isVertical: line.isVertical, across: line.across, scale: scale)
        if let buffer = buffers[key] { return buffer }
        let n = Int(scale), across = line.across.count * n
        let size = line.isVertical ? PixelSize(width: across, height: n) : PixelSize(width: n, height: across)
        // Without the buffer (no memory for it) the line is not shown: the content is unchanged.
        guard n > 0, !line.across.isEmpty,
              let buffer = try? ShmBuffer(shm: connection.shm, size: size, scrolling: false) else { return nil }
        for (index, pixel) in line.across.enumerated() {
            let band = line.isVertical ? PixelRect(x: index * n, y: 0, width: n, height: n)
                                       : PixelRect(x: 0, y: index * n, width: n, height: n)
            buffer.view.fill(band, argb: pixel)
        }
        buffers[key] = buffer
        return buffer
    }
}
