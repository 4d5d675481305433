import CWaylandClient
import Glibc

/// Creating shared-memory buffers failed.
public enum ShmError: Error, Equatable, CustomStringConvertible {
    case memfd(SystemCallError)
    case resize(SystemCallError)
    case map(SystemCallError)
    case tooLarge(PixelSize)

    public var description: String {
        switch self {
        case let .memfd(error): "cannot create shared memory: \(error)"
        case let .resize(error): "cannot size shared memory: \(error)"
        case let .map(error): "cannot map shared memory: \(error)"
        case let .tooLarge(size): "buffer \(size) is too large for wl_shm"
        }
    }
}

/// Writable pixels of one buffer: ARGB8888, premultiplied alpha, native-endian 32-bit words.
///
/// Valid only until the buffer is committed; a renderer paints straight into it (no copy).
/// Apps reach the memory only inside `withPixels`; the package's renderer keeps a canvas
/// over it for the buffer's life (`pixels`).
public struct PixelBufferView {
    package let pixels: UnsafeMutableRawPointer
    /// Bytes per row.
    public let stride: Int
    public let width: Int
    public let height: Int

    /// Runs `body` with the buffer's memory (`height` rows of `stride` bytes); valid only
    /// inside `body`.
    public func withPixels<Result, Failure: Error>(
        _ body: (UnsafeMutableRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(UnsafeMutableRawBufferPointer(start: pixels, count: stride * height))
    }

    /// Fills `rect` with one premultiplied ARGB value.
    public func fill(_ rect: PixelRect, argb: UInt32) {
        let clipped = rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        guard !clipped.isEmpty else { return }
        for row in clipped.y ..< clipped.y + clipped.height {
            let start = (pixels + row * stride).assumingMemoryBound(to: UInt32.self) + clipped.x
            start.update(repeating: argb, count: clipped.width)
        }
    }
}

/// One memfd-backed `wl_buffer` with its mapping.
public final class ShmBuffer {
    public let size: PixelSize
    public let stride: Int
    let memory: UnsafeMutableRawPointer
    let byteCount: Int
    let buffer: WlBuffer

    init(shm: WlShm, size: PixelSize) throws(ShmError) {
        guard size.width > 0, size.height > 0, size.width <= 16384, size.height <= 16384 else {
            throw .tooLarge(size)
        }
        let stride = size.width * 4
        let byteCount = stride * size.height
        let fd: Int32
        do throws(SystemCallError) {
            fd = try AnonymousMemory.create(name: "touchstone-shm")
        } catch { throw .memfd(error) }
        defer { close(fd) }
        do throws(SystemCallError) {
            try retryingEINTR("ftruncate") { ftruncate(fd, off_t(byteCount)) }
        } catch { throw .resize(error) }
        let mapped = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)
        guard let mapped, mapped != MAP_FAILED else {
            throw .map(SystemCallError(call: "mmap", errno: Glibc.errno))
        }
        let pool = shm.createPool(fd: fd, size: Int32(byteCount))
        buffer = pool.createBuffer(offset: 0, width: Int32(size.width), height: Int32(size.height),
                                   stride: Int32(stride), format: .argb8888)
        // The buffer keeps the memory alive on the compositor side; the pool can go now.
        pool.destroy()
        self.size = size
        self.stride = stride
        self.memory = mapped
        self.byteCount = byteCount
    }

    deinit {
        munmap(memory, byteCount)
    }

    public var view: PixelBufferView {
        PixelBufferView(pixels: memory, stride: stride, width: size.width, height: size.height)
    }
}

/// The buffers of one surface: a `SwapChain` over memfd-backed `wl_buffer`s.
///
/// Only `wl_buffer.release` marks a buffer free again.
public final class ShmBufferPool {
    private let shm: WlShm
    private var chain = SwapChain<ShmBuffer>()
    private var currentSize: PixelSize?

    init(shm: WlShm) {
        self.shm = shm
    }

    /// Buffers currently committed and not yet released.
    public var busyCount: Int { chain.busyCount }
    /// Buffers alive (busy or idle).
    public var bufferCount: Int { chain.slots.count }

    /// An idle buffer of `size` and the region to repaint in it, or nil when every buffer is busy.
    public func acquire(size: PixelSize, damage: DamageRegion) throws(ShmError) -> SwapChain<ShmBuffer>.Acquired? {
        currentSize = size
        let acquired = try chain.acquire(size: size, damage: damage) { (size) throws(ShmError) -> ShmBuffer in
            let buffer = try ShmBuffer(shm: shm, size: size)
            return buffer
        }
        if let acquired, acquired.age == 0 { watchRelease(of: acquired) }
        return acquired
    }

    private func watchRelease(of acquired: SwapChain<ShmBuffer>.Acquired) {
        let id = acquired.id
        acquired.storage.buffer.onEvent = { [weak self] event in
            switch event {
            case .release:
                guard let self else { return }
                chain.release(id: id, currentSize: currentSize)
            }
        }
    }

    /// Marks buffer `id` busy after it was attached and committed with `damage`.
    public func submitted(id: Int, damage: DamageRegion) {
        chain.submit(id: id, damage: damage)
    }
}
