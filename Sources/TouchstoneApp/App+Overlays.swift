// The built-in overlays, as an app switches them: what `touchstone run`'s debug keys and
// `AppOptions` turn on, with no rendering type in sight (docs/library.md, "Overlays").

extension App {
    /// The tappable-area overlay (behaviour.md §5.2): every hittable node's touch area,
    /// slop included, tinted over the tree. The `d` debug key toggles it.
    public var showsTappableAreas: Bool {
        get { window.showsTappableAreas }
        set { window.showsTappableAreas = newValue }
    }

    /// A marker under each touch that is down, labelled with its id. The `t` debug key toggles it.
    public var showsTouches: Bool {
        get { painter.touchMarkers.isEnabled }
        set { painter.touchMarkers.isEnabled = newValue }
    }

    /// The pointer-location HUD (behaviour.md §13): each touch's coordinates, path and report
    /// rate, and the touch inspector. The `p` debug key toggles it.
    public var showsPointerLocation: Bool {
        get { pointerLocation.isEnabled }
        set { pointerLocation.isEnabled = newValue }
    }

    /// Forgets the paths the pointer-location HUD draws, as the `c` debug key does.
    public func clearPointerPaths() { pointerLocation.clearPaths() }
}
