import Testing
import WaylandClient

@Suite struct DecorationLayoutTests {
    let layout = DecorationLayout(titleBarHeight: 32, borderWidth: 8, contentSize: LogicalSize(width: 400, height: 300))

    @Test func windowGeometryIsTheTitleBarAndTheContentWithTheBorderOutside() {
        #expect(layout.windowGeometry == LogicalRect(x: 0, y: -32, width: 400, height: 332))
        #expect(layout.titleBar == LogicalRect(x: 0, y: -32, width: 400, height: 32))
        #expect(layout.border == LogicalRect(x: -8, y: -40, width: 416, height: 348))
    }

    /// Border surface coordinates: the window geometry starts at (8, 8) and ends at (408, 340).
    @Test func pressesOnTheBorderResizeFromTheEdgeOrCornerUnderThem() {
        #expect(layout.edge(atBorderPoint: Point(x: 200, y: 2)) == .top)
        #expect(layout.edge(atBorderPoint: Point(x: 200, y: 345)) == .bottom)
        #expect(layout.edge(atBorderPoint: Point(x: 3, y: 150)) == .left)
        #expect(layout.edge(atBorderPoint: Point(x: 410, y: 150)) == .right)
        #expect(layout.edge(atBorderPoint: Point(x: 2, y: 2)) == .topLeft)
        #expect(layout.edge(atBorderPoint: Point(x: 412, y: 346)) == .bottomRight)
        // Within 16 pt of a corner along a side, the corner.
        #expect(layout.edge(atBorderPoint: Point(x: 3, y: 20)) == .topLeft)
        #expect(layout.edge(atBorderPoint: Point(x: 400, y: 3)) == .topRight)
        #expect(layout.edge(atBorderPoint: Point(x: 20, y: 345)) == .bottomLeft)
        // Inside the window geometry (covered by the title bar and content): none.
        #expect(layout.edge(atBorderPoint: Point(x: 200, y: 150)) == nil)
    }

    @Test func eachEdgeHasItsOwnCursorAndTheRestTheArrow() {
        let edges: [XdgToplevel.ResizeEdge] = [.top, .bottom, .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight]
        #expect(Set(edges.map { DecorationLayout.cursorName(for: $0) }).count == 8)
        #expect(DecorationLayout.cursorName(for: nil) == "left_ptr")
    }
}

@Suite struct ContentFitTests {
    let minimum = LogicalSize(width: 320, height: 240)

    @Test func atOrAboveTheMinimumTheContentIsShownAsConfigured() {
        let fit = ContentFit(available: LogicalSize(width: 500, height: 240), minimum: minimum)
        #expect(fit.logicalSize == LogicalSize(width: 500, height: 240) && !fit.isScaledDown)
        #expect(fit.contentPoint(Point(x: 10, y: 20)) == Point(x: 10, y: 20))
    }

    /// The case: a floating window resized to 196 × 123 with a 320 × 240 scene.
    @Test func belowTheMinimumTheContentKeepsItsSizeAndIsShownScaledDownUniformly() {
        let fit = ContentFit(available: LogicalSize(width: 196, height: 123), minimum: minimum)
        #expect(fit.logicalSize == minimum)
        // min(196 / 320, 123 / 240) = 0.5125: 164 × 123, all of it on screen.
        #expect(fit.displayedSize == LogicalSize(width: 164, height: 123))
        let corner = fit.contentPoint(Point(x: 164, y: 123))
        #expect(abs(corner.x - 320) < 1e-9 && abs(corner.y - 240) < 1e-9)
    }

    @Test func oneSideShortLaysTheOtherOutAtItsSpace() {
        let fit = ContentFit(available: LogicalSize(width: 160, height: 600), minimum: minimum)
        #expect(fit.logicalSize == LogicalSize(width: 320, height: 600))
        #expect(fit.displayedSize == LogicalSize(width: 160, height: 300))
    }

    @Test func withoutAViewportTheWindowStaysAtTheMinimum() {
        let fit = ContentFit(available: LogicalSize(width: 100, height: 100), minimum: minimum, canScale: false)
        #expect(fit.logicalSize == minimum && fit.displayedSize == minimum)
    }
}
