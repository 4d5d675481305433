import NodeCore

extension Renderer {
    /// Paints a text field's content (behaviour.md §16): the selection behind the text, the
    /// text on one line (bullets when secure, the placeholder in grey when empty) scrolled by
    /// the field's `scrollOffset`, the preedit underlined, and the caret 2 points wide in the
    /// text color while editing and shown. All of it clipped to the field's text area.
    /// `local` is the field in surface pixels, its origin at window point (`x`, `y`).
    func paintTextField(_ field: TextFieldNode, x: Double, y: Double, local: PixelRect, in target: PaintTarget) {
        let inset = TextFieldNode.textInset
        let area = target.local(PixelRect(snapping: Rect(x: x + inset, y: y, width: field.textWidth, height: field.frame.height),
                                          scale: scale))
        let clip = target.clip.copy()
        clip.intersect(area)
        guard !clip.isEmpty else { return }
        let surface = target.surface
        surface.setClip(clip)
        defer { surface.setClip(target.clip) }

        let lineHeight = field.fontSize * TextFieldNode.lineHeightFactor
        let top = (field.frame.height - lineHeight) / 2
        /// A span of the line, from caret x `from` to `to` (field points), in surface pixels.
        func span(_ from: Double, _ to: Double, top spanTop: Double, height: Double) -> PixelRect {
            target.local(PixelRect(snapping: Rect(minX: x + min(from, to), minY: y + spanTop,
                                                  maxX: x + max(from, to), maxY: y + spanTop + height), scale: scale))
        }
        let metrics = field.metrics
        let shown = field.displayedText
        func caretX(_ offset: Int) -> Double {
            inset - field.scrollOffset + metrics.caretX(atOffset: offset, in: shown, fontSize: field.fontSize)
        }

        if field.isEditing, !field.selection.isEmpty {
            surface.fill(span(caretX(field.selection.lowerBound), caretX(field.selection.upperBound), top: top, height: lineHeight),
                         color: PremultipliedColor(field.selectionColor))
        }

        let text = shown.isEmpty ? field.placeholder : shown
        let color = shown.isEmpty ? field.placeholderColor : field.textColor
        if !text.isEmpty, color.alpha > 0, let glyphs = glyphs() {
            let size = GlyphRenderer.size64(scale.pixels(field.fontSize))
            if let measured = glyphs.measure(text, pixelSize: scale.pixels(field.fontSize)) {
                // The line starts at the text's left edge, scrolled; its box is as wide as the
                // text so that a label's centering places it exactly there.
                let left = target.local(PixelRect(snapping: Rect(x: x + inset - field.scrollOffset, y: y + top, width: 0,
                                                                 height: lineHeight), scale: scale))
                let box = PixelRect(x: left.x, y: left.y, width: measured.width, height: left.height)
                glyphs.draw(text, style: .label(size: size), in: box, visible: area.intersection(target.visible),
                            color: PremultipliedColor(color), on: surface)
            }
        }

        if let preedit = field.preedit {
            let start = field.caret
            surface.fill(span(caretX(start), caretX(start + preedit.text.count), top: top + lineHeight - 1, height: 1),
                         color: PremultipliedColor(field.textColor))
        }

        if field.isEditing, field.isCaretShown {
            let at = field.caretX
            surface.fill(span(at - TextFieldNode.caretWidth / 2, at + TextFieldNode.caretWidth / 2, top: top, height: lineHeight),
                         color: PremultipliedColor(field.textColor))
        }
    }
}
