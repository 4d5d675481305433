import SeededRandom
import Testing
@testable import NodeCore

/// A node tappable in the diamond inscribed in its slopRect, by overriding `pointInside`.
private final class DiamondNode: Node {
    override func pointInside(_ point: Point) -> Bool {
        let r = slopRect
        guard !r.isEmpty else { return false }
        return abs(point.x - r.midX) / r.width + abs(point.y - r.midY) / r.height < 0.5
    }
}

/// A button tappable in the diamond inscribed in its slopRect.
private final class DiamondButton: ButtonNode {
    override func pointInside(_ point: Point) -> Bool {
        let r = slopRect
        guard !r.isEmpty else { return false }
        return abs(point.x - r.midX) / r.width + abs(point.y - r.midY) / r.height < 0.5
    }
}

/// behaviour.md §5.3: a shaped area is found row by row from the shapes, and the result is
/// the same pixels as asking every node about every pixel's centre.
@Suite struct TappableRowSpansTests {
    /// A coordinate on an eighth-point grid, so window offsets add up exactly.
    private static func coordinate(_ random: inout SplitMix64, _ range: ClosedRange<Int>) -> Double {
        Double(Int.random(in: range.lowerBound * 8 ... range.upperBound * 8, using: &random)) / 8
    }

    private static func shape(_ random: inout SplitMix64, size: Size) -> HitShape? {
        switch Int.random(in: 0 ... 3, using: &random) {
        case 0: return nil
        case 1: return .ellipse
        default:
            let count = Int.random(in: 1 ... 3, using: &random)
            return .bands((0 ..< count).map { _ in
                Rect(x: Self.coordinate(&random, -20 ... Int(size.width)), y: Self.coordinate(&random, -20 ... Int(size.height)),
                     width: Self.coordinate(&random, 0 ... 80), height: Self.coordinate(&random, 0 ... 60))
            })
        }
    }

    private static func dress(_ node: Node, _ random: inout SplitMix64) {
        node.hitTestSlop = EdgeInsets(top: Self.coordinate(&random, -30 ... 15), left: Self.coordinate(&random, -30 ... 15),
                                      bottom: Self.coordinate(&random, -30 ... 15), right: Self.coordinate(&random, -30 ... 15))
        if !(node is DiamondNode || node is DiamondButton) { node.hitShape = Self.shape(&random, size: node.frame.size) }
        node.clipsToBounds = Bool.random(using: &random)
    }

    /// The sample of pixel (px, py) at `scale`, asking each node about the pixel's centre.
    private static func sample(_ px: Int, _ py: Int, scale: Double, control: Node, clips: [Node]) -> TappableSample {
        let centre = Point(x: (Double(px) + 0.5) / scale, y: (Double(py) + 0.5) / scale)
        guard control.pointInside(control.convert(centre, from: nil)) else { return [] }
        var chain: [Node] = []
        var node = control.supernode
        while let ancestor = node {
            chain.append(ancestor)
            node = ancestor.supernode
        }
        guard chain.allSatisfy({ $0.pointInside($0.convert(centre, from: nil)) }) else { return .own }
        let shown = clips.allSatisfy { Rect(origin: $0.boundsOrigin, size: $0.frame.size).contains($0.convert(centre, from: nil)) }
        return shown ? [.own, .tappable, .inView] : [.own, .tappable]
    }

    @Test func rowByRowMasksAreThePixelsEveryNodeAccepts() throws {
        var random = SplitMix64(seed: 31)
        var compared = 0
        for _ in 0 ..< 60 {
            let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 160, height: 120))
            var parent = root
            var clips: [Node] = []
            for depth in 0 ..< Int.random(in: 0 ... 3, using: &random) {
                let frame = Rect(x: Self.coordinate(&random, -20 ... 100), y: Self.coordinate(&random, -20 ... 80),
                                 width: Self.coordinate(&random, 10 ... 140), height: Self.coordinate(&random, 10 ... 100))
                let ancestor = Bool.random(using: &random) ? DiamondNode(name: "d\(depth)", frame: frame)
                                                           : Node(name: "a\(depth)", frame: frame)
                Self.dress(ancestor, &random)
                if ancestor.clipsToBounds { clips.append(ancestor) }
                parent.addSubnode(ancestor)
                parent = ancestor
            }
            let frame = Rect(x: Self.coordinate(&random, -20 ... 100), y: Self.coordinate(&random, -20 ... 80),
                             width: Self.coordinate(&random, 4 ... 120), height: Self.coordinate(&random, 4 ... 90))
            let control = Bool.random(using: &random) ? DiamondButton(name: "c", frame: frame) : ButtonNode(name: "c", frame: frame)
            Self.dress(control, &random)
            parent.addSubnode(control)
            _ = Window(root: root, size: Size(width: 160, height: 120))
            guard let shape = TappableArea(of: control)?.shape else { continue }
            for scale in [1.0, 1.5] {
                let maxX = Int(170 * scale), maxY = Int(130 * scale)
                let mask = shape.mask(scale: scale, minX: -10, minY: -10, maxX: maxX, maxY: maxY)
                for py in -10 ..< maxY {
                    for px in -10 ..< maxX {
                        let expected = Self.sample(px, py, scale: scale, control: control, clips: clips)
                        if mask[px, py] != expected {
                            let found = mask[px, py].rawValue, wanted = expected.rawValue
                            Issue.record(Comment(rawValue: "pixel (\(px), \(py)) at scale \(scale): \(found), expected \(wanted)"))
                            return
                        }
                    }
                }
                compared += 1
            }
        }
        #expect(compared > 40)
    }

    /// The fuzz case that found the audit's cost (docs/reliability.md): a list of 116 rows
    /// whose circle reaches 100,000 pt up. Its mask keeps one run per row it covers in the
    /// window, and its bounds are those of the circle's tip.
    @Test func aCircleReachingFarPastTheWindowKeepsOneRunPerRow() throws {
        let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 960, height: 843))
        let button = ButtonNode(name: "tip", frame: Rect(x: 600, y: 400, width: 300, height: 24))
        button.hitShape = .ellipse
        button.hitTestSlop = EdgeInsets(top: -100_000, left: -7.67, bottom: -17, right: -12)
        root.addSubnode(button)
        _ = Window(root: root, size: Size(width: 960, height: 843))
        let area = try #require(TappableArea(of: button))
        let mask = try #require(area.shape).auditMask
        #expect(mask.height == 441 && mask.runCount == 441)
        // The ellipse is 100,041 pt tall: in the window, only its bottom tip, under 50 pt wide.
        let middle = Int(area.slopRect.midX)
        #expect(mask[middle, 420].contains(.tappable) && mask[middle, 0].contains(.tappable))
        #expect(!mask[middle - 40, 420].contains(.own) && !mask[middle + 40, 0].contains(.own))
        #expect(area.tappable.minY == 0 && area.tappable.maxY == 441)
        #expect(area.tappable.width < 50)
    }

    /// A node inset by more than its width (its slopRect's edges cross) accepts no point, so a
    /// shaped control under it has no tappable pixel (a fuzz case trapped here once).
    @Test func aShapedControlUnderANodeInsetPastItsWidthHasNoTappablePixel() throws {
        let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 400, height: 200))
        let parent = Node(name: "parent", frame: Rect(x: 20, y: 20, width: 300, height: 100))
        parent.hitTestSlop = EdgeInsets(top: 0, left: 100_000, bottom: 0, right: 0)
        let button = ButtonNode(name: "pill", frame: Rect(x: 10, y: 10, width: 200, height: 40))
        button.hitShape = .ellipse
        parent.addSubnode(button)
        root.addSubnode(parent)
        _ = Window(root: root, size: Size(width: 400, height: 200))
        let area = try #require(TappableArea(of: button))
        let mask = try #require(area.shape).auditMask
        #expect(mask.runCount == 40, "one run of the ellipse's own pixels per row")
        #expect(!mask[110, 40].contains(.tappable) && mask[110, 40].contains(.own))
        #expect(!area.isReachable)
    }
}

/// The span algebra the overlay and the audit's overlaps use.
@Suite struct RowSpansTests {
    @Test func subtractingLeavesThePiecesOutsideEveryRemovedSpan() {
        let spans = [0 ..< 10, 20 ..< 30, 40 ..< 45]
        #expect(RowSpans.subtracting([2 ..< 4, 8 ..< 22, 28 ..< 41], from: spans) == [0 ..< 2, 4 ..< 8, 22 ..< 28, 41 ..< 45])
        #expect(RowSpans.subtracting([], from: spans) == spans)
        #expect(RowSpans.subtracting([-5 ..< 50], from: spans).isEmpty)
    }

    @Test func unionMergesOverlappingAndTouchingSpans() {
        #expect(RowSpans.union([5 ..< 8, 0 ..< 3, 3 ..< 4, 7 ..< 12]) == [0 ..< 4, 5 ..< 12])
    }

    @Test func intersectionKeepsWhatBothHold() {
        #expect(RowSpans.intersection([0 ..< 10, 20 ..< 30], [5 ..< 25]) == [5 ..< 10, 20 ..< 25])
        #expect(RowSpans.intersection([0 ..< 10], [10 ..< 20]).isEmpty)
    }
}
