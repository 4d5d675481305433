import Foundation
import Testing
@testable import NodeCore

// behaviour.md §9.3: rubber band, lift velocity, deceleration and bounce-back, with exact end
// instants solved from the formulas.

@Suite struct ScrollPhysicsTests {
    @Test func rubberBandFormulaValues() {
        // (1 - 1 / (x * 0.55 / d + 1)) * d
        #expect(abs(ScrollPhysics.rubberBand(100, dimension: 300) - 16500.0 / 355) < 1e-12)
        #expect(abs(ScrollPhysics.rubberBand(500, dimension: 500) - 500 * 0.55 / 1.55) < 1e-12)
        #expect(ScrollPhysics.rubberBand(0, dimension: 300) == 0)
        // It never reaches d however far the finger goes.
        #expect(ScrollPhysics.rubberBand(1e9, dimension: 300) < 300)
    }

    @Test func rubberBandInverseUndoesIt() {
        for x in [0.5, 10, 100, 1000] {
            let shown = ScrollPhysics.rubberBand(x, dimension: 400)
            #expect(abs(ScrollPhysics.overshoot(showing: shown, dimension: 400) - x) < 1e-9)
        }
    }

    @Test func draggingBeyondAnEdgeShowsTheRubberBand() {
        let b = ScrollBench()
        b.down(200, 300, at: 0)
        b.move(200, 315, at: 10)    // drag begins
        b.move(200, 415, at: 20)    // raw offset -100
        #expect(abs(b.list.contentOffset.y - -ScrollPhysics.rubberBand(100, dimension: 500)) < 1e-12)
    }

    @Test func withoutBouncesTheOffsetStopsAtTheEdge() {
        let b = ScrollBench()
        b.list.bounces = false
        b.down(200, 300, at: 0)
        b.move(200, 315, at: 10)
        b.move(200, 415, at: 20)
        #expect(b.list.contentOffset == .zero)
        b.up(at: 30)
        #expect(b.scrollLines == ["list.scrollBegan@10(0,0)", "list.scrollEnded(rests)@30(0,0)"])
    }

    @Test func liftVelocityIsTheDisplacementOverTheSamplesOfTheLast100ms() {
        let samples = [MotionSample(time: 0, location: pt(0, 0)), MotionSample(time: 50, location: pt(0, 100)),
                       MotionSample(time: 100, location: pt(10, 150)), MotionSample(time: 140, location: pt(20, 250))]
        // At 150: the samples at 50, 100 and 140 are within 100 ms.
        let v = ScrollPhysics.liftVelocity(of: samples, at: 150)
        #expect(v == pt(20.0 / 90, 150.0 / 90))
    }

    @Test func liftVelocityIsZeroWhenTheLastMotionIsOlderThan100msOrAlone() {
        let samples = [MotionSample(time: 0, location: pt(0, 0)), MotionSample(time: 10, location: pt(0, 100))]
        #expect(ScrollPhysics.liftVelocity(of: samples, at: 110.5) == .zero)
        #expect(ScrollPhysics.liftVelocity(of: samples, at: 100) == pt(0, 10))
        // At 110 the sample at 0 is out of the window, leaving no earlier sample.
        #expect(ScrollPhysics.liftVelocity(of: samples, at: 110) == .zero)
        #expect(ScrollPhysics.liftVelocity(of: [samples[1]], at: 20) == .zero)
        #expect(ScrollPhysics.liftVelocity(of: [], at: 20) == .zero)
    }

    /// A fling: the finger moves up 80 pt in 80 ms (-1 pt/ms), lifting at 90 with the
    /// list at offset 80.
    func fling(_ b: ScrollBench) {
        b.down(200, 500, at: 0)
        b.move(200, 480, at: 10)
        b.move(200, 400, at: 90)
        b.up(at: 90)
    }

    @Test func decelerationEndTimeAndFinalOffset() {
        let b = ScrollBench()
        fling(b)
        #expect(b.list.isDecelerating)
        #expect(b.window.clock.isAnimating)
        let duration = log(0.01) / log(0.998)
        let end = 90 + duration
        let final = 80 + (0.01 - 1) / log(0.998)
        #expect(abs(b.window.clock.nextDeadline! - end) < 1e-9)
        // Midway the offset is the formula's.
        b.window.clock.advance(to: 590)
        #expect(abs(b.list.contentOffset.y - (80 + 1 * (pow(0.998, 500) - 1) / log(0.998))) < 1e-9)
        b.settle()
        #expect(!b.list.isDecelerating && !b.window.clock.isAnimating)
        #expect(abs(b.list.contentOffset.y - final) < 1e-9)
        #expect(b.scrollLines.suffix(2) == ["list.scrollEnded(decelerates)@90(0,80)",
                                            "list.scrollStopped@\(format(end))(0,\(format(final)))"])
    }

    @Test func aFastDecelerationRateStopsSooner() {
        let b = ScrollBench()
        b.list.decelerationRate = ScrollNode.fastDecelerationRate
        fling(b)
        #expect(abs(b.window.clock.nextDeadline! - (90 + log(0.01) / log(0.99))) < 1e-9)
    }

    @Test func decelerationStopsExactlyAtAnEdgeItReaches() {
        let b = ScrollBench()
        b.list.contentOffset = pt(0, 1320)     // 1400 after the drag; the edge is 1500
        fling(b)
        let reach = log(1 + 100 * log(0.998) / 1) / log(0.998)
        #expect(abs(b.window.clock.nextDeadline! - (90 + reach)) < 1e-9)
        b.settle()
        #expect(b.list.contentOffset.y == 1500)
        #expect(b.scrollLines.last == "list.scrollStopped@\(format(90 + reach))(0,1500)")
    }

    @Test func aBounceEndsExactlyAtTheEdgeWhenWithinHalfAPoint() {
        let b = ScrollBench()
        b.down(200, 300, at: 0)
        b.move(200, 315, at: 10)
        b.move(200, 415, at: 20)
        b.up(at: 200)                          // no velocity: the last motion is 180 ms old
        let excess = -ScrollPhysics.rubberBand(100, dimension: 500)
        let end = b.window.clock.nextDeadline!
        let u = (end - 200) / 50
        #expect(abs(abs(excess) * (1 + u) * exp(-u) - 0.5) < 1e-9)
        b.window.clock.advance(to: end - 0.01)
        #expect(abs(b.list.contentOffset.y) > 0.5)
        b.settle()
        #expect(b.list.contentOffset.y == 0)
        #expect(b.scrollLines.suffix(2) == ["list.scrollEnded(decelerates)@200(0,\(format(excess)))",
                                            "list.scrollStopped@\(format(end))(0,0)"])
    }

    @Test func aSmallOvershootSnapsToTheEdgeAtTheLiftWithoutAnimation() {
        let b = ScrollBench()
        b.down(200, 300, at: 0)
        b.move(200, 315, at: 10)
        b.move(200, 315.8, at: 20)             // raw -0.8 shows as about -0.44
        #expect(b.list.contentOffset.y < 0 && b.list.contentOffset.y > -0.5)
        b.up(at: 200)
        #expect(!b.list.isDecelerating)
        #expect(b.scrollLines.suffix(2) == ["list.scrolled@200(0,0)", "list.scrollEnded(rests)@200(0,0)"])
    }

    @Test func aSlowLiftInsideTheRangeStartsNoAnimation() {
        let b = ScrollBench()
        b.down(200, 300, at: 0)
        b.move(200, 285, at: 10)
        b.move(200, 284.5, at: 70)             // 0.5 pt in 60 ms: below 0.01 pt/ms? no: 0.0083
        b.up(at: 80)
        #expect(!b.list.isDecelerating)
        #expect(b.scrollLines.last == "list.scrollEnded(rests)@80(0,0.5)")
        b.settle()
        #expect(!b.scrollLines.contains { $0.hasPrefix("list.scrollStopped") })
    }

    @Test func eachAxisMovesOnItsOwnAndTheAnimationEndsWhenBothHave() {
        let root = Node(name: "root", frame: rect(0, 0, 400, 400))
        let map = ScrollNode(name: "map", frame: rect(0, 0, 400, 400))
        map.contentSize = Size(width: 4000, height: 4000)
        root.addSubnode(map)
        let window = Window(root: root, size: Size(width: 400, height: 400))
        var stopped: [ScrollEvent] = []
        map.addScrollObserver { _, e in if e.kind == .stopped { stopped.append(e) } }
        window.touchDown(.finger(1), at: pt(300, 100), time: 0)
        window.touchMoved(.finger(1), to: pt(280, 100), time: 10)      // horizontal drag begins
        window.touchMoved(.finger(1), to: pt(200, 150), time: 90)      // x: -80/80 ms, y: +50 → offset y -50
        window.touchUp(.finger(1), time: 90)
        let xEnd = 90 + log(0.01) / log(0.998)
        let bounce = map.animation!.motions.vertical!
        #expect(bounce.endOffset == 0)
        #expect(bounce.end < xEnd)
        #expect(abs(window.clock.nextDeadline! - xEnd) < 1e-9)
        window.clock.advance(to: bounce.end + 1)
        #expect(map.contentOffset.y == 0)                                // y is done
        #expect(map.isDecelerating)                                      // x is not
        window.clock.runUntilIdle()
        #expect(stopped.count == 1)
        #expect(abs(stopped[0].time - xEnd) < 1e-9)
    }

    @Test func touchpadAxisVelocityIsTheSumExceptTheEarliestOverTheSpan() {
        let events: [(time: Double, value: Double)] = [(0, 50), (60, 10), (70, 10), (80, 20), (100, 10)]
        // At 110, the events from 10 on count: 10+20+10 after the earliest (60), over 40 ms.
        #expect(ScrollPhysics.axisVelocity(of: events, at: 110) == 1)
        #expect(ScrollPhysics.axisVelocity(of: [(0, 10)], at: 10) == 0)
        #expect(ScrollPhysics.axisVelocity(of: events, at: 250) == 0)
    }
}
