import Testing
import WaylandClient

@Suite struct DecorationLayoutTests {
    let layout = DecorationLayout(titleBarHeight: 32, borderWidth: 8, contentSize: Size(width: 400, height: 300))

    @Test func windowGeometryIsTheTitleBarAndTheContentWithTheBorderOutside() {
        #expect(layout.windowGeometry == Rect(x: 0, y: -32, width: 400, height: 332))
        #expect(layout.titleBar == Rect(x: 0, y: -32, width: 400, height: 32))
        #expect(layout.border == Rect(x: -8, y: -40, width: 416, height: 348))
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
    let minimum = Size(width: 320, height: 240)

    @Test func atOrAboveTheMinimumTheContentIsShownAsConfigured() {
        let fit = ContentFit(available: Size(width: 500, height: 240), minimum: minimum)
        #expect(fit.logicalSize == Size(width: 500, height: 240) && !fit.isScaledDown)
        #expect(fit.contentPoint(Point(x: 10, y: 20)) == Point(x: 10, y: 20))
    }

    /// A floating window resized to 196 × 123 with a 320 × 240 scene: scaled by
    /// min(196 / 320, 123 / 240) = 0.5125, the surface fills the whole 196 × 123.
    @Test func belowTheMinimumTheContentIsScaledDownUniformlyAndFillsTheWholeSpace() {
        let fit = ContentFit(available: Size(width: 196, height: 123), minimum: minimum)
        #expect(fit.displayedSize == Size(width: 196, height: 123))
        // Height is the tighter side: laid out at 240, width 196 × 240 / 123 = 382.4 → 382.
        #expect(fit.logicalSize == Size(width: 382, height: 240))
        let corner = fit.contentPoint(Point(x: 196, y: 123))
        #expect(abs(corner.x - 382) < 1e-9 && abs(corner.y - 240) < 1e-9)
    }

    /// Painted at the pixels it is shown at: the surface's scale times the shown factor,
    /// rounded down to a 120th, never past the shown size.
    @Test func contentShownScaledDownIsPaintedAtTheSurfaceScaleTimesTheShownFactor() {
        let phone = ContentFit(available: Size(width: 360, height: 720), minimum: Size(width: 400, height: 300))
        // 360 / 400 = 0.9 at scale 2: 1.8 (216/120); 400 × 800 at 1.8 is the 720 × 1440 screen.
        #expect(phone.paintScale120(surfaceScale120: 240) == 216)
        #expect(phone.paintScale120(surfaceScale120: 120) == 108)
        let window = ContentFit(available: Size(width: 196, height: 123), minimum: minimum)
        let units = window.paintScale120(surfaceScale120: 120)
        // min(196 / 382, 123 / 240) × 120 = 61.5 → 61; 382 × 61 / 120 = 194.2 ≤ 196 pixels.
        #expect(units == 61)
        #expect(window.logicalSize.width * Double(units) <= 196 * 120 && window.logicalSize.height * Double(units) <= 123 * 120)
        // Unscaled content keeps the surface's scale.
        #expect(ContentFit(available: Size(width: 500, height: 400), minimum: minimum).paintScale120(surfaceScale120: 180) == 180)
    }

    /// Scrolls on a phone showing the scene at 0.9 move the content by the shown distance:
    /// 45 shown points are 50 of the content's on both axes; unscaled, they stay 45.
    @Test func scrollDistancesAreMappedToTheContentLikeLocations() {
        let phone = ContentFit(available: Size(width: 360, height: 720), minimum: Size(width: 400, height: 300))
        #expect(phone.contentDistance(45, along: .vertical) == 50)
        #expect(phone.contentDistance(-45, along: .horizontal) == -50)
        let unscaled = ContentFit(available: Size(width: 500, height: 400), minimum: minimum)
        #expect(unscaled.contentDistance(45, along: .vertical) == 45)
    }

    /// A phone (360 × 720 points) given a 400 × 300 scene fullscreen: no empty band below.
    @Test func aPhoneSizedSpaceIsFilledOnBothAxes() {
        let fit = ContentFit(available: Size(width: 360, height: 720), minimum: Size(width: 400, height: 300))
        #expect(fit.displayedSize == Size(width: 360, height: 720))
        #expect(fit.logicalSize == Size(width: 400, height: 800))
        let scaleX = Double(fit.displayedSize.width) / Double(fit.logicalSize.width)
        let scaleY = Double(fit.displayedSize.height) / Double(fit.logicalSize.height)
        #expect(abs(scaleX - scaleY) < 1e-9)
    }

    /// A sway tile of 316 × 693 with a 400 × 300 scene.
    @Test func aTileNarrowerThanTheSceneIsFilledOnBothAxes() {
        let fit = ContentFit(available: Size(width: 316, height: 693), minimum: Size(width: 400, height: 300))
        #expect(fit.displayedSize == Size(width: 316, height: 693))
        // 693 × 400 / 316 = 877.2: whole points, rounded down.
        #expect(fit.logicalSize.width == 400 && fit.logicalSize.height == 877)
    }

    @Test func oneSideShortLaysTheOtherOutAtItsSpaceOverTheSameFactor() {
        let fit = ContentFit(available: Size(width: 160, height: 600), minimum: minimum)
        #expect(fit.logicalSize == Size(width: 320, height: 1200))
        #expect(fit.displayedSize == Size(width: 160, height: 600))
    }

    @Test func withoutAViewportTheWindowStaysAtTheMinimum() {
        let fit = ContentFit(available: Size(width: 100, height: 100), minimum: minimum, canScale: false)
        #expect(fit.logicalSize == minimum && fit.displayedSize == minimum)
    }
}

/// `wl_pointer.set_cursor` is sent once per enter and once per real change, never twice for
/// the same cursor: over the resize border the enter and each motion ask for the edge's cursor.
@Suite struct CursorRequestTests {
    @Test func theSameCursorIsRequestedOncePerEnter() {
        var requests = CursorRequests()
        let answers = [requests.needsRequest(name: "right_side", scale: 1, serial: 7),
                       requests.needsRequest(name: "right_side", scale: 1, serial: 7),
                       requests.needsRequest(name: "right_side", scale: 1, serial: 7)]
        #expect(answers == [true, false, false])
    }

    @Test func aNewShapeScaleOrEnterIsRequestedAgain() {
        var requests = CursorRequests()
        let answers = [requests.needsRequest(name: "right_side", scale: 1, serial: 7),
                       requests.needsRequest(name: "bottom_right_corner", scale: 1, serial: 7),
                       requests.needsRequest(name: "bottom_right_corner", scale: 2, serial: 7),
                       requests.needsRequest(name: "bottom_right_corner", scale: 2, serial: 8)]
        #expect(answers == [true, true, true, true])
    }

    @Test func afterALeaveTheNextEnterSetsTheCursorEvenWithTheSameSerial() {
        var requests = CursorRequests()
        let first = requests.needsRequest(name: "left_ptr", scale: 1, serial: 3)
        requests.reset()
        let second = requests.needsRequest(name: "left_ptr", scale: 1, serial: 3)
        #expect(first && second)
    }
}
