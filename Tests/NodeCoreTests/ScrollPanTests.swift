import Testing
@testable import NodeCore

// behaviour.md §9.2: which scroll node drags, when, and how it follows the finger.

@Suite struct ScrollPanTests {
    @Test func movementOfExactlyTheSlopDoesNotDrag() {
        let b = ScrollBench()
        b.down(200, 230, at: 0)
        b.move(200, 220, at: 10)    // exactly 10 pt
        #expect(!b.list.isDragging)
        #expect(b.scrollLines.isEmpty)
        b.move(200, 219.9, at: 20)  // just past it
        #expect(b.list.isDragging)
        #expect(b.scrollLines == ["list.scrollBegan@20(0,0)"])
    }

    @Test func theSlopIsMeasuredAsADistanceFromTheDownLocation() {
        let b = ScrollBench()
        b.down(200, 230, at: 0)
        b.move(207, 223, at: 10)    // 9.9 pt diagonally: not yet
        #expect(!b.list.isDragging)
        b.move(208, 222, at: 20)    // 11.3 pt
        #expect(b.list.isDragging)
    }

    @Test func theDragFollowsTheFingerOneToOneCountedFromWhereItBegan() {
        let b = ScrollBench()
        b.down(200, 400, at: 0)
        b.move(200, 385, at: 10)   // drag begins here: no jump by the slop
        #expect(b.list.contentOffset == .zero)
        b.move(200, 300, at: 20)
        #expect(b.list.contentOffset == pt(0, 85))
        b.move(230, 250, at: 30)   // the list cannot scroll horizontally
        #expect(b.list.contentOffset == pt(0, 135))
        #expect(b.scrollLines == ["list.scrollBegan@10(0,0)", "list.scrolled@20(0,85)", "list.scrolled@30(0,135)"])
    }

    @Test func aMoveThatDoesNotChangeTheOffsetLogsNothing() {
        let b = ScrollBench()
        b.down(200, 400, at: 0)
        b.move(200, 385, at: 10)
        b.move(230, 385, at: 20)   // sideways only
        #expect(b.scrollLines == ["list.scrollBegan@10(0,0)"])
    }

    @Test func verticalDragOnAHorizontalCarouselGoesToTheOuterList() {
        let b = ScrollBench()
        b.down(200, 450, at: 0)    // on the carousel, right of the card
        b.move(203, 430, at: 10)
        #expect(b.list.isDragging)
        #expect(!b.carousel.isDragging)
        b.move(203, 400, at: 20)
        #expect(b.list.contentOffset == pt(0, 30))
        #expect(b.carousel.contentOffset == .zero)
    }

    @Test func horizontalDragOnACarouselDragsTheCarousel() {
        let b = ScrollBench()
        b.down(300, 450, at: 0)
        b.move(280, 452, at: 10)
        #expect(b.carousel.isDragging && !b.list.isDragging)
        b.move(200, 470, at: 20)
        #expect(b.carousel.contentOffset == pt(80, 0))
        #expect(b.list.contentOffset == .zero)
    }

    @Test func theAxisIsTheOneWithTheLargerDisplacementAndATieIsVertical() {
        let b = ScrollBench()
        b.down(300, 450, at: 0)
        b.move(292, 442, at: 10)   // |dx| == |dy|: vertical, the list
        #expect(b.list.isDragging && !b.carousel.isDragging)
    }

    @Test func whenNoScrollNodeCanScrollAlongTheAxisNoDragBegins() {
        let b = ScrollBench()
        b.down(200, 230, at: 0)    // on the label, in the list only
        b.move(230, 232, at: 10)   // horizontal: the list cannot
        #expect(!b.list.isDragging)
        b.move(200, 100, at: 20)   // later vertical movement does not start one either
        #expect(!b.list.isDragging)
        #expect(b.list.contentOffset == .zero)
    }

    @Test func aDisabledScrollNodeDoesNotWatch() {
        let b = ScrollBench()
        b.list.isScrollEnabled = false
        b.down(200, 230, at: 0)
        #expect(b.label.received == ["began"])
        b.move(200, 100, at: 10)
        #expect(!b.list.isDragging)
        #expect(b.label.received == ["began", "moved"])
    }

    @Test func touchesThatBeginOnADraggingNodeBelongToItAndTheContentNeverSeesThem() {
        let b = ScrollBench()
        b.down(200, 400, at: 0)
        b.move(200, 380, at: 10)
        b.down(200, 130, at: 20, id: 2)   // on the button
        b.move(200, 100, at: 30, id: 2)
        b.up(at: 40, id: 2)
        b.settle()
        #expect(!b.lines.contains { $0.hasPrefix("button.") })
        #expect(b.list.contentOffset == .zero)   // the second touch does not drag
    }

    @Test func theDragFollowsTheEarliestTouchAndHandsOverWithoutAJump() {
        let b = ScrollBench()
        b.down(200, 400, at: 0)
        b.move(200, 380, at: 10)
        b.move(200, 350, at: 20)               // offset 30
        b.down(100, 500, at: 30, id: 2)
        b.move(100, 450, at: 40, id: 2)        // not the leading touch: no change
        #expect(b.list.contentOffset == pt(0, 30))
        b.up(at: 200, id: 1)                   // hand over; no lift yet
        #expect(b.list.isDragging)
        #expect(b.list.contentOffset == pt(0, 30))
        b.move(100, 440, at: 210, id: 2)       // 10 pt more from where it took over
        #expect(b.list.contentOffset == pt(0, 40))
        b.up(at: 400, id: 2)
        #expect(!b.list.isDragging)
        #expect(b.scrollLines.last == "list.scrollEnded(rests)@400(0,40)")
    }

    @Test func aTouchOnADeceleratingNodeStopsItAndNeverReachesTheContent() {
        let b = ScrollBench()
        b.down(200, 500, at: 0)
        b.move(200, 480, at: 10)
        b.move(200, 400, at: 20)
        b.up(at: 20)
        #expect(b.list.isDecelerating)
        b.clear()
        b.down(200, 130, at: 100)               // on the button, wherever it is now
        let stopped = b.list.contentOffset
        #expect(!b.list.isDecelerating)
        #expect(b.scrollLines == ["list.scrollStopped@100(0,\(format(stopped.y)))"])
        b.up(at: 110)
        b.settle()
        #expect(!b.lines.contains { $0.hasPrefix("button.") })
        #expect(b.list.contentOffset == stopped)
    }

    @Test func aTouchThatCaughtADeceleratingNodeCanDragItAgain() {
        let b = ScrollBench()
        b.down(200, 500, at: 0)
        b.move(200, 480, at: 10)
        b.move(200, 400, at: 20)
        b.up(at: 20)
        b.down(200, 300, at: 100)
        let stopped = b.list.contentOffset
        b.move(200, 280, at: 110)
        b.move(200, 270, at: 120)
        #expect(b.list.isDragging)
        #expect(b.list.contentOffset == pt(0, stopped.y + 10))
    }

    @Test func aCancelledDragEndsAsALiftWithoutVelocity() {
        let b = ScrollBench()
        b.down(200, 400, at: 0)
        b.move(200, 380, at: 10)
        b.move(200, 300, at: 20)
        b.input.handle(.touchCancel, at: 30)
        #expect(!b.list.isDragging && !b.list.isDecelerating)
        #expect(b.scrollLines.last == "list.scrollEnded(rests)@30(0,80)")
    }
}
