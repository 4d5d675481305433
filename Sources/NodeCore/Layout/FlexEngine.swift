/// The flexbox algorithm (behaviour.md §15). Skeleton: sizes leaves only.
struct FlexEngine {
    let measurer: (any LayoutMeasuring)?

    func size(of node: Node, fitting range: SizeRange, isRTL: Bool) -> Size {
        range.min
    }

    func layOutRoot(_ node: Node, isRTL: Bool) {}

    func visit(_ node: Node) {}
}
