/// The buffer bookkeeping of one surface, with no I/O: which buffers exist, which are busy,
/// and what each one is missing since it was last shown.
///
/// A buffer is busy from `submit` (its commit) until `release` (the compositor's
/// `wl_buffer.release`); only the release path clears it. Two buffers normally suffice; a
/// third is created only when two are busy. Buffers of a stale size are dropped when idle;
/// the last one dropped is offered to the next buffer made (`acquire(size:damage:makeReusing:)`),
/// so a resize can reuse its memory.
/// Generic over `Storage` so tests run it with fakes and `ShmBufferPool` with shared memory.
public struct SwapChain<Storage> {
    /// Most buffers kept per surface.
    public static var capacity: Int { 3 }

    /// A buffer slot.
    public struct Slot {
        /// Stable identity used to match `release`.
        public let id: Int
        public let storage: Storage
        public let size: PixelSize
        /// Between commit and release the compositor may read it; never paint into it.
        public internal(set) var isBusy = false
        /// Frames submitted since this buffer was last shown (0 = never shown).
        public internal(set) var age = 0
        /// What changed since this buffer was last shown; it must be repainted before reuse.
        public internal(set) var staleDamage: DamageRegion
    }

    /// A buffer handed out for painting.
    public struct Acquired {
        public let id: Int
        public let storage: Storage
        public let size: PixelSize
        /// Pixels that must be repainted (stale content plus the caller's new damage).
        public let repaint: DamageRegion
        /// The part of `repaint` that only catches up with the latest frame: everything
        /// when the buffer is fresh, else what later frames changed. Where `previous`
        /// exists, these pixels may be copied from it instead of painted.
        public let stale: DamageRegion
        /// The buffer holding the latest submitted frame, when it is another buffer of the
        /// same size (it may be busy: read it, never write it); nil otherwise.
        public let previous: Storage?
        /// 0 for a fresh buffer, else how many frames old its content is.
        public let age: Int
    }

    public private(set) var slots: [Slot] = []
    private var nextID = 0
    /// The slot submitted last: its content is the latest frame.
    private var latestID: Int?
    /// The latest `Acquired`'s `repaint` and `stale`, their storage kept from frame to frame
    /// (the caller is done with an `Acquired` by its next `acquire`); a slot's own stale
    /// damage is never handed out, so clearing it at its submit copies nothing.
    private var repaint = DamageRegion()
    private var stale = DamageRegion()
    /// Counts the changes that can make an idle buffer lack part of the latest frame, or stop
    /// lacking it (acquires, submits, releases, catch-ups, drops): while it stays the same,
    /// `catchUpCandidate` answers the same, so a caller need not ask again.
    public private(set) var revision = 0
    /// The storage of the buffer dropped last for its stale size, until a buffer is made
    /// (which is offered it) or an idle one is reused.
    private var retired: Storage?

    public init() {}

    /// Number of buffers currently between commit and release.
    public var busyCount: Int { slots.filter(\.isBusy).count }

    /// Picks an idle buffer of `size` (creating one with `make` if needed), or nil when all
    /// `capacity` buffers are busy. `damage` is what the caller changed since its last frame.
    public mutating func acquire<E: Error>(size: PixelSize, damage: DamageRegion,
                                           make: (PixelSize) throws(E) -> Storage) throws(E) -> Acquired? {
        try acquire(size: size, damage: damage, makeReusing: { size, _ throws(E) in try make(size) })
    }

    /// `acquire(size:damage:make:)`, where `make` is also handed the storage of the buffer
    /// dropped last for a stale size (nil when none was), to reuse it or let it go.
    public mutating func acquire<E: Error>(size: PixelSize, damage: DamageRegion,
                                           makeReusing make: (PixelSize, _ retired: Storage?) throws(E) -> Storage)
        throws(E) -> Acquired? {
        revision &+= 1
        // Prune idle buffers of another size; busy ones go when released.
        var dropped: Storage?
        slots.removeAll { slot in
            guard !slot.isBusy, slot.size != size else { return false }
            dropped = slot.storage
            return true
        }
        if let dropped { retired = dropped }
        let full = PixelRect(size: size)
        let latest = slots.first { $0.id == latestID && $0.size == size }
        if let index = slots.firstIndex(where: { !$0.isBusy }) {
            retired = nil
            let slot = slots[index]
            repaint.removeAll()
            repaint.add(slot.staleDamage)
            repaint.add(damage)
            stale.removeAll()
            stale.add(slot.staleDamage)
            return Acquired(id: slot.id, storage: slot.storage, size: size, repaint: repaint.clipped(to: full),
                            stale: stale.clipped(to: full),
                            previous: latest.flatMap { $0.id == slot.id ? nil : $0.storage }, age: slot.age)
        }
        guard slots.count < Self.capacity else { return nil }
        let reusable = retired
        retired = nil
        let storage = try make(size, reusable)
        let slot = Slot(id: nextID, storage: storage, size: size, staleDamage: DamageRegion([full]))
        nextID += 1
        slots.append(slot)
        return Acquired(id: slot.id, storage: storage, size: size, repaint: DamageRegion([full]),
                        stale: DamageRegion([full]), previous: latest?.storage, age: 0)
    }

    /// Records that buffer `id` was attached and committed with `damage`: it becomes busy and
    /// every other buffer now lacks that damage.
    public mutating func submit(id: Int, damage: DamageRegion) {
        guard let index = slots.firstIndex(where: { $0.id == id }) else { return }
        revision &+= 1
        for other in slots.indices where other != index {
            slots[other].staleDamage.add(damage)
            if slots[other].age > 0 { slots[other].age += 1 }
        }
        slots[index].isBusy = true
        slots[index].age = 1
        slots[index].staleDamage.removeAll()
        latestID = id
    }

    /// The compositor released buffer `id` (`wl_buffer.release`). Returns the storage if the
    /// buffer was dropped because its size is stale (kept too, for the next buffer made).
    @discardableResult
    public mutating func release(id: Int, currentSize: PixelSize?) -> Storage? {
        guard let index = slots.firstIndex(where: { $0.id == id }) else { return nil }
        revision &+= 1
        slots[index].isBusy = false
        if let currentSize, slots[index].size != currentSize {
            let storage = slots.remove(at: index).storage
            retired = storage
            return storage
        }
        return nil
    }

    /// An idle buffer to bring up to the latest frame between frames: it lacks `stale`, which
    /// `latest` (the latest submitted frame, maybe busy: read it, never write it) holds.
    public struct CatchUp {
        public let id: Int
        public let storage: Storage
        public let stale: DamageRegion
        public let latest: Storage
    }

    /// An idle buffer of the latest frame's size that lacks part of it, or nil when none does.
    public func catchUpCandidate() -> CatchUp? {
        guard let latest = slots.first(where: { $0.id == latestID }),
              let slot = slots.first(where: { !$0.isBusy && $0.id != latest.id && $0.size == latest.size && $0.age > 0
                  && !$0.staleDamage.isEmpty })
        else { return nil }
        return CatchUp(id: slot.id, storage: slot.storage, stale: slot.staleDamage.clipped(to: PixelRect(size: slot.size)),
                       latest: latest.storage)
    }

    /// Records that idle buffer `id` was given the pixels it lacked (`catchUpCandidate`): it
    /// now holds the latest frame, so the next frame into it repaints only its own damage.
    public mutating func caughtUp(id: Int) {
        guard let index = slots.firstIndex(where: { $0.id == id && !$0.isBusy }) else { return }
        revision &+= 1
        slots[index].staleDamage.removeAll()
        slots[index].age = 1
    }

    /// Drops every idle buffer (e.g. when the window is hidden) and returns their storage.
    public mutating func dropIdle() -> [Storage] {
        let idle = slots.filter { !$0.isBusy }.map(\.storage)
        revision &+= 1
        slots.removeAll { !$0.isBusy }
        return idle
    }
}
