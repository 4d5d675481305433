package import NodeCore
package import Render

/// Keeps a window laid out (behaviour.md §15.1): the first pass, and one again whenever a
/// laid-out property, a measured text or the window's size changed. A tree with no
/// `layout` anywhere is left alone (its frames are the scene's), unless `always`.
package struct WindowLayout {
    /// Measures text nodes and labels; one for the window's life, so its cache lasts.
    package let measurer: TextMeasurer
    /// Whether the window is laid out at all.
    package let isActive: Bool

    package init(root: Node, always: Bool = false, measurer: TextMeasurer = TextMeasurer()) {
        self.measurer = measurer
        isActive = always || Self.usesLayout(root)
    }

    /// Lays out what changed since the last pass; returns whether a pass ran.
    @discardableResult
    package func update(_ window: Window) -> Bool {
        guard isActive, window.root.needsLayout || window.root.frame.size != window.size else { return false }
        window.layoutIfNeeded(measurer: measurer)
        return true
    }

    /// The smallest size `root` can be laid out at (`Node.minimumLayoutSize`), in whole
    /// points rounded up: a laid-out window's default minimum (`xdg_toplevel.set_min_size`,
    /// capped at the largest output by `WindowChrome`).
    package func minimumSize(of root: Node) -> Size {
        let size = root.minimumLayoutSize(measurer: measurer)
        return Size(width: size.width.rounded(.up), height: size.height.rounded(.up))
    }

    /// Whether `root` or a node under it lays out its children.
    package static func usesLayout(_ root: Node) -> Bool {
        var found = false
        // A self-sizing list's rows are laid out even before it has any.
        root.forEachInSubtree { found = found || $0.layout != nil || ($0 as? ListNode)?.hasSelfSizingRows == true }
        return found
    }
}
