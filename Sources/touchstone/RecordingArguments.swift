import ArgumentParser
import DeviceRecording
import NodeCore

/// The options that shape how a device recording becomes input (behaviour.md §18), shared
/// by `replay`, `touch-test --replay` and `import`.
struct RecordingArguments: ParsableArguments {
    @Option(help: "For a device recording: libinput's calibration matrix a,b,c,d,e,f in normalized coordinates (default 1,0,0,0,1,0).",
            transform: parseCalibration)
    var calibration: [Double] = RecordingOptions.identity

    @Option(help: "For a device recording: rotate its touches 0, 90, 180 or 270 degrees clockwise (after --calibration).")
    var rotate = 0

    @Option(help: "For a device recording: use its device N (from 0, in file order) instead of the first touchscreen.")
    var device: Int?

    func validate() throws {
        guard RecordingOptions.rotations.contains(rotate) else {
            throw ValidationError("--rotate must be 0, 90, 180 or 270 (degrees clockwise), got \(rotate)")
        }
        if let device, device < 0 { throw ValidationError("--device must be 0 or more, got \(device)") }
    }

    /// The options for a window of `size` (nil: one device unit per point).
    func options(size: Size?) -> RecordingOptions {
        RecordingOptions(size: size, calibration: calibration, rotation: rotate, device: device)
    }
}

func parseCalibration(_ text: String) throws -> [Double] {
    let values = text.split(separator: ",", omittingEmptySubsequences: false).map { Double(String($0.filter { $0 != " " })) }
    guard values.count == 6, values.allSatisfy({ $0?.isFinite == true }) else {
        throw ValidationError("--calibration must be six numbers a,b,c,d,e,f (libinput's matrix), got '\(text)'")
    }
    return values.map { $0! }
}

/// `WIDTHxHEIGHT` in points, each above 0.
func parseSize(_ text: String) throws -> Size {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w > 0, h > 0, w.isFinite, h.isFinite else {
        throw ValidationError("--size must be WIDTHxHEIGHT in points, e.g. 800x600; got '\(text)'")
    }
    return Size(width: w, height: h)
}
