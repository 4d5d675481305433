import Testing
@testable import NodeCore

/// A window with a vertical list of buttons (and optionally a horizontal carousel in
/// it), fed through an `InputDispatcher`, logging control and scroll events in order
/// as `node.event` lines (scroll lines add the offset and the time).
final class ScrollBench {
    let root = Node(name: "root", frame: rect(0, 0, 400, 800))
    /// 300 × 500 at (50, 100); content 300 × 2000.
    let list = ScrollNode(name: "list", frame: rect(50, 100, 300, 500))
    /// A button at content (0, 0, 300, 60): window (50, 100) ... (350, 160).
    let button = ButtonNode(name: "button", frame: rect(0, 0, 300, 60))
    /// A plain node at content (0, 100, 300, 60): window y 200 ... 260.
    let label = RecordingNode(name: "label", frame: rect(0, 100, 300, 60))
    /// A horizontal carousel at content (0, 300, 300, 100): window y 400 ... 500,
    /// content 900 wide, with a button at its content (0, 0, 100, 100).
    let carousel = ScrollNode(name: "carousel", frame: rect(0, 300, 300, 100))
    let card = ButtonNode(name: "card", frame: rect(0, 0, 100, 100))
    let window: Window
    let input: InputDispatcher
    private(set) var lines: [String] = []
    /// Only the scroll lines, with time and offset: `list.scrolled@16(0,20)`.
    private(set) var scrollLines: [String] = []

    init() {
        list.contentSize = Size(width: 300, height: 2000)
        carousel.contentSize = Size(width: 900, height: 100)
        root.addSubnode(list)
        list.addSubnode(button)
        list.addSubnode(label)
        list.addSubnode(carousel)
        carousel.addSubnode(card)
        window = Window(root: root, size: Size(width: 400, height: 800))
        input = InputDispatcher(window: window)
        for control in [button, card] {
            control.addAction(for: .allEvents) { [unowned self] sender, event in
                lines.append("\(sender.name).\(event.event.name)")
            }
        }
        for scroll in [list, carousel] {
            scroll.addScrollObserver { [unowned self] sender, event in
                var name = "\(sender.name).\(event.kind.name)"
                if case .ended(let decelerates) = event.kind { name += decelerates ? "(decelerates)" : "(rests)" }
                lines.append(name)
                scrollLines.append("\(name)@\(format(event.time))(\(format(event.offset.x)),\(format(event.offset.y)))")
            }
        }
    }

    func down(_ x: Double, _ y: Double, at t: Double, id: Int = 1) {
        input.handle(.touchDown(id: id, location: pt(x, y)), at: t)
        input.handle(.touchFrame, at: t)
    }

    func move(_ x: Double, _ y: Double, at t: Double, id: Int = 1) {
        input.handle(.touchMotion(id: id, location: pt(x, y)), at: t)
        input.handle(.touchFrame, at: t)
    }

    func up(at t: Double, id: Int = 1) {
        input.handle(.touchUp(id: id), at: t)
        input.handle(.touchFrame, at: t)
    }

    /// Runs the clock until nothing is pending (replay's end).
    func settle() { window.clock.runUntilIdle() }

    func clear() {
        lines.removeAll()
        scrollLines.removeAll()
    }
}

/// A number as the tests spell it: whole numbers without a fraction, else 3 decimals.
func format(_ n: Double) -> String {
    if n == n.rounded() { return String(Int(n)) }
    let thousandths = (n * 1000).rounded() / 1000
    return String(thousandths)
}
