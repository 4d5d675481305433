import Testing
import PropertyBased
@testable import NodeCore

// behaviour.md §4.2 invariant under random scenes and random seat input: once no touch is
// active, no control is tracking or highlighted, and every touchDown a control
// sent was followed by exactly one touchUpInside, touchUpOutside or touchCancel.
// Scroll nodes in the tree (behaviour.md §9.2) delay, withhold and cancel content touches;
// the invariant still holds, and once the clock has run out no scroll node is left
// dragging or animating.

/// One node of a random scene, as plain numbers so the generator can shrink it.
struct NodeSpec: CustomStringConvertible {
    /// Picks the parent among the root and the nodes before this one.
    var parentPick: Int
    /// 0...2 plain node, 3...4 control, 5...6 button, 7 toggle, 8...9 slider, 10...11 scroll
    /// node (content 1, 2 or 3 times its size by `x`; no delay when `flags` is odd,
    /// cancelling controls' touches when `y` is odd).
    var kind: Int
    /// Origin in thousandths of the parent's size; size in thousandths of the room left
    /// after the origin (see `Scenario.init`).
    var x: Int, y: Int, width: Int, height: Int
    /// Slop per edge; negative grows.
    var slop: [Int]
    /// 0 hidden, 1 alpha 0.005, 2 alpha 0.01, 3 not interactive, 4 disabled, 5...14 clips.
    var flags: Int

    var description: String {
        "(p\(parentPick) k\(kind) [\(x),\(y),\(width),\(height)] slop\(slop) f\(flags))"
    }
}

/// One step of a random input stream (or a tree mutation between events).
struct Step: CustomStringConvertible {
    var op: Int
    var id: Int
    var x: Int, y: Int
    var pick: Int
    var dt: Int

    var description: String { "(op\(op) id\(id) \(x),\(y) pick\(pick) +\(dt))" }
}

/// Checks each control's event stream as it is sent.
final class Ledger {
    struct Entry {
        var open = false
        var downs = 0
        var terminals = 0
        var last: ControlEvents = []
    }

    private(set) var entries: [String: Entry] = [:]
    private(set) var violations: [String] = []

    func watch(_ control: ControlNode) {
        entries[control.name] = Entry()
        control.addAction(for: .allEvents) { [unowned self] sender, event in
            self.record(sender, event.event)
        }
    }

    private func record(_ control: ControlNode, _ event: ControlEvents) {
        var e = entries[control.name]!
        let name = "\(control.name).\(event.name)"
        switch event {
        case .touchDown:
            if e.open { violations.append("\(name) while a touchDown is still open") }
            e.open = true
            e.downs += 1
        case .touchUpInside, .touchUpOutside, .touchCancel:
            if !e.open { violations.append("\(name) without an open touchDown") }
            e.open = false
            e.terminals += 1
        case .touchDownRepeat:
            if e.last != .touchDown { violations.append("\(name) not right after touchDown") }
        case .touchDragInside, .touchDragOutside, .touchDragEnter, .touchDragExit:
            if !e.open { violations.append("\(name) while not tracking") }
        case .primaryActionTriggered:
            if e.last != .touchUpInside { violations.append("\(name) not right after touchUpInside") }
        case .valueChanged:
            if control is ToggleNode, e.last != .touchUpInside {
                violations.append("\(name) not right after touchUpInside")
            }
            if control is SliderNode, !e.open { violations.append("\(name) while not tracking") }
        default:
            violations.append("\(name): unexpected event")
        }
        e.last = event
        entries[control.name] = e
    }

    func isOpen(_ control: ControlNode) -> Bool { entries[control.name]?.open ?? false }
}

/// A random scene, its input stream, and the invariant checks.
struct Scenario {
    let window: Window
    let input: InputDispatcher
    let nodes: [Node]          // nodes[0] is the root
    let controls: [ControlNode]
    let ledger = Ledger()
    var time: Double = 0

    init(_ specs: [NodeSpec]) {
        let root = Node(name: "root", frame: rect(0, 0, 400, 400))
        var nodes: [Node] = [root]
        for (i, spec) in specs.enumerated() {
            let name = "n\(i + 1)"
            let parent = nodes[spec.parentPick % nodes.count]
            let pw = parent.frame.width / 1000, ph = parent.frame.height / 1000
            // The size is a share of the room left after the origin, plus a tenth: most
            // nodes fit in their parent and some poke out of it.
            let w = Double(spec.width) / 1000 * Double(1100 - spec.x)
            let h = Double(spec.height) / 1000 * Double(1100 - spec.y)
            let frame = rect(Double(spec.x) * pw, Double(spec.y) * ph, w * pw, h * ph)
            let node: Node
            switch spec.kind {
            case 3, 4: node = ControlNode(name: name, frame: frame)
            case 5, 6: node = ButtonNode(name: name, frame: frame)
            case 7: node = ToggleNode(name: name, frame: frame)
            case 8, 9: node = SliderNode(name: name, frame: frame)
            case 10, 11:
                let scroll = ScrollNode(name: name, frame: frame)
                let factor = Double(1 + abs(spec.x) % 3)
                scroll.contentSize = Size(width: frame.width * (spec.kind == 10 ? 1 : factor), height: frame.height * factor)
                scroll.delaysContentTouches = spec.flags % 2 == 0
                scroll.cancelsControlTouches = abs(spec.y) % 2 == 1
                node = scroll
            default: node = Node(name: name, frame: frame)
            }
            let s = spec.slop.map(Double.init)
            node.hitTestSlop = EdgeInsets(top: s[0], left: s[1], bottom: s[2], right: s[3])
            switch spec.flags {
            case 0: node.isHidden = true
            case 1: node.alpha = 0.005
            case 2: node.alpha = 0.01
            case 3: node.isUserInteractionEnabled = false
            case 4: (node as? ControlNode)?.isEnabled = false
            case 5...14: node.clipsToBounds = true
            case 15...17: node.clipsToBounds = false
            default: break
            }
            parent.addSubnode(node)
            nodes.append(node)
        }
        self.nodes = nodes
        self.controls = nodes.compactMap { $0 as? ControlNode }
        window = Window(root: root, size: Size(width: 400, height: 400))
        input = InputDispatcher(window: window)
        for control in controls { ledger.watch(control) }
    }

    mutating func apply(_ step: Step) {
        time += Double(step.dt)
        let target = nodes[step.pick % nodes.count]
        // Points aim inside a control's slopRect (half the time) or any node's (a
        // quarter); the rest land anywhere.
        let p: Point
        if step.pick % 4 != 0 {
            let live = controls.filter { $0.window != nil }
            let aim = step.pick % 4 < 3 && !live.isEmpty
                ? live[(step.pick / 4) % live.count] : nodes[(step.pick / 4) % nodes.count]
            let area = aim.convert(aim.slopRect, to: nil)
            p = pt(area.minX + area.width * Double(step.x + 40) / 481,
                   area.minY + area.height * Double(step.y + 40) / 481)
        } else {
            p = pt(Double(step.x), Double(step.y))
        }
        // Moves and ups mostly name a finger that is down; id 5 names an unknown one.
        let active = input.activeFingerIDs
        let known = step.id < 5 && !active.isEmpty ? active[step.id % active.count] : 99
        switch step.op {
        case 0..<20: input.handle(.touchDown(id: step.id, location: p), at: time)
        case 20..<40: input.handle(.touchMotion(id: known, location: p), at: time)
        case 40..<56: input.handle(.touchUp(id: known), at: time)
        case 56..<72: input.handle(.touchFrame, at: time)
        case 72: input.handle(.touchCancel, at: time)
        case 73..<76: input.handle(.pointerMotion(location: p), at: time)
        case 76..<79: input.handle(.pointerButton(.left, pressed: true), at: time)
        case 79..<82: input.handle(.pointerButton(.left, pressed: false), at: time)
        case 82:
            input.handle(.pointerButton(step.id % 2 == 0 ? .right : .middle, pressed: step.x % 2 == 0), at: time)
        case 83: input.handle(.pointerLeave, at: time)
        case 100..<103:
            let source = AxisSource.allCases[step.id % AxisSource.allCases.count]
            input.handle(.pointerAxis(step.x % 2 == 0 ? .vertical : .horizontal, value: Double(step.y - 200), source: source),
                         at: time)
        case 103..<105: input.handle(.pointerAxisStop(step.x % 2 == 0 ? .vertical : .horizontal), at: time)
        case 84..<90: (target as? ControlNode)?.isEnabled.toggle()
        case 90..<92: if target !== window.root { target.isHidden.toggle() }
        case 92..<94: if target !== window.root { target.removeFromSupernode() }
        default:
            // Reparent `target` (perhaps a removed one) under another node in the tree.
            let newParent = nodes[abs(step.x) % nodes.count]
            if target !== window.root, newParent.window != nil, !target.isAncestor(of: newParent) {
                newParent.insertSubnode(target, at: step.y)
            }
        }
    }

    /// Ends the stream: every finger up (or a cancel), the pointer released (or
    /// leaving), and whatever is still held applied.
    mutating func finish(byCancelling: Bool) {
        time += 1
        if byCancelling {
            input.handle(.touchCancel, at: time)
            input.handle(.pointerLeave, at: time)
        } else {
            for id in input.activeFingerIDs { input.handle(.touchUp(id: id), at: time) }
            input.handle(.touchFrame, at: time)
            input.handle(.pointerButton(.left, pressed: false), at: time)
        }
        input.finish()
        window.clock.runUntilIdle()
    }

    /// Between events: a control tracks exactly while its last touchDown is open, and
    /// only a tracking control is highlighted. Returns what is wrong (empty when fine).
    func problemsBetweenEvents() -> [String] {
        var problems: [String] = []
        for c in controls {
            if c.isTracking != ledger.isOpen(c) { problems.append("\(c.name) tracking is \(c.isTracking)") }
            if c.isHighlighted && !c.isTracking { problems.append("\(c.name) highlighted without tracking") }
        }
        return problems + ledger.violations
    }

    /// Once no touch is active: nothing tracking or highlighted, every touchDown closed
    /// by exactly one terminal event.
    func problemsWhenQuiescent() -> [String] {
        var problems: [String] = []
        if !window.activeTouches.isEmpty { problems.append("touches still active: \(window.activeTouches.map(\.id))") }
        if !input.activeFingerIDs.isEmpty { problems.append("fingers still down: \(input.activeFingerIDs)") }
        if !window.clock.isIdle { problems.append("the clock still has work pending") }
        for case let scroll as ScrollNode in nodes where scroll.isDragging || scroll.isDecelerating {
            problems.append("\(scroll.name) still \(scroll.isDragging ? "dragging" : "animating")")
        }
        for c in controls {
            if c.isTracking || c.isHighlighted || c.isTouchInside { problems.append("\(c.name) still tracking") }
            let e = ledger.entries[c.name]!
            if e.open || e.downs != e.terminals {
                problems.append("\(c.name): \(e.downs) touchDown, \(e.terminals) terminal events")
            }
        }
        return problems + ledger.violations
    }

    /// Runs `steps` then the ending; returns the first problems found, with the step index.
    static func run(_ specs: [NodeSpec], _ steps: [Step], cancelAtEnd: Bool) -> [String] {
        var scenario = Scenario(specs)
        for (i, step) in steps.enumerated() {
            scenario.apply(step)
            let problems = scenario.problemsBetweenEvents()
            if !problems.isEmpty { return ["after step \(i) \(step):"] + problems }
        }
        scenario.finish(byCancelling: cancelAtEnd)
        let problems = scenario.problemsWhenQuiescent()
        return problems.isEmpty ? [] : ["after the \(cancelAtEnd ? "final cancel" : "final ups"):"] + problems
    }
}

@Suite struct DispatchInvariantPropertyTests {
    static let nodeSpec = zip(
        Gen.int(in: 0...1000), Gen.int(in: 0...11),
        Gen.int(in: -100...900), Gen.int(in: -100...900),
        Gen.int(in: 0...1000), Gen.int(in: 0...1000),
        Gen.int(in: -30...12).array(of: 4), Gen.int(in: 0...39)
    ).map { NodeSpec(parentPick: $0, kind: $1, x: $2, y: $3, width: $4, height: $5, slop: $6, flags: $7) }

    static let step = zip(
        Gen.int(in: 0...104), Gen.int(in: 0...5),
        Gen.int(in: -40...440), Gen.int(in: -40...440),
        Gen.int(in: 0...1000), Gen.int(in: 0...400)
    ).map { Step(op: $0, id: $1, x: $2, y: $3, pick: $4, dt: $5) }

    @Test func randomScenesAndStreamsKeepTheControlInvariant() async {
        await propertyCheck(count: 600, input: Self.nodeSpec.array(of: 1...30), Self.step.array(of: 0...150), Gen.bool) {
            specs, steps, cancelAtEnd in
            let problems = Scenario.run(specs, steps, cancelAtEnd: cancelAtEnd)
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        }
    }

    @Test func crowdedNestedControlsChangingMidTouchKeepTheControlInvariant() async {
        // A dense scene, mostly controls nested in controls (with a few plain labels),
        // fed fingers only, with enable toggles, hiding, removals and moves mid-touch.
        let crowded = Self.nodeSpec.map { spec -> NodeSpec in
            var spec = spec
            spec.kind = spec.kind < 2 ? 0 : max(spec.kind, 3)
            spec.width = max(spec.width, 400)
            spec.height = max(spec.height, 400)
            return spec
        }
        let fingersAndChanges = Self.step.map { step -> Step in
            var step = step
            step.op = step.op < 72 ? step.op : 84 + step.op % 16
            step.dt = step.dt % 40
            return step
        }
        await propertyCheck(count: 500, input: crowded.array(of: 3...15), fingersAndChanges.array(of: 10...120),
                            Gen.bool) {
            specs, steps, cancelAtEnd in
            let problems = Scenario.run(specs, steps, cancelAtEnd: cancelAtEnd)
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        }
    }
}
