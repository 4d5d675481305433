public import NodeCore

/// How `App` shows a tree: window, debug aids and output files.
public struct AppOptions: Sendable {
    /// Where control events are logged, one JSON line each (behaviour.md §7.3).
    public enum EventLog: Equatable, Sendable {
        /// Each line to standard output as it happens.
        case standardOutput
        /// Each line to the file at this path, created or emptied when the app starts.
        case file(String)
    }

    /// The window title.
    public var title: String
    /// The application id the toplevel announces (used by compositors to group windows).
    public var appID: String
    /// The window size in points when the compositor leaves it to the app; nil: the root's frame size,
    /// or for a root with `layout` the size its content wants.
    public var size: Size?
    /// Fills the window behind the root node.
    public var background: Color
    /// Start with the tappable-area overlay on (the `d` key toggles it).
    public var showsTappableAreas: Bool
    /// Start with touch visualization on (the `t` key toggles it).
    public var showsTouches: Bool
    /// Start with the pointer-location HUD and touch inspector on (the `p` key toggles it,
    /// `c` clears its paths).
    public var showsPointerLocation = false
    /// Ask the compositor to show the window fullscreen.
    public var fullscreen: Bool
    /// Draw a title bar with a close button where the compositor draws no decorations
    /// (docs/wayland.md "Decorations"); never while fullscreen.
    public var drawsTitleBar = true
    /// The smallest size the content is laid out at, in points (`xdg_toplevel.set_min_size`;
    /// a compositor that configures less gets the content scaled down, behaviour.md §14);
    /// nil: the window's initial size.
    public var minimumSize: Size?
    /// Log every control event of the tree; nil logs nothing.
    public var eventLog: EventLog?
    /// Record the session's input to this file as an input script `touchstone replay` accepts.
    public var recordPath: String?
    /// Write the app's screens as `touchstone check` cases in this folder: from the first frame,
    /// and a new case at each Ctrl+Shift+E (behaviour.md §19.1); nil: `TOUCHSTONE_EXPORT` if set.
    public var exportDirectory: String?
    /// The compositor's socket: a name in `XDG_RUNTIME_DIR` or an absolute path; nil uses
    /// `WAYLAND_SOCKET` / `WAYLAND_DISPLAY` as every Wayland client does.
    public var display: String?
    /// The session time of the first input event, in milliseconds; until it arrives the
    /// session clock stands at 0 and no timer fires. A live run of an input script passes
    /// the script's first `t`, so the session logs the script's times (behaviour.md §19).
    /// nil: the first input is at 0, and timers armed before it fire as time passes.
    public var firstInputTime: Double?
    /// Whether `d`, `t`, `p`, `c`, `q` and Escape do what `touchstone run` does (overlay, touches,
    /// pointer location, clear its paths, quit).
    public var debugKeys: Bool

    /// Options with every default of `touchstone run`; each property says what it changes.
    public init(title: String = "Touchstone", appID: String = App.defaultAppID, size: Size? = nil,
                background: Color = .white, showsTappableAreas: Bool = false, showsTouches: Bool = false,
                fullscreen: Bool = false, eventLog: EventLog? = nil, recordPath: String? = nil,
                display: String? = nil, debugKeys: Bool = true) {
        self.title = title
        self.appID = appID
        self.size = size
        self.background = background
        self.showsTappableAreas = showsTappableAreas
        self.showsTouches = showsTouches
        self.fullscreen = fullscreen
        self.eventLog = eventLog
        self.recordPath = recordPath
        self.display = display
        self.debugKeys = debugKeys
    }
}
