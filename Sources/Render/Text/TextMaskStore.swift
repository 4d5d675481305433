// The first frame's text masks, kept on disk between runs.
#if canImport(Glibc)
import Glibc
#endif
internal import CPixman
import Synchronization

/// The text masks of a run's first frame, kept in one file between runs, so a start whose
/// texts were drawn before takes their masks from the file and opens no font at all:
/// FreeType's face, HarfBuzz's first shaping and the glyph bitmaps were 1.8 M of the 6.6 M
/// instructions from start to the first frame (docs/performance.md).
///
/// The file names what made the masks: the label font's file, the executable and the text
/// libraries, each by device, inode, size and modification time. When any of them differs,
/// or the file cannot be read, every lookup misses and text is shaped as without the store;
/// the store never changes a pixel. Only masks set wholly in the label font are kept (a
/// fallback font's file is not in the fingerprint). Not thread-safe: one per glyph renderer.
final class TextMaskStore {
    let file: String
    /// What made the masks, as written at the head of the file.
    let fingerprint: [UInt8]
    /// The file's bytes and where each key's entry starts in them, while lookups may come.
    private var stored: [UInt8] = []
    private var offsets: [String: Int] = [:]
    /// The masks this run used until `save`, each holding a reference to its image, and
    /// whether each came from the file.
    private var used: [(key: String, mask: TextMask, fromFile: Bool)] = []
    private var usedBytes = 0
    private var isSaved = false

    /// Most mask bytes kept: the first frame of a text-heavy 1080p scene.
    static let byteLimit = 8 << 20
    private static let magic = Array("touchstone text masks 1\n".utf8)

    /// The store at `file` for masks set in `font`; reads the file now (a missing or stale
    /// one holds nothing).
    init(file: String, font: FontFile) {
        self.file = file
        fingerprint = Self.fingerprint(font: font)
        if let bytes = CacheFiles.read(file, limit: 2 * Self.byteLimit) { index(bytes) }
    }

    deinit {
        for entry in used { pixman_image_unref(entry.mask.image) }
    }

    /// `first-frame-text` in the cache folder for masks set in `font`, one store per process
    /// (the window's renderers, content and title bar, share it); nil without a folder.
    static func standard(font: FontFile) -> TextMaskStore? {
        guard let folder = CacheFiles.folder else { return nil }
        return shared.withLock { stores in
            if let store = stores[font] { return store.value }
            let store = TextMaskStore(file: folder + "/first-frame-text", font: font)
            stores[font] = UncheckedBox(value: store)
            return store
        }
    }

    /// Saves the process's stores (`save`).
    static func saveShared() {
        for box in shared.withLock({ Array($0.values) }) { box.value.save() }
    }

    /// The process's stores, made and used on the loop thread only.
    private struct UncheckedBox: @unchecked Sendable {
        let value: TextMaskStore
    }
    private static let shared = Mutex<[FontFile: UncheckedBox]>([:])

    /// Whether the file held masks made as this run would make them.
    var hasMasks: Bool { !offsets.isEmpty }

    /// The stored mask for `key` as a new image, or nil.
    func mask(for key: TextMaskKey) -> TextMask? {
        let name = Self.name(of: key)
        guard let offset = offsets[name], let mask = decode(at: offset) else { return nil }
        remember(name, mask, fromFile: true)
        return mask
    }

    /// Notes a mask made this run, to be written by `save` when it was set in the label font only.
    func record(_ mask: TextMask, for key: TextMaskKey, labelFontOnly: Bool) {
        guard labelFontOnly else { return }
        remember(Self.name(of: key), mask, fromFile: false)
    }

    /// Writes the masks used so far as the file (unless they are exactly what it held) and
    /// stops keeping them: called once the first frame went out.
    func save() {
        guard !isSaved else { return }
        isSaved = true
        defer {
            for entry in used { pixman_image_unref(entry.mask.image) }
            used = []
            stored = []
            offsets = [:]
        }
        if used.allSatisfy(\.fromFile), used.count == offsets.count { return }
        var bytes = Self.magic
        append(UInt32(fingerprint.count), to: &bytes)
        bytes += fingerprint
        for (name, mask, _) in used { encode(mask, named: name, into: &bytes) }
        CacheFiles.write(bytes, to: file)
    }

    private func remember(_ name: String, _ mask: TextMask, fromFile: Bool) {
        let size = Int(pixman_image_get_width(mask.image)) * Int(pixman_image_get_height(mask.image))
        guard !isSaved, usedBytes + size <= Self.byteLimit, !used.contains(where: { $0.key == name }) else { return }
        pixman_image_ref(mask.image)
        used.append((name, mask, fromFile))
        usedBytes += size
    }

    /// A key as the file names it: every field, then the text. (Only strings and integers are
    /// interpolated: printing an enum reflects on it, which searched every conformance of the
    /// binary, 2.6 M instructions.)
    private static func name(of key: TextMaskKey) -> String {
        let crop = key.crop.map { "\($0.x),\($0.y),\($0.width),\($0.height)" } ?? "-"
        let style = key.style
        return "\(style.size) \(style.isLabel ? 1 : 0) \(style.alignment.rawValue) \(style.maximumLines) "
            + "\(key.width)x\(key.height) \(crop)\n\(key.text)"
    }

    // MARK: The file

    // After the magic and the fingerprint (a 32-bit length, then its bytes), entries to the
    // end: the name (length, bytes), the ink box (x, y, width, height), the truncated and
    // clipped flags (one 32-bit word each), the mask's width and height, then its rows of
    // coverage without padding. Numbers are 32-bit, in the machine's byte order.

    private func index(_ bytes: [UInt8]) {
        guard bytes.starts(with: Self.magic) else { return }
        var at = Self.magic.count
        guard let length = read(bytes, &at), at + Int(length) <= bytes.count,
              bytes[at ..< at + Int(length)].elementsEqual(fingerprint) else { return }
        at += Int(length)
        var offsets: [String: Int] = [:]
        while at < bytes.count {
            let start = at
            guard let nameLength = read(bytes, &at), at + Int(nameLength) <= bytes.count else { return }
            let name = String(decoding: bytes[at ..< at + Int(nameLength)], as: UTF8.self)
            at += Int(nameLength) + 6 * 4
            guard let width = read(bytes, &at), let height = read(bytes, &at),
                  case let size = Int(width) * Int(height), size <= bytes.count - at else { return }
            at += size
            offsets[name] = start
        }
        stored = bytes
        self.offsets = offsets
    }

    private func decode(at offset: Int) -> TextMask? {
        var at = offset
        guard let nameLength = read(stored, &at) else { return nil }
        at += Int(nameLength)
        var numbers: [Int] = []
        for _ in 0 ..< 8 {
            guard let number = read(stored, &at) else { return nil }
            numbers.append(Int(Int32(bitPattern: number)))
        }
        let width = numbers[6], height = numbers[7]
        guard width > 0, height > 0,
              let image = pixman_image_create_bits(PIXMAN_a8, Int32(width), Int32(height), nil, 0),
              let data = pixman_image_get_data(image) else { return nil }
        let stride = Int(pixman_image_get_stride(image))
        stored.withUnsafeBytes { source in
            for row in 0 ..< height {
                (UnsafeMutableRawPointer(data) + row * stride)
                    .copyMemory(from: source.baseAddress! + at + row * width, byteCount: width)
            }
        }
        return TextMask(image: image, ink: PixelRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]),
                        isTruncated: numbers[4] != 0, isClipped: numbers[5] != 0)
    }

    private func encode(_ mask: TextMask, named name: String, into bytes: inout [UInt8]) {
        let image = mask.image
        let width = Int(pixman_image_get_width(image)), height = Int(pixman_image_get_height(image))
        let stride = Int(pixman_image_get_stride(image))
        append(UInt32(name.utf8.count), to: &bytes)
        bytes += name.utf8
        for number in [mask.ink.x, mask.ink.y, mask.ink.width, mask.ink.height,
                       mask.isTruncated ? 1 : 0, mask.isClipped ? 1 : 0, width, height] {
            append(UInt32(bitPattern: Int32(truncatingIfNeeded: number)), to: &bytes)
        }
        guard let data = pixman_image_get_data(image) else { return }
        for row in 0 ..< height {
            bytes += UnsafeRawBufferPointer(start: UnsafeRawPointer(data) + row * stride, count: width)
        }
    }

    private func read(_ bytes: [UInt8], _ at: inout Int) -> UInt32? {
        guard at + 4 <= bytes.count else { return nil }
        defer { at += 4 }
        return bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: at, as: UInt32.self) }
    }

    private func append(_ number: UInt32, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: number) { bytes += $0 }
    }

    // MARK: The fingerprint

    /// The libraries whose work is in a mask: shaping, bidi, line breaking, glyphs, compositing.
    private static let libraries: [StaticString] = ["libharfbuzz.", "libfreetype.", "libfribidi.", "libunibreak.", "libpixman-"]

    /// The font file, the executable and the text libraries, each by path and identity. (Made
    /// of bytes and C strings: Swift's `Character` walks over library paths cost 0.5 M
    /// instructions.)
    static func fingerprint(font: FontFile) -> [UInt8] {
        var bytes = Array("font \(font.faceIndex) \(identity(of: font.path)) \(font.path)\n".utf8)
        bytes += "executable \(identity(of: "/proc/self/exe"))\n".utf8
        // The loader's list of loaded objects (link.h's `_r_debug`, found through `dlsym`: a C
        // global is not concurrency-safe to Swift), read while no load changes it, in its order.
        let program = dlopen(nil, RTLD_LAZY)
        defer { if let program { dlclose(program) } }
        let debug = dlsym(program, "_r_debug")?.assumingMemoryBound(to: r_debug.self).pointee
        var object = debug.flatMap { $0.r_state == RT_CONSISTENT ? $0.r_map : nil }
        while let loaded = object {
            object = loaded.pointee.l_next
            guard let name = loaded.pointee.l_name, name.pointee != 0 else { continue }
            let file = strrchr(name, Int32(UInt8(ascii: "/"))).map { $0 + 1 } ?? name
            guard libraries.contains(where: { prefix in
                strncmp(file, UnsafeRawPointer(prefix.utf8Start).assumingMemoryBound(to: CChar.self), prefix.utf8CodeUnitCount) == 0
            }) else { continue }
            let path = String(cString: name)
            bytes += "library \(identity(of: path)) \(path)\n".utf8
        }
        return bytes
    }

    /// Device, inode, size and modification time of `path` (following links), or "missing".
    private static func identity(of path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return "missing" }
        return "\(info.st_dev):\(info.st_ino):\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }
}
