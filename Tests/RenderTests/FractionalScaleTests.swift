import NodeCore
import Testing
@testable import Render

/// Painting at scales between whole numbers (behaviour.md §6): every edge lands on a pixel boundary
/// rounded from its scaled position, lines are whole pixels, and nothing is blended at an
/// edge. The expected pixel boundaries below were worked out by hand from the points.
@Suite struct FractionalScaleTests {
    /// The overlay colors OVER opaque white (see OverlayPaintingTests).
    private let fillOverWhite = argb(255, 153, 255, 153)
    private let limitedOverWhite = argb(255, 97, 139, 111)
    private let clippedOverWhite = argb(255, 255, 153, 51)

    /// Expects every pixel of `canvas` to be exactly what `expected` says.
    private func expectEveryPixel(_ canvas: Canvas, _ scale: RenderScale, _ expected: (Int, Int) -> PixelComponents,
                                  sourceLocation: SourceLocation = #_sourceLocation) {
        var wrong: [String] = []
        for y in 0..<canvas.height {
            for x in 0..<canvas.width where canvas.components(x: x, y: y) != expected(x, y) {
                wrong.append("(\(x), \(y)) is \(canvas.components(x: x, y: y)), expected \(expected(x, y))")
            }
        }
        #expect(wrong.isEmpty, "at \(scale): \(wrong.count) wrong pixels, first \(wrong.prefix(3))",
                sourceLocation: sourceLocation)
    }

    /// A 10 × 7 pt node at (3, 5) with a 1 pt border, in a 20 × 20 pt window.
    @Test(arguments: [
        // scale, node's pixel edges (x 3 → minX, 13 → maxX; y 5 → minY, 12 → maxY), border pixels
        (RenderScale(units: 150), 4, 16, 6, 15, 1),   // 3.75, 16.25; 6.25, 15
        (RenderScale(units: 180), 5, 20, 8, 18, 1),   // 4.5, 19.5; 7.5, 18
        (RenderScale(units: 210), 5, 23, 9, 21, 1),   // 5.25, 22.75; 8.75, 21
        (RenderScale(units: 300), 8, 33, 13, 30, 2),  // 7.5, 32.5; 12.5, 30; 2.5 px → 2
    ])
    func edgesSnapToWholePixelsAndTheBorderIsWholePixelsOnEverySide(
        scale: RenderScale, minX: Int, maxX: Int, minY: Int, maxY: Int, border: Int) throws {
        let node = box("a", 3, 5, 10, 7, red)
        node.borderColor = blue
        node.borderWidth = 1
        let canvas = try render(makeWindow(width: 20, height: 20, node), scale: scale)
        expectEveryPixel(canvas, scale) { x, y in
            guard (minX..<maxX).contains(x), (minY..<maxY).contains(y) else { return opaqueWhite }
            let inner = (minX + border..<maxX - border).contains(x) && (minY + border..<maxY - border).contains(y)
            return inner ? argb(255, 255, 0, 0) : argb(255, 0, 0, 255)
        }
    }

    @Test(arguments: [RenderScale(units: 121), RenderScale(units: 150), RenderScale(units: 180),
                      RenderScale(units: 210), RenderScale(units: 300), RenderScale(units: 479)])
    func abuttingNodesNeitherOverlapNorLeaveAGap(scale: RenderScale) throws {
        // Ten 1.3 pt columns side by side, alternating red and blue; each one's right edge is
        // exactly the next one's left edge (the subtraction is exact, Sterbenz).
        let columns = (0..<10).map { i in
            let left = Double(i) * 1.3, right = Double(i + 1) * 1.3
            return box("c\(i)", left, 0, right - left, 4, i % 2 == 0 ? red : blue)
        }
        let window = makeWindow(width: 13, height: 4)
        for column in columns { window.root.addSubnode(column) }
        let canvas = try render(window, scale: scale)
        var previous: PixelComponents?
        var runs = 0
        for x in 0..<canvas.width {
            let pixel = canvas.components(x: x, y: 0)
            #expect(pixel == argb(255, 255, 0, 0) || pixel == argb(255, 0, 0, 255), "(\(x), 0) at \(scale) is \(pixel)")
            if pixel != previous { runs += 1 }
            previous = pixel
        }
        #expect(runs == 10, "\(runs) color runs at \(scale)")
    }

    /// A button whose left side is cut by its parent's slopRect (dark green band) and whose
    /// right side is clipped by a clipping ancestor (orange band): window points x 20...70,
    /// y 40...80, bands 2 pt wide.
    @Test(arguments: [
        // scale, drawn pixel edges (x 20, 70; y 40, 80), band pixels (2 pt, rounded down, ≥ 1)
        (RenderScale(units: 150), 25, 88, 50, 100, 2),    // 25, 87.5; 50, 100; 2.5 px → 2
        (RenderScale(units: 180), 30, 105, 60, 120, 3),   // 30, 105; 60, 120; 3 px
        (RenderScale(units: 210), 35, 123, 70, 140, 3),   // 35, 122.5; 70, 140; 3.5 px → 3
        (RenderScale(units: 300), 50, 175, 100, 200, 5),  // 50, 175; 100, 200; 5 px
    ])
    func overlayBandsAreWholePixelsInsideTheSnappedArea(
        scale: RenderScale, minX: Int, maxX: Int, minY: Int, maxY: Int, band: Int) throws {
        let clip = box("clip", 0, 0, 70, 200)
        clip.clipsToBounds = true
        clip.hitTestSlop = EdgeInsets(all: -20)
        let parent = box("parent", 20, 20, 100, 100)
        let button = ButtonNode(name: "b", frame: Rect(x: 20, y: 20, width: 40, height: 40))
        button.hitTestSlop = EdgeInsets(top: 0, left: -30, bottom: 0, right: 0)
        parent.addSubnode(button)
        clip.addSubnode(parent)
        let window = makeWindow(width: 100, height: 100, clip)
        window.showsTappableAreas = true
        let canvas = try render(window, scale: scale)
        expectEveryPixel(canvas, scale) { x, y in
            guard (minX..<maxX).contains(x), (minY..<maxY).contains(y) else { return opaqueWhite }
            if x >= maxX - band { return clippedOverWhite }
            if x < minX + band { return limitedOverWhite }
            return fillOverWhite
        }
    }

    @Test func lineWidthsAreWholePixelsRoundedDownAndAtLeastOne() {
        #expect(RenderScale(units: 150).lineWidth(2) == 2)
        #expect(RenderScale(units: 210).lineWidth(2) == 3)
        #expect(RenderScale(units: 210).lineWidth(4) == 7)
        #expect(RenderScale(units: 120).lineWidth(0.25) == 1)
        #expect(RenderScale(units: 480).lineWidth(0.1) == 1)
        #expect(RenderScale(units: 300).lineWidth(1) == 2)
        #expect(RenderScale(units: 180).lineWidth(0) == 0)
        #expect(RenderScale(units: 180).lineWidth(-1) == 0)
        #expect(RenderScale(units: 180).lineWidth(.nan) == 0)
    }

    @Test func bufferIsTheWindowSizeTimesTheScaleRoundedHalfUp() throws {
        let window = makeWindow(width: 101, height: 3)
        #expect(try Renderer(window: window, background: .white, scale: RenderScale(units: 180)).bufferBounds
            == PixelRect(x: 0, y: 0, width: 152, height: 5))  // 151.5, 4.5
        #expect(try Renderer(window: window, background: .white, scale: RenderScale(units: 150)).bufferBounds
            == PixelRect(x: 0, y: 0, width: 126, height: 4))  // 126.25, 3.75
    }

    @Test func labelsAreSetAtFourteenPointsTimesTheScale() throws {
        // Ink height grows with the scale: at 1.5 it is 1.5 times the height at 1, within hinting.
        let node = box("l", 0, 0, 120, 60)
        node.label = "Hello"
        node.labelColor = .black
        let window = makeWindow(width: 120, height: 60, node)
        func inkRows(_ scale: RenderScale) throws -> Int {
            let canvas = try render(window, scale: scale, labelFont: .default)
            return (0..<canvas.height).filter { y in (0..<canvas.width).contains { canvas.components(x: $0, y: y).red < 128 } }.count
        }
        let one = try inkRows(1), oneAndHalf = try inkRows(RenderScale(units: 180))
        #expect(one > 5)
        #expect(abs(Double(oneAndHalf) - 1.5 * Double(one)) <= 2, "ink rows \(one) at 1, \(oneAndHalf) at 1.5")
    }

    @Test(arguments: ["1.5", "1.25", "3/2", "160/120", "4", "1"])
    func scalesParseFromDecimalsAndFractions(text: String) {
        let expected = ["1.5": 180, "1.25": 150, "3/2": 180, "160/120": 160, "4": 480, "1": 120][text]!
        #expect(RenderScale(parsing: text)?.units == expected)
    }

    @Test(arguments: ["1.33", "abc", "", "1/0", "nan", "inf", "1.5.2", "2/7"])
    func textThatIsNotAWholeNumberOf120thsIsNotAScale(text: String) {
        #expect(RenderScale(parsing: text) == nil)
    }

    @Test(arguments: [RenderScale(units: 29), RenderScale(units: 481), RenderScale(units: 0), RenderScale(units: -120)])
    func scalesOutsideAQuarterToFourAreRejected(scale: RenderScale) {
        #expect(throws: RenderError.unsupportedScale(scale)) {
            try Renderer(window: makeWindow(), background: .white, scale: scale)
        }
    }
}
