import NodeCore
import Testing
@testable import TouchstoneApp
@testable import WaylandClient

/// Records what a title bar asks of its window.
private final class HostSpy: TitleBarHost {
    var requests: [String] = []
    func beginMove(touch: Bool) { requests.append(touch ? "move(touch)" : "move(pointer)") }
    func toggleMaximized() { requests.append("maximize") }
    func requestClose() { requests.append("close") }
    func setTitleBarNeedsDisplay() { requests.append("display") }
}

private func touches(_ events: [(Int, TouchPhase, Double, Double, Double)]) -> TouchBatch {
    TouchBatch(frame: TouchFrame(changes: events.map { TouchChange(id: $0.0, phase: $0.1, location: Point(x: $0.2, y: $0.3), time: $0.4) }),
               surfaceID: 1)
}

private func pointer(_ action: PointerAction, _ x: Double, _ y: Double, _ time: UInt32) -> PointerBatch {
    PointerBatch(events: [PointerEvent(action: action, location: Point(x: x, y: y), time: time)], surfaceID: 1)
}

@Suite struct TitleBarTests {
    private func bar() -> (TitleBar, HostSpy) {
        let host = HostSpy()
        let bar = TitleBar(title: "scene.json — Touchstone", surface: host)
        bar.resize(to: Size(width: 400, height: 32), scale: .integer(1))
        return (bar, host)
    }

    @Test func theCloseButtonIsAButtonAtTheRightEndThatClosesOnTouchUpInside() {
        let (bar, host) = bar()
        #expect(bar.closeButton.frame == Rect(x: 356, y: 0, width: 44, height: 32))
        var log: [ControlEvents] = []
        bar.closeButton.addAction(for: .allEvents) { _, event in log.append(event.event) }
        bar.handle(touches([(1, .began, 378, 16, 1000)]))
        #expect(bar.closeButton.isHighlighted)
        #expect(host.requests == ["display"])
        bar.handle(touches([(1, .ended, 378, 16, 1080)]))
        #expect(log == [.touchDown, .touchUpInside, .primaryActionTriggered])
        #expect(host.requests == ["display", "close", "display"])
    }

    @Test func draggingOffTheCloseButtonAndLiftingDoesNotClose() {
        let (bar, host) = bar()
        bar.handle(touches([(1, .began, 378, 16, 1000)]))
        bar.handle(touches([(1, .moved, 200, 16, 1050)]))
        bar.handle(touches([(1, .ended, 200, 16, 1100)]))
        #expect(!host.requests.contains("close"))
        #expect(!host.requests.contains("move(touch)"), "a press on the button never moves the window")
    }

    @Test func aFingerDraggedPastTheThresholdMovesTheWindowOnce() {
        let (bar, host) = bar()
        bar.handle(touches([(1, .began, 100, 16, 1000)]))
        bar.handle(touches([(1, .moved, 104, 18, 1010)]))
        #expect(host.requests.isEmpty, "4.5 pt is within the 6 pt threshold")
        bar.handle(touches([(1, .moved, 110, 20, 1020)]))
        bar.handle(touches([(1, .moved, 140, 30, 1030)]))
        #expect(host.requests == ["move(touch)"])
    }

    @Test func thePointerPressedOnTheBarAndDraggedMovesTheWindow() {
        let (bar, host) = bar()
        bar.handle(pointer(.enter, 100, 16, 1000))
        bar.handle(pointer(.button(code: 0x110, pressed: true), 100, 16, 1000))
        bar.handle(pointer(.motion, 120, 16, 1010))
        #expect(host.requests == ["move(pointer)"])
    }

    @Test func aDoubleTapOrDoubleClickMaximizesAndASlowSecondTapDoesNot() {
        let (bar, host) = bar()
        bar.handle(touches([(1, .began, 100, 16, 1000)]))
        bar.handle(touches([(1, .ended, 100, 16, 1060)]))
        bar.handle(touches([(1, .began, 104, 16, 1200)]))
        #expect(host.requests == ["maximize"])
        bar.handle(touches([(1, .ended, 104, 16, 1260)]))
        bar.handle(pointer(.button(code: 0x110, pressed: true), 100, 16, 3000))
        bar.handle(pointer(.button(code: 0x110, pressed: false), 100, 16, 3050))
        bar.handle(pointer(.button(code: 0x110, pressed: true), 100, 16, 3500))
        #expect(host.requests == ["maximize"], "450 ms after the first click is too late")
        bar.handle(pointer(.button(code: 0x110, pressed: false), 100, 16, 3550))
        bar.handle(pointer(.button(code: 0x110, pressed: true), 100, 16, 3700))
        #expect(host.requests == ["maximize", "maximize"])
    }
}
