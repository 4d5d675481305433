import NodeCore

/// A row's nodes made over into another row's (behaviour.md §10.1): cheaper than making
/// new ones, and the same nodes in every respect a scene or a log can tell.
extension NodeDescription {
    /// Whether nodes made from this description can be made over: every kind but scroll
    /// nodes and lists, whose offsets, animations and rows a reuse would have to undo.
    var isReusable: Bool {
        kind != .scroll && kind != .list && children.allSatisfy(\.isReusable)
    }

    /// Makes `node`, made from this description for another row and out of the tree since,
    /// what `makeNode(row:)` makes for `row`: what touches change (a control's highlight, a
    /// toggle's position, a slider's value) is put back, then every key is set again with
    /// the new row's texts. The description must be reusable.
    func remake(_ node: Node, row: String) {
        if name.hasRowIndex { node.name = name.text(row: row) }
        if kind.isControl {
            let control = unsafeDowncast(node, to: ControlNode.self)
            control.isHighlighted = false
            control.isSelected = false
            if kind == .slider { unsafeDowncast(node, to: SliderNode.self).value = 0 }
        }
        configure(node, row: row)
        // Read in place: a description is large, and copying one per row was most of the cost.
        children.withUnsafeBufferPointer { children in
            for k in children.indices { children[k].remake(node.subnodes[k], row: row) }
        }
    }
}
