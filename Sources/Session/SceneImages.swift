import ImageDecoding
import NodeCore
import SceneFormat

/// The images of a loaded scene, checked or decoded before anything runs (behaviour.md §17.4):
/// a `src` that does not decode is a scene error naming its file, line and key.
public enum SceneImages {
    /// How much of each image to read at load.
    public enum Loading {
        /// Read each file and check its header (a live window decodes on its worker).
        case checkHeaders
        /// Decode each image for `scale` now: replay, render and audit never depend on decode time.
        case decode(scale: Double)
    }

    /// Checks or decodes every file-backed image node of `root`; `sceneBytes` and `file` are
    /// the scene's, for the line of a failing `src`.
    public static func load(_ root: Node, _ loading: Loading, sceneBytes: [UInt8], file: String) throws(FormatError) {
        var failure: FormatError?
        root.forEachInSubtree { node in
            guard failure == nil, let image = node as? ImageNode, case let .file(path) = image.source else { return }
            do throws(ImageDecodingError) {
                let bytes = try ImageFile.read(path).bytes
                switch loading {
                case .checkHeaders:
                    _ = try ImageDecoder.sourceSize(of: bytes)
                case let .decode(scale):
                    let size = image.frame.size, mode = image.contentMode
                    let decoded = try ImageDecoder.decode(bytes) { width, height in
                        ImageNode.decodeSize(sourceWidth: width, sourceHeight: height, boundsSize: size, contentMode: mode,
                                             scale: scale)
                    }
                    image.setImage(decoded.pixels,
                                   sourceSize: Size(width: Double(decoded.sourceWidth), height: Double(decoded.sourceHeight)))
                }
            } catch {
                let location = SceneDecoder.location(ofKey: "src", inNodeNamed: image.name, of: sceneBytes)
                failure = FormatError(file: file, line: location?.line ?? 1, key: location?.keyPath ?? "src",
                                      message: "\(path): \(error)")
            }
        }
        if let failure { throw failure }
    }
}
