import Testing
@testable import NodeCore

// behaviour.md §3 tapCount: previous + 1 on the same node, at most 350 ms after the
// previous touch ended, within 40 pt of its down location (both limits inclusive).

@Suite struct TapCountTests {
    func scene() -> (Window, Node, Node) {
        let a = Node(name: "a", frame: rect(0, 0, 200, 200))
        let b = Node(name: "b", frame: rect(200, 0, 200, 200))
        let (window, _) = makeWindow(a, b)
        return (window, a, b)
    }

    /// Down at `time`, up at `upTime`; returns the down's tap count.
    @discardableResult
    func tap(_ window: Window, _ p: Point, down time: Double, up upTime: Double, id: Int = 1) -> Int {
        let count = window.touchDown(.finger(id), at: p, time: time)?.tapCount ?? -1
        window.touchUp(.finger(id), time: upTime)
        return count
    }

    @Test func defaultsAre350msAnd40pt() {
        #expect(TapCounter.defaultMaximumInterval == 350)
        #expect(TapCounter.defaultMaximumDistance == 40)
    }

    @Test func firstTapCountsOne() {
        let (window, _, _) = scene()
        #expect(tap(window, pt(50, 50), down: 0, up: 10) == 1)
    }

    @Test func quickTapsOnTheSameNodeCountUp() {
        let (window, _, _) = scene()
        #expect(tap(window, pt(50, 50), down: 0, up: 10) == 1)
        #expect(tap(window, pt(52, 50), down: 100, up: 110) == 2)
        #expect(tap(window, pt(50, 53), down: 200, up: 210) == 3)
    }

    @Test func intervalIsMeasuredFromTheEndAndExactly350msStillCounts() {
        let (window, _, _) = scene()
        tap(window, pt(50, 50), down: 0, up: 1000)   // a long press: the gap starts at the up
        #expect(tap(window, pt(50, 50), down: 1350, up: 1360) == 2)
    }

    @Test func justOver350msStartsOver() {
        let (window, _, _) = scene()
        tap(window, pt(50, 50), down: 0, up: 10)
        #expect(tap(window, pt(50, 50), down: 360.001, up: 370) == 1)
    }

    @Test func exactly40ptFromThePreviousDownStillCounts() {
        let (window, _, _) = scene()
        tap(window, pt(50, 50), down: 0, up: 10)
        #expect(tap(window, pt(74, 82), down: 20, up: 30) == 2)   // 3-4-5 triangle: 24, 32 -> 40
    }

    @Test func justOver40ptStartsOver() {
        let (window, _, _) = scene()
        tap(window, pt(50, 50), down: 0, up: 10)
        #expect(tap(window, pt(90.001, 50), down: 20, up: 30) == 1)
    }

    @Test func distanceIsFromThePreviousDownNotWhereItWasLifted() {
        let (window, _, _) = scene()
        window.touchDown(.finger(1), at: pt(50, 50), time: 0)
        window.touchMoved(.finger(1), to: pt(150, 50), time: 5)
        window.touchUp(.finger(1), time: 10)
        #expect(tap(window, pt(150, 50), down: 20, up: 30) == 1)
        #expect(tap(window, pt(120, 50), down: 40, up: 50) == 2)
    }

    @Test func aTapOnAnotherNodeStartsOver() {
        let (window, _, _) = scene()
        tap(window, pt(190, 50), down: 0, up: 10)
        #expect(tap(window, pt(210, 50), down: 20, up: 30) == 1)   // 20 pt away, but node b
        #expect(tap(window, pt(215, 50), down: 40, up: 50) == 2)
    }

    @Test func aCancelledTouchBreaksTheSequence() {
        let (window, _, _) = scene()
        tap(window, pt(50, 50), down: 0, up: 10)
        window.touchDown(.finger(1), at: pt(50, 50), time: 20)
        window.touchCancel(.finger(1), time: 30)
        #expect(tap(window, pt(50, 50), down: 40, up: 50) == 1)
    }

    @Test func countingComparesWithTheMostRecentlyEndedTouch() {
        let (window, _, _) = scene()
        window.touchDown(.finger(1), at: pt(50, 50), time: 0)
        window.touchDown(.finger(2), at: pt(250, 50), time: 5)
        window.touchUp(.finger(1), time: 10)
        window.touchUp(.finger(2), time: 20)
        #expect(tap(window, pt(50, 50), down: 30, up: 40) == 1)   // previous ended touch was on b
        #expect(tap(window, pt(50, 50), down: 50, up: 60) == 2)
    }

    @Test func tapsOnNothingAlwaysCountOne() {
        let root = Node(name: "root", frame: rect(0, 0, 10, 10))
        let window = Window(root: root, size: Size(width: 400, height: 400))
        tap(window, pt(100, 100), down: 0, up: 10)
        #expect(tap(window, pt(100, 100), down: 20, up: 30) == 1)
    }

    @Test func aNewNodeAtTheSameSpotIsNotTheSameNode() {
        // Even when the allocator hands the new node the old one's address.
        let (window, root) = makeWindow()
        for round in 0..<20 {
            let t = Double(round) * 100
            weak var gone: ButtonNode?
            do {
                let node = ButtonNode(name: "n", frame: rect(0, 0, 100, 100))
                gone = node
                root.addSubnode(node)
                tap(window, pt(50, 50), down: t, up: t + 10)
                node.removeFromSupernode()
                _ = window.takeInvalidations()   // invalidations hold nodes until collected
            }
            #expect(gone == nil)
            let fresh = ButtonNode(name: "n", frame: rect(0, 0, 100, 100))
            root.addSubnode(fresh)
            #expect(tap(window, pt(50, 50), down: t + 20, up: t + 30) == 1)
            fresh.removeFromSupernode()
        }
    }


    @Test func theTapCountReachesTheControlEvents() {
        let button = ButtonNode(name: "b", frame: rect(0, 0, 100, 100))
        var counts: [Int] = []
        button.addAction(for: .touchDown) { _, event in counts.append(event.touch?.tapCount ?? 0) }
        let (window, _) = makeWindow(button)
        window.tap(at: pt(10, 10), time: 0)
        window.tap(at: pt(10, 10), time: 100)
        window.tap(at: pt(10, 10), time: 1000)
        #expect(counts == [1, 2, 1])
    }

    @Test func customLimitsAreHonoured() {
        let (window, _, _) = scene()
        window.tapCounter = TapCounter(maximumInterval: 100, maximumDistance: 5)
        tap(window, pt(50, 50), down: 0, up: 10)
        #expect(tap(window, pt(55, 50), down: 110, up: 120) == 2)
        #expect(tap(window, pt(55, 50), down: 220.5, up: 230) == 1)
    }
}
