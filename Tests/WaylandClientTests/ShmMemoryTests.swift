import Glibc
import Testing
import WaylandClient

/// Minor page faults of the calling thread so far.
private func minorFaults() -> Int {
    var usage = rusage()
    // RUSAGE_THREAD (1): Swift's Glibc declares only the process-wide values.
    guard getrusage(__rusage_who_t(1), &usage) == 0 else { return 0 }
    return usage.ru_minflt
}

/// Row `y`'s pixels carry its number, so a test can read where each row came from.
private func label(_ memory: ShmMemory, rows: Range<Int>, base: UInt32) {
    for y in rows { memory.view.fill(PixelRect(x: 0, y: y, width: memory.width, height: 1), argb: base + UInt32(y)) }
}

private func rowValues(_ memory: ShmMemory) -> [UInt32] {
    memory.view.withPixels { bytes in
        (0 ..< memory.height).map { y in
            let row = (0 ..< memory.width).map { bytes.load(fromByteOffset: y * memory.stride + $0 * 4, as: UInt32.self) }
            return row.allSatisfy { $0 == row[0] } ? row[0] : 0xDEAD_BEEF
        }
    }
}

/// The pool-offset buffers of shm scrolling (ShmMemory): a shift moves the buffer in its
/// memory, keeps the fixed rows, wraps around at both ends, and gives pages back.
@Suite struct ShmMemoryTests {
    @Test func shiftingUpMovesEveryRowButTheKeptBandsWithoutTouchingTheirPixels() throws {
        let memory = try ShmMemory(width: 8, height: 10, poolSize: 1 << 20)
        label(memory, rows: 0 ..< 10, base: 100)
        let offset = memory.offset
        #expect(memory.shiftRows(by: 3, keeping: [0 ..< 2, 9 ..< 10]))
        #expect(memory.offset == offset + 3 * memory.stride, "the buffer moved, its rows did not")
        let rows = rowValues(memory)
        #expect(Array(rows[0 ..< 2]) == [100, 101], "the band above stays")
        #expect(Array(rows[2 ..< 6]) == [105, 106, 107, 108], "the scrolled rows show the rows 3 below")
        #expect(rows[9] == 109, "the band below stays")
    }

    @Test func shiftingDownAtTheStartWrapsToTheEndOnceAndKeepsTheContent() throws {
        let memory = try ShmMemory(width: 8, height: 10, poolSize: 1 << 20)
        label(memory, rows: 0 ..< 10, base: 100)
        #expect(memory.offset == 0)
        #expect(memory.shiftRows(by: -4, keeping: [0 ..< 1]))
        #expect(memory.offset > memory.capacity / 2, "the frame went to the other end")
        let rows = rowValues(memory)
        #expect(rows[0] == 100)
        #expect(Array(rows[5 ..< 10]) == [101, 102, 103, 104, 105], "rows moved down by four")
    }

    @Test func shiftingUpPastTheEndWrapsToTheStart() throws {
        let memory = try ShmMemory(width: 64, height: 16, poolSize: 1 << 20)
        #expect(memory.capacity == 1 << 20)
        label(memory, rows: 0 ..< 16, base: 0)
        var wrapped = false
        for step in 1 ... 300 {
            let before = memory.offset
            #expect(memory.shiftRows(by: 15, keeping: []))
            wrapped = wrapped || memory.offset < before
            label(memory, rows: 1 ..< 16, base: UInt32(step * 15))
            #expect(memory.offset + memory.frameBytes <= memory.capacity)
            #expect(rowValues(memory)[0] == UInt32(step * 15), "step \(step): the kept row moved")
        }
        #expect(wrapped, "300 shifts of 15 rows of 256 bytes pass the end of 1 MiB")
    }

    @Test(arguments: [100, -100])
    func pagesBehindTheBufferAreGivenBackAfterEachCommit(rows: Int) throws {
        let memory = try ShmMemory(width: 1024, height: 256, poolSize: 64 << 20)  // 1 MiB frames
        label(memory, rows: 0 ..< 256, base: 1)
        let scrolledIn = rows > 0 ? 256 - rows ..< 256 : 0 ..< -rows
        for _ in 0 ..< 400 {
            #expect(memory.shiftRows(by: rows, keeping: []))
            label(memory, rows: scrolledIn, base: 7)
            memory.prepareNextShift()
            // The frame, the pages made for the next shift (twice this one) and what gathers before a punch.
            let ahead = 2 * abs(rows) * memory.stride
            #expect(memory.residentBytes <= memory.frameBytes + ahead + 2 * ShmMemory.holeThreshold + 2 * 4096 + abs(rows) * memory.stride)
        }
        #expect(rows < 0 || memory.offset > 30 << 20, "the buffer went far beyond what stays resident")
        #expect(rows > 0 || memory.offset < memory.capacity - (30 << 20), "the buffer went far beyond what stays resident")
    }

    /// After a commit the pages the next shift lands on are made, so painting the strip that
    /// scrolls in takes no page faults on the path from input to commit (with the kernel's
    /// `MADV_POPULATE_WRITE`); without that, each of its pages faults.
    @Test func theNextStripIsResidentBeforeItIsPainted() throws {
        func faultsPaintingTheNextStrip(prepared: Bool) throws -> Int {
            let memory = try ShmMemory(width: 1024, height: 256, poolSize: 64 << 20)
            label(memory, rows: 0 ..< 256, base: 1)
            for _ in 0 ..< 3 {
                #expect(memory.shiftRows(by: 64, keeping: []))
                label(memory, rows: 192 ..< 256, base: 7)
                if prepared { memory.prepareNextShift() }
            }
            let before = minorFaults()
            let shifted = memory.shiftRows(by: 64, keeping: [])
            label(memory, rows: 192 ..< 256, base: 9)
            let faults = minorFaults() - before
            #expect(shifted)
            #expect(rowValues(memory)[255] == 9 + 255, "the strip was painted")
            return faults
        }
        let stripPages = 64 * 1024 * 4 / 4096
        let unprepared = try faultsPaintingTheNextStrip(prepared: false)
        let prepared = try faultsPaintingTheNextStrip(prepared: true)
        #expect(unprepared >= stripPages, "each fresh page faults")
        // A sanitizer's shadow memory may fault on its own: what differs is the strip's pages.
        #expect(unprepared - prepared >= stripPages, "prepared: \(prepared) faults, unprepared: \(unprepared)")
    }

    @Test func aPlainMemoryOrAShiftOfTheWholeHeightDoesNotShift() throws {
        let plain = try ShmMemory(width: 8, height: 10, poolSize: nil)
        #expect(plain.capacity == plain.frameBytes && !plain.isScrolling)
        #expect(!plain.shiftRows(by: 1, keeping: []))
        let scrolling = try ShmMemory(width: 8, height: 10, poolSize: 1 << 20)
        #expect(!scrolling.shiftRows(by: 10, keeping: []) && scrolling.offset == 0)
        #expect(scrolling.serial != plain.serial)
    }

    @Test func aViewIsStaleAfterAMoveButNotAfterARefusedShift() throws {
        let memory = try ShmMemory(width: 8, height: 10, poolSize: 1 << 20)
        let view = memory.view
        #expect(!memory.shiftRows(by: 10, keeping: []))
        #expect(view.isCurrent, "a refused shift moves nothing")
        #expect(memory.shiftRows(by: 0, keeping: []))
        #expect(view.isCurrent, "a shift by no rows moves nothing")
        #expect(memory.shiftRows(by: -2, keeping: []))
        #expect(!view.isCurrent)
        #expect(memory.moves == 1)
    }

    @Test func aMemoryHoldsABufferOfAnotherSizeThatFitsAsAnotherBuffer() throws {
        let memory = try ShmMemory(width: 100, height: 10, poolSize: nil, minimumCapacity: 100 * 4 * 12)
        let view = memory.view, serial = memory.serial
        #expect(memory.reshape(width: 110, height: 10))
        #expect(memory.width == 110 && memory.stride == 440 && memory.frameBytes == 4400)
        #expect(!view.isCurrent && memory.serial != serial && !memory.isScrolling)
        #expect(!memory.reshape(width: 121, height: 10), "4,840 bytes do not fit in 4,800")
        #expect(memory.width == 110 && memory.frameBytes == 4400, "a refused reshape changes nothing")
        let scrolling = try ShmMemory(width: 100, height: 10, poolSize: 1 << 20)
        #expect(scrolling.reshape(width: 200, height: 20) && scrolling.isScrolling)
        #expect(!scrolling.reshape(width: 1000, height: 100), "four frames of 400,000 bytes do not fit in 1 MiB")
    }

    @Test func aResizeReusesTheRetiredMemoryWhenTheFrameFitsElseMakesOneAQuarterLarger() throws {
        let first = try ShmMemory.forResize(size: PixelSize(width: 100, height: 10), retired: nil, poolSize: nil)
        #expect(first.capacity == first.frameBytes, "no buffer was retired: no room to spare")
        let grown = try ShmMemory.forResize(size: PixelSize(width: 102, height: 10), retired: first, poolSize: nil)
        #expect(grown !== first && grown.capacity == 4080 + 1020)
        let again = try ShmMemory.forResize(size: PixelSize(width: 104, height: 10), retired: grown, poolSize: nil)
        #expect(again === grown && again.width == 104)
        let shrunk = try ShmMemory.forResize(size: PixelSize(width: 60, height: 10), retired: again, poolSize: nil)
        #expect(shrunk === grown && shrunk.frameBytes == 2400)
    }

    @Test func paintingAResizedBufferInReusedMemoryTakesNoNewPages() throws {
        let first = try ShmMemory.forResize(size: PixelSize(width: 400, height: 300), retired: nil, poolSize: nil)
        let memory = try ShmMemory.forResize(size: PixelSize(width: 410, height: 300), retired: first, poolSize: nil)
        memory.view.fill(PixelRect(x: 0, y: 0, width: 410, height: 300), argb: 0xFF00_00FF)
        let size = PixelSize(width: 420, height: 300)
        let beforeReused = minorFaults()
        let reused = try ShmMemory.forResize(size: size, retired: memory, poolSize: nil)
        reused.view.fill(PixelRect(size: size), argb: 0xFF11_2233)
        let reusedFaults = minorFaults() - beforeReused
        #expect(reused === memory)
        let beforeFresh = minorFaults()
        let fresh = try ShmMemory(width: size.width, height: size.height, poolSize: nil, populated: false)
        fresh.view.fill(PixelRect(size: size), argb: 0xFF11_2233)
        let freshFaults = minorFaults() - beforeFresh
        // A sanitizer's shadow memory may fault on its own: what differs is the frame's pages.
        let pages = size.width * 4 * size.height / 4096
        #expect(freshFaults - reusedFaults >= pages / 2, "reused: \(reusedFaults) faults, fresh: \(freshFaults)")
    }

    @Test func aViewKeepsItsMemoryMapped() throws {
        var memory: ShmMemory? = try ShmMemory(width: 4, height: 4, poolSize: nil)
        let view = memory!.view
        memory = nil
        view.fill(PixelRect(x: 0, y: 0, width: 4, height: 4), argb: 0xFF00_FF00)
        #expect(view.withPixels { $0.load(fromByteOffset: 3 * view.stride + 12, as: UInt32.self) } == 0xFF00_FF00)
    }
}
