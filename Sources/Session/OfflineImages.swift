public import FileOutput
import ImageDecoding
public import NodeCore

/// Decodes on the calling thread, at once, every image a window shows without enough pixels
/// for `scale` (behaviour.md §17.4). Replay calls it after each layout, before the next event;
/// render and audit before they paint or sample. So images in list rows made after load (a
/// fetch, a scroll) have their pixels before anything looks at them, as a pure function of
/// the input and never of decode time.
public final class OfflineImages {
    public let scale: Double
    private var cache = DecodedImageCache(limit: 64 << 20)
    /// The tree's image nodes, found again when images joined or left it.
    private var images: [ImageNode] = []
    private var scannedVersion: Int?
    private var scannedRoot: ObjectIdentifier?
    /// Where a failure goes when the node has no error handler.
    private let report: (String) -> Void

    public init(scale: Double, report: @escaping (String) -> Void = { StandardError.writeLine("touchstone: \($0)") }) {
        self.scale = scale
        self.report = report
    }

    /// Decodes the images of `window`'s tree that need pixels; a failure keeps the placeholder
    /// and prints `image NAME: REASON`, as a live window does.
    public func decodeNeeded(in window: Window) {
        if scannedVersion != window.imageStructureVersion || scannedRoot != ObjectIdentifier(window.root) {
            scannedVersion = window.imageStructureVersion
            scannedRoot = ObjectIdentifier(window.root)
            images.removeAll(keepingCapacity: true)
            window.root.forEachInSubtree { node in
                if let image = node as? ImageNode { images.append(image) }
            }
        }
        for node in images where node.loadError == nil && node.needsPixels(scale: scale) {
            guard let request = ImageRequest(node, scale: scale) else { continue }
            let outcome = request.decode(using: &cache)
            if case let .failure(error) = outcome, node.errorHandler == nil { report("image \(node.name): \(error)") }
            node.apply(outcome)
        }
    }
}
