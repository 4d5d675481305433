import Testing
@testable import NodeCore

@Suite struct GeometryTests {
    @Test func containsIsHalfOpen() {
        let r = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(r.contains(Point(x: 10, y: 20)))
        #expect(r.contains(Point(x: 39.999, y: 59.999)))
        #expect(!r.contains(Point(x: 40, y: 30)))
        #expect(!r.contains(Point(x: 20, y: 60)))
        #expect(!r.contains(Point(x: 9.999, y: 30)))
    }

    @Test func emptyRectContainsNothing() {
        #expect(!Rect(x: 0, y: 0, width: 0, height: 10).contains(.zero))
        #expect(!Rect(x: 0, y: 0, width: -5, height: 10).contains(.zero))
    }

    @Test func negativeInsetsGrowPositiveInsetsShrink() {
        let r = Rect(x: 0, y: 0, width: 100, height: 50)
        #expect(r.inset(by: EdgeInsets(top: -10, left: -20, bottom: -30, right: -40))
                == Rect(x: -20, y: -10, width: 160, height: 90))
        #expect(r.inset(by: EdgeInsets(top: 5, left: 10, bottom: 5, right: 10))
                == Rect(x: 10, y: 5, width: 80, height: 40))
    }
}

@Suite struct GeometryEdgeTests {
    @Test func eachInsetMovesOnlyItsOwnEdge() {
        let r = Rect(x: 0, y: 0, width: 100, height: 100)
        #expect(r.inset(by: EdgeInsets(top: 10, left: 0, bottom: 0, right: 0)) == Rect(x: 0, y: 10, width: 100, height: 90))
        #expect(r.inset(by: EdgeInsets(top: 0, left: 10, bottom: 0, right: 0)) == Rect(x: 10, y: 0, width: 90, height: 100))
        #expect(r.inset(by: EdgeInsets(top: 0, left: 0, bottom: 10, right: 0)) == Rect(x: 0, y: 0, width: 100, height: 90))
        #expect(r.inset(by: EdgeInsets(top: 0, left: 0, bottom: 0, right: 10)) == Rect(x: 0, y: 0, width: 90, height: 100))
    }

    @Test func outsetGrowsEveryEdgeAndIsANegativeInset() {
        let r = Rect(x: 10, y: 10, width: 20, height: 20)
        #expect(r.outset(by: 5) == Rect(x: 5, y: 5, width: 30, height: 30))
        #expect(r.outset(by: 5) == r.inset(by: EdgeInsets(all: -5)))
    }

    @Test func insetPastTheCentreLeavesAnEmptyRectThatContainsNothing() {
        let r = Rect(x: 0, y: 0, width: 10, height: 10).inset(by: EdgeInsets(all: 6))
        #expect(r.isEmpty)
        #expect(!r.contains(Point(x: 5, y: 5)))
        #expect(!r.contains(Point(x: 6, y: 6)))
    }

    @Test func containsRejectsNaN() {
        let r = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(!r.contains(Point(x: .nan, y: 5)))
        #expect(!r.contains(Point(x: 5, y: .nan)))
    }

    @Test func boundsIsTheFrameSizeAtTheOrigin() {
        let node = Node(name: "n", frame: Rect(x: 30, y: 40, width: 50, height: 60))
        #expect(node.bounds == Rect(x: 0, y: 0, width: 50, height: 60))
    }
}
