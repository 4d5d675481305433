import Testing
@testable import NodeCore

// Shared fixtures for the NodeCore tests: recorders for control events, touches
// and actions, and shorthands for building scenes and driving touches.

func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect {
    Rect(x: x, y: y, width: w, height: h)
}

func pt(_ x: Double, _ y: Double) -> Point {
    Point(x: x, y: y)
}

/// Records every control event sent by the controls it watches, one line per bit,
/// as `name.event` (the event log's order).
final class EventLog {
    private(set) var lines: [String] = []

    /// Attaches to `controls`: one closure for all events on each.
    init(_ controls: ControlNode...) {
        for control in controls { watch(control) }
    }

    func watch(_ control: ControlNode) {
        control.addAction(for: .allEvents) { [weak self] sender, event in
            self?.lines.append("\(sender.name).\(event.event.name)")
        }
    }

    /// The lines of one control, without its name.
    func events(of name: String) -> [String] {
        lines.compactMap { line in
            line.hasPrefix(name + ".") ? String(line.dropFirst(name.count + 1)) : nil
        }
    }

    func clear() { lines.removeAll() }
}

/// A plain node that records the touches delivered to it and (by default) passes
/// them on, as every plain node does.
final class RecordingNode: Node {
    var received: [String] = []
    var passesOn = true

    override func touchBegan(_ touch: Touch) {
        received.append("began")
        if passesOn { super.touchBegan(touch) }
    }

    override func touchMoved(_ touch: Touch) {
        received.append("moved")
        if passesOn { super.touchMoved(touch) }
    }

    override func touchEnded(_ touch: Touch) {
        received.append("ended")
        if passesOn { super.touchEnded(touch) }
    }

    override func touchCancelled(_ touch: Touch) {
        received.append("cancelled")
        if passesOn { super.touchCancelled(touch) }
    }
}

/// An application that records the touches and nil-target actions reaching the
/// top of the responder chain.
final class RecordingApplication: Application {
    var touches: [String] = []
    var handledActions: Set<Action> = []
    var performed: [String] = []

    override func touchBegan(_ touch: Touch) { touches.append("began"); super.touchBegan(touch) }
    override func touchMoved(_ touch: Touch) { touches.append("moved"); super.touchMoved(touch) }
    override func touchEnded(_ touch: Touch) { touches.append("ended"); super.touchEnded(touch) }
    override func touchCancelled(_ touch: Touch) { touches.append("cancelled"); super.touchCancelled(touch) }

    override func perform(_ action: Action, sender: ControlNode, event: ActionEvent) -> Bool {
        guard handledActions.contains(action) else { return false }
        performed.append("\(action.name) from \(sender.name)")
        return true
    }
}

/// A window that handles some actions itself.
final class RecordingWindow: Window {
    var handledActions: Set<Action> = []
    var performed: [String] = []

    override func perform(_ action: Action, sender: ControlNode, event: ActionEvent) -> Bool {
        guard handledActions.contains(action) else { return false }
        performed.append("\(action.name) from \(sender.name)")
        return true
    }
}

/// A node that handles some actions (a nil-target destination in the tree).
final class HandlingNode: Node {
    var handledActions: Set<Action> = []
    var performed: [String] = []

    override func perform(_ action: Action, sender: ControlNode, event: ActionEvent) -> Bool {
        guard handledActions.contains(action) else { return false }
        performed.append("\(action.name) from \(sender.name) for \(event.event.name)")
        return true
    }
}

/// A target object outside the responder chain.
final class Target: ActionTarget {
    let name: String
    let record: (String) -> Void

    init(_ name: String, record: @escaping (String) -> Void) {
        self.name = name
        self.record = record
    }

    func perform(_ action: Action, sender: ControlNode, event: ActionEvent) -> Bool {
        record("\(name).\(action.name).\(event.event.name)")
        return true
    }
}

/// A control whose tracking hooks are scripted and recorded.
final class ScriptedControl: ControlNode {
    var acceptsBegin = true
    var acceptsContinue = true
    var hooks: [String] = []

    override func beginTracking(_ touch: Touch) -> Bool {
        hooks.append("begin")
        return acceptsBegin
    }

    override func continueTracking(_ touch: Touch) -> Bool {
        hooks.append("continue")
        return acceptsContinue
    }

    override func endTracking(_ touch: Touch) {
        hooks.append("end")
    }

    override func cancelTracking() {
        hooks.append("cancel")
    }
}

extension Window {
    /// A complete tap of finger `id` at `location`: down at `time`, up at `time + 10`.
    func tap(_ id: Int = 1, at location: Point, time: Double = 0) {
        touchDown(.finger(id), at: location, time: time)
        touchUp(.finger(id), time: time + 10)
    }
}

/// A 400×400 window around `root` (root at the origin unless its frame says otherwise).
func makeWindow(_ children: Node..., application: Application = Application()) -> (Window, Node) {
    let root = Node(name: "root", frame: rect(0, 0, 400, 400))
    for child in children { root.addSubnode(child) }
    let window = Window(root: root, size: Size(width: 400, height: 400), application: application)
    return (window, root)
}
