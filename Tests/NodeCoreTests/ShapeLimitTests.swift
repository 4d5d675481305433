import Testing
@testable import NodeCore

/// Issue 31: shaped controls of any size the loader accepts are audited in time and memory
/// that follow the window, never the shape's extent.
@Suite struct ShapeLimitTests {
    @Test func aCircleLargerThanTheWindowIsSampledOnlyOnScreen() throws {
        let root = Node(name: "root", frame: rect(0, 0, 400, 300))
        let disc = ButtonNode(name: "disc", frame: rect(-50_000, -50_000, 100_000, 100_000))
        disc.hitShape = .ellipse
        root.addSubnode(disc)
        let window = Window(root: root, size: Size(width: 400, height: 300))
        let area = try #require(TappableArea(of: disc))
        let mask = try #require(area.shape).auditMask
        #expect(mask.width == 400 && mask.height == 300)
        #expect(area.tappable == rect(0, 0, 400, 300))
        let report = Audit.run(window: window)
        #expect(report.entries.map(\.name) == ["disc"])
    }

    @Test func aParentSlopOfABillionPointsDoesNotTrap() throws {
        let root = Node(name: "root", frame: rect(0, 0, 200, 200))
        let wide = Node(name: "wide", frame: rect(0, 0, 200, 200))
        wide.hitTestSlop = EdgeInsets(top: -1e9, left: -1e9, bottom: -1e9, right: -1e9)
        let small = ButtonNode(name: "small", frame: rect(10, 10, 44, 44))
        small.hitShape = .ellipse
        small.hitTestSlop = EdgeInsets(top: -1e9, left: -1e9, bottom: -1e9, right: -1e9)
        wide.addSubnode(small)
        root.addSubnode(wide)
        let window = Window(root: root, size: Size(width: 200, height: 200))
        let entry = try #require(Audit.run(window: window).entries.first)
        // A disc 2·10⁹ pt across around the button: every point of the window reaches it.
        #expect(entry.tappable == rect(0, 0, 200, 200))
        // The overlay's mask of the same shape at a fractional scale is cut to the pixels asked for.
        let mask = try #require(TappableArea(of: small)?.shape).mask(scale: 1.5, minX: 0, minY: 0, maxX: 300, maxY: 300)
        #expect(mask.width <= 300 && mask.height <= 300)
    }

    @Test func pixelIndexesOfAnySizeAreClamped() {
        #expect(TappableShape.pixel(1e300, .up) == 1 << 40)
        #expect(TappableShape.pixel(-.infinity, .down) == -(1 << 40))
        #expect(TappableShape.pixel(.nan, .down) == 0)
        #expect(TappableShape.pixel(12.5, .down) == 12)
    }

    /// 4,000 small circle buttons, many overlapping: the shaped pairs are tested until their
    /// first shared pixel, so the audit stays far from quadratic work.
    @Test func manyOverlappingCircleButtonsAreAuditedWithCorrectCounts() {
        let root = Node(name: "root", frame: rect(0, 0, 1000, 1000))
        var state: UInt64 = 7
        for i in 0 ..< 4000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let x = Double((state >> 33) % 960), y = Double((state >> 13) % 960)
            let button = ButtonNode(name: "b\(i)", frame: rect(x, y, 40, 40))
            button.hitShape = .ellipse
            root.addSubnode(button)
        }
        let window = Window(root: root, size: Size(width: 1000, height: 1000))
        let report = Audit.run(window: window)
        #expect(report.entries.count == 4000)
        // Two circles share a pixel exactly when their overlap box has one: check a sample by hand.
        let areas = TappableArea.all(in: window)
        for k in stride(from: 0, to: 4000, by: 397) {
            let expected = areas.indices.filter { $0 != k && !areas[k].overlap(with: areas[$0]).isEmpty }.count
            #expect(report.entries[k].overlapCount == expected)
        }
    }
}
