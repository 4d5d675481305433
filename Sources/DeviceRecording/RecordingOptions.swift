public import NodeCore

/// How a recording's device coordinates become window points and which device is used
/// (behaviour.md §18).
public struct RecordingOptions: Sendable, Equatable {
    /// The window the device's range is mapped onto; nil: one device unit is one point.
    public var size: Size?
    /// libinput's calibration matrix `a, b, c, d, e, f` in normalized coordinates:
    /// `x' = a·x + b·y + c`, `y' = d·x + e·y + f`. Identity by default.
    public var calibration: [Double]
    /// Degrees clockwise: 0, 90, 180 or 270, applied after the calibration.
    public var rotation: Int
    /// The device to convert, by its place in the file from 0; nil: the first touchscreen.
    public var device: Int?

    public static let identity: [Double] = [1, 0, 0, 0, 1, 0]
    public static let rotations = [0, 90, 180, 270]

    public init(size: Size? = nil, calibration: [Double] = RecordingOptions.identity, rotation: Int = 0, device: Int? = nil) {
        self.size = size
        self.calibration = calibration
        self.rotation = rotation
        self.device = device
    }

    /// libinput's documented matrix for a clockwise rotation of `degrees`.
    static func rotationMatrix(_ degrees: Int) -> [Double] {
        switch degrees {
        case 90: [0, -1, 1, 1, 0, 0]
        case 180: [-1, 0, 1, 0, -1, 1]
        case 270: [0, 1, 0, -1, 0, 1]
        default: identity
        }
    }
}

/// Maps one axis pair of a device onto the window as libinput maps a direct touchscreen to
/// its output: normalized by `max - min + 1`, calibrated, rotated, scaled to the window.
struct CoordinateMapping {
    let minX: Double, minY: Double
    let spanX: Double, spanY: Double
    let width: Double, height: Double
    let m: [Double]
    let isIdentity: Bool

    init(x: (min: Int, max: Int), y: (min: Int, max: Int), options: RecordingOptions) {
        minX = Double(x.min)
        minY = Double(y.min)
        spanX = Double(x.max) - Double(x.min) + 1
        spanY = Double(y.max) - Double(y.min) + 1
        width = options.size?.width ?? spanX
        height = options.size?.height ?? spanY
        // One matrix: the rotation applied to the calibrated point.
        let c = options.calibration, r = RecordingOptions.rotationMatrix(options.rotation)
        m = [r[0] * c[0] + r[1] * c[3], r[0] * c[1] + r[1] * c[4], r[0] * c[2] + r[1] * c[5] + r[2],
             r[3] * c[0] + r[4] * c[3], r[3] * c[1] + r[4] * c[4], r[3] * c[2] + r[4] * c[5] + r[5]]
        isIdentity = m == RecordingOptions.identity
    }

    /// The window point of device values `x`, `y`, rounded to the thousandths scripts keep
    /// (so a converted recording and its written script replay alike).
    func point(_ x: Int32, _ y: Int32) -> Point {
        if isIdentity {
            // The plain form, `(v - min) * size / (max - min + 1)`, to the last bit.
            let px = (Double(x) - minX) * width / spanX, py = (Double(y) - minY) * height / spanY
            return Point(x: (px * 1000).rounded() / 1000, y: (py * 1000).rounded() / 1000)
        }
        let nx = (Double(x) - minX) / spanX, ny = (Double(y) - minY) / spanY
        let px = (m[0] * nx + m[1] * ny + m[2]) * width
        let py = (m[3] * nx + m[4] * ny + m[5]) * height
        return Point(x: (px * 1000).rounded() / 1000, y: (py * 1000).rounded() / 1000)
    }
}
