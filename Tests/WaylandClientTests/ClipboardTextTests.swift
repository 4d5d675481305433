import Glibc
import Testing
import WaylandClient

// behaviour.md §16.7: what the Wayland clipboard offers and accepts, and how a paste's
// bytes are read (without blocking, bounded) and decoded.
@Suite struct ClipboardTextTests {
    /// A pipe whose read end does not block.
    private func pipeEnds() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        return (ends[0], ends[1])
    }

    private func write(_ bytes: [UInt8], to fd: Int32) {
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        #expect(written == bytes.count)
    }

    @Test func aCopyOffersUTF8TextFirst() {
        #expect(ClipboardText.offeredMimeTypes.first == "text/plain;charset=utf-8")
        #expect(Set(ClipboardText.offeredMimeTypes) == ["text/plain;charset=utf-8", "text/plain", "UTF8_STRING"])
    }

    @Test func aPasteAsksForUTF8TextFirstWhateverTheCaseOfItsType() {
        #expect(ClipboardText.preferredMimeType(among: ["text/html", "text/plain", "TEXT/PLAIN;CHARSET=UTF-8"])
            == "TEXT/PLAIN;CHARSET=UTF-8")
        #expect(ClipboardText.preferredMimeType(among: ["text/plain", "UTF8_STRING"]) == "UTF8_STRING")
        #expect(ClipboardText.preferredMimeType(among: ["text/plain"]) == "text/plain")
    }

    @Test func aSelectionWithoutTextHasNothingToPaste() {
        #expect(ClipboardText.preferredMimeType(among: ["image/png", "text/uri-list"]) == nil)
        #expect(ClipboardText.preferredMimeType(among: []) == nil)
    }

    @Test func invalidUTF8BecomesOneReplacementCharacterPerBadSequence() {
        #expect(ClipboardText.decode(Array("Grüße".utf8)) == "Grüße")
        #expect(ClipboardText.decode([0x41, 0xFF, 0x42]) == "A\u{FFFD}B")
        // A truncated sequence at the end, and a lone continuation byte.
        #expect(ClipboardText.decode([0x61, 0xC3]) == "a\u{FFFD}")
        #expect(ClipboardText.decode([0x80, 0x62]) == "\u{FFFD}b")
    }

    @Test func aPasteReadFinishesWhenTheOwnerClosesItsEnd() throws {
        let (readEnd, writeEnd) = try pipeEnds()
        defer { close(readEnd) }
        var reader = PasteReader(fd: readEnd)
        write(Array("copy".utf8), to: writeEnd)
        #expect(reader.readAvailable() == .waiting)
        write(Array(" me".utf8), to: writeEnd)
        close(writeEnd)
        #expect(reader.readAvailable() == .finished(Array("copy me".utf8)))
    }

    @Test func aPasteReadNeverWaitsForAnOwnerThatSendsNothing() throws {
        let (readEnd, writeEnd) = try pipeEnds()
        defer { close(readEnd); close(writeEnd) }
        var reader = PasteReader(fd: readEnd)
        // Returns at once with nothing read: the loop polls again later.
        #expect(reader.readAvailable() == .waiting)
        #expect(reader.readAvailable() == .waiting)
    }

    @Test func aPasteLargerThanTheLimitIsAbandoned() throws {
        let (readEnd, writeEnd) = try pipeEnds()
        defer { close(readEnd); close(writeEnd) }
        var reader = PasteReader(fd: readEnd, limit: 10)
        write(Array("0123456789".utf8), to: writeEnd)
        #expect(reader.readAvailable() == .waiting)
        write([0x41], to: writeEnd)
        #expect(reader.readAvailable() == .tooLarge)
    }

    @Test func aPasteOfExactlyTheLimitIsKept() throws {
        let (readEnd, writeEnd) = try pipeEnds()
        defer { close(readEnd) }
        var reader = PasteReader(fd: readEnd, limit: 4)
        write(Array("abcd".utf8), to: writeEnd)
        close(writeEnd)
        #expect(reader.readAvailable() == .finished(Array("abcd".utf8)))
    }

    @Test func theDefaultLimitIsOneMebibyte() {
        #expect(ClipboardText.maximumPasteBytes == 1 << 20)
        #expect(PasteReader(fd: -1).limit == 1 << 20)
    }

    @Test func aSelectionLargerThanThePipeIsWrittenWholeWithoutBlockingTheCaller() throws {
        let (readEnd, writeEnd) = try pipeEnds()
        defer { close(readEnd) }
        // Four times a pipe's buffer: written on the writer's thread while this one reads.
        let bytes = (0 ..< 256 * 1024).map { UInt8(truncatingIfNeeded: $0 % 251) }
        SelectionWriter.write(bytes, to: writeEnd)
        var reader = PasteReader(fd: readEnd, limit: bytes.count)
        var ready = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        var progress = PasteReader.Progress.waiting
        while progress == .waiting, poll(&ready, 1, 10_000) > 0 {
            progress = reader.readAvailable()
        }
        #expect(progress == .finished(bytes))
    }
}
