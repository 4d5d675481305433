import Testing
@testable import WestonControl
@testable import WestonHarness

@Suite("Reply parsing (no compositor)")
struct ReplyParsingTests {
    @Test func outputsRecordsParseEveryField() throws {
        let outputs = try Reply.outputs(
            "1; name=headless x=0 y=0 width=800 height=600 scale=2 pixel_width=1600 pixel_height=1200")
        #expect(outputs == [HarnessOutput(name: "headless", x: 0, y: 0, width: 800, height: 600,
                                          scale: 2, pixelWidth: 1600, pixelHeight: 1200)])
    }

    @Test func viewsListIsEmptyWhenCountIsZero() throws {
        #expect(try Reply.views("0") == [])
    }

    @Test func viewsParseFractionalPositions() throws {
        let views = try Reply.views(
            "2; x=100.5 y=50 width=600 height=500 pid=42 role=xdg_toplevel; x=0 y=0 width=1 height=1 pid=0 role=none")
        #expect(views.count == 2)
        #expect(views[0] == HarnessView(x: 100.5, y: 50, width: 600, height: 500, pid: 42, role: "xdg_toplevel"))
    }

    @Test func countMismatchIsMalformed() {
        #expect(throws: HarnessError.self) { try Reply.views("2; x=1 y=1 width=1 height=1 pid=1 role=a") }
    }

    @Test func commitStampCarriesPid() throws {
        #expect(try Reply.commit("123456789 pid=77", command: "commit-wait")
            == CommitStamp(timestampNanoseconds: 123_456_789, pid: 77))
    }

    @Test func presentedStampCarriesItsFrame() throws {
        #expect(try Reply.presented("123456789 frame=12", command: "wait-presented")
            == PresentedStamp(timestampNanoseconds: 123_456_789, frame: 12))
        #expect(throws: HarnessError.self) { try Reply.presented("123456789", command: "wait-presented") }
    }

    @Test func pamDecodesHeaderAndPixels() throws {
        let header = Array("P7\nWIDTH 2\nHEIGHT 1\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n".utf8)
        let shot = try #require(Screenshot.decodePAM(header + [1, 2, 3, 255, 9, 8, 7, 255]))
        #expect(shot.width == 2 && shot.height == 1)
        #expect(shot.pixel(x: 1, y: 0) == RGBA(r: 9, g: 8, b: 7))
    }

    @Test func truncatedPamIsRejected() {
        let header = Array("P7\nWIDTH 2\nHEIGHT 1\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n".utf8)
        #expect(Screenshot.decodePAM(header + [1, 2, 3]) == nil)
    }

    /// grim's `-t ppm`: binary RGB, made opaque.
    @Test func ppmDecodesHeaderAndPixelsAsOpaque() throws {
        let shot = try #require(Screenshot.decodePPM(Array("P6\n2 1\n255\n".utf8) + [1, 2, 3, 9, 8, 7]))
        #expect(shot.width == 2 && shot.height == 1)
        #expect(shot.pixel(x: 1, y: 0) == RGBA(r: 9, g: 8, b: 7, a: 255))
        #expect(Screenshot.decodePPM(Array("P6\n2 1\n255\n".utf8) + [1, 2, 3]) == nil)
        #expect(Screenshot.decodePPM(Array("P6\n2 1\n65535\n".utf8) + [UInt8](repeating: 0, count: 12)) == nil)
    }

    @Test func coordinatesPrintWithoutNeedlessFractions() {
        #expect(HeadlessWeston.number(400) == "400")
        #expect(HeadlessWeston.number(10.25) == "10.25")
    }
}
