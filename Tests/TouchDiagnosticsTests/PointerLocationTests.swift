import Testing
import NodeCore
@testable import TouchDiagnostics

@Suite struct PointerLocationTests {
    @Test func countsActiveTouchesAndTheMostSeenAtOnce() {
        var hud = PointerLocation()
        hud.handle(.touchDown(id: 1, location: Point(x: 10, y: 10)), at: 0)
        hud.handle(.touchDown(id: 2, location: Point(x: 20, y: 10)), at: 0)
        hud.handle(.touchUp(id: 1), at: 10)
        #expect(hud.activeCount == 1)
        #expect(hud.maxActive == 2)
        #expect(hud.newestID == .finger(2))
    }

    @Test func velocityIsTheDisplacementOverTheLatest100ms() {
        var hud = PointerLocation()
        hud.handle(.touchDown(id: 1, location: Point(x: 0, y: 0)), at: 0)
        for i in 1...30 { hud.handle(.touchMotion(id: 1, location: Point(x: Double(i) * 5, y: Double(i) * -2)), at: Double(i) * 10) }
        let v = hud.newest!.velocity
        #expect(abs(v.x - 500) < 1e-9 && abs(v.y + 200) < 1e-9)
        #expect(hud.newest!.path.count == 31)
        #expect(hud.barText == "P: 1 / 1   X: 150.0  Y: -60.0   Xv: 500.0  Yv: -200.0 pt/s")
    }

    @Test func aPathLastsUntilTheNextDownOfItsIDOrAClear() {
        var hud = PointerLocation()
        hud.handle(.touchDown(id: 1, location: Point(x: 0, y: 0)), at: 0)
        hud.handle(.touchMotion(id: 1, location: Point(x: 5, y: 0)), at: 8)
        hud.handle(.touchUp(id: 1), at: 16)
        hud.handle(.touchDown(id: 2, location: Point(x: 50, y: 50)), at: 20)
        #expect(hud.touches.map(\.path.count) == [2, 1])
        hud.handle(.touchDown(id: 1, location: Point(x: 9, y: 9)), at: 30)
        #expect(hud.touches.map(\.id) == [.finger(2), .finger(1)])
        #expect(hud.touches[1].path == [Point(x: 9, y: 9)])
        hud.handle(.touchUp(id: 2), at: 40)
        hud.clearPaths()
        #expect(hud.touches.map(\.id) == [.finger(1)])
    }

    @Test func contactShapeIsKeptPerTouch() {
        var hud = PointerLocation()
        hud.handle(.touchDown(id: 3, location: Point(x: 0, y: 0)), at: 0)
        hud.setContact(of: 3, major: 12, minor: nil, orientation: nil)
        hud.setContact(of: 3, major: nil, minor: nil, orientation: 30)
        #expect(hud.newest!.contact == PointerLocation.Contact(major: 12, minor: 12, orientation: 30))
        #expect(hud.barText.hasSuffix("   Major: 12.0  Minor: 12.0  Orient: 30.0°"))
    }
}

@Suite struct TouchInspectorTests {
    @Test func reportsTheBoundNodeAndTheTrackingRectangleSwitchingAtTheTolerance() {
        let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let button = ButtonNode(name: "play", frame: Rect(x: 100, y: 100, width: 60, height: 40))
        button.dragTolerance = 50
        root.addSubnode(button)
        let window = Window(root: root, size: Size(width: 400, height: 300))
        _ = window.touchDown(.finger(1), at: Point(x: 110, y: 110), time: 0)
        var item = TouchInspector.items(for: window)[0]
        #expect(item.nodeName == "play")
        #expect(item.tracking?.rect == Rect(x: 50, y: 50, width: 160, height: 140))
        #expect(item.tracking?.inside == true)
        window.touchMoved(.finger(1), to: Point(x: 209.999, y: 110), time: 8)
        #expect(TouchInspector.items(for: window)[0].tracking?.inside == true)
        window.touchMoved(.finger(1), to: Point(x: 210, y: 110), time: 16)
        item = TouchInspector.items(for: window)[0]
        #expect(item.tracking?.inside == false)
        #expect(button.isTouchInside == false)
        window.touchUp(.finger(1), time: 20)
        #expect(TouchInspector.items(for: window).isEmpty)
    }

    @Test func aTouchOnAPlainNodeHasNoTrackingRectangle() {
        let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let window = Window(root: root, size: Size(width: 100, height: 100))
        _ = window.touchDown(.finger(1), at: Point(x: 10, y: 10), time: 0)
        let item = TouchInspector.items(for: window)[0]
        #expect(item.nodeName == "root" && item.tracking == nil)
    }
}

@Suite struct TouchInspectorScrollTests {
    private func listWindow() -> (Window, InputDispatcher) {
        let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 400, height: 600))
        let list = ScrollNode(name: "list", frame: Rect(x: 0, y: 0, width: 400, height: 600))
        list.contentSize = Size(width: 400, height: 2000)
        list.addSubnode(ButtonNode(name: "row", frame: Rect(x: 0, y: 100, width: 400, height: 60)))
        root.addSubnode(list)
        let window = Window(root: root, size: Size(width: 400, height: 600))
        return (window, InputDispatcher(window: window))
    }

    @Test func showsATouchHeldByTheContentDelayThenTrackedByTheControl() {
        let (window, input) = listWindow()
        input.handle(.touchDown(id: 1, location: Point(x: 200, y: 130)), at: 0)
        input.handle(.touchFrame, at: 0)
        var item = TouchInspector.items(for: window)[0]
        #expect(item.scrollState == "held by list's content delay")
        #expect(item.tracking == nil)
        #expect(item.text == "1 → row · held by list's content delay")
        // The delay (150 ms) ends: the row gets the down and tracks the touch.
        input.handle(.touchMotion(id: 1, location: Point(x: 201, y: 130)), at: 200)
        input.handle(.touchFrame, at: 200)
        item = TouchInspector.items(for: window)[0]
        #expect(item.scrollState == nil)
        #expect(item.tracking?.inside == true)
    }

    @Test func showsATouchDraggingAScrollNode() {
        let (window, input) = listWindow()
        input.handle(.touchDown(id: 1, location: Point(x: 200, y: 300)), at: 0)
        input.handle(.touchFrame, at: 0)
        input.handle(.touchMotion(id: 1, location: Point(x: 200, y: 250)), at: 16)
        input.handle(.touchFrame, at: 16)
        #expect(TouchInspector.items(for: window)[0].scrollState == "dragging list")
    }
}

/// `activeCount` is kept as touches go down and up; over seeded random seat events it must
/// always equal the number of tracked touches that are down, and one entry per id is kept.
@Suite struct PointerLocationCountTests {
    @Test func theKeptCountIsTheNumberOfTouchesDownAfterAnyEvents() {
        var state: UInt64 = 0xC0_FFEE
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        var hud = PointerLocation()
        for step in 0 ..< 5_000 {
            let id = next(6), p = Point(x: Double(next(300)), y: Double(next(300)))
            let events: [InputEvent] = [.touchDown(id: id, location: p), .touchMotion(id: id, location: p), .touchUp(id: id),
                                        .touchCancel, .pointerMotion(location: p), .pointerButton(.left, pressed: true),
                                        .pointerButton(.left, pressed: false), .pointerLeave]
            hud.handle(events[next(events.count)], at: Double(step))
            if next(200) == 0 { hud.clearPaths() }
            #expect(hud.activeCount == hud.touches.filter(\.isDown).count)
            #expect(Set(hud.touches.map(\.id)).count == hud.touches.count)
        }
    }
}
