public import NodeCore

/// Whether a node's text fits its bounds (see `Renderer.textFit(of:)`).
public struct TextFit: Hashable, Sendable {
    /// Text that did not fit was replaced by an ellipsis (text nodes).
    public var isTruncated: Bool
    /// Some text reaches past the bounds and is cut off at the edges.
    public var isClipped: Bool

    public var fits: Bool { !isTruncated && !isClipped }
}

extension Renderer {
    /// Whether `node`'s label, or a text node's text, fits its bounds at this scale; nil
    /// when it has none or no font can be opened.
    public func textFit(of node: Node) -> TextFit? {
        guard let glyphs = glyphs() else { return nil }
        let rect = PixelRect(snapping: Rect(origin: .zero, size: node.frame.size), scale: scale)
        var fit: TextFit?
        for (text, style) in texts(of: node) {
            guard let layout = glyphs.fit(text, style: style, width: rect.width, height: rect.height) else { continue }
            let previous = fit ?? TextFit(isTruncated: false, isClipped: false)
            fit = TextFit(isTruncated: previous.isTruncated || layout.isTruncated,
                          isClipped: previous.isClipped || layout.isClipped)
        }
        return fit
    }

    /// Paints a text node's text, then the node's label; `local` is the node in surface pixels.
    func paintText(of node: Node, in local: PixelRect, target: PaintTarget) {
        if let textNode = node as? TextNode, !textNode.text.isEmpty, textNode.textColor.alpha > 0, let glyphs = glyphs() {
            glyphs.draw(textNode.text, style: style(of: textNode), in: local, visible: target.visible,
                        color: PremultipliedColor(textNode.textColor), on: target.surface)
        }
        let labelColor = node.currentLabelColor
        if let label = node.label, !label.isEmpty, labelColor.alpha > 0, let glyphs = glyphs() {
            glyphs.draw(label, style: .label(size: textSize(points: node.labelFontSize)), in: local,
                        visible: target.visible, color: PremultipliedColor(labelColor), on: target.surface)
        }
    }

    /// The texts `node` paints, each with how it is set.
    private func texts(of node: Node) -> [(String, TextStyle)] {
        var result: [(String, TextStyle)] = []
        if let textNode = node as? TextNode, !textNode.text.isEmpty { result.append((textNode.text, style(of: textNode))) }
        if let label = node.label, !label.isEmpty {
            result.append((label, .label(size: textSize(points: node.labelFontSize))))
        }
        return result
    }

    private func style(of node: TextNode) -> TextStyle {
        TextStyle(size: textSize(points: node.fontSize), isLabel: false, alignment: node.alignment,
                  maximumLines: max(node.maximumLines, 0))
    }

    /// `points` at this scale in 26.6 pixels (glyphs follow a fractional scale exactly).
    private func textSize(points: Double) -> Int {
        GlyphRenderer.size64(scale.pixels(points))
    }
}
