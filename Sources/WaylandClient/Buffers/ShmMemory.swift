import CLinuxEvents
import Glibc
import Synchronization
import SystemCalls

/// The pixels of one buffer as a window onto its own memfd: foot's "shm scrolling".
///
/// A scrolling memory is a sparse memfd much larger than a frame (`scrollingPoolSize`);
/// the buffer is the `frameBytes` at `offset`. Moving the content of the buffer up or
/// down by whole rows (`shiftRows`) moves the window instead of the pixels: the rows
/// already painted stay where they are and only the rows that scrolled in are new. When
/// the window reaches an end of the memory, the frame is copied once to the other end.
/// After the commit (`prepareNextShift`) the pages the next shift lands on are made and
/// those the window left behind are given back (`FALLOC_FL_PUNCH_HOLE`), so at most
/// `frameBytes`, twice the last shift ahead and `2 × holeThreshold` (plus a page each
/// side) are resident. A plain memory (`poolSize` nil, or when the large memfd cannot be
/// had) is one frame, or a little more when made for a resize: it never shifts.
///
/// A memory the compositor released can hold a buffer of another size (`reshape`): an
/// interactive resize reuses the pages of the buffers it drops instead of faulting in new
/// ones every frame (`forResize`).
public final class ShmMemory {
    /// The memfd's size for a scrolling buffer: 256 MiB of address space, nearly all of it
    /// never touched (sparse). At 1920×1080 (8 MiB a frame) and 7 rows a frame, the window
    /// moves ~4,700 frames before the one copy back; never less than four frames' worth.
    public static let scrollingPoolSize = 256 << 20
    /// Dead pages behind (or ahead of) the window are punched out once there are this many
    /// bytes of them: one `fallocate` every ~20 frames at 1920×1080 and 7 rows a frame, after
    /// a commit (`prepareNextShift`).
    public static let holeThreshold = 256 << 10

    public private(set) var width: Int
    public private(set) var height: Int
    public private(set) var stride: Int
    /// The bytes of one frame: `stride × height`.
    public private(set) var frameBytes: Int
    /// The memfd's size (what the compositor's pool maps).
    public let capacity: Int
    /// Where the buffer starts in the memory (a multiple of 4; changed by `shiftRows`).
    public private(set) var offset = 0
    /// Unique in the process: tells buffers apart across frames even when an address is reused
    /// (a `reshape` makes the memory another buffer, with a new serial).
    public private(set) var serial: Int
    /// How many times `shiftRows` (or `reshape`) moved the buffer in the memory: a
    /// `PixelBufferView` made before the last move is stale.
    public private(set) var moves = 0
    /// The memfd, owned: the pool of the buffer's `wl_buffer`s is made from it.
    let fd: Int32
    private let base: UnsafeMutableRawPointer
    /// The byte range that may hold pages (touched since it was last punched).
    private var touched: Range<Int>
    /// How much of the first frame `populate` made (from offset 0).
    private var populatedBytes = 0
    /// How far the last `shiftRows` moved the window, in bytes (negative: towards the start).
    private var lastShift = 0
    /// False once the kernel refused `MADV_POPULATE_WRITE`: pages then come on first write.
    private var canPopulate = true
    /// `moves` at the last `prepareNextShift`: until the next move, another call would do nothing.
    private var preparedAt: Int?
    /// Whether the memory is a sparse memfd whose buffer moves (`shiftRows`).
    public let isScrolling: Bool
    private static let serials = Atomic(0)
    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Memory for a `width × height` ARGB8888 buffer; `poolSize` asks for a sparse memfd of
    /// that many bytes (`scrollingPoolSize`; at least four frames) that scrolls. `populated`
    /// makes the frame's pages at once (see `populate`). A plain memory is at least
    /// `minimumCapacity` bytes, so that buffers of other sizes fit in it later (`reshape`).
    public init(width: Int, height: Int, poolSize: Int?, populated: Bool = true, minimumCapacity: Int = 0) throws(ShmError) {
        let size = PixelSize(width: width, height: height)
        guard width > 0, height > 0, width <= 16384, height <= 16384 else { throw .tooLarge(size) }
        stride = width * 4
        let frameBytes = stride * height
        self.frameBytes = frameBytes
        let fd: Int32
        do throws(SystemCallError) {
            fd = try AnonymousMemory.create(name: "touchstone-shm")
        } catch { throw .memfd(error) }
        // wl_shm pool sizes are Int32; a frame too large for four in the pool does not scroll.
        var mapped: (base: UnsafeMutableRawPointer, size: Int)?
        if let poolSize, case let wanted = max(poolSize, 4 * frameBytes), wanted <= Int(Int32.max) {
            mapped = Self.map(fd: fd, size: wanted)
        }
        isScrolling = mapped != nil
        if mapped == nil {
            let plainBytes = max(frameBytes, minimumCapacity)
            do throws(SystemCallError) {
                _ = try retryingInterrupted("ftruncate") { ftruncate(fd, off_t(plainBytes)) }
            } catch {
                close(fd)
                throw .resize(error)
            }
            guard let pointer = mmap(nil, plainBytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), pointer != MAP_FAILED else {
                let error = SystemCallError(call: "mmap")
                close(fd)
                throw .map(error)
            }
            mapped = (pointer, plainBytes)
        }
        self.width = width
        self.height = height
        self.fd = fd
        base = mapped!.base
        capacity = mapped!.size
        touched = 0 ..< frameBytes
        serial = Self.serials.add(1, ordering: .relaxed).oldValue
        if populated { populate { false } }
    }

    /// Whether `populate` made every page of the frame (or the kernel refused).
    var isPopulated: Bool { populatedBytes >= frameBytes }

    /// Makes the frame's pages a quarter MiB at a time until `stop` says so: a new buffer is
    /// painted whole, and one call per chunk costs ~15 % less than a fault per page. Linux
    /// before 5.14 refuses the advice; pages not made come on first write.
    /// Resumes where the last call stopped.
    func populate(until stop: () -> Bool) {
        let chunk = 256 << 10
        while populatedBytes < frameBytes, !stop() {
            let length = min(chunk, frameBytes - populatedBytes)
            guard madvise(base + populatedBytes, length, MADV_POPULATE_WRITE) == 0 else {
                populatedBytes = frameBytes
                return
            }
            populatedBytes += length
        }
    }

    /// Sizes and maps a sparse memfd; nil when either fails (the caller falls back to one frame).
    private static func map(fd: Int32, size: Int) -> (base: UnsafeMutableRawPointer, size: Int)? {
        // A failure is the fallback the caller takes, not an error.
        guard (try? retryingInterrupted("ftruncate", { ftruncate(fd, off_t(size)) })) != nil,
              let pointer = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), pointer != MAP_FAILED
        else { return nil }
        return (pointer, size)
    }

    deinit {
        munmap(base, capacity)
        close(fd)
    }

    /// Makes the memory the buffer of a `width × height` frame, when that fits: the whole
    /// frame in a plain memory, four frames' worth in a scrolling one. The pixels are left as
    /// they were (a new buffer is painted whole); views and serial of the old buffer go stale.
    /// False (nothing changed) when it does not fit. Only for a memory no compositor reads.
    public func reshape(width: Int, height: Int) -> Bool {
        guard width > 0, height > 0, width <= 16384, height <= 16384 else { return false }
        let bytes = width * 4 * height
        guard isScrolling ? 4 * bytes <= capacity : bytes <= capacity else { return false }
        // A plain memory's frame starts at 0; a scrolling one's stays where its pages are made,
        // unless the new frame would run past the end.
        let start = offset + bytes <= capacity ? offset : 0
        // Pages made from the start stay made; a scrolling window keeps the pages around it,
        // and any others come on first write.
        let made = start == 0 ? min(populatedBytes, bytes) : bytes
        self.width = width
        self.height = height
        stride = width * 4
        frameBytes = bytes
        offset = start
        touch(start ..< start + bytes)
        populatedBytes = made
        lastShift = 0
        preparedAt = nil
        moves += 1
        serial = Self.serials.add(1, ordering: .relaxed).oldValue
        return true
    }

    /// Memory for a buffer of `size` that replaces one of another size: `retired` (a buffer of
    /// an old size, released by the compositor) made over when the frame fits in it, else new
    /// memory a quarter larger than the frame, so that the next frames of a drag fit in it.
    /// Its pages are made (`populate`): a new buffer is painted whole.
    public static func forResize(size: PixelSize, retired: ShmMemory?, poolSize: Int?) throws(ShmError) -> ShmMemory {
        if let retired, retired.reshape(width: size.width, height: size.height) {
            retired.populate { false }
            return retired
        }
        let frame = size.width * 4 * size.height
        return try ShmMemory(width: size.width, height: size.height, poolSize: poolSize,
                             minimumCapacity: retired == nil ? 0 : frame + frame / 4)
    }

    /// The buffer's pixels now; valid until the next `shiftRows`.
    public var view: PixelBufferView { PixelBufferView(memory: self) }

    /// Where the buffer's first pixel is now.
    var pixelsNow: UnsafeMutableRawPointer { base + offset }

    /// Moves the buffer's content up by `rows` (down when negative): afterwards row `y`
    /// holds what row `y + rows` held, except the rows in `fixed`, which keep their pixels.
    /// Rows whose source was outside the buffer hold garbage: the caller paints them.
    /// False (nothing done) when the memory does not scroll or `rows` is not less than the height.
    @discardableResult
    public func shiftRows(by rows: Int, keeping fixed: [Range<Int>]) -> Bool {
        guard isScrolling, abs(rows) < height else { return false }
        guard rows != 0 else { return true }
        let delta = rows * stride
        var from = offset
        if from + delta < 0 || from + delta + frameBytes > capacity {
            // The window reached an end: the frame goes to the other end, once.
            let to = delta > 0 ? 0 : (capacity - frameBytes) / Self.pageSize * Self.pageSize
            memmove(base + to, base + from, frameBytes)
            touch(to ..< to + frameBytes)
            from = to
        }
        offset = from + delta
        moves += 1
        lastShift = delta
        touch(offset ..< offset + frameBytes)
        // Each band goes back from its old place to the same rows of the new window, in
        // the order in which none overwrites another's source before it is read.
        let bands = fixed.map { $0.clamped(to: 0 ..< height) }.filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
        for band in rows > 0 ? bands.reversed() : bands {
            memmove(base + offset + band.lowerBound * stride, base + from + band.lowerBound * stride, band.count * stride)
        }
        return true
    }

    /// The work a shift leaves for later, done after the commit and before the loop sleeps,
    /// off the path from input to commit: the pages the next shift will land on (as far again
    /// as the last one moved, twice over: a scroll that speeds up) are made now, so painting
    /// the strip that scrolls in takes no page faults, and the pages left behind are punched
    /// out once `holeThreshold` bytes of them gather. Safe while the compositor reads the
    /// buffer: neither touches the window's pixels (made pages read zero, as on first touch).
    public func prepareNextShift() {
        guard isScrolling, moves != preparedAt else { return }
        preparedAt = moves
        let page = Self.pageSize
        let ahead = lastShift == 0 ? 0 : min(2 * abs(lastShift), frameBytes / 2)
        // The window and the pages ahead of it, whole pages (a shift past an end wraps instead).
        let lower = max(offset - (lastShift < 0 ? ahead : 0), 0) / page * page
        let upper = min((offset + frameBytes + (lastShift > 0 ? ahead : 0) + page - 1) / page * page, capacity / page * page)
        if lastShift > 0, touched.upperBound < upper { makePages(max(touched.upperBound / page * page, lower) ..< upper) }
        if lastShift < 0, touched.lowerBound > lower { makePages(lower ..< min((touched.lowerBound + page - 1) / page * page, upper)) }
        releaseDeadPages(keeping: lower ..< upper)
    }

    /// Makes the pages of `range` (whole pages) resident and counts them as touched. Kernels
    /// before 5.14 refuse the advice (EINVAL): the pages then come on first write, as before.
    private func makePages(_ range: Range<Int>) {
        guard canPopulate, !range.isEmpty else { return }
        if madvise(base + range.lowerBound, range.count, MADV_POPULATE_WRITE) != 0 {
            canPopulate = false
            return
        }
        touch(range)
    }

    private func touch(_ range: Range<Int>) {
        touched = min(touched.lowerBound, range.lowerBound) ..< max(touched.upperBound, range.upperBound)
    }

    /// Punches out the pages outside `live` (whole pages) once there are `holeThreshold` bytes of them on a side.
    private func releaseDeadPages(keeping live: Range<Int>) {
        let page = Self.pageSize
        if live.lowerBound - touched.lowerBound >= Self.holeThreshold {
            punch(touched.lowerBound / page * page ..< live.lowerBound)
            touched = live.lowerBound ..< touched.upperBound
        }
        if touched.upperBound - live.upperBound >= Self.holeThreshold {
            punch(live.upperBound ..< min(capacity, (touched.upperBound + page - 1) / page * page))
            touched = touched.lowerBound ..< live.upperBound
        }
    }

    private func punch(_ range: Range<Int>) {
        // FALLOC_FL_PUNCH_HOLE (0x02) | FALLOC_FL_KEEP_SIZE (0x01): Swift's Glibc lacks the names.
        // A failure only leaves the pages resident.
        _ = fallocate(fd, 0x02 | 0x01, off_t(range.lowerBound), off_t(range.count))
    }

    /// Bytes of the memfd that hold pages now (`st_blocks`), for tests of the bound.
    public var residentBytes: Int {
        var status = stat()
        guard fstat(fd, &status) == 0 else { return 0 }
        return Int(status.st_blocks) * 512
    }
}
