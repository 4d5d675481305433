import AuditFormat
import NodeCore
import Render
import SceneFormat

/// The tappable-area audit of a scene for `touchstone audit`.
public enum SceneAudit {
    /// The default `--min-size`: Apple's 44 pt.
    public static let defaultMinimumSize = Audit.defaultMinimumSize

    /// The report on `window` as a table, or as JSON, and whether it has findings. Labels
    /// and text that do not fit their nodes are noted (they are not findings).
    public static func report(on window: Window, minimumSize: Double, json: Bool) -> (text: String, hasFindings: Bool) {
        let report = Audit.run(window: window, minimumSize: minimumSize)
        let notes = textNotes(in: window)
        let text = json ? AuditJSONFormatter.format(report, textNotes: notes)
                        : AuditTableFormatter.format(report, textNotes: notes)
        return (text, report.hasFindings)
    }

    /// Every visible node whose label or text is truncated or clipped, laid out as
    /// `touchstone render` sets it at scale 1; none when no font can be opened.
    static func textNotes(in window: Window) -> [AuditTextNote] {
        var notes: [AuditTextNote] = []
        var renderer: Renderer?
        func visit(_ node: Node) {
            guard !node.isHidden else { return }
            let hasText = (node as? TextNode).map { !$0.text.isEmpty } ?? false
            if hasText || !(node.label ?? "").isEmpty {
                if renderer == nil {
                    renderer = try? Renderer(window: window, background: .white)
                    renderer?.warningHandler = { _ in }
                }
                if let fit = renderer?.textFit(of: node), !fit.fits {
                    notes.append(AuditTextNote(node: node.name, part: hasText ? "text" : "label",
                                               isTruncated: fit.isTruncated, isClipped: fit.isClipped))
                }
            }
            for child in node.subnodes { visit(child) }
        }
        visit(window.root)
        return notes
    }
}
