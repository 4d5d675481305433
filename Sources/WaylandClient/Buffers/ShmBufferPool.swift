import CWaylandClient
import Glibc
import MemoryEdges
public import SystemCalls

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
/// over it for the buffer's life (`pixels`). The view keeps its memory mapped, and it
/// cannot outlive a move of the buffer in it (`ShmMemory.shiftRows`): a view of the old place
/// is no longer `isCurrent`, and reaching its pixels then fails a debug-build check.
public struct PixelBufferView {
    /// Held, so the pixels stay mapped for as long as any view of them exists.
    private let memory: ShmMemory
    /// `memory.moves` when the view was made: where the buffer was in the memory.
    package let move: Int
    /// Bytes per row.
    public let stride: Int
    public let width: Int
    public let height: Int

    init(memory: ShmMemory) {
        self.memory = memory
        move = memory.moves
        stride = memory.stride
        width = memory.width
        height = memory.height
    }

    /// The memory's `serial`: which memory the pixels are in, even when a freed memory's
    /// address is reused for another.
    package var memorySerial: Int { memory.serial }

    /// False once the buffer moved in its memory (`shiftRows`) since the view was made.
    public var isCurrent: Bool { memory.moves == move }

    /// The first pixel. The view must be current: after a move these are other rows' pixels.
    package var pixels: UnsafeMutableRawPointer {
        assert(isCurrent, "a view of shm pixels used after its memory's shiftRows")
        return memory.pixelsNow
    }

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

/// One buffer of a surface: its memory (`ShmMemory`) and the `wl_buffer` over where the
/// buffer is in it now. Scrolling moves the buffer in its memory; the next attach then
/// gets a new `wl_buffer` at the new offset from the pool kept for it.
public final class ShmBuffer {
    public let size: PixelSize
    public let memory: ShmMemory
    private let pool: WlShmPool
    private var current: (buffer: WlBuffer, offset: Int)
    /// Called on `wl_buffer.release` of whichever `wl_buffer` was attached last.
    var onRelease: (() -> Void)?

    convenience init(shm: WlShm, size: PixelSize, scrolling: Bool) throws(ShmError) {
        self.init(shm: shm, memory: try ShmMemory(width: size.width, height: size.height,
                                                  poolSize: scrolling ? ShmMemory.scrollingPoolSize : nil))
    }

    init(shm: WlShm, memory: ShmMemory) {
        self.memory = memory
        pool = shm.createPool(fd: memory.fd, size: Int32(memory.capacity))
        size = PixelSize(width: memory.width, height: memory.height)
        current = (Self.makeBuffer(pool: pool, memory: memory, size: size), memory.offset)
        watch(current.buffer)
    }

    deinit {
        pool.destroy()
    }

    public var stride: Int { memory.stride }

    public var view: PixelBufferView { memory.view }

    /// The `wl_buffer` to attach: the one over the memory's current offset (the previous
    /// one, idle since its release, is destroyed when the offset moved).
    var buffer: WlBuffer {
        if current.offset != memory.offset {
            current = (Self.makeBuffer(pool: pool, memory: memory, size: size), memory.offset)
            watch(current.buffer)
        }
        return current.buffer
    }

    private static func makeBuffer(pool: WlShmPool, memory: ShmMemory, size: PixelSize) -> WlBuffer {
        pool.createBuffer(offset: Int32(memory.offset), width: Int32(size.width), height: Int32(size.height),
                          stride: Int32(memory.stride), format: .argb8888)
    }

    private func watch(_ buffer: WlBuffer) {
        // The buffer holds its `wl_buffer`s, so none outlives it.
        buffer.onEvent = { [me = Unowned(self)] event in
            switch event {
            case .release: me.object.onRelease?()
            }
        }
    }
}

/// The buffers of one surface: a `SwapChain` over memfd-backed `wl_buffer`s.
///
/// Only `wl_buffer.release` marks a buffer free again.
public final class ShmBufferPool {
    private let shm: WlShm
    private var chain = SwapChain<ShmBuffer>()
    private var currentSize: PixelSize?
    /// Whether buffers are windows onto large sparse memfds that scroll (`ShmMemory`).
    private let scrolling: Bool
    /// Memory made ahead of the first buffer (`prepare`), taken by an `acquire` of its size.
    private var spare: ShmMemory?
    /// The chain's `revision` when `takeChange` last looked.
    private var lookedAt: Int?
    /// The memory of the buffer acquired last, until `prepareNextShift` prepared it: the only
    /// one a frame can have shifted (a frame moves pixels only in the buffer it paints).
    private var painted: ShmMemory?

    init(shm: WlShm, scrolling: Bool) {
        self.shm = shm
        self.scrolling = scrolling
    }

    /// Buffers currently committed and not yet released.
    public var busyCount: Int { chain.busyCount }
    /// Buffers alive (busy or idle).
    public var bufferCount: Int { chain.slots.count }

    /// An idle buffer of `size` and the region to repaint in it, or nil when every buffer is busy.
    public func acquire(size: PixelSize, damage: DamageRegion) throws(ShmError) -> SwapChain<ShmBuffer>.Acquired? {
        currentSize = size
        let ready = spare.flatMap { $0.width == size.width && $0.height == size.height ? $0 : nil }
        spare = nil
        let acquired = try chain.acquire(size: size, damage: damage, makeReusing: { (size, retired) throws(ShmError) -> ShmBuffer in
            if let ready {
                ready.populate { false }
                return ShmBuffer(shm: shm, memory: ready)
            }
            guard let retired else { return try ShmBuffer(shm: shm, size: size, scrolling: scrolling) }
            // A resize: the memory of a buffer of the old size, released, holds the new one if it fits.
            return ShmBuffer(shm: shm, memory: try ShmMemory.forResize(size: size, retired: retired.memory,
                                                                       poolSize: scrolling ? ShmMemory.scrollingPoolSize : nil))
        })
        if let acquired, acquired.age == 0 { watchRelease(of: acquired) }
        painted = acquired?.storage.memory
        return acquired
    }

    /// Makes the memory of a `size` buffer now, while the window waits for its first configure,
    /// so the first frame does not wait for its pages; stops making pages once `answered`
    /// (a configure of another size wastes a chunk at most). Called again, it goes on where it
    /// stopped. A failure is left to `acquire`. False once the pages are all made (or cannot be).
    func prepare(size: PixelSize, until answered: () -> Bool) -> Bool {
        guard chain.slots.isEmpty else { return false }
        if spare.map({ $0.width != size.width || $0.height != size.height }) ?? true {
            guard let memory = try? ShmMemory(width: size.width, height: size.height,
                                              poolSize: scrolling ? ShmMemory.scrollingPoolSize : nil, populated: false)
            else { return false }
            spare = memory
        }
        spare!.populate(until: answered)
        return !spare!.isPopulated
    }

    private func watchRelease(of acquired: SwapChain<ShmBuffer>.Acquired) {
        let id = acquired.id
        acquired.storage.onRelease = { [weak self] in
            guard let self else { return }
            chain.release(id: id, currentSize: currentSize)
        }
    }

    /// Whether the buffers changed (acquired, committed, released, caught up or dropped) since
    /// the last call: only then can an idle buffer lack part of the latest frame anew or a
    /// memory have shifted, so the work between frames runs only then, not before every sleep.
    func takeChange() -> Bool {
        guard chain.revision != lookedAt else { return false }
        lookedAt = chain.revision
        return true
    }

    /// An idle buffer of the current size that lacks part of the latest frame, or nil.
    func catchUpCandidate() -> SwapChain<ShmBuffer>.CatchUp? {
        chain.catchUpCandidate().flatMap { $0.storage.size == currentSize ? $0 : nil }
    }

    /// After a commit, off the path from input to commit: the memory of the buffer the frame
    /// painted makes the pages its next scroll lands on and gives back those it left
    /// (`ShmMemory.prepareNextShift`). The other buffers were prepared after their own frames
    /// and have not moved since. Nothing to do in a turn of the loop that painted nothing.
    func prepareNextShift() {
        guard let memory = painted else { return }
        painted = nil
        memory.prepareNextShift()
    }

    /// Buffer `id` was given what it lacked of the latest frame (`catchUpCandidate`).
    func caughtUp(id: Int) {
        chain.caughtUp(id: id)
    }

    /// Marks buffer `id` busy after it was attached and committed with `damage`.
    public func submitted(id: Int, damage: DamageRegion) {
        chain.submit(id: id, damage: damage)
    }
}
