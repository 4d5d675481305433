public import AuditFormat
public import NodeCore
import Render
public import SceneFormat
package import TouchstoneApp

/// The tappable-area audit of a scene for `touchstone audit`.
public enum SceneAudit {
    /// The default `--min-size`: Apple's 44 pt.
    public static let defaultMinimumSize = Audit.defaultMinimumSize

    /// Writes the report on `window` to `sink` in chunks as it is formatted; returns whether
    /// it has findings. A failed write is an output error (status 1).
    package static func write(on window: Window, minimumSize: Double, json: Bool,
                             to sink: LineSink) throws(OutputError) -> Bool {
        let report = Audit.run(window: window, minimumSize: minimumSize)
        let notes = textNotes(in: window)
        var output = ChunkedOutput(sink: sink)
        if json {
            AuditJSONFormatter.write(report, textNotes: notes, to: &output)
        } else {
            AuditTableFormatter.write(report, textNotes: notes, to: &output)
        }
        try output.finish()
        return report.hasFindings
    }
}

extension SceneAudit {
    /// Audits `scene` at each of `sizes` (laid out at each, behaviour.md §15.1) and writes
    /// the merged report to `sink`; returns whether it has findings.
    package static func write(_ scene: Scene, sizes: [Size], minimumSize: Double, json: Bool,
                             to sink: LineSink) throws(OutputError) -> Bool {
        let audit = across(scene, sizes: sizes, minimumSize: minimumSize)
        var output = ChunkedOutput(sink: sink)
        output.write(json ? AuditAcrossSizesFormatter.formatJSON(audit) : AuditAcrossSizesFormatter.formatTable(audit))
        try output.finish()
        return audit.hasFindings
    }

    /// The audits of `scene` at `sizes`, merged. The scene's one tree is laid out at each
    /// size in turn.
    public static func across(_ scene: Scene, sizes: [Size], minimumSize: Double) -> AuditAcrossSizes {
        let measurer = TextMeasurer()
        let images = OfflineImages(scale: 1)
        return AuditAcrossSizes(sizes.map { size in
            let window = SceneWindow.make(scene, size: size, measurer: measurer, images: images).window
            return SizedAudit(size: size, report: Audit.run(window: window, minimumSize: minimumSize),
                              textNotes: textNotes(in: window))
        })
    }
}

/// Text gathered into chunks of `chunkSize` bytes, each written to a sink with one call;
/// the first failure stops further writes and is thrown by `finish()`.
struct ChunkedOutput: TextOutputStream {
    static let chunkSize = 1 << 16
    let sink: LineSink
    private var buffer: [UInt8] = []
    private var failure: OutputError?

    init(sink: LineSink) {
        self.sink = sink
        buffer.reserveCapacity(Self.chunkSize)
    }

    mutating func write(_ string: String) {
        guard failure == nil else { return }
        buffer += string.utf8
        if buffer.count >= Self.chunkSize { flush() }
    }

    mutating func finish() throws(OutputError) {
        flush()
        if let failure { throw failure }
    }

    private mutating func flush() {
        guard failure == nil, !buffer.isEmpty else { return }
        do throws(OutputError) { try sink.write(bytes: buffer) } catch { failure = error }
        buffer.removeAll(keepingCapacity: true)
    }
}

extension SceneAudit {
    /// The whole report as text (a table, or JSON) and whether it has findings.
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
                    // Without a renderer (no canvas) text is measured as it is without fonts.
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
