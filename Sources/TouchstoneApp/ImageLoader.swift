import FileOutput
import ImageDecoding
import NodeCore

/// The loop's side of image decoding (behaviour.md §17.5): sends the image nodes a frame
/// painted without enough pixels to the worker, and when results come back (the loop
/// watches the worker's pipe) gives each node its pixels, which damages it: the frame
/// after completion paints the image. Runs on the loop's thread only.
final class ImageLoader {
    /// Bytes of decoded pixels the worker's cache keeps.
    static let cacheLimit = 64 << 20

    let worker: ImageDecodeWorker
    /// Jobs on the worker, with the node and what they were asked for.
    private var inFlight: [Int: (node: Weak, request: ImageRequest)] = [:]
    private var nextID = 0
    /// Where a failure goes when the node has no error handler.
    private let report: (String) -> Void

    init?(report: @escaping (String) -> Void) {
        guard let worker = ImageDecodeWorker(cacheLimit: ImageLoader.cacheLimit) else { return nil }
        self.worker = worker
        self.report = report
    }

    /// Sends each node's decode to the worker, unless the same one is on its way.
    func request(_ nodes: [ImageNode], scale: Double) {
        for node in nodes {
            guard let request = ImageRequest(node, scale: scale) else { continue }
            let pending = inFlight.values.contains {
                $0.node.node === node && $0.request.scale >= scale && $0.request.boundsSize == request.boundsSize
            }
            guard !pending else { continue }
            nextID += 1
            inFlight[nextID] = (Weak(node), request)
            worker.submit(ImageDecodeJob(id: nextID, request: request))
        }
    }

    /// Gives finished decodes to their nodes (those still showing the same source).
    func deliver() {
        for result in worker.takeResults() {
            guard let job = inFlight.removeValue(forKey: result.id), let node = job.node.node,
                  node.source == job.request.source else { continue }
            if case let .failure(error) = result.outcome, node.errorHandler == nil { report("image \(node.name): \(error)") }
            node.apply(result.outcome)
        }
    }

    /// A node held weakly: one removed from the tree while it decodes is let go.
    struct Weak {
        weak var node: ImageNode?
        init(_ node: ImageNode) { self.node = node }
    }
}
