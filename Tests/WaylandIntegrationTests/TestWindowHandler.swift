@testable import WaylandClient

/// A window's handler for tests: each event the test cares about goes to a closure; the
/// rest take the protocol's defaults. The test keeps it alive (the window holds it weakly).
final class TestWindowHandler: WindowHandler {
    var paint: ((PaintContext) -> Void)?
    var presented: ((UInt32) -> Void)?
    var committed: (() -> Void)?
    var resized: ((Size, SurfaceScale) -> Void)?
    var pointer: ((PointerBatch) -> Void)?
    var touches: ((TouchBatch) -> Void)?
    /// Replaces the default close (stopping the loop) when set.
    var closeRequested: (() -> Void)?
    /// Answers whether the handler catches up an idle buffer now (the protocol's default when nil).
    var catchesUp: (() -> Bool)?

    /// Handles `window` from now on.
    init(for window: ToplevelWindow) {
        window.handler = self
    }

    func window(_ window: ToplevelWindow, paint context: PaintContext) { paint?(context) }
    func window(_ window: ToplevelWindow, presentedFrameAt time: UInt32) { presented?(time) }
    func windowCommitted(_ window: ToplevelWindow) { committed?() }
    func window(_ window: ToplevelWindow, resizedTo size: Size, scale: SurfaceScale) { resized?(size, scale) }
    func window(_ window: ToplevelWindow, pointer batch: PointerBatch) { pointer?(batch) }
    func window(_ window: ToplevelWindow, touches batch: TouchBatch) { touches?(batch) }
    func windowCatchesUp(_ window: ToplevelWindow) -> Bool { catchesUp?() ?? true }

    func windowRequestedClose(_ window: ToplevelWindow) {
        if let closeRequested { closeRequested() } else { window.connection.loop.stop(.requested) }
    }
}
