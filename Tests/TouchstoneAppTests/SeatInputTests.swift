import NodeCore
import Testing
@testable import WaylandClient
@testable import TouchstoneApp

/// `SeatInput` puts the seat's events on the session's clock (behaviour.md §19): what a
/// live run of a script relies on to log the script's times.
@Suite struct SeatInputTests {
    /// A window with one button filling it, its input, and every event it dispatched with its time.
    final class Session {
        let window: NodeCore.Window
        let input: SeatInput
        var markers = TouchMarkerTracker()
        var touchFrames = TouchFrameAssembler()
        var dispatched: [(event: InputEvent, time: Double)] = []

        init(firstInputTime: Double? = nil) {
            let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100))
            root.addSubnode(ButtonNode(name: "button", frame: Rect(x: 0, y: 0, width: 100, height: 100)))
            window = NodeCore.Window(root: root, size: Size(width: 100, height: 100))
            input = SeatInput(dispatcher: InputDispatcher(window: window), recorder: nil, firstInputTime: firstInputTime)
            input.onEvent = { [unowned self] in dispatched.append(($0, $1)) }
        }

        func deliver(_ frame: TouchFrame?) {
            guard let frame else { return }
            input.handle(TouchBatch(frame: frame, surfaceID: 1), markers: &markers, hud: PointerLocationOverlay(window: window))
        }

        func key(keysym: UInt32, name: String, pressed: Bool, at time: UInt32) {
            input.handle(KeyEvent(keycode: 0, keysym: keysym, keysymName: name, text: "",
                                  state: pressed ? .pressed : .released, modifiers: [], time: time))
        }
    }

    @Test func aKeyWithNoSymbolIsNoInputButItsTimeIsTheNextCancelsTime() throws {
        let session = Session()
        session.touchFrames.down(id: 1, location: Point(x: 50, y: 50), time: 5_000)
        session.deliver(session.touchFrames.frame())
        // What a live run sends before a touch.cancel 100 ms after the down (KEY_RESERVED).
        session.key(keysym: 0, name: "NoSymbol", pressed: true, at: 5_100)
        session.key(keysym: 0, name: "NoSymbol", pressed: false, at: 5_100)
        session.deliver(session.touchFrames.cancel())
        #expect(session.dispatched.map(\.time) == [0, 0, 100])
        let last = try #require(session.dispatched.last)
        guard case .touchCancel = last.event else {
            Issue.record("\(last.event) is not the cancel")
            return
        }
    }

    @Test func aSessionGivenItsFirstInputTimeDispatchesTheFirstInputThere() {
        let session = Session(firstInputTime: 100)
        session.touchFrames.down(id: 1, location: Point(x: 50, y: 50), time: 9_000)
        session.deliver(session.touchFrames.frame())
        session.deliver(session.touchFrames.up(id: 1, time: 9_060))
        #expect(session.dispatched.map(\.time) == [100, 100, 160, 160])
        #expect(session.window.clock.now == 160)
    }
}
