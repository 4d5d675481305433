/// Decoded images by file, modification time and pixel size, bounded in bytes: the least
/// recently used go first. Owned by one decoding thread; not shared.
public struct DecodedImageCache {
    private struct Key: Hashable {
        let path: String
        let modified: Int64
        let width: Int
        let height: Int
    }

    /// The most bytes of pixels kept.
    public let limit: Int
    public private(set) var byteCount = 0
    private var entries: [Key: (image: DecodedImage, lastUse: Int)] = [:]
    /// The size each file's source was last decoded from, so a hit needs no header read.
    private var sourceSizes: [String: (modified: Int64, width: Int, height: Int)] = [:]
    private var clock = 0
    /// Decodes that found their pixels here (for tests and the benchmark).
    public private(set) var hits = 0

    public init(limit: Int) {
        self.limit = limit
    }

    /// The image of the file at `path` at the size `size` asks for its source size: from
    /// the cache when this version of the file was decoded at that size, else decoded now.
    public mutating func image(path: String,
                               size: @escaping (_ width: Int, _ height: Int) -> (width: Int, height: Int))
        throws(ImageDecodingError) -> DecodedImage {
        clock += 1
        if let modified = ImageFile.modificationTime(of: path), let known = sourceSizes[path], known.modified == modified {
            let wanted = size(known.width, known.height)
            let key = Key(path: path, modified: modified, width: wanted.width, height: wanted.height)
            if let entry = entries[key] {
                entries[key] = (entry.image, clock)
                hits += 1
                return entry.image
            }
        }
        let file = try ImageFile.read(path)
        let image = try ImageDecoder.decode(file.bytes, size: size)
        sourceSizes[path] = (file.modified, image.sourceWidth, image.sourceHeight)
        let wanted = size(image.sourceWidth, image.sourceHeight)
        insert(image, Key(path: path, modified: file.modified, width: wanted.width, height: wanted.height))
        return image
    }

    private mutating func insert(_ image: DecodedImage, _ key: Key) {
        let bytes = image.pixels.byteCount
        guard bytes <= limit else { return }
        if let old = entries.removeValue(forKey: key) { byteCount -= old.image.pixels.byteCount }
        while byteCount + bytes > limit, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries.removeValue(forKey: oldest.key)
            byteCount -= oldest.value.image.pixels.byteCount
        }
        entries[key] = (image, clock)
        byteCount += bytes
    }
}
