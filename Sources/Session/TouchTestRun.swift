import Foundation
import NodeCore
import Render
import SceneFormat
import TouchDiagnostics
import TouchstoneApp

/// What `touchstone touch-test` was asked to do.
public struct TouchTestOptions {
    /// Cell side in points (`--cell`).
    public var cellSize: Double
    /// The window size in points: the grid's size (live, the size asked for; the
    /// compositor may give another, which the report states).
    public var size: Size
    public var reportPath: String?
    public var pngPath: String?
    public var recordPath: String?
    /// Buffer scale of the PNG.
    public var scale: RenderScale

    public static let defaultCellSize = 20.0
    public static let defaultSize = Size(width: 800, height: 600)

    public init(cellSize: Double = defaultCellSize, size: Size = defaultSize, reportPath: String? = nil,
                pngPath: String? = nil, recordPath: String? = nil, scale: RenderScale = 1) {
        self.cellSize = cellSize
        self.size = size
        self.reportPath = reportPath
        self.pngPath = pngPath
        self.recordPath = recordPath
        self.scale = scale
    }

    /// A cell size and window size the grid can be made of (status 2 otherwise).
    public func validate() throws(CommandFailure) {
        guard cellSize.isFinite, cellSize >= 1 else { throw .badInput("--cell must be at least 1 point, got \(cellSize)") }
        guard size.width >= 1, size.height >= 1, size.width <= 16_384, size.height <= 16_384 else {
            throw .badInput("--size must be between 1×1 and 16384×16384 points")
        }
    }
}

/// The touch test's outputs, shared by the live session and the offline replay so both
/// write the same bytes for the same input: the JSON report and the coverage PNG. The
/// report's time is that of the last input event (`q` included), never the wall clock.
public enum TouchTestOutput {
    public static func write(_ test: TouchTest, at time: Double, options: TouchTestOptions) throws(CommandFailure) {
        if let path = options.reportPath {
            do {
                try LineSink(path: path).write(bytes: Array(test.report(at: time).json().utf8))
            } catch {
                throw .runtime(error.description)
            }
        }
        if let path = options.pngPath {
            let canvas: Canvas
            do {
                canvas = try TouchTestPainter.coverageImage(of: test.grid, scale: options.scale)
            } catch {
                throw .runtime("cannot render \(path): \(error)")
            }
            do {
                try canvas.writePNG(to: path)
            } catch {
                throw .runtime(error.description)
            }
        }
    }
}

/// `touchstone touch-test --replay INPUT`: feeds a recorded touch test (or any input script)
/// through the touch-test model with no compositor, up to its `q`, and writes the report
/// and PNG the live test wrote.
public enum TouchTestReplay {
    /// The model after `events` (stopping at a `q`/Escape press) and the time of the last event applied.
    public static func run(_ events: [TimedInputEvent], options: TouchTestOptions) -> (TouchTest, Double) {
        var test = TouchTest(size: options.size, cellSize: options.cellSize)
        var time = 0.0
        for event in events {
            time = event.time
            if case let .key(name, true) = event.event, KeyCommand(keyName: name) == .quit { break }
            test.handle(event.event, at: event.time)
        }
        return (test, time)
    }
}
