import Testing
@testable import NodeCore

// behaviour.md §1: frames are in the parent's coordinates; converting subtracts origins.

@Suite struct ConversionTests {
    /// root(10,20) ─┬─ a(100,0) ── a1(5,5) ── a2(1,2)
    ///              └─ b(0,200) ── b1(30,40)
    struct Scene {
        let window: Window
        let root = Node(name: "root", frame: rect(10, 20, 500, 500))
        let a = Node(name: "a", frame: rect(100, 0, 100, 100))
        let a1 = Node(name: "a1", frame: rect(5, 5, 50, 50))
        let a2 = Node(name: "a2", frame: rect(1, 2, 10, 10))
        let b = Node(name: "b", frame: rect(0, 200, 100, 100))
        let b1 = Node(name: "b1", frame: rect(30, 40, 20, 20))

        init() {
            root.addSubnode(a)
            a.addSubnode(a1)
            a1.addSubnode(a2)
            root.addSubnode(b)
            b.addSubnode(b1)
            window = Window(root: root, size: Size(width: 600, height: 600))
        }

        var all: [Node] { [root, a, a1, a2, b, b1] }
    }

    @Test func originInWindowSumsFramesUpToAndIncludingTheRoot() {
        let s = Scene()
        #expect(s.a2.originInWindow == pt(116, 27))
        #expect(s.b1.originInWindow == pt(40, 260))
        #expect(s.root.originInWindow == pt(10, 20))
    }

    @Test func parentToChildSubtractsTheChildOrigin() {
        let s = Scene()
        #expect(s.a1.convert(pt(10, 10), from: s.a) == pt(5, 5))
        #expect(s.a.convert(pt(5, 5), from: s.a1) == pt(10, 10))
        #expect(s.a1.convert(pt(5, 5), to: s.a) == pt(10, 10))
    }

    @Test func convertsBetweenCousins() {
        let s = Scene()
        // a2's (0,0) is window (116,27); in b1 (window origin 40,260) that is (76,-233).
        #expect(s.a2.convert(pt(0, 0), to: s.b1) == pt(76, -233))
        #expect(s.a2.convert(pt(76, -233), from: s.b1) == pt(0, 0))
        #expect(s.b1.convert(pt(0, 0), from: s.a2) == pt(76, -233))
    }

    @Test func nilMeansWindowCoordinates() {
        let s = Scene()
        #expect(s.a2.convert(pt(1, 1), to: nil) == pt(117, 28))
        #expect(s.a2.convert(pt(117, 28), from: nil) == pt(1, 1))
    }

    @Test func convertingEveryPairRoundTripsAndAgreesWithWindowCoordinates() {
        let s = Scene()
        let p = pt(3.5, -7.25)
        for x in s.all {
            for y in s.all {
                let inY = x.convert(p, to: y)
                #expect(y.convert(inY, to: x) == p)
                #expect(y.convert(p, from: x) == inY)
                #expect(y.convert(inY, to: nil) == x.convert(p, to: nil))
            }
        }
    }

    @Test func convertingToItselfIsIdentity() {
        let s = Scene()
        #expect(s.a1.convert(pt(3, 4), to: s.a1) == pt(3, 4))
    }

    @Test func rectConversionMovesTheOriginAndKeepsTheSize() {
        let s = Scene()
        let r = rect(1, 2, 30, 40)
        // a1's origin is window (115,25) and b's (10,220).
        #expect(s.a1.convert(r, to: s.b) == rect(106, -193, 30, 40))
        #expect(s.b.convert(r, from: s.a1) == rect(106, -193, 30, 40))
        #expect(s.a1.convert(rect(106, -193, 30, 40), from: s.b) == r)
        #expect(s.a1.convert(s.a1.convert(r, to: s.b1), from: s.b1) == r)
        #expect(s.a2.convert(r, to: nil) == rect(117, 29, 30, 40))
        #expect(s.a2.convert(rect(117, 29, 30, 40), from: nil) == r)
    }

    @Test func conversionFollowsAFrameChange() {
        let s = Scene()
        s.a.frame.origin = pt(0, 0)
        #expect(s.a2.convert(pt(0, 0), to: nil) == pt(16, 27))
    }

    @Test func touchLocationInANodeUsesTheSameConversion() {
        let s = Scene()
        let touch = s.window.touchDown(.finger(1), at: pt(120, 30), time: 0)!
        #expect(touch.node === s.a2)
        #expect(touch.location(in: s.a2) == pt(4, 3))
        #expect(touch.location(in: s.b1) == pt(80, -230))
        #expect(touch.location(in: nil) == pt(120, 30))
        s.window.touchMoved(.finger(1), to: pt(121, 31), time: 1)
        #expect(touch.previousLocation(in: s.a2) == pt(4, 3))
        #expect(touch.location(in: s.a2) == pt(5, 4))
    }
}
