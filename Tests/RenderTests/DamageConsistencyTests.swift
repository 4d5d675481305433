import NodeCore
import SeededRandom
import Testing
@testable import Render

/// Random scenes and random changes: whatever changes, repainting only the reported
/// damage must give the pixels of a full repaint.
struct RandomScene {
    var rng: SplitMix64
    var nodes: [Node] = []
    var counter = 0

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }

    /// A coordinate on a quarter-point grid, so fractional edges and exact halves both occur.
    mutating func coordinate(_ range: ClosedRange<Double>) -> Double {
        (Double.random(in: range, using: &rng) * 4).rounded() / 4
    }

    mutating func color() -> Color {
        Color(red: .random(in: 0...255, using: &rng), green: .random(in: 0...255, using: &rng),
              blue: .random(in: 0...255, using: &rng),
              alpha: [1, 1, 0.5, 0.3, 0][Int.random(in: 0..<5, using: &rng)])
    }

    mutating func makeNode() -> Node {
        counter += 1
        let node: Node
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: node = ButtonNode(name: "n\(counter)")
        case 1: node = ToggleNode(name: "n\(counter)")
        case 2:
            let slider = SliderNode(name: "n\(counter)")
            slider.value = Double.random(in: 0...1, using: &rng)
            node = slider
        default: node = Node(name: "n\(counter)")
        }
        node.frame = Rect(x: coordinate(-10...90), y: coordinate(-10...70),
                          width: coordinate(0...60), height: coordinate(0...45))
        randomize(node)
        nodes.append(node)
        return node
    }

    mutating func slop() -> EdgeInsets {
        EdgeInsets(top: coordinate(-12...4), left: coordinate(-12...4), bottom: coordinate(-12...4), right: coordinate(-12...4))
    }

    mutating func randomize(_ node: Node) {
        node.backgroundColor = color()
        if chance(0.3) { node.borderColor = color(); node.borderWidth = coordinate(0...4) }
        if chance(0.4) { node.hitTestSlop = slop() }
        node.clipsToBounds = chance(0.3)
        node.alpha = [1, 1, 1, 0.6, 0.005, 0][Int.random(in: 0..<6, using: &rng)]
        node.isHidden = chance(0.08)
        if chance(0.25) { node.label = ["Ab", "Play", "Hi there"][Int.random(in: 0..<3, using: &rng)] }
        node.labelColor = color()
        if let control = node as? ControlNode {
            if chance(0.5) { control.highlightedColor = color() }
            if chance(0.5) { control.selectedColor = color() }
            if chance(0.5) { control.disabledColor = color() }
            control.isSelected = chance(0.3)
            control.isEnabled = !chance(0.15)
        }
    }

    mutating func makeWindow(nodes count: ClosedRange<Int> = 4...14) -> Window {
        let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 100, height: 80))
        nodes = [root]
        for _ in 0..<Int.random(in: count, using: &rng) {
            let parent = nodes[Int.random(in: 0..<nodes.count, using: &rng)]
            parent.addSubnode(makeNode())
        }
        let window = Window(root: root, size: Size(width: 100, height: 80))
        window.showsTappableAreas = chance(0.5)
        return window
    }

    /// One random change to the tree; returns a description for failure messages.
    mutating func mutate(_ window: Window) -> String {
        let attached = nodes.filter { $0.window === window }
        let node = attached[Int.random(in: 0..<attached.count, using: &rng)]
        switch Int.random(in: 0..<14, using: &rng) {
        case 0:
            guard let control = node as? ControlNode else { fallthrough }
            control.isHighlighted.toggle(); return "highlight \(node.name)"
        case 1:
            guard let control = node as? ControlNode else { fallthrough }
            control.isSelected.toggle(); return "select \(node.name)"
        case 2:
            guard let control = node as? ControlNode else { fallthrough }
            control.isEnabled.toggle(); return "enable \(node.name)"
        case 3: node.backgroundColor = color(); return "color \(node.name)"
        case 4: node.borderColor = color(); node.borderWidth = coordinate(0...5); return "border \(node.name)"
        case 5: node.label = chance(0.5) ? nil : "Changed"; return "label \(node.name)"
        case 6: node.alpha = [1, 0.6, 0.2, 0][Int.random(in: 0..<4, using: &rng)]; return "alpha \(node.name)"
        case 7: node.isHidden.toggle(); return "hide \(node.name)"
        case 8:
            node.frame = Rect(x: coordinate(-10...90), y: coordinate(-10...70),
                              width: coordinate(0...60), height: coordinate(0...45))
            return "move \(node.name)"
        case 9: node.hitTestSlop = slop(); return "slop \(node.name)"
        case 10: node.clipsToBounds.toggle(); return "clips \(node.name)"
        case 11:
            guard node !== window.root else { fallthrough }
            node.removeFromSupernode(); return "remove \(node.name)"
        case 12:
            let child = makeNode()
            node.addSubnode(child); return "add \(child.name) to \(node.name)"
        default:
            if let slider = node as? SliderNode { slider.value = Double.random(in: 0...1, using: &rng); return "slide \(node.name)" }
            window.showsTappableAreas.toggle(); return "overlay"
        }
    }
}

@Suite struct DamageConsistencyTests {
    @Test(arguments: 0..<40)
    func repaintingOnlyTheDamageOfRandomChangesEqualsAFullRepaint(seed: Int) throws {
        var scene = RandomScene(seed: UInt64(seed))
        let window = scene.makeWindow()
        // Whole, fractional and odd scales (121/120 and 479/120 round edges most unevenly).
        let units = [120, 121, 150, 180, 210, 240, 300, 360, 479][Int.random(in: 0..<9, using: &scene.rng)]
        let scale = RenderScale(units: units)
        let font: LabelFont = seed % 4 == 0 ? .default : .none
        let renderer = try Renderer(window: window, background: scene.color(), scale: scale, labelFont: font)
        let canvas = try renderer.makeCanvas()
        renderer.renderFull(into: canvas)
        _ = renderer.takeDamage()
        for round in 0..<6 {
            var changes: [String] = []
            for _ in 0..<Int.random(in: 1...3, using: &scene.rng) { changes.append(scene.mutate(window)) }
            renderer.render(damage: renderer.takeDamage(), into: canvas)
            let full = try renderer.renderImage()
            let wrong = differingPixels(canvas, full)
            #expect(wrong.isEmpty, "seed \(seed) scale \(scale) round \(round) after \(changes): \(wrong.count) pixels differ, first \(wrong.prefix(3))")
            if !wrong.isEmpty { return }
        }
    }
}
