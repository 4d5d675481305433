/// One `wl_output`: its integer scale and name, updated atomically on `done`.
public final class Output {
    let object: WlOutput
    /// The registry name of the global (to match `global_remove`).
    public let globalName: UInt32
    /// Integer scale the compositor renders this output at.
    public private(set) var scale: Int32 = 1
    /// Output name such as `headless` (wl_output v4), or nil.
    public private(set) var name: String?
    /// Current mode size in pixels, when known.
    public private(set) var modeSize: PixelSize?
    private var pendingScale: Int32 = 1
    /// Called after each `done` (scale or mode may have changed).
    var onChange: (() -> Void)?

    init(object: WlOutput, globalName: UInt32) {
        self.object = object
        self.globalName = globalName
        object.onEvent = { [unowned self] event in
            switch event {
            case let .scale(factor):
                pendingScale = max(1, factor)
            case let .name(name):
                self.name = name
            case let .mode(flags, width, height, _):
                if flags.contains(.current) { modeSize = PixelSize(width: Int(width), height: Int(height)) }
            case .done:
                scale = pendingScale
                onChange?()
            case .geometry, .description:
                break
            }
        }
        // Version 1 outputs send no `done`; their scale is always 1.
    }

    /// The output's size in points: the mode over the integer scale (a fractional scale the
    /// compositor rounds up to its `wl_output` scale gives a smaller size than it shows).
    public var logicalSize: Size? {
        modeSize.map { Size(width: Double($0.width / Int(scale)), height: Double($0.height / Int(scale))) }
    }

    /// The `wl_output` object id, as reported by `wl_surface.enter`.
    public var objectID: UInt32 { object.objectID }
}
