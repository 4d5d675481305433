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
