public import NodeCore

/// A buffer a frame is painted into, remembered across frames by `ScrollPainter`.
///
/// A pool buffer that is a window onto a larger memory (foot's shm scrolling) moves its
/// rows without copying them (`shiftRows`); a plain canvas cannot and returns false.
public protocol ScrollPaintBuffer: AnyObject {
    /// Tells buffers apart across frames: never the same for two buffers alive at once,
    /// nor for a buffer made after another was dropped.
    var bufferID: Int { get }
    /// The buffer's pixels as they are now (after any `shiftRows`).
    var canvas: Canvas { get }
    /// Moves every row but `fixed` up by `rows` (down when negative) cheaply: row `y` then
    /// holds what row `y + rows` held; rows in `fixed` keep their pixels; rows whose
    /// source was outside hold garbage. False when the buffer cannot (nothing changed).
    func shiftRows(by rows: Int, keeping fixed: [Range<Int>]) -> Bool
}

extension Canvas: ScrollPaintBuffer {
    public var bufferID: Int { ObjectIdentifier(self).hashValue }
    public var canvas: Canvas { self }
    public func shiftRows(by rows: Int, keeping fixed: [Range<Int>]) -> Bool { false }
}

/// Paints frames in which scroll nodes moved by moving the pixels that stay visible
/// instead of painting them again, as foot does for terminal scrolling.
///
/// Content is painted at its offset snapped to whole buffer pixels (`contentShift`), so
/// a scroll node whose area showed nothing but its translated content and indicators in
/// every frame since the buffer being painted last showed it (it missed the frames other
/// pool buffers showed) is brought up to date by moving that buffer's own pixels by the
/// change of the snapped offset since then, and painting only the strip that scrolled
/// into view and the indicator strips, at any offset and scale. A vertical move of a
/// node as wide as the buffer and over half its height moves the buffer in its pool
/// (`ScrollPaintBuffer.shiftRows`: no pixel copied but the rows above and below the
/// node); other moves copy within the buffer. The result equals a full repaint pixel for
/// pixel (tested); whatever it cannot prove the same is painted: a node that is
/// translucent, has a border or no opaque background, does not clip, or has painted
/// nodes over it, any other change in its area, frames with marks painted over the
/// tree (`allowsMoves` false), and with the tappable-area overlay on (drawn at the exact
/// offset), moves from or to an offset off the pixel grid. Not thread-safe; one per window.
public final class ScrollPainter {
    /// Where a scroll node was painted in a frame.
    private struct Shown {
        let id: ObjectIdentifier
        weak var node: ScrollNode?
        let rect: PixelRect
        /// Its content's shift (`Renderer.contentShift(of:)`) then.
        let shiftX: Int, shiftY: Int
        /// Its exact offset fell on whole pixels then (the overlay, drawn at the exact
        /// offset, moved with the content only between such offsets).
        let isPixelAligned: Bool
    }

    /// What a buffer shows: the frame it was painted in and its scroll nodes then.
    private struct BufferFrame {
        var frame: Int
        /// Its storage is the buffer's own, refilled each frame it is painted.
        var shown: [Shown]
        /// Marks (touch markers, overlays) were painted over the tree in it.
        var hasMarks: Bool

        func shown(_ id: ObjectIdentifier) -> Shown? {
            for each in shown where each.id == id { return each }
            return nil
        }
    }

    /// A scroll node's area moved by whole pixels within the buffer.
    private struct Move {
        let rect: PixelRect
        let dx: Int, dy: Int
        /// The pixels that stay visible, where they are after the move.
        var kept: PixelRect { rect.intersection(rect.offsetBy(dx: dx, dy: dy)) }
    }

    /// The scroll nodes of the latest frame.
    private var shown: [ObjectIdentifier: Shown] = [:]
    /// What each buffer painted lately shows, by `bufferID`.
    private var buffers: [Int: BufferFrame] = [:]
    /// Most buffers remembered (a pool keeps two or three).
    private static let rememberedBuffers = 6
    /// Frames painted so far.
    private var frame = 0
    /// Whether the latest frame showed the tappable-area overlay.
    private var showedOverlay: Bool?
    /// The latest frame in which each scroll node's area was not just its content moved
    /// (painted, not moved): a buffer painted before that cannot move its pixels.
    private var lastPainted: [ObjectIdentifier: Int] = [:]
    /// Scroll nodes with a change in their area since the latest frame other than their
    /// offset (a content node's paint, geometry, structure): painted, never moved.
    private var changed: Set<ObjectIdentifier> = []
    /// Every scroll node in the tree, in painting order, found when the tree last changed
    /// (`Window.structureVersion`): a frame looks at these, not at every node.
    private var scrollNodes: [ScrollNode] = []
    private var scannedVersion: Int?
    /// Scroll moves made, and those of them made by moving the buffer in its pool, for
    /// benchmarks and tests.
    public private(set) var moveCount = 0
    public private(set) var poolMoveCount = 0
    /// A frame's working lists, their storage kept from frame to frame so that a frame
    /// allocates nothing: the visible scroll nodes, the moves, the rects painted, what the
    /// buffer lacks beyond the moves, and two lists for cutting rects.
    private var visible: [ScrollNode] = []
    private var moves: [Move] = []
    private var painted: [PixelRect] = []
    private var uncovered: [PixelRect] = []
    private var parts: [PixelRect] = []
    private var cut: [PixelRect] = []

    public init() {}

    /// Forgets what every buffer shows (the renderer's scale or the buffers changed):
    /// the next frames paint what they cannot copy from the latest frame.
    public func forgetBuffers() {
        buffers.removeAll()
        shown.removeAll()
        lastPainted.removeAll()
    }

    /// Takes note of the tree's invalidations (before the renderer turns them into damage):
    /// which scroll nodes had more than their offset change. The damage rects alone cannot
    /// say, since a rect inside a scroll node's area is merged into that area's rect.
    public func note(_ invalidations: [Invalidation]) {
        for invalidation in invalidations { note(invalidation) }
    }

    /// `note(_:)` for one invalidation, as the window hands them over.
    public func note(_ invalidation: Invalidation) {
        switch invalidation {
        case .node(let node):
            var current: Node? = node
            while let each = current {
                if each.isScrollNode { changed.insert(ObjectIdentifier(each)) }
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

    /// Paints one frame into `buffer` and returns the rects it painted (everything else
    /// was moved, copied or kept). `damage`: what changed since the latest frame; `stale`:
    /// what the buffer lacks besides (other buffers showed later frames); `previous`: the
    /// latest frame when it is in another canvas of the same size, copied for the part of
    /// `stale` no move rewrites (nil: the buffer holds the latest frame outside `stale`,
    /// or is new). `allowsMoves` false paints everything that changed: marks are painted
    /// over the tree in this frame (e.g. the overlay), which a move would carry along.
    @discardableResult
    public func paint(damage: [PixelRect], stale: [PixelRect], previous: Canvas?, into buffer: some ScrollPaintBuffer,
                      with renderer: Renderer, allowsMoves: Bool = true) -> [PixelRect] {
        frame += 1
        updateVisibleScrollNodes(of: renderer.window)
        let overlay = renderer.window.showsTappableAreas
        findMoves(damage: damage, stale: stale, bufferID: buffer.bufferID, renderer: renderer, overlay: overlay,
                  allowsMoves: allowsMoves)
        showedOverlay = overlay
        painted.removeAll(keepingCapacity: true)
        var canvas = buffer.canvas
        var shifted = false
        for move in moves {
            // A vertical move across the whole width and most of the height moves the
            // buffer in its pool: only the rows above and below the node are copied.
            if move.dx == 0, move.dy != 0, move.rect.minX == 0, move.rect.maxX == canvas.width,
               2 * move.rect.height > canvas.height, !shifted,
               buffer.shiftRows(by: -move.dy, keeping: [0 ..< move.rect.minY, move.rect.maxY ..< canvas.height]) {
                canvas = buffer.canvas
                shifted = true
                poolMoveCount += 1
            } else {
                canvas.copyPixels(into: move.kept, from: canvas, movedBy: move.dx, dy: move.dy)
            }
            move.rect.appendSubtracting(move.kept, to: &painted)
            Self.appendIndicatorStrips(of: move, scale: renderer.scale, to: &painted)
            if overlay { Self.appendOverlayEdgeStrips(of: move, scale: renderer.scale, to: &painted) }
            moveCount += 1
        }
        // Catching up needs no copy where a move rewrote every pixel anyway.
        uncovered.removeAll(keepingCapacity: true)
        uncovered.append(contentsOf: stale)
        for move in moves { subtract(move.rect, from: &uncovered) }
        if let previous {
            // Nor where this frame's damage repaints it (a tap's button, damaged in the frame
            // before and again in this one).
            for rect in uncovered where !damage.contains(where: { $0.contains(rect) }) {
                canvas.copyPixels(into: rect, from: previous, movedBy: 0, dy: 0)
            }
        } else {
            painted.append(contentsOf: uncovered)
        }
        // A moved area's damage is the move's; what rounding put beyond it is painted.
        for rect in damage {
            if moves.isEmpty {
                painted.append(rect)
                continue
            }
            parts.removeAll(keepingCapacity: true)
            parts.append(rect)
            for move in moves { subtract(move.rect, from: &parts) }
            painted.append(contentsOf: parts)
        }
        renderer.render(damage: painted, into: canvas)
        remember(in: buffer.bufferID, renderer: renderer, hasMarks: !allowsMoves)
        return painted
    }

    /// The scroll nodes whose area this frame can move in the buffer (`moves`), not painted.
    private func findMoves(damage: [PixelRect], stale: [PixelRect], bufferID: Int, renderer: Renderer, overlay: Bool,
                           allowsMoves: Bool) {
        moves.removeAll(keepingCapacity: true)
        let before = buffers[bufferID]
        for node in visible {
            let id = ObjectIdentifier(node)
            guard allowsMoves, overlay == showedOverlay, let rect = renderer.paintedRect(of: node),
                  isMovedOnly(node, rect, damage, renderer) else {
                lastPainted[id] = frame
                continue
            }
            // The buffer shows the node's content translated if no frame since painted it.
            guard let before, !before.hasMarks, lastPainted[id, default: .min] <= before.frame,
                  let then = before.shown(id), then.node === node, then.rect == rect else { continue }
            // The overlay is drawn where touches hit, at the exact offset: it moved with the
            // content only between offsets on whole pixels, and only if no control outside
            // the node draws its area over it.
            if overlay, !then.isPixelAligned || !Self.isPixelAligned(node, renderer.scale)
                || drawsForeignOverlay(over: node, renderer) { continue }
            let shift = renderer.contentShift(of: node)
            let move = Move(rect: rect, dx: then.shiftX - shift.x, dy: then.shiftY - shift.y)
            // Not moved, and nothing there changed since the buffer showed it: its pixels are
            // the latest frame's already.
            if move.dx == 0, move.dy == 0, !damage.contains(where: { $0.intersects(rect) }),
               !stale.contains(where: { $0.intersects(rect) }) { continue }
            if abs(move.dx) < rect.width, abs(move.dy) < rect.height { moves.append(move) }
        }
    }

    /// Cuts `area` out of `rects` (in place, through the `cut` list's storage).
    private func subtract(_ area: PixelRect, from rects: inout [PixelRect]) {
        guard rects.contains(where: { $0.intersects(area) }) else { return }
        cut.removeAll(keepingCapacity: true)
        for rect in rects { rect.appendSubtracting(area, to: &cut) }
        swap(&rects, &cut)
    }

    /// Forgets what `buffer` shows: it is new, or was painted by other means (`SceneLayer`'s
    /// frames), so none of its pixels may be moved until this painter paints it again.
    public func forget(_ buffer: some ScrollPaintBuffer) {
        buffers[buffer.bufferID] = nil
    }

    /// Takes note of where the scroll nodes are painted in this frame, in `bufferID`. The
    /// buffer's record is refilled in its own storage.
    private func remember(in bufferID: Int, renderer: Renderer, hasMarks: Bool) {
        shown.removeAll(keepingCapacity: true)
        var entry = buffers.removeValue(forKey: bufferID) ?? BufferFrame(frame: frame, shown: [], hasMarks: hasMarks)
        (entry.frame, entry.hasMarks) = (frame, hasMarks)
        entry.shown.removeAll(keepingCapacity: true)
        for node in visible {
            guard let rect = renderer.paintedRect(of: node) else { continue }
            let shift = renderer.contentShift(of: node)
            let each = Shown(id: ObjectIdentifier(node), node: node, rect: rect, shiftX: shift.x, shiftY: shift.y,
                             isPixelAligned: Self.isPixelAligned(node, renderer.scale))
            shown[each.id] = each
            entry.shown.append(each)
        }
        changed.removeAll(keepingCapacity: true)
        buffers[bufferID] = entry
        if buffers.count > Self.rememberedBuffers, let oldest = buffers.min(by: { $0.value.frame < $1.value.frame }) {
            buffers[oldest.key] = nil
        }
    }

    /// Whether `node`'s area changed since the latest frame by nothing but its offset: the
    /// same place, nothing else invalidated there, and only its own content painted there.
    private func isMovedOnly(_ node: ScrollNode, _ rect: PixelRect, _ damage: [PixelRect], _ renderer: Renderer) -> Bool {
        let id = ObjectIdentifier(node)
        guard !changed.contains(id), let latest = shown[id], latest.node === node, latest.rect == rect,
              isOpaqueAndOnTop(node, rect, renderer) else { return false }
        // Its own offset change damages exactly its area; anything else there is another
        // change, which a move would misplace. (Its damage is its area, or a pixel more
        // where the offset's rounding noise reached the next pixel.)
        let slack = PixelRect(minX: rect.minX - 1, minY: rect.minY - 1, maxX: rect.maxX + 1, maxY: rect.maxY + 1)
        var touched = false, covered = false
        for each in damage where each.intersects(rect) {
            guard slack.contains(each) else { return false }
            touched = true
            if each.contains(rect) { covered = true }
        }
        return !touched || covered
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

    /// Whether `node`'s exact offset is a whole number of buffer pixels on both axes.
    private static func isPixelAligned(_ node: ScrollNode, _ scale: RenderScale) -> Bool {
        let x = node.contentOffset.x * scale.factor, y = node.contentOffset.y * scale.factor
        return x == x.rounded() && y == y.rounded()
    }

    /// Whether a control outside `node`'s content draws its tappable area over the node.
    private func drawsForeignOverlay(over node: ScrollNode, _ renderer: Renderer) -> Bool {
        TappableArea.all(in: renderer.window, intersecting: node.convert(node.bounds, to: nil)).contains { area in
            var current: Node? = area.control.supernode
            while let each = current, each !== node { current = each.supernode }
            return current == nil
        }
    }

    /// Bands along the four edges as wide as the overlay's edge bands, plus a pixel for
    /// rounding, where they are now and where the move carried the old ones: an area the
    /// node's edge clips shows its clipped-edge band there. Appended to `rects`.
    private static func appendOverlayEdgeStrips(of move: Move, scale: RenderScale, to rects: inout [PixelRect]) {
        let rect = move.rect
        let band = scale.lineWidth(OverlayStyle.edgeBandWidth) + 1
        let strips = (PixelRect(minX: rect.minX, minY: rect.minY, maxX: rect.maxX, maxY: min(rect.maxY, rect.minY + band)),
                      PixelRect(minX: rect.minX, minY: max(rect.minY, rect.maxY - band), maxX: rect.maxX, maxY: rect.maxY),
                      PixelRect(minX: rect.minX, minY: rect.minY, maxX: min(rect.maxX, rect.minX + band), maxY: rect.maxY),
                      PixelRect(minX: max(rect.minX, rect.maxX - band), minY: rect.minY, maxX: rect.maxX, maxY: rect.maxY))
        rects.append(strips.0)
        rects.append(strips.1)
        rects.append(strips.2)
        rects.append(strips.3)
        appendMoved(strips.0, by: move, to: &rects)
        appendMoved(strips.1, by: move, to: &rects)
        appendMoved(strips.2, by: move, to: &rects)
        appendMoved(strips.3, by: move, to: &rects)
    }

    /// Where `move` carried `strip`, within the moved area, appended unless empty.
    private static func appendMoved(_ strip: PixelRect, by move: Move, to rects: inout [PixelRect]) {
        let moved = strip.offsetBy(dx: move.dx, dy: move.dy).intersection(move.rect)
        if !moved.isEmpty { rects.append(moved) }
    }

    /// Bands along the right and bottom edges wide enough for the indicator bars, plus a
    /// pixel for rounding, where they are now and where the move carried the old ones.
    /// Appended to `rects`.
    private static func appendIndicatorStrips(of move: Move, scale: RenderScale, to rects: inout [PixelRect]) {
        let rect = move.rect
        let band = Int(scale.pixels(ScrollNode.scrollIndicatorInset + ScrollNode.scrollIndicatorThickness).rounded(.up)) + 1
        let right = PixelRect(minX: max(rect.minX, rect.maxX - band), minY: rect.minY, maxX: rect.maxX, maxY: rect.maxY)
        let bottom = PixelRect(minX: rect.minX, minY: max(rect.minY, rect.maxY - band), maxX: rect.maxX, maxY: rect.maxY)
        rects.append(right)
        rects.append(bottom)
        appendMoved(right, by: move, to: &rects)
        appendMoved(bottom, by: move, to: &rects)
    }

    /// Finds the scroll nodes painted at all (`visible`): not hidden or transparent, nor any
    /// ancestor. The tree is walked only after it changed, so a frame costs the scroll nodes' depth.
    private func updateVisibleScrollNodes(of window: Window) {
        if scannedVersion != window.structureVersion {
            scannedVersion = window.structureVersion
            scrollNodes.removeAll()
            window.root.forEachInSubtree { if let scroll = $0 as? ScrollNode { scrollNodes.append(scroll) } }
        }
        visible.removeAll(keepingCapacity: true)
        for node in scrollNodes where Self.isShown(node) { visible.append(node) }
    }

    private static func isShown(_ node: Node) -> Bool {
        var current: Node? = node
        while let each = current {
            if each.isHidden || each.alpha <= 0 { return false }
            current = each.supernode
        }
        return true
    }
}
