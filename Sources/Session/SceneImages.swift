import ImageDecoding
public import NodeCore
public import SceneFormat

/// What a command does with a scene. It decides, here and nowhere else, how much of the
/// scene's images is read at load (behaviour.md §17.4).
public enum SceneUse: Sendable {
    /// `touchstone layout`: frames only.
    case layout
    /// `touchstone run` and `run --headless`: a live window decodes on its worker.
    case live
    /// `replay`, `render`, `audit` and `check`: images decoded for `scale` before anything
    /// runs, so the output never depends on decode time.
    case offline(scale: Double)

    /// How much of each image to read at load.
    var imageLoading: SceneImages.Loading {
        switch self {
        // Layout needs the images' sizes (their intrinsic sizes), not their pixels; so does a
        // live window's first layout, before its worker has decoded anything.
        case .layout, .live: .headers
        case let .offline(scale): .decode(scale: scale)
        }
    }

    /// What decodes the images a window needs after load (rows made later, a new size):
    /// for offline commands, nil live (the window's worker does) and for layout.
    public func decoder() -> OfflineImages? {
        guard case let .offline(scale) = self else { return nil }
        return OfflineImages(scale: scale)
    }
}

/// The images of a loaded scene, checked or decoded before anything runs (behaviour.md §17.4):
/// a `src` that does not decode is a scene error naming its file, line and key.
public enum SceneImages {
    /// How much of each image to read at load.
    public enum Loading: Sendable {
        /// Read each file's header: its size becomes the node's intrinsic size.
        case headers
        /// Decode each image for `scale` now (a truncated file fails here, not later).
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
                case .headers:
                    let size = try ImageDecoder.sourceSize(of: bytes)
                    image.setSourceSize(Size(width: Double(size.width), height: Double(size.height)))
                case let .decode(scale):
                    let size = image.frame.size, mode = image.contentMode
                    let decoded = try ImageDecoder.decode(bytes) { width, height in
                        ImageNode.decodeSize(sourceWidth: width, sourceHeight: height, boundsSize: size, contentMode: mode,
                                             scale: scale)
                    }
                    image.apply(.success(decoded))
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
