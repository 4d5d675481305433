import Testing
import NodeCore
@testable import TouchDiagnostics

@Suite struct TouchTestTests {
    private func run(_ events: [(Double, InputEvent)], size: Size = Size(width: 200, height: 100)) -> TouchTest {
        var test = TouchTest(size: size, cellSize: 20)
        for (t, e) in events { test.handle(e, at: t) }
        return test
    }

    @Test func maxSimultaneousTouchesCountsFingersDownAtOnce() {
        let test = run([
            (0, .touchDown(id: 1, location: Point(x: 5, y: 5))),
            (1, .touchDown(id: 2, location: Point(x: 25, y: 5))),
            (2, .touchDown(id: 3, location: Point(x: 45, y: 5))),
            (3, .touchFrame),
            (40, .touchUp(id: 1)),
            (41, .touchDown(id: 4, location: Point(x: 65, y: 5))),
            (42, .touchDown(id: 2, location: Point(x: 85, y: 5))),  // already down: ignored
            (43, .touchFrame),
        ])
        #expect(test.maxSimultaneous == 3)
        #expect(test.touches.count == 4)
        #expect(test.activeTouches.map(\.id) == [.finger(2), .finger(3), .finger(4)])
    }

    @Test func touchesShorterThan30msAreSuspectedGhosts() {
        let test = run([
            (0, .touchDown(id: 1, location: Point(x: 5, y: 5))),
            (29.9, .touchUp(id: 1)),
            (100, .touchDown(id: 2, location: Point(x: 5, y: 5))),
            (130, .touchUp(id: 2)),  // exactly 30 ms: a real touch
            (200, .touchDown(id: 3, location: Point(x: 5, y: 5))),
            (210, .touchCancel),     // the compositor's doing, not the panel's
            (300, .touchDown(id: 4, location: Point(x: 50, y: 50))),
        ])
        let report = test.report(at: 310)
        #expect(report.ghostTouches.map(\.id) == [.finger(1)])
        #expect(report.touches[3].duration == 10)  // still down: ended at the report time, not a ghost
        #expect(report.json().contains("\"ghostTouches\":[\n    {\"id\":1,\"down\":0.0,\"durationMs\":29.9,\"x\":5.0,\"y\":5.0}\n  ]"))
    }

    @Test func motionFillsTheCellsBetweenSamplesAndTimesTheReports() {
        let test = run([
            (0, .touchDown(id: 7, location: Point(x: 5, y: 5))),
            (8, .touchMotion(id: 7, location: Point(x: 95, y: 5))),
            (16, .touchMotion(id: 7, location: Point(x: 95, y: 45))),
            (20, .touchMotion(id: 8, location: Point(x: 150, y: 90))),  // unknown id: ignored
            (24, .touchUp(id: 7)),
        ])
        #expect(test.grid.filledCount == 5 + 2)
        #expect(test.touches[0].motionTimes == [8, 16])
        #expect(test.touches[0].rate.medianIntervalMs == 8)
    }

    @Test func thePressedPointerCountsAsATouch() {
        let test = run([
            (0, .pointerMotion(location: Point(x: 5, y: 5))),
            (1, .pointerButton(.left, pressed: true)),
            (2, .pointerMotion(location: Point(x: 45, y: 5))),
            (50, .pointerButton(.left, pressed: false)),
            (60, .pointerMotion(location: Point(x: 150, y: 90))),
        ])
        #expect(test.touches.map(\.id) == [.pointer])
        #expect(test.grid.filledCount == 3)
    }

    @Test func theReportIsStableJSON() {
        let test = run([
            (0, .touchDown(id: 1, location: Point(x: 5, y: 5))),
            (50, .touchUp(id: 1)),
        ], size: Size(width: 40, height: 20))
        #expect(test.report(at: 60).json() == """
        {
          "size":[40.0,20.0],
          "cellSize":20.0,
          "columns":2,
          "rows":1,
          "cells":2,
          "filledCells":1,
          "coveragePercent":50.0,
          "maxSimultaneousTouches":1,
          "touchCount":1,
          "medianHz":0.0,
          "untouchedCells":[[1,0]],
          "touches":[
            {"id":1,"down":0.0,"durationMs":50.0,"x":5.0,"y":5.0,"motionEvents":0,"medianHz":0.0,"medianIntervalMs":0.0,"p95IntervalMs":0.0,"jitterMs":0.0}
          ],
          "ghostTouches":[]
        }

        """)
    }
}
