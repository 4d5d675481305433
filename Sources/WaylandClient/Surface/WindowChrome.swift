/// What one configure means for the window's own decorations and its minimum size
/// (behaviour.md §14), as a pure function of the configure, the outputs and the decoration
/// mode, so each compositor's answer (cage's kiosk maximize, phoc on a phone-sized output,
/// weston's floating window) is unit-tested.
public struct WindowChrome: Hashable, Sendable {
    /// The window covers a whole output: fullscreen, or maximized to an output's logical
    /// size (cage's kiosk, a phone shell). No title bar then, and no minimum size sent.
    public let fillsOutput: Bool
    /// The height of the title bar the window draws, 0 for none.
    public let titleBarHeight: Int
    /// The `set_min_size` the window asks for (its window geometry's minimum), nil to send
    /// nothing new: the window fills the output anyway.
    public let minimumSize: Size?

    /// - Parameters:
    ///   - configuredSize: the configure's size, nil when it leaves the size to the client
    ///     (or before the first configure).
    ///   - outputs: the logical sizes of the outputs (`Output.logicalSize`).
    ///   - titleBarHeight: the bar the window draws when the compositor draws none; nil never.
    ///   - contentMinimum: the content's minimum size (the scene's), nil for none.
    ///   - awaitingPlacement: the compositor offers decorations yet answered `client_side`
    ///     and has not configured the window since its first buffer: no bar yet. cage does
    ///     this, and maximizes the window only once it has mapped, placing the surface's
    ///     origin, not the window geometry's, at the screen's corner: a bar drawn above the
    ///     content in the first frame would sit above the screen (behaviour.md §14).
    public init(configuredSize: Size?, fullscreen: Bool, maximized: Bool, outputs: [Size],
                titleBarHeight: Int?, serverDecorates: Bool, contentMinimum: Size?,
                awaitingPlacement: Bool = false) {
        fillsOutput = fullscreen
            || (maximized && configuredSize.map { Self.isOutputSized($0, outputs: outputs) } ?? false)
        let bar = fillsOutput || serverDecorates || awaitingPlacement ? 0 : titleBarHeight ?? 0
        self.titleBarHeight = bar
        minimumSize = fillsOutput ? nil : contentMinimum.map { minimum in
            Self.capped(Size(width: minimum.width, height: minimum.height + Double(bar)), to: outputs)
        }
    }

    /// Whether `size` is some output's logical size, in either orientation (a rotated
    /// output's mode is reported unrotated).
    static func isOutputSized(_ size: Size, outputs: [Size]) -> Bool {
        outputs.contains { $0 == size || ($0.width == size.height && $0.height == size.width) }
    }

    /// `size` no larger than the largest output on each axis, so a compositor that honours
    /// the minimum (phoc) still fits the window on the screen; unchanged without outputs.
    static func capped(_ size: Size, to outputs: [Size]) -> Size {
        guard let width = outputs.map(\.width).max(), let height = outputs.map(\.height).max() else { return size }
        return Size(width: min(size.width, width), height: min(size.height, height))
    }
}

/// Whether the title bar still waits for the compositor to place the mapped window
/// (`WindowChrome`'s `awaitingPlacement`, behaviour.md §14): it waits while the compositor
/// answered `client_side` although it offers decorations (cage), until a configure arrives
/// after the first buffer was committed or that first frame is shown without one.
package struct BarPlacementWait: Hashable, Sendable {
    /// The compositor offers decorations and answered `client_side` (its latest answer).
    package var declined = false
    /// A configure came after the first buffer, or the first frame was shown.
    private var placed = false

    package init() {}

    /// Whether the bar waits now.
    package var isWaiting: Bool { declined && !placed }

    /// A configure was acknowledged after `committedFrames` frames.
    package mutating func configured(committedFrames: Int) {
        if committedFrames > 0 { placed = true }
    }

    /// A frame was shown. True when the bar waited until now: the latest configure must be
    /// applied again (the compositor leaves the window where it is, so it gets its bar).
    package mutating func framePresented() -> Bool {
        let waited = isWaiting
        placed = true
        return waited
    }
}

/// When `set_min_size` must go out (again). mutter 43 stores a minimum as the size sent plus
/// the surface's extent outside the window geometry at the commit that carries it, and takes
/// that extent off again whenever it applies the minimum: a minimum sent before the title bar
/// made the geometry taller than the surface grows by the bar's height (a 400 × 332 minimum
/// became a 400 × 364 window). Sending it again with each commit that changes that extent
/// keeps the geometry's minimum what was asked on every compositor (docs/wayland.md "mutter").
package struct MinimumSizeRequests: Hashable, Sendable {
    private var sent: (size: Size, extent: Size)?

    package init() {}

    /// The minimum to send with the commit whose surface exceeds its window geometry by
    /// `extent` (surface size minus geometry size; zero before the first buffer), or nil
    /// when the compositor already holds `wanted` for that extent. Records what it returns.
    package mutating func request(_ wanted: Size?, extent: Size) -> Size? {
        guard let wanted else { return nil }
        if let sent, sent.size == wanted, sent.extent == extent { return nil }
        sent = (wanted, extent)
        return wanted
    }

    package static func == (a: Self, b: Self) -> Bool { a.sent?.size == b.sent?.size && a.sent?.extent == b.sent?.extent }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(sent?.size)
        hasher.combine(sent?.extent)
    }
}
