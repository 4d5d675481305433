public import NodeCore

/// Paints frames in which scroll nodes moved by copying the pixels that stay visible
/// instead of painting them again, as foot does for terminal scrolling.
///
/// Content is painted at its offset snapped to whole buffer pixels (`contentShift`), so
/// when a scroll node's offset changed since the latest frame, and nothing else changed
/// where it is painted, the part of its area that stays visible is copied, shifted by
/// the change of the snapped offset, from the latest frame (another pool buffer, or this
/// one when the compositor gave it back at once), and only the strip that scrolled into
/// view and the indicator strips along its trailing edges are painted, at any offset
/// and scale (a finger's sub-point positions, deceleration frames). The result equals a
/// full repaint pixel for pixel (tested); whatever it cannot prove the same is painted:
/// a node that is translucent, has a border or no opaque background, does not clip, or
/// has painted nodes over it, and any other change in its area. Not thread-safe; one
/// per window.
public final class ScrollPainter {
    /// Where a scroll node was painted in the latest frame.
    private struct Shown {
        weak var node: ScrollNode?
        let rect: PixelRect
        /// Its content's shift (`Renderer.contentShift(of:)`) then.
        let shiftX: Int, shiftY: Int
    }

    private var shown: [ObjectIdentifier: Shown] = [:]
    /// Scroll nodes with a change in their area since the latest frame other than their
    /// offset (a content node's paint, geometry, structure): painted, never moved.
    private var changed: Set<ObjectIdentifier> = []
    /// Every scroll node in the tree, in painting order, found when the tree last changed
    /// (`Window.structureVersion`): a frame looks at these, not at every node.
    private var scrollNodes: [ScrollNode] = []
    private var scannedVersion: Int?
    /// Frames painted and scroll moves made, for benchmarks and diagnostics.
    public private(set) var moveCount = 0

    public init() {}

    /// Takes note of the tree's invalidations (before the renderer turns them into damage):
    /// which scroll nodes had more than their offset change. The damage rects alone cannot
    /// say, since a rect inside a scroll node's area is merged into that area's rect.
    public func note(_ invalidations: [Invalidation]) {
        for invalidation in invalidations {
            switch invalidation {
            case .node(let node):
                var current: Node? = node
                while let each = current {
                    if each is ScrollNode { changed.insert(ObjectIdentifier(each)) }
                    current = each.supernode
                }
            case .area(let area):
                for (id, entry) in shown {
                    guard let node = entry.node else { continue }
                    let extent = node.subtreeExtentInWindow()
                    // Its own offset change reports its extent at the old offset and the new
                    // (equal up to rounding: the origin is added to the offset and taken off).
                    if area.intersects(extent), !Self.isSame(area, extent) { changed.insert(id) }
                }
            }
        }
    }

    /// Paints one frame into `canvas` and returns the rects it painted (everything else
    /// was copied or kept). `damage`: what changed since the latest frame; `stale`: what
    /// the canvas lacks besides (other buffers showed later frames); `previous`: the
    /// latest frame when it is in another canvas of the same size, copied for `stale`
    /// and the moves (nil: the canvas holds the latest frame outside `stale`, or is new).
    /// `allowsMoves` false paints everything that changed (e.g. under the overlay).
    @discardableResult
    public func paint(damage: [PixelRect], stale: [PixelRect], previous: Canvas?, into canvas: Canvas,
                      with renderer: Renderer, allowsMoves: Bool = true) -> [PixelRect] {
        var painted: [PixelRect] = []
        let source = previous ?? (stale.isEmpty ? canvas : nil)
        let scrollNodes = visibleScrollNodes(of: renderer.window)
        var moves: [(rect: PixelRect, dx: Int, dy: Int)] = []
        if allowsMoves, source != nil {
            moves = scrollNodes.compactMap { move(of: $0, damage: damage, renderer: renderer) }
        }
        let moved = moves.map(\.rect)
        if let previous {
            // Catching up needs no copy where a move rewrites every pixel anyway.
            var rects = stale
            for area in moved { rects = rects.flatMap { $0.subtracting(area) } }
            for rect in rects { canvas.copyPixels(into: rect, from: previous, movedBy: 0, dy: 0) }
        } else {
            painted += stale
        }
        if let source {
            for move in moves {
                let kept = move.rect.intersection(move.rect.offsetBy(dx: move.dx, dy: move.dy))
                canvas.copyPixels(into: kept, from: source, movedBy: move.dx, dy: move.dy)
                painted += move.rect.subtracting(kept)
                painted += Self.indicatorStrips(of: move.rect, scale: renderer.scale)
                moveCount += 1
            }
        }
        // A moved area's damage is the move's; what rounding put beyond it is painted.
        for rect in damage {
            painted += moved.reduce([rect]) { parts, area in parts.flatMap { $0.subtracting(area) } }
        }
        renderer.render(damage: painted, into: canvas)
        shown.removeAll(keepingCapacity: true)
        changed.removeAll(keepingCapacity: true)
        for node in scrollNodes {
            guard let rect = renderer.paintedRect(of: node) else { continue }
            let shift = renderer.contentShift(of: node)
            shown[ObjectIdentifier(node)] = Shown(node: node, rect: rect, shiftX: shift.x, shiftY: shift.y)
        }
        return painted
    }

    /// The shift of `node`'s painted area since the latest frame, when copying it is exact.
    private func move(of node: ScrollNode, damage: [PixelRect],
                      renderer: Renderer) -> (rect: PixelRect, dx: Int, dy: Int)? {
        guard !changed.contains(ObjectIdentifier(node)), let before = shown[ObjectIdentifier(node)], before.node === node,
              let rect = renderer.paintedRect(of: node), rect == before.rect, isOpaqueAndOnTop(node, rect, renderer)
        else { return nil }
        // The content is its image at offset zero moved by the snapped offset: moving it
        // by the change of that shift gives exactly what painting it there would.
        let shift = renderer.contentShift(of: node)
        let dx = before.shiftX - shift.x, dy = before.shiftY - shift.y
        // Its own offset change damages exactly its area; anything else there is another
        // change, which a copy would misplace. An offset change within the same snapped
        // shift moves nothing but the indicators.
        // (Its damage is its area, or a pixel more where the offset's rounding noise reached
        // the next pixel.)
        let slack = PixelRect(minX: rect.minX - 1, minY: rect.minY - 1, maxX: rect.maxX + 1, maxY: rect.maxY + 1)
        guard abs(dx) < rect.width, abs(dy) < rect.height, damage.contains(where: { $0.contains(rect) }),
              damage.allSatisfy({ !$0.intersects(rect) || slack.contains($0) })
        else { return nil }
        return (rect, dx, dy)
    }

    /// Whether `node`'s area shows only its own opaque background and its content:
    /// clipped, opaque all the way up, no border, and no later-painted node over it.
    private func isOpaqueAndOnTop(_ node: ScrollNode, _ rect: PixelRect, _ renderer: Renderer) -> Bool {
        guard node.clipsToBounds, node.borderWidth == 0, node.backgroundColor.alpha >= 1 else { return false }
        var child: Node = node
        while let parent = child.supernode {
            guard child.alpha >= 1 else { return false }
            let index = parent.subnodes.firstIndex { $0 === child } ?? parent.subnodes.endIndex
            for later in parent.subnodes[(index + 1)...] where paints(later, over: rect, renderer) { return false }
            child = parent
        }
        return child.alpha >= 1
    }

    private func paints(_ node: Node, over rect: PixelRect, _ renderer: Renderer) -> Bool {
        if node.isHidden || node.alpha <= 0 { return false }
        if let painted = renderer.paintedRect(of: node), painted.intersects(rect) { return true }
        return node.subnodes.contains { paints($0, over: rect, renderer) }
    }

    /// Whether two areas in window points are the same but for floating-point noise.
    static func isSame(_ a: Rect, _ b: Rect) -> Bool {
        func close(_ u: Double, _ v: Double) -> Bool { abs(u - v) <= 1e-9 * max(1, abs(u), abs(v)) }
        return close(a.minX, b.minX) && close(a.minY, b.minY) && close(a.maxX, b.maxX) && close(a.maxY, b.maxY)
    }

    /// Bands along the right and bottom edges wide enough for the indicator bars (old,
    /// new, and where a copy carried the old ones), plus a pixel for rounding.
    static func indicatorStrips(of rect: PixelRect, scale: RenderScale) -> [PixelRect] {
        let band = Int(scale.pixels(ScrollNode.scrollIndicatorInset + ScrollNode.scrollIndicatorThickness).rounded(.up)) + 1
        return [PixelRect(minX: max(rect.minX, rect.maxX - band), minY: rect.minY, maxX: rect.maxX, maxY: rect.maxY),
                PixelRect(minX: rect.minX, minY: max(rect.minY, rect.maxY - band), maxX: rect.maxX, maxY: rect.maxY)]
    }

    /// The scroll nodes painted at all: not hidden or transparent, nor any ancestor. The
    /// tree is walked only after it changed, so a frame costs the scroll nodes' depth.
    private func visibleScrollNodes(of window: Window) -> [ScrollNode] {
        if scannedVersion != window.structureVersion {
            scannedVersion = window.structureVersion
            scrollNodes.removeAll()
            window.root.forEachInSubtree { if let scroll = $0 as? ScrollNode { scrollNodes.append(scroll) } }
        }
        return scrollNodes.filter { node in
            var current: Node? = node
            while let each = current {
                if each.isHidden || each.alpha <= 0 { return false }
                current = each.supernode
            }
            return true
        }
    }
}
