import Testing
import SeededRandom
@testable import WaylandClient

/// A stand-in for shared memory: records which size it was made for.
private final class FakeStorage {
    let size: PixelSize
    init(size: PixelSize) { self.size = size }
}

private let full = PixelSize(width: 100, height: 50)
private let everything = DamageRegion([PixelRect(size: full)])

private func make(_ size: PixelSize) -> FakeStorage { FakeStorage(size: size) }

private func take(_ chain: inout SwapChain<FakeStorage>, _ size: PixelSize,
                  _ damage: DamageRegion) throws -> SwapChain<FakeStorage>.Acquired {
    let acquired = chain.acquire(size: size, damage: damage, make: make)
    return try #require(acquired)
}

/// A chain resized once: buffer `a` of `full` committed, then `b` of `bigger` made and
/// committed, with every storage the chain offers to `make` recorded.
private final class Resize {
    static let bigger = PixelSize(width: 200, height: 80)
    var chain = SwapChain<FakeStorage>()
    var offered: [FakeStorage?] = []
    let a: SwapChain<FakeStorage>.Acquired
    let b: SwapChain<FakeStorage>.Acquired

    init() throws {
        a = try take(&chain, full, everything)
        chain.submit(id: a.id, damage: everything)
        var offers: [FakeStorage?] = []
        let made = chain.acquire(size: Self.bigger, damage: everything, makeReusing: { size, retired in
            offers.append(retired)
            return FakeStorage(size: size)
        })
        b = try #require(made)
        offered = offers
        chain.submit(id: b.id, damage: everything)
    }

    func acquire(_ size: PixelSize) -> SwapChain<FakeStorage>.Acquired? {
        var offers = offered
        defer { offered = offers }
        return chain.acquire(size: size, damage: everything, makeReusing: { size, retired in
            offers.append(retired)
            return FakeStorage(size: size)
        })
    }
}

@Suite struct SwapChainTests {
    @Test func bufferStaysBusyFromSubmitUntilRelease() throws {
        var chain = SwapChain<FakeStorage>()
        let first = try take(&chain, full, everything)
        chain.submit(id: first.id, damage: everything)
        #expect(chain.busyCount == 1)
        let second = try take(&chain, full, everything)
        #expect(second.id != first.id)
        chain.release(id: first.id, currentSize: full)
        #expect(chain.busyCount == 0)
        let again = try take(&chain, full, DamageRegion())
        #expect(again.id == first.id)
    }

    @Test func thirdBufferIsCreatedOnlyWhenTwoAreBusyAndNoFourth() throws {
        var chain = SwapChain<FakeStorage>()
        let a = try take(&chain, full, everything)
        chain.submit(id: a.id, damage: everything)
        let b = try take(&chain, full, everything)
        #expect(chain.slots.count == 2)
        chain.submit(id: b.id, damage: everything)
        let c = try take(&chain, full, everything)
        #expect(chain.slots.count == 3)
        chain.submit(id: c.id, damage: everything)
        #expect(chain.acquire(size: full, damage: everything, make: make) == nil)
        #expect(chain.slots.count == 3)
    }

    @Test func idleBufferIsReusedInsteadOfCreatingAnother() throws {
        var chain = SwapChain<FakeStorage>()
        for _ in 0 ..< 5 {
            let buffer = try take(&chain, full, everything)
            chain.submit(id: buffer.id, damage: everything)
            chain.release(id: buffer.id, currentSize: full)
        }
        #expect(chain.slots.count == 1)
    }

    @Test func resizeDropsIdleBuffersOfTheOldSizeAndBusyOnesOnRelease() throws {
        var chain = SwapChain<FakeStorage>()
        let a = try take(&chain, full, everything)
        chain.submit(id: a.id, damage: everything)
        let b = try take(&chain, full, everything)
        chain.submit(id: b.id, damage: everything)
        chain.release(id: b.id, currentSize: full)
        let bigger = PixelSize(width: 200, height: 80)
        let c = try take(&chain, bigger, DamageRegion())
        #expect(c.storage.size == bigger)
        #expect(c.repaint.rects == [PixelRect(size: bigger)])
        // b (idle, old size) pruned; a (busy, old size) still held by the compositor.
        #expect(chain.slots.map(\.size) == [full, bigger])
        let dropped = chain.release(id: a.id, currentSize: bigger)
        #expect(dropped?.size == full)
        #expect(chain.slots.map(\.size) == [bigger])
    }

    @Test func aBufferDroppedForItsStaleSizeIsOfferedToTheNextBufferMade() throws {
        let resize = try Resize()
        #expect(resize.offered.count == 1 && resize.offered[0] == nil, "a is busy: nothing was dropped yet")
        let released = resize.chain.release(id: resize.a.id, currentSize: Resize.bigger)
        let dropped = try #require(released)
        let biggest = PixelSize(width: 300, height: 90)
        let c = try #require(resize.acquire(biggest))
        #expect(c.storage.size == biggest)
        #expect(resize.offered.count == 2 && resize.offered[1] === dropped)
    }

    @Test func reusingAnIdleBufferLetsTheDroppedOneGo() throws {
        let resize = try Resize()
        resize.chain.release(id: resize.a.id, currentSize: Resize.bigger)
        resize.chain.release(id: resize.b.id, currentSize: Resize.bigger)
        // b is idle and of the size: reused, and a's storage is no longer kept.
        let again = try #require(resize.acquire(Resize.bigger))
        #expect(again.id == resize.b.id)
        resize.chain.submit(id: again.id, damage: everything)
        _ = resize.acquire(Resize.bigger)
        #expect(resize.offered.count == 2 && resize.offered[1] == nil)
    }

    @Test func olderBufferRepaintsDamageAccumulatedSinceItWasShown() throws {
        var chain = SwapChain<FakeStorage>()
        let a = try take(&chain, full, everything)
        chain.submit(id: a.id, damage: everything)
        let b = try take(&chain, full, everything)
        #expect(b.repaint.rects == [PixelRect(size: full)], "a fresh buffer repaints everything")
        chain.submit(id: b.id, damage: everything)
        chain.release(id: a.id, currentSize: full)

        // Frame 3 goes to a, which missed frame 2 (everything) → full repaint.
        let small = PixelRect(x: 1, y: 1, width: 4, height: 4)
        let a2 = try take(&chain, full, DamageRegion([small]))
        #expect(a2.id == a.id)
        #expect(a2.repaint.bounds == PixelRect(size: full))
        chain.submit(id: a2.id, damage: DamageRegion([small]))
        chain.release(id: b.id, currentSize: full)

        // Frame 4 goes to b, which missed only frame 3's small rect, plus the new damage.
        let other = PixelRect(x: 50, y: 20, width: 10, height: 10)
        let b2 = try take(&chain, full, DamageRegion([other]))
        #expect(b2.id == b.id)
        #expect(Set(b2.repaint.rects) == [small, other])
        #expect(b2.age == 2)
    }

    @Test func aReleasedBufferCaughtUpHasNoStaleDamageAndRepaintsOnlyTheNextDamage() throws {
        var chain = SwapChain<FakeStorage>()
        let a = try take(&chain, full, everything)
        chain.submit(id: a.id, damage: everything)
        let b = try take(&chain, full, everything)
        chain.submit(id: b.id, damage: everything)
        let small = PixelRect(x: 1, y: 1, width: 4, height: 4)
        chain.release(id: a.id, currentSize: full)
        let a2 = try take(&chain, full, DamageRegion([small]))
        chain.submit(id: a2.id, damage: DamageRegion([small]))
        #expect(chain.catchUpCandidate() == nil, "b is still busy")
        chain.release(id: b.id, currentSize: full)
        let candidate = try #require(chain.catchUpCandidate())
        #expect(candidate.id == b.id)
        #expect(candidate.latest === a.storage)
        #expect(candidate.stale.rects == [small])
        chain.caughtUp(id: candidate.id)
        #expect(chain.catchUpCandidate() == nil)
        let other = PixelRect(x: 50, y: 20, width: 10, height: 10)
        let b2 = try take(&chain, full, DamageRegion([other]))
        #expect(b2.id == b.id)
        #expect(b2.stale.isEmpty)
        #expect(b2.repaint.rects == [other])
    }

    @Test func aBusyOrNeverShownBufferIsNeverOfferedForCatchingUp() throws {
        var chain = SwapChain<FakeStorage>()
        let a = try take(&chain, full, everything)
        chain.submit(id: a.id, damage: everything)
        _ = try take(&chain, full, everything)
        #expect(chain.catchUpCandidate() == nil, "b was never shown, a is busy and the latest")
        chain.caughtUp(id: a.id)
        #expect(chain.slots.first { $0.id == a.id }?.isBusy == true)
    }

    @Test func theLatestFrameIsOfferedAsPreviousWithWhatTheBufferMissedAsStale() throws {
        var chain = SwapChain<FakeStorage>()
        let a = try take(&chain, full, everything)
        #expect(a.previous == nil, "no frame yet")
        chain.submit(id: a.id, damage: everything)
        let b = try take(&chain, full, everything)
        #expect(b.previous === a.storage)
        #expect(b.stale.rects == [PixelRect(size: full)], "a fresh buffer lacks everything")
        chain.submit(id: b.id, damage: everything)
        chain.release(id: a.id, currentSize: full)
        let small = PixelRect(x: 1, y: 1, width: 4, height: 4)
        let a2 = try take(&chain, full, DamageRegion([small]))
        chain.submit(id: a2.id, damage: DamageRegion([small]))
        chain.release(id: b.id, currentSize: full)

        let other = PixelRect(x: 50, y: 20, width: 10, height: 10)
        let b2 = try take(&chain, full, DamageRegion([other]))
        #expect(b2.previous === a.storage, "a holds frame 3, the latest")
        #expect(b2.stale.rects == [small], "only what frame 3 changed; the new damage is not stale")
        #expect(Set(b2.repaint.rects) == [small, other])
    }

    @Test func aBufferBackRightAfterItsOwnCommitHoldsTheLatestFrameItself() throws {
        var chain = SwapChain<FakeStorage>()
        let a = try take(&chain, full, everything)
        chain.submit(id: a.id, damage: everything)
        chain.release(id: a.id, currentSize: full)
        let again = try take(&chain, full, DamageRegion([PixelRect(x: 0, y: 0, width: 2, height: 2)]))
        #expect(again.id == a.id)
        #expect(again.previous == nil)
        #expect(again.stale.isEmpty)
    }

    @Test func aResizeOffersNoPreviousFrame() throws {
        var chain = SwapChain<FakeStorage>()
        let a = try take(&chain, full, everything)
        chain.submit(id: a.id, damage: everything)
        let bigger = try take(&chain, PixelSize(width: 200, height: 80), DamageRegion())
        #expect(bigger.previous == nil)
        #expect(bigger.stale.rects == [PixelRect(x: 0, y: 0, width: 200, height: 80)])
    }

    @Test func damageRegionMergesTheClosestRectsPastTheLimit() {
        var region = DamageRegion()
        for i in 0 ..< DamageRegion.limit {
            region.add(PixelRect(x: i * 100, y: 0, width: 5, height: 5))
        }
        // One more, 1 px from the first: those two merge, the far ones stay apart.
        region.add(PixelRect(x: 6, y: 0, width: 5, height: 5))
        #expect(region.rects.count == DamageRegion.limit)
        #expect(region.rects.contains(PixelRect(x: 0, y: 0, width: 11, height: 5)))
        #expect(region.rects.contains(PixelRect(x: 3100, y: 0, width: 5, height: 5)))
    }

    @Test func damageRegionOfThinBandsAcrossTheWindowStaysThin() {
        // Crosshairs: a vertical and a horizontal band per touch, before and after a move.
        var region = DamageRegion()
        for touch in 0 ..< 10 {
            for step in 0 ..< 2 {
                let x = 100 + touch * 180 + step * 3, y = 100 + touch * 90 + step * 3
                region.add(PixelRect(x: x, y: 0, width: 6, height: 1080))
                region.add(PixelRect(x: 0, y: y, width: 1920, height: 6))
            }
        }
        let covered = region.rects.reduce(0) { $0 + $1.area }
        #expect(covered <= 20 * 9 * (1920 + 1080))
    }

    @Test func damageRegionAlwaysCoversWhatWasAddedWithinTheLimit() {
        var random = SplitMix64(seed: 14)
        for _ in 0 ..< 50 {
            var region = DamageRegion()
            var added: [PixelRect] = []
            for _ in 0 ..< Int(random.next() % 80) {
                let rect = PixelRect(x: Int(random.next() % 500), y: Int(random.next() % 500),
                                     width: Int(random.next() % 60), height: Int(random.next() % 60))
                region.add(rect)
                if !rect.isEmpty { added.append(rect) }
            }
            #expect(region.rects.count <= DamageRegion.limit)
            for rect in added {
                // Nothing of an added rect lies outside the region's rects.
                let outside = region.rects.reduce([rect]) { parts, cover in parts.flatMap { $0.subtracting(cover) } }
                #expect(outside.isEmpty)
            }
        }
    }

    /// The merging of rects past the limit (integer boxes, for speed) picks the same pairs as
    /// the plain rect arithmetic it replaced: random rects, and crosshair-like bands with
    /// markers, give the same rects in the same order.
    @Test func coalescingMergesTheSamePairsAsRectArithmetic() {
        var random = SplitMix64(seed: 33)
        for round in 0 ..< 60 {
            var rects: [PixelRect] = []
            for _ in 0 ..< 20 + Int(random.next() % 70) {
                if round % 2 == 0 {
                    rects.append(PixelRect(x: Int(random.next() % 900), y: Int(random.next() % 700),
                                           width: 1 + Int(random.next() % 90), height: 1 + Int(random.next() % 90)))
                } else if random.next() % 3 == 0 {
                    rects.append(PixelRect(x: Int(random.next() % 1900), y: 0, width: 3 + Int(random.next() % 4), height: 1080))
                } else {
                    rects.append(PixelRect(x: Int(random.next() % 1850), y: Int(random.next() % 1000), width: 64, height: 64))
                }
            }
            #expect(DamageRegion(rects).rects == referenceDamage(rects), "round \(round)")
        }
    }

    /// `DamageRegion(rects)` with rect arithmetic throughout: each rect added unless one holds
    /// it (dropping those it holds), then the cheapest pair merged until `limit` remain.
    private func referenceDamage(_ added: [PixelRect]) -> [PixelRect] {
        var rects: [PixelRect] = []
        for rect in added where !rect.isEmpty && !rects.contains(where: { $0.contains(rect) }) {
            rects.removeAll { rect.contains($0) }
            rects.append(rect)
        }
        guard rects.count > DamageRegion.limit else { return rects }
        var boxes: [PixelRect?] = rects
        var count = boxes.count
        func cost(_ i: Int, _ j: Int) -> Int {
            guard let a = boxes[i], let b = boxes[j] else { return .max }
            return a.union(b).area - a.area - b.area
        }
        func partner(of i: Int) -> (j: Int, cost: Int) {
            var best = (j: i, cost: Int.max)
            for j in boxes.indices where j != i && boxes[j] != nil {
                let c = cost(i, j)
                if c < best.cost { best = (j, c) }
            }
            return best
        }
        var partners = boxes.indices.map(partner(of:))
        while count > DamageRegion.limit {
            var i = -1
            for k in boxes.indices where boxes[k] != nil && (i < 0 || partners[k].cost < partners[i].cost) { i = k }
            let merged = boxes[i]!.union(boxes[partners[i].j]!)
            boxes[i] = merged
            for k in boxes.indices where k != i {
                if let box = boxes[k], merged.contains(box) {
                    boxes[k] = nil
                    count -= 1
                }
            }
            for k in boxes.indices where k != i && boxes[k] != nil {
                let old = partners[k].j
                if old == i || boxes[old] == nil {
                    partners[k] = partner(of: k)
                } else {
                    let c = cost(k, i)
                    if c < partners[k].cost { partners[k] = (i, c) }
                }
            }
            partners[i] = partner(of: i)
        }
        return boxes.compactMap { $0 }
    }
}
