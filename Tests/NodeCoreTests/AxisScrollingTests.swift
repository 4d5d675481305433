import Foundation
import Testing
@testable import NodeCore

// behaviour.md §9.4: pointer axis events scroll the innermost scroll node under the pointer
// that can scroll on that axis; wheel and continuous at once, clamped; touchpad one
// to one with a deceleration at axis_stop.

@Suite struct AxisScrollingTests {
    func pointer(_ b: ScrollBench, _ x: Double, _ y: Double) {
        b.input.handle(.pointerMotion(location: pt(x, y)), at: 0)
    }

    @Test func wheelScrollsAtOnceClampedToTheRestingRange() {
        let b = ScrollBench()
        pointer(b, 200, 230)
        b.input.handle(.pointerAxis(.vertical, value: 100, source: .wheel), at: 10)
        #expect(b.list.contentOffset == pt(0, 100))
        b.input.handle(.pointerAxis(.vertical, value: -300, source: .wheel), at: 20)
        #expect(b.list.contentOffset == .zero)
        b.input.handle(.pointerAxis(.vertical, value: -10, source: .continuous), at: 30)
        b.input.handle(.pointerAxis(.vertical, value: 5000, source: .continuous), at: 40)
        #expect(b.list.contentOffset == pt(0, 1500))
        #expect(b.scrollLines == ["list.scrolled@10(0,100)", "list.scrolled@20(0,0)", "list.scrolled@40(0,1500)"])
        b.settle()
        #expect(!b.list.isDecelerating)
    }

    @Test func axisEventsGoToTheInnermostScrollNodeThatCanScrollOnTheirAxis() {
        let b = ScrollBench()
        pointer(b, 300, 450)                   // over the carousel
        b.input.handle(.pointerAxis(.vertical, value: 60, source: .wheel), at: 10)
        #expect(b.list.contentOffset == pt(0, 60) && b.carousel.contentOffset == .zero)
        // The carousel moved up with the list (window y 340 ... 440): the pointer is
        // now over the list only.
        b.input.handle(.pointerAxis(.horizontal, value: 40, source: .wheel), at: 20)
        #expect(b.carousel.contentOffset == .zero)
        pointer(b, 300, 420)
        b.input.handle(.pointerAxis(.horizontal, value: 40, source: .wheel), at: 30)
        #expect(b.list.contentOffset == pt(0, 60))
        #expect(b.carousel.contentOffset == pt(40, 0))
    }

    @Test func axisEventsWithoutAPointerLocationOrOverNothingScrollableAreIgnored() {
        let b = ScrollBench()
        b.input.handle(.pointerAxis(.vertical, value: 30, source: .wheel), at: 10)
        pointer(b, 10, 10)                      // root only
        b.input.handle(.pointerAxis(.vertical, value: 30, source: .wheel), at: 20)
        b.input.handle(.pointerAxisStop(.vertical), at: 30)
        #expect(b.list.contentOffset == .zero && b.scrollLines.isEmpty)
    }

    @Test func touchpadAxisStopDeceleratesWithTheVelocityOfTheLast100ms() {
        let b = ScrollBench()
        pointer(b, 200, 230)
        for (i, t) in [0.0, 10, 20, 30].enumerated() {
            b.input.handle(.pointerAxis(.vertical, value: 10, source: .finger), at: 100 + t)
            #expect(b.list.contentOffset == pt(0, Double(i + 1) * 10))
        }
        b.input.handle(.pointerAxisStop(.vertical), at: 140)
        // (10 + 10 + 10) / (130 - 100) = 1 pt/ms.
        #expect(b.list.isDecelerating)
        let end = 140 + log(0.01) / log(0.998)
        let final = 40 + (0.01 - 1) / log(0.998)
        b.settle()
        #expect(abs(b.list.contentOffset.y - final) < 1e-9)
        #expect(b.scrollLines.last == "list.scrollStopped@\(format(end))(0,\(format(final)))")
    }

    @Test func axisScrollingLogsScrolledAndScrollStoppedNeverBeganOrEnded() {
        let b = ScrollBench()
        pointer(b, 200, 230)
        b.input.handle(.pointerAxis(.vertical, value: 10, source: .finger), at: 0)
        b.input.handle(.pointerAxis(.vertical, value: 10, source: .finger), at: 10)
        b.input.handle(.pointerAxisStop(.vertical), at: 10)
        b.settle()
        #expect(b.scrollLines.map { String($0.prefix { $0 != "@" }) } == ["list.scrolled", "list.scrolled", "list.scrollStopped"])
    }

    @Test func anAxisStopWithFewerThanTwoRecentEventsDoesNotDecelerate() {
        let b = ScrollBench()
        pointer(b, 200, 230)
        b.input.handle(.pointerAxis(.vertical, value: 10, source: .finger), at: 0)
        b.input.handle(.pointerAxis(.vertical, value: 10, source: .finger), at: 10)
        b.input.handle(.pointerAxisStop(.vertical), at: 111)
        #expect(!b.list.isDecelerating)
    }

    @Test func anAxisEventStopsADeceleration() {
        let b = ScrollBench()
        pointer(b, 200, 230)
        b.input.handle(.pointerAxis(.vertical, value: 10, source: .finger), at: 0)
        b.input.handle(.pointerAxis(.vertical, value: 10, source: .finger), at: 10)
        b.input.handle(.pointerAxisStop(.vertical), at: 10)
        b.input.handle(.pointerAxis(.vertical, value: 1, source: .wheel), at: 50)
        #expect(!b.list.isDecelerating)
        #expect(b.scrollLines.suffix(2).map { String($0.prefix { $0 != "@" }) } == ["list.scrollStopped", "list.scrolled"])
    }
}
