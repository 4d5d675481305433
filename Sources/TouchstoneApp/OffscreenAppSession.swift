import NodeCore
import Render
import WaylandClient

/// The live session's input → frame path without a compositor, for the allocation benchmark
/// and its test: touch events grouped into frames as the seat groups them (`TouchFrameAssembler`), fed through `SeatInput`
/// into the window (with the event log), then each frame as the loop makes it (`App`'s idle
/// work, then `ToplevelWindow.drawIfNeeded`): the damage, a pool buffer of the swap chain,
/// the paint, the submit, and the log written. The compositor is played by releasing each
/// buffer once the next one is committed.
package final class OffscreenAppSession {
    package let window: NodeCore.Window
    package let painter: FramePainter
    private let input: SeatInput
    private let output: EventOutput
    private let pointerLocation: PointerLocationOverlay
    private var touchFrames = TouchFrameAssembler()
    private var chain = MemorySwapChain()
    /// The frame's damage as the app takes it (`App.takeFrameDamage`), its storage kept.
    private var frameDamage = DamageRegion()
    /// What changed since the latest frame (`ToplevelWindow.setNeedsDisplay`).
    private var pendingDamage = DamageRegion()
    /// The buffer committed last, held by the "compositor" until the next commit.
    private var shown: Int?
    /// Compositor timestamps, one millisecond per event.
    private var time: UInt32 = 0
    /// Frames committed so far.
    package private(set) var frames = 0

    /// A window of `root`'s size at scale 1 whose event log goes to `eventLog` (a path).
    package init(root: Node, eventLog: String) throws {
        window = NodeCore.Window(root: root, size: root.frame.size)
        painter = try FramePainter(window: window, background: .white) { _ in }
        pointerLocation = PointerLocationOverlay(window: window)
        painter.add(pointerLocation)
        output = try EventOutput(eventLog: .file(eventLog), recordPath: nil)
        input = SeatInput(dispatcher: InputDispatcher(window: window), recorder: nil)
        output.attach(to: root) { [unowned input] in input.now }
        painter.resize(to: Size(width: root.frame.width.rounded(.towardZero), height: root.frame.height.rounded(.towardZero)), scale: .integer(1))
        pendingDamage.add(PixelRect(size: PixelSize(width: Int(root.frame.width), height: Int(root.frame.height))))
    }

    package func touchDown(_ id: Int32, at location: Point) {
        time &+= 1
        touchFrames.down(id: Int(id), location: location, time: Double(time))
        deliver(touchFrames.frame())
    }

    package func touchMotion(_ id: Int32, to location: Point) {
        time &+= 1
        touchFrames.motion(id: Int(id), location: location, time: Double(time))
        deliver(touchFrames.frame())
    }

    package func touchUp(_ id: Int32) {
        time &+= 1
        // The last up delivers at once (weston ≤ 10 sends no frame after it).
        deliver(touchFrames.up(id: Int(id), time: Double(time)) ?? touchFrames.frame())
    }

    /// As the seat hands a frame to the window and takes its storage back.
    private func deliver(_ delivered: consuming TouchFrame?) {
        guard let frame = consume delivered else { return }
        var batch = TouchBatch(frame: consume frame, surfaceID: 1)
        input.handle(batch, markers: &painter.touchMarkers, hud: pointerLocation)
        touchFrames.recycle(&batch.frame)
    }

    /// One turn of the loop after input: the frame, when anything changed, then the log.
    package func frame() throws {
        painter.takeDamage(into: &frameDamage)
        if !frameDamage.isEmpty {
            pendingDamage.add(frameDamage)
            frameDamage.removeAll()
        }
        if !pendingDamage.isEmpty {
            guard try draw() else { return }
            // Emptied in its own storage once the frame's copies of it are gone (`draw`'s).
            pendingDamage.removeAll()
            frames += 1
        }
        try output.write()
    }

    /// The pending damage painted into a buffer and committed (`ToplevelWindow.drawIfNeeded`);
    /// false when every buffer is busy.
    private func draw() throws -> Bool {
        let bounds = painter.renderer.bufferBounds
        let size = PixelSize(width: bounds.width, height: bounds.height)
        guard let acquired = try chain.acquire(size: size, damage: pendingDamage, make: { size throws(ShmError) in
            try ShmMemory(width: size.width, height: size.height, poolSize: ShmMemory.scrollingPoolSize)
        }) else { return false }
        let damage = pendingDamage.clipped(to: PixelRect(size: size))
        painter.paint(PaintContext(memory: acquired.storage, repaint: acquired.repaint, damage: damage, stale: acquired.stale,
                                   previous: acquired.previous?.view, scale: .integer(1),
                                   logicalSize: Size(width: Double(bounds.width), height: Double(bounds.height))))
        chain.submit(id: acquired.id, damage: damage)
        if let shown { chain.release(id: shown, currentSize: size) }
        shown = acquired.id
        return true
    }
}
