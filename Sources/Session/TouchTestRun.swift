import Glibc
public import NodeCore
public import Render
import DiagnosticsPainting
import SceneFormat
public import TouchDiagnostics
public import TouchstoneApp

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

    /// An option the grid cannot be made of: bad input.
    public struct Invalid: Error, CustomStringConvertible {
        public let description: String
    }

    /// A cell size and window size the grid can be made of (`Invalid` otherwise).
    public func validate() throws(Invalid) {
        guard cellSize.isFinite, cellSize >= 1 else { throw Invalid(description: "--cell must be at least 1 point, got \(cellSize)") }
        guard size.width >= 1, size.height >= 1, size.width <= 16_384, size.height <= 16_384 else {
            throw Invalid(description: "--size must be between 1×1 and 16384×16384 points")
        }
    }
}

/// The touch test's outputs, shared by the live session and the offline replay so both
/// write the same bytes for the same input: the JSON report and the coverage PNG. The
/// report's time is that of the last input event (`q` included), never the wall clock.
public enum TouchTestOutput {
    /// Throws `OutputError` for the report, `ImageOutputError` for the PNG.
    /// Both are written to temporary files first and replace the old ones only when both are
    /// complete (behaviour.md §8).
    public static func write(_ test: TouchTest, at time: Double, options: TouchTestOptions) throws {
        let report = try options.reportPath.map { path throws in
            let sink = try LineSink(replacing: path)
            try sink.write(bytes: Array(test.report(at: time).json().utf8))
            return sink
        }
        let image = try options.pngPath.map { path throws in
            let canvas: Canvas
            do {
                canvas = try TouchTestPainter.coverageImage(of: test.grid, scale: options.scale)
            } catch {
                throw ImageOutputError.painting(path: path, error)
            }
            return try SceneRendering.writeUncommitted(canvas, to: path)
        }
        try report?.commit()
        if let image { try SceneRendering.commit(image) }
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
            if case let .key(name, true, _) = event.event, KeyCommand(keyName: name) == .quit { break }
            test.handle(event.event, at: event.time)
        }
        return (test, time)
    }
}

/// The live touch test: an empty window whose overlay is the grid and the counters, fed
/// every seat event through `App.onInput`; on exit (q, Escape, closing the window) the
/// report and PNG are written as of the last input event.
public final class TouchTestSession: AppOverlay {
    private let options: TouchTestOptions
    private let app: App
    private var test: TouchTest
    private let painter = TouchTestPainter()
    private var filled: [(Int, Int)] = []
    private var lastTime = 0.0
    private var quit = false

    /// Connects to the compositor and maps the window.
    public init(options: TouchTestOptions, title: String, fullscreen: Bool) throws(AppError) {
        self.options = options
        test = TouchTest(size: options.size, cellSize: options.cellSize)
        let root = Node(name: "touch-test", frame: Rect(origin: .zero, size: options.size))
        var appOptions = AppOptions(title: title, size: options.size, background: DiagnosticsStyle.emptyCellColor,
                                    fullscreen: fullscreen, eventLog: nil, recordPath: options.recordPath)
        appOptions.debugKeys = true
        app = try App(root: root, options: appOptions)
        app.addOverlay(self)
        app.onInput = { [unowned self] event, time in handle(event, at: time) }
    }

    /// Runs until q/Escape or the window closes, then writes the report and PNG
    /// (`AppError`, then the errors of `TouchTestOutput.write`).
    public func run() throws {
        defer { app.removeOverlay(self) }
        try app.run()
        try TouchTestOutput.write(test, at: lastTime, options: options)
    }

    private func handle(_ event: InputEvent, at time: Double) {
        guard !quit else { return }
        lastTime = time
        // The same cut as `TouchTestReplay`: nothing after q counts.
        if case let .key(name, true, _) = event, KeyCommand(keyName: name) == .quit {
            quit = true
            return
        }
        test.handle(event, at: time) { filled.append(($0, $1)) }
    }

    package func takeDamage(renderer: Renderer) -> [PixelRect] {
        // A compositor that sizes the window (fullscreen, kiosk) before the first touch
        // gets a grid of its size; the report states the size to replay with.
        if test.touches.isEmpty, renderer.window.size != test.grid.size, renderer.window.size.width >= 1,
           renderer.window.size.height >= 1 {
            test = TouchTest(size: renderer.window.size, cellSize: options.cellSize)
            filled.removeAll()
            return [renderer.bufferBounds]
        }
        defer { filled.removeAll(keepingCapacity: true) }
        return painter.update(counterText: test.counterText, filled: filled, grid: test.grid, renderer: renderer)
    }

    package func paint(damage: [PixelRect], renderer: Renderer, into canvas: Canvas) {
        painter.paint(grid: test.grid, damage: damage, renderer: renderer, into: canvas)
    }
}
