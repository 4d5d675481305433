import JSONOutput
import NodeCore

/// A row's nodes made over into another row's (behaviour.md §10.1): cheaper than making
/// new ones, and the same nodes in every respect a scene or a log can tell.
extension NodeDescription {
    /// Whether nodes made from this description can be made over: every kind but scroll
    /// nodes and lists, whose offsets, animations and rows a reuse would have to undo, and
    /// images whose `src` has `{i}` (a new file means new pixels, not a made-over node).
    var isReusable: Bool {
        kind != .scroll && kind != .list && !(image.src?.hasRowIndex ?? false) && children.allSatisfy(\.isReusable)
    }

    /// Whether rows made from this description have equal layout inputs when their texts
    /// (`{text}`) are equal: no label or text has `{i}`, and no image (its pixels size it).
    var laysOutByRowText: Bool {
        kind != .image && !(label?.hasRowIndex ?? false) && !(kind == .text && text.text?.hasRowIndex ?? false)
            && children.allSatisfy(\.laysOutByRowText)
    }
}

/// What differs between two rows made from one reusable template: the texts with `{i}` or
/// `{text}` and what touches change. Nothing else changes a scene's nodes, so making a row over
/// sets only these (pinned equal to a new row in `RowTemplateTests`).
struct RowRefill {
    /// One node of the row, in the order `forEachInSubtree` visits them.
    private struct Step {
        var name: RowText?
        var label: RowText?
        var text: RowText?
        var reset: Reset
    }

    /// What touches change in a node, and the template's value for it.
    private enum Reset {
        case none
        /// Highlight off, selection (a toggle's position) as the template gives it.
        case control(selected: Bool)
        case slider(selected: Bool, value: Double)
    }

    /// The row's own frame: the list moves a row along its axis (§10.1).
    private let frame: Rect
    private let steps: [Step]

    init(_ root: NodeDescription) {
        frame = root.frame
        var steps: [Step] = []
        func add(_ d: NodeDescription) {
            let selected = d.control.selected ?? false
            let reset: Reset = d.kind == .slider ? .slider(selected: selected, value: d.sliderValue ?? 0)
                : d.kind.isControl ? .control(selected: selected) : .none
            steps.append(Step(name: d.name.hasRowIndex ? d.name : nil,
                              label: d.label.flatMap { $0.variesByRow ? $0 : nil },
                              text: d.kind == .text ? d.text.text.flatMap { $0.variesByRow ? $0 : nil } : nil,
                              reset: reset))
            for child in d.children { add(child) }
        }
        add(root)
        self.steps = steps
    }

    /// Makes `node`, made from the template for another row and out of the tree since,
    /// what the template makes for row `index`, whose text (`rows.texts`) is `text`. With
    /// `sameRow` the node was made as row `index` last: its names, labels and texts are that
    /// row's already (nothing but this changes them), only what touches change is reset.
    func apply(to node: Node, row index: Int, text: String?, sameRow: Bool = false) {
        node.frame = frame
        guard !sameRow else {
            var k = 0
            return steps.withUnsafeBufferPointer { RowRefill.reset(node, $0, &k) }
        }
        // The index's digits, written once on the stack for every text (`String(index)`).
        JSONWriting.withDecimal(index) { digits in
            steps.withUnsafeBufferPointer { steps in
                var k = 0
                guard let text else { return RowRefill.fill(node, steps, &k, digits, nil, nil) }
                var utf8 = text
                utf8.withUTF8 { RowRefill.fill(node, steps, &k, digits, text, $0) }
            }
        }
    }

    private static func fill(_ node: Node, _ steps: UnsafeBufferPointer<Step>, _ k: inout Int,
                             _ row: UnsafeBufferPointer<UInt8>, _ text: String?, _ rowText: UnsafeBufferPointer<UInt8>?) {
        let step = steps.baseAddress! + k
        k += 1
        if let name = step.pointee.name { node.name = name.text(index: row, rowText: nil) }
        if let label = step.pointee.label { node.label = label.text(index: row, rowText: rowText, whole: text) }
        if let pattern = step.pointee.text { node.madeAs(TextNode.self).text = pattern.text(index: row, rowText: rowText, whole: text) }
        reset(node, step.pointee.reset)
        for child in node.subnodes { fill(child, steps, &k, row, text, rowText) }
    }

    /// Resets what touches change in `node`'s subtree.
    private static func reset(_ node: Node, _ steps: UnsafeBufferPointer<Step>, _ k: inout Int) {
        reset(node, steps[k].reset)
        k += 1
        for child in node.subnodes { reset(child, steps, &k) }
    }

    private static func reset(_ node: Node, _ reset: Reset) {
        switch reset {
        case .none: break
        case .control(let selected):
            let control = node.madeAs(ControlNode.self)
            control.isHighlighted = false
            control.isSelected = selected
        case .slider(let selected, let value):
            let slider = node.madeAs(SliderNode.self)
            slider.isHighlighted = false
            slider.isSelected = selected
            slider.value = value
        }
    }
}
