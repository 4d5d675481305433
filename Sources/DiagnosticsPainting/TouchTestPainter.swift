public import Render
import NodeCore
public import TouchDiagnostics

/// Paints the touch-test screen: the coverage grid (filled cells green, the rest light
/// grey, a one-pixel line along each cell's top and left edges) and the counter bar.
/// Uses a renderer over an empty window whose background is the empty-cell color, so
/// the grid is painted with the same damage machinery as a scene.
public final class TouchTestPainter {
    private var counterText: String?

    public init() {}

    /// A renderer for a touch-test window of `size` points at `scale`.
    public static func makeRenderer(size: Size, scale: RenderScale) throws(RenderError) -> Renderer {
        let root = Node(name: "touch-test", frame: Rect(origin: .zero, size: size))
        return try Renderer(window: Window(root: root, size: size), background: DiagnosticsStyle.emptyCellColor, scale: scale)
    }

    /// The buffer pixels of a cell (with its grid lines).
    public func cellRect(column: Int, row: Int, of grid: CoverageGrid, renderer: Renderer) -> PixelRect {
        PixelRect(snapping: grid.rect(column: column, row: row), scale: renderer.scale)
    }

    /// The damage for showing `test` after cells `filled` were newly filled: those cells,
    /// and the bar when its text changed (nil text: no bar).
    public func update(counterText text: String?, filled: [(Int, Int)], grid: CoverageGrid, renderer: Renderer) -> [PixelRect] {
        var damage = filled.map { cellRect(column: $0.0, row: $0.1, of: grid, renderer: renderer) }
        if text != counterText {
            damage.append(barRect(renderer))
            counterText = text
        }
        return damage
    }

    /// Paints the grid (and the bar, when it has text) within `damage`, over the window's
    /// background already painted there.
    public func paint(grid: CoverageGrid, damage: [PixelRect], renderer: Renderer, into canvas: Canvas) {
        guard grid.cellCount > 0 else { return }
        canvas.withDamageClip(damage) { surface, region, visible in
            let s = Double(renderer.scale)
            let cell = grid.cellSize * s
            let firstColumn = max(Int((Double(visible.minX) / cell).rounded(.down)) - 1, 0)
            let lastColumn = min(Int((Double(visible.maxX) / cell).rounded(.up)), grid.columns - 1)
            let firstRow = max(Int((Double(visible.minY) / cell).rounded(.down)) - 1, 0)
            let lastRow = min(Int((Double(visible.maxY) / cell).rounded(.up)), grid.rows - 1)
            guard firstColumn <= lastColumn, firstRow <= lastRow else { return }
            var filled: [PixelRect] = []
            var lines: [PixelRect] = []
            for row in firstRow...lastRow {
                for column in firstColumn...lastColumn {
                    let rect = cellRect(column: column, row: row, of: grid, renderer: renderer)
                    guard rect.intersects(visible) else { continue }
                    if grid.isFilled(column: column, row: row) { filled.append(rect) }
                    lines.append(PixelRect(x: rect.minX, y: rect.minY, width: rect.width, height: 1))
                    lines.append(PixelRect(x: rect.minX, y: rect.minY + 1, width: 1, height: rect.height - 1))
                }
            }
            surface.fill(filled, color: PremultipliedColor(DiagnosticsStyle.filledCellColor))
            surface.fill(lines.filter { !$0.isEmpty }, color: PremultipliedColor(DiagnosticsStyle.gridLineColor))
            if let counterText {
                let bar = barRect(renderer)
                guard region.intersects(bar) else { return }
                surface.fill(bar, color: PremultipliedColor(DiagnosticsStyle.boxColor))
                renderer.paintText(counterText, leftAlignedIn: bar, fontSize: DiagnosticsStyle.fontSize,
                                   padding: DiagnosticsStyle.textPadding, visible: visible,
                                   color: PremultipliedColor(DiagnosticsStyle.textColor), on: surface)
            }
        }
    }

    /// The whole grid without the bar, as the `--png` coverage image.
    public static func coverageImage(of grid: CoverageGrid, scale: RenderScale) throws -> Canvas {
        let renderer = try makeRenderer(size: grid.size, scale: scale)
        renderer.warningHandler = { _ in }
        let canvas = try renderer.renderImage()
        TouchTestPainter().paint(grid: grid, damage: [canvas.bounds], renderer: renderer, into: canvas)
        return canvas
    }

    private func barRect(_ renderer: Renderer) -> PixelRect {
        PixelRect(snapping: Rect(x: 0, y: 0, width: renderer.window.size.width, height: DiagnosticsStyle.barHeight),
                  scale: renderer.scale)
    }
}
