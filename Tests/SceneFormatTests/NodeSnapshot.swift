@testable import NodeCore
@testable import SceneFormat

/// Every property a scene key sets, a control's highlight (which touches set, and a reused
/// row must put back), and the same for the subtree (a list's live rows included), one line per node.
func snapshot(_ node: Node, depth: Int = 0) -> String {
    var fields: [Any] = [type(of: node), node.name, node.frame, node.hitTestSlop, node.isHidden, node.alpha,
                         node.isUserInteractionEnabled, node.clipsToBounds, node.backgroundColor, node.borderColor,
                         node.borderWidth, node.label as Any, node.labelColor, node.labelFontSize, node.hitShape as Any, node.boundsOrigin,
                         node.layout as Any, node.style, node.contentInsets]
    if let control = node as? ControlNode {
        fields += [control.isEnabled, control.isSelected, control.isHighlighted, control.dragTolerance,
                   control.highlightedColor as Any, control.disabledColor as Any, control.selectedColor as Any,
                   control.labelHighlightedColor as Any, control.labelSelectedColor as Any, control.labelDisabledColor as Any,
                   control.eventValue as Any]
    }
    if let scroll = node as? ScrollNode {
        fields += [scroll.contentSize, scroll.contentOffset, scroll.contentInset, scroll.isScrollEnabled, scroll.bounces,
                   scroll.alwaysBounceVertical, scroll.alwaysBounceHorizontal, scroll.delaysContentTouches,
                   scroll.canCancelContentTouches, scroll.cancelsControlTouches, scroll.decelerationRate, scroll.scrollSlop,
                   scroll.contentTouchDelay]
    }
    if let list = node as? ListNode {
        let source = list.dataSource as? SceneListSource
        fields += [list.rowExtent, list.isHorizontal, list.isInverted, list.leadingScreensForBatching, list.numberOfRows,
                   list.liveRowIndices, source?.fetch.map { [$0.batch, $0.delay, $0.total] as [Any] } as Any,
                   list.batchFetchingDelegate === source]
    }
    if let text = node as? TextNode {
        fields += [text.text, text.fontSize, text.textColor, text.alignment, text.maximumLines]
    }
    let line = String(repeating: "  ", count: depth) + fields.map { String(describing: $0) }.joined(separator: " | ")
    return ([line] + node.subnodes.map { snapshot($0, depth: depth + 1) }).joined(separator: "\n")
}
