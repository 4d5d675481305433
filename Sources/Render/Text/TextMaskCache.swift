// pixman images held by the cache.
internal import CPixman

/// What a text mask was made for: the text, how it is set, and its box in pixels.
struct TextMaskKey: Hashable {
    var text: String
    var style: TextStyle
    var width: Int
    var height: Int
    /// The part of the box the mask covers (box pixels): all of it, unless the box is
    /// larger than `GlyphRenderer.maximumMaskSide`, when only its visible part is kept.
    var crop: PixelRect? = nil
}

/// A text's a8 coverage in its box and the box of its nonzero pixels (mask coordinates):
/// a repaint composites only that box, since OVER through zero coverage changes nothing.
struct TextMask {
    var image: OpaquePointer
    var ink: PixelRect
    var isTruncated: Bool
    var isClipped: Bool
}

/// Text masks, least recently used dropped first once their pixels and keys exceed a
/// budget in bytes: a scene with many distinct labels keeps as many as fit, with no
/// cliff at some count. Owns the images.
final class TextMaskCache {
    /// 32 MiB: 1,000 distinct 1080p button labels take about 4 MiB.
    static let defaultBudget = 32 << 20

    let budget: Int
    private(set) var bytes = 0
    private var slots: [Slot] = []
    private var free: [Int] = []
    private var index: [TextMaskKey: Int] = [:]
    /// Most recently used slot, and least.
    private var head = -1, tail = -1

    private struct Slot {
        var key: TextMaskKey
        var mask: TextMask
        var cost: Int
        var newer = -1, older = -1
    }

    init(budget: Int = TextMaskCache.defaultBudget) {
        self.budget = budget
    }

    deinit {
        for slot in index.values { pixman_image_unref(slots[slot].mask.image) }
    }

    var count: Int { index.count }

    /// The slot holding `key`'s mask, marked most recently used; nil when absent.
    func slot(for key: TextMaskKey) -> Int? {
        guard let slot = index[key] else { return nil }
        touch(slot)
        return slot
    }

    /// The key and mask in `slot`, which `slot(for:)` or `insert` returned and no
    /// insertion has evicted since (check the key).
    func entry(_ slot: Int) -> (key: TextMaskKey, mask: TextMask)? {
        guard slot < slots.count, slots[slot].cost > 0 else { return nil }
        return (slots[slot].key, slots[slot].mask)
    }

    /// Adds `mask` for `key` (taking over the image), evicting the least recently used
    /// entries while over budget; returns its slot.
    @discardableResult
    func insert(_ mask: TextMask, for key: TextMaskKey) -> Int {
        let cost = Int(pixman_image_get_stride(mask.image)) * Int(pixman_image_get_height(mask.image))
            + key.text.utf8.count + 128
        let slot: Int
        let entry = Slot(key: key, mask: mask, cost: cost)
        if let reused = free.popLast() {
            slot = reused
            slots[slot] = entry
        } else {
            slot = slots.count
            slots.append(entry)
        }
        index[key] = slot
        bytes += cost
        link(slot)
        // The newest entry stays even when it alone is over budget.
        while bytes > budget, tail != slot { evict(tail) }
        return slot
    }

    /// Drops every mask.
    func removeAll() {
        while tail >= 0 { evict(tail) }
    }

    private func evict(_ slot: Int) {
        unlink(slot)
        index[slots[slot].key] = nil
        pixman_image_unref(slots[slot].mask.image)
        bytes -= slots[slot].cost
        slots[slot].cost = 0
        slots[slot].key.text = ""
        free.append(slot)
    }

    /// Marks `slot` most recently used.
    func touch(_ slot: Int) {
        guard head != slot else { return }
        unlink(slot)
        link(slot)
    }

    private func link(_ slot: Int) {
        slots[slot].newer = -1
        slots[slot].older = head
        if head >= 0 { slots[head].newer = slot }
        head = slot
        if tail < 0 { tail = slot }
    }

    private func unlink(_ slot: Int) {
        let newer = slots[slot].newer, older = slots[slot].older
        if newer >= 0 { slots[newer].older = older } else { head = older }
        if older >= 0 { slots[older].newer = newer } else { tail = newer }
    }
}
