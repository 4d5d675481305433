/// Client-side decorations (docs/wayland.md "Decorations"): showing them, routing their
/// input, and the requests they make of the compositor.
extension ToplevelWindow {
    /// Shows the title bar and border (`titleBarHeight` > 0) or hides them, for the size
    /// the content is shown at; tells the app when that changed.
    func updateDecorations(titleBarHeight: Int) {
        guard let decorations else { return }
        let before = titleBarSize
        if titleBarHeight > 0 {
            decorations.show(contentSize: fit.displayedSize)
        } else {
            decorations.hide()
        }
        if titleBarSize != before { handler?.window(self, titleBarChangedTo: titleBarSize, scale: scale) }
    }

    /// Repaints the title bar in the next frame (its content changed).
    public func setTitleBarNeedsDisplay() {
        guard let decorations, decorations.layout != nil else { return }
        decorations.needsDisplay = true
    }

    /// Lets the compositor move the window, following the finger (`touch`) or the pointer
    /// whose press on the title bar is under way (`xdg_toplevel.move` with that press's
    /// serial). A finger handed to the compositor this way is forgotten here: the compositor
    /// keeps its events, and weston sends no cancel for it.
    public func beginMove(touch: Bool) {
        guard let seat = decorationSeat, let serial = touch ? seat.touchDownSerial : seat.buttonSerial else { return }
        toplevel.move(seat: seat.object, serial: serial)
        if touch { seat.forgetTouches() }
    }

    /// Maximizes the window, or restores it when it is maximized (double-click or
    /// double-tap on the title bar).
    public func toggleMaximized() {
        if isMaximized { toplevel.unsetMaximized() } else { toplevel.setMaximized() }
    }

    /// Closes the window as the compositor's close request would (the title bar's close button).
    public func requestClose() {
        if let handler { handler.windowRequestedClose(self) } else { connection.loop.stop(.requested) }
    }

    /// A key event while the window has the keyboard, for the handler.
    func deliverKey(_ event: KeyEvent) {
        handler?.window(self, key: event)
    }

    /// Routes a touch batch from `seat`: content touches go to the handler in content
    /// coordinates, title bar touches as the title bar's; the border takes none.
    func deliver(_ batch: TouchBatch, from seat: Seat) {
        if batch.surfaceID == surfaceID {
            var mapped = batch
            fit.mapToContent(&mapped.frame.changes, \.location)
            handler?.window(self, touches: mapped)
        } else if batch.surfaceID == decorations?.titleSurface.objectID {
            // Only a down names the seat (a cancel may come from a seat going away).
            if batch.frame.changes.contains(where: { $0.phase == .began }) { decorationSeat = seat }
            handler?.window(self, titleBarTouches: batch)
        }
    }

    /// Routes a pointer batch from `seat` like `deliver(_:from:)` does touches; presses on
    /// the border start a resize from the edge under the pointer, whose cursor shows it.
    func deliver(_ batch: PointerBatch, from seat: Seat) {
        if batch.surfaceID == surfaceID {
            var mapped = batch
            fit.mapToContent(&mapped.events)
            handler?.window(self, pointer: mapped)
        } else if batch.surfaceID == decorations?.titleSurface.objectID {
            if batch.events.contains(where: { if case .button(_, true) = $0.action { true } else { false } }) {
                decorationSeat = seat
            }
            handler?.window(self, titleBarPointer: batch)
        } else if let layout = decorations?.layout, batch.surfaceID == decorations?.borderSurface?.objectID {
            for event in batch.events {
                let edge = layout.edge(atBorderPoint: event.location)
                switch event.action {
                case .enter, .motion:
                    seat.showCursor(DecorationLayout.cursorName(for: edge), scale: cursorScale)
                case .button(code: Self.leftButton, pressed: true):
                    if let edge, let serial = seat.buttonSerial { toplevel.resize(seat: seat.object, serial: serial, edges: edge) }
                default:
                    break
                }
            }
        }
    }

    /// BTN_LEFT.
    static let leftButton: UInt32 = 0x110
}
