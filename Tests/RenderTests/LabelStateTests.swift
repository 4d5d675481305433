import NodeCore
import Testing
@testable import Render

/// A control's label is painted in the color of its state and at its node's label size
/// (behaviour.md §6).
@Suite struct LabelStateTests {
    private static let normal = Color(red: 200, green: 0, blue: 0)
    private static let highlighted = Color(red: 0, green: 160, blue: 0)
    private static let selected = Color(red: 0, green: 0, blue: 220)
    private static let disabled = Color(red: 120, green: 120, blue: 120)
    private static let all = [normal, highlighted, selected, disabled]

    /// A white button whose label is a full block, large enough that many pixels are wholly ink.
    private func button(stateColors: Bool = true) -> ButtonNode {
        let button = ButtonNode(name: "b", frame: Rect(x: 10, y: 10, width: 100, height: 60))
        button.backgroundColor = .white
        button.label = "\u{2588}\u{2588}"
        button.labelFontSize = 32
        button.labelColor = Self.normal
        if stateColors {
            button.labelHighlightedColor = Self.highlighted
            button.labelSelectedColor = Self.selected
            button.labelDisabledColor = Self.disabled
        }
        return button
    }

    /// How many pixels hold exactly each of `colors`, opaque.
    private func counts(_ canvas: Canvas, _ colors: [Color]) -> [Int] {
        colors.map { color in
            let wanted = argb(255, color.red, color.green, color.blue)
            var n = 0
            for y in 0..<canvas.height {
                for x in 0..<canvas.width where canvas.components(x: x, y: y) == wanted { n += 1 }
            }
            return n
        }
    }

    /// Expects the label's solid pixels in `expected` and none in any other state's color.
    private func expectLabel(in expected: Color, _ configure: (ButtonNode) -> Void,
                             sourceLocation: SourceLocation = #_sourceLocation) throws {
        let node = button()
        configure(node)
        let canvas = try render(makeWindow(width: 120, height: 80, node), labelFont: .default)
        let found = counts(canvas, Self.all)
        for (color, count) in zip(Self.all, found) {
            if color == expected {
                #expect(count > 200, "\(count) pixels of \(color)", sourceLocation: sourceLocation)
            } else {
                #expect(count == 0, "\(count) pixels of \(color)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func aTitlesColorFollowsItsControlsState() throws {
        try expectLabel(in: Self.normal) { _ in }
        try expectLabel(in: Self.highlighted) { $0.isHighlighted = true }
        try expectLabel(in: Self.selected) { $0.isSelected = true }
        try expectLabel(in: Self.disabled) { $0.isEnabled = false }
    }

    @Test func disabledWinsOverHighlightedAndHighlightedOverSelected() throws {
        try expectLabel(in: Self.disabled) { $0.isHighlighted = true; $0.isSelected = true; $0.isEnabled = false }
        try expectLabel(in: Self.highlighted) { $0.isHighlighted = true; $0.isSelected = true }
    }

    @Test func aStateWithoutItsOwnLabelColorUsesLabelColor() throws {
        let node = button(stateColors: false)
        node.isSelected = true
        node.isHighlighted = true
        let canvas = try render(makeWindow(width: 120, height: 80, node), labelFont: .default)
        #expect(counts(canvas, [Self.normal])[0] > 200)
    }

    @Test func aStateChangeRepaintsTheLabelAsAFullRepaintWould() throws {
        let node = button()
        let window = makeWindow(width: 120, height: 80, node)
        let renderer = try Renderer(window: window, background: .white, scale: 1, labelFont: .default)
        let canvas = try renderer.renderImage()
        for change in [{ node.isHighlighted = true }, { node.isHighlighted = false; node.isSelected = true }, { node.isEnabled = false }] {
            _ = renderer.takeDamage()
            change()
            renderer.render(damage: renderer.takeDamage(), into: canvas)
            #expect(samePixels(canvas, try render(window, labelFont: .default)))
        }
    }

    @Test func labelFontSizeSetsTheHeightOfTheInk() throws {
        func inkHeight(_ size: Double) throws -> Int {
            let node = box("n", 0, 0, 200, 100, .white)
            node.label = "H"
            node.labelFontSize = size
            let canvas = try render(makeWindow(width: 200, height: 100, node), labelFont: .default)
            var top = Int.max, bottom = Int.min
            for y in 0..<canvas.height {
                for x in 0..<canvas.width where canvas.components(x: x, y: y).red < 128 {
                    top = min(top, y); bottom = max(bottom, y)
                }
            }
            return bottom - top + 1
        }
        let small = try inkHeight(14), large = try inkHeight(42)
        #expect(small >= 8 && small <= 12, "\(small) px at 14 pt")
        #expect(abs(Double(large) / Double(small) - 3) < 0.35, "\(large) px at 42 pt against \(small) px at 14 pt")
    }
}
