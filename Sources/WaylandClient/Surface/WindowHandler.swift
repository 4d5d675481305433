/// What a window tells the app that owns it, as smithay-client-toolkit's `WindowHandler`:
/// frames to paint, input, size changes and its end. Every method has a default (nothing;
/// a close request stops the event loop), so a handler implements only what it needs.
/// The window holds its handler weakly: the handler is what owns the window.
public protocol WindowHandler: AnyObject {
    /// Paints one frame; called from the event loop when a redraw is due and a buffer is free.
    func window(_ window: ToplevelWindow, paint context: PaintContext)
    /// The compositor (or the title bar's close button) asked to close the window.
    func windowRequestedClose(_ window: ToplevelWindow)
    /// The size or scale changed (after configure); a full redraw is already scheduled.
    func window(_ window: ToplevelWindow, resizedTo size: Size, scale: SurfaceScale)
    /// A frame callback arrived: the last committed frame is on screen (time in ms).
    func window(_ window: ToplevelWindow, presentedFrameAt time: UInt32)
    /// Touches on the content, in its coordinates, one frame's worth.
    func window(_ window: ToplevelWindow, touches batch: TouchBatch)
    /// Pointer events on the content, in its coordinates, one frame's worth.
    func window(_ window: ToplevelWindow, pointer batch: PointerBatch)
    /// A key went down, repeated or went up while the window had the keyboard.
    func window(_ window: ToplevelWindow, key event: KeyEvent)
    /// An input method's edits (a `zwp_text_input_v3.done`, or an empty one when its focus
    /// left): apply them, then `setTextInput` the state they led to with cause `.inputMethod`.
    func window(_ window: ToplevelWindow, textInput done: TextInputDone)
    /// A frame was just committed (after `paint`); for latency measurements.
    func windowCommitted(_ window: ToplevelWindow)
    /// Drawing failed (e.g. out of memory for a buffer; the frame is skipped), or a request
    /// of the window's surfaces could not be sent.
    func window(_ window: ToplevelWindow, failed error: WindowError)
    /// Brings an idle buffer up to the latest frame between frames: copies `stale` from the
    /// latest frame and returns true, or returns false and leaves it (the next frame then
    /// repaints it). Called once the frame's commit went out, before the loop sleeps.
    func window(_ window: ToplevelWindow, catchUp context: CatchUpContext) -> Bool
    /// Whether `window(_:catchUp:)` may take a buffer now: false spares looking for one
    /// (the default, true, offers every buffer that lacks part of the latest frame).
    func windowCatchesUp(_ window: ToplevelWindow) -> Bool
    /// Paints the title bar (`PaintContext.logicalSize` is its size); called in the frame
    /// after it was shown, resized or rescaled, or `setTitleBarNeedsDisplay` was called.
    func window(_ window: ToplevelWindow, paintTitleBar context: PaintContext)
    /// Touches on the title bar, in its coordinates.
    func window(_ window: ToplevelWindow, titleBarTouches batch: TouchBatch)
    /// Pointer events on the title bar, in its coordinates.
    func window(_ window: ToplevelWindow, titleBarPointer batch: PointerBatch)
    /// The title bar appeared, changed size or scale (its size), or went away (nil).
    func window(_ window: ToplevelWindow, titleBarChangedTo size: Size?, scale: SurfaceScale)
}

extension WindowHandler {
    public func window(_ window: ToplevelWindow, paint context: PaintContext) {}
    public func windowRequestedClose(_ window: ToplevelWindow) { window.connection.loop.stop(.requested) }
    public func window(_ window: ToplevelWindow, resizedTo size: Size, scale: SurfaceScale) {}
    public func window(_ window: ToplevelWindow, presentedFrameAt time: UInt32) {}
    public func window(_ window: ToplevelWindow, touches batch: TouchBatch) {}
    public func window(_ window: ToplevelWindow, pointer batch: PointerBatch) {}
    public func window(_ window: ToplevelWindow, key event: KeyEvent) {}
    public func window(_ window: ToplevelWindow, textInput done: TextInputDone) {}
    public func windowCommitted(_ window: ToplevelWindow) {}
    public func window(_ window: ToplevelWindow, failed error: WindowError) {}
    public func window(_ window: ToplevelWindow, catchUp context: CatchUpContext) -> Bool { false }
    public func windowCatchesUp(_ window: ToplevelWindow) -> Bool { true }
    public func window(_ window: ToplevelWindow, paintTitleBar context: PaintContext) {}
    public func window(_ window: ToplevelWindow, titleBarTouches batch: TouchBatch) {}
    public func window(_ window: ToplevelWindow, titleBarPointer batch: PointerBatch) {}
    public func window(_ window: ToplevelWindow, titleBarChangedTo size: Size?, scale: SurfaceScale) {}
}
