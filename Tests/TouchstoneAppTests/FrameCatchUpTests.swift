import Render
import Testing
import WaylandClient
@testable import TouchstoneApp

/// A live window's frame path without a compositor (`FramePainter` over a `SwapChain` of
/// pool buffers), with the pointer-location HUD on; optionally catching the released
/// buffer up between frames as `ToplevelWindow.catchUpIdleBuffer` does.
private final class HUDSession {
    let window: NodeCore.Window
    let input: InputDispatcher
    let hud: PointerLocationOverlay
    let painter: FramePainter
    var chain = SwapChain<ShmMemory>()
    var busy: [Int] = []
    let catchesUp: Bool
    private(set) var caughtUp = 0

    init(catchesUp: Bool, scale120: UInt32) throws {
        let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 200, height: 150))
        for i in 0 ..< 6 {
            let button = ButtonNode(name: "b\(i)", frame: Rect(x: Double(i % 3) * 64 + 6, y: Double(i / 3) * 60 + 30,
                                                               width: 56, height: 44))
            button.backgroundColor = Color(red: 90, green: 200, blue: 250)
            button.label = "B\(i)"
            root.addSubnode(button)
        }
        window = NodeCore.Window(root: root, size: Size(width: 200, height: 150))
        input = InputDispatcher(window: window)
        hud = PointerLocationOverlay(window: window)
        hud.isEnabled = true
        painter = try FramePainter(window: window, background: .white) { _ in }
        painter.add(hud)
        painter.resize(to: Size(width: 200, height: 150),
                       scale: scale120 == 120 ? .integer(1) : .fractional(scale120: scale120))
        self.catchesUp = catchesUp
    }

    func send(_ event: InputEvent, at time: Double) {
        input.handle(event, at: time)
        hud.handle(event, at: time)
    }

    /// Paints one frame into the next free buffer and returns it.
    func frame() throws -> ShmMemory {
        let (id, memory) = try #require(try painter.offscreenFrame(chain: &chain, poolSize: nil))
        busy.append(id)
        return memory
    }

    /// The compositor gives back the older buffer; the window then catches it up.
    func releaseOldest() throws {
        guard busy.count > 1 else { return }
        chain.release(id: busy.removeFirst(), currentSize: nil)
        guard catchesUp, let candidate = chain.catchUpCandidate() else { return }
        let context = CatchUpContext(memory: candidate.storage, stale: candidate.stale, latest: candidate.latest.view)
        #expect(painter.catchUp(context))
        chain.caughtUp(id: candidate.id)
        caughtUp += 1
        #expect(chain.slots.first { $0.id == candidate.id }?.staleDamage.isEmpty == true)
        #expect(Self.pixels(of: candidate.storage) == Self.pixels(of: candidate.latest), "caught up to the newest frame")
    }

    static func pixels(of memory: ShmMemory) -> [UInt32] {
        memory.view.withPixels { bytes in
            (0 ..< memory.height).flatMap { y in
                (0 ..< memory.width).map { x in bytes.load(fromByteOffset: y * memory.stride + x * 4, as: UInt32.self) }
            }
        }
    }
}

/// behaviour.md §6 and §13: a released buffer is caught up between frames from the newest
/// one, and frames painted into it after that equal those of the path without catching up.
@Suite struct FrameCatchUpTests {
    @Test(arguments: [120, 180] as [UInt32])
    func hudFramesIntoCaughtUpBuffersEqualFramesThatRepaintTheirStaleDamage(scale120: UInt32) throws {
        let sessions = try [false, true].map { try HUDSession(catchesUp: $0, scale120: scale120) }
        for frame in 0 ..< 40 {
            for session in sessions {
                let t = Double(frame) * 8
                for finger in 0 ..< 3 {
                    let x = 30 + Double(finger) * 60 + Double(frame) * 1.5, y = 40 + Double(frame % 11) * 7.3
                    let location = Point(x: x, y: y)
                    session.send(frame == 0 ? .touchDown(id: finger, location: location)
                                            : .touchMotion(id: finger, location: location), at: t)
                }
                if frame == 25 { session.send(.touchUp(id: 1), at: t) }
                session.send(.touchFrame, at: t)
            }
            let plain = try sessions[0].frame(), caughtUp = try sessions[1].frame()
            #expect(HUDSession.pixels(of: plain) == HUDSession.pixels(of: caughtUp), "frame \(frame)")
            for session in sessions { try session.releaseOldest() }
        }
        #expect(sessions[1].caughtUp > 30)
    }

    @Test func withoutAnOverlayShowingABufferIsLeftForTheNextFrameToRepaint() throws {
        let session = try HUDSession(catchesUp: true, scale120: 120)
        session.hud.isEnabled = false
        _ = try session.frame()
        session.window.root.subnodes[0].backgroundColor = .white
        _ = try session.frame()
        session.chain.release(id: session.busy.removeFirst(), currentSize: nil)
        let candidate = try #require(session.chain.catchUpCandidate())
        #expect(!session.painter.catchUp(CatchUpContext(memory: candidate.storage, stale: candidate.stale,
                                                        latest: candidate.latest.view)))
    }
}
