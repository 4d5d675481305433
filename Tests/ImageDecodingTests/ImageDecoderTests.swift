import Glibc
import ImageFixtures
import NodeCore
import Testing
@testable import ImageDecoding

/// The premultiplied pixel (`a`, `r`, `g`, `b`) as a8r8g8b8.
private func argb(_ a: UInt32, _ r: UInt32, _ g: UInt32, _ b: UInt32) -> UInt32 { a << 24 | r << 16 | g << 8 | b }

/// Whether each channel of two pixels differs by at most `tolerance`.
private func close(_ p: UInt32, _ q: UInt32, within tolerance: Int) -> Bool {
    (0 ..< 4).allSatisfy { (channel: Int) -> Bool in
        let shift = UInt32(channel * 8)
        let a = Int((p >> shift) & 0xFF), b = Int((q >> shift) & 0xFF)
        return abs(a - b) <= tolerance
    }
}

@Suite struct PNGDecodingTests {
    @Test func rgbaPNGDecodesToPremultipliedPixelsAtItsOwnSize() throws {
        let png = PNGFixture.rgba(width: 2, height: 1) { x, _ in x == 0 ? (255, 0, 0, 255) : (0, 0, 255, 128) }
        let image = try ImageDecoder.decode(png)
        #expect(image.sourceWidth == 2 && image.sourceHeight == 1)
        #expect(image.pixels.pixels == [argb(255, 255, 0, 0), argb(128, 0, 0, 128)])
    }

    @Test func onePixelPNGDecodes() throws {
        let image = try ImageDecoder.decode(PNGFixture.rgba(width: 1, height: 1) { _, _ in (10, 20, 30, 255) })
        #expect(image.pixels.width == 1 && image.pixels.height == 1)
        #expect(image.pixels.pixels == [argb(255, 10, 20, 30)])
    }

    @Test func palettePNGWithTransparencyExpandsToItsColors() throws {
        // Two-bit indices: 0 red, 1 green at half alpha, 2 blue.
        let png = PNGFixture.png(width: 3, height: 1, colorType: .palette, bitDepth: 2, rows: [[0b0001_1000]],
                                 palette: [255, 0, 0, 0, 255, 0, 0, 0, 255], transparency: [255, 128])
        let image = try ImageDecoder.decode(png)
        #expect(image.pixels.pixels == [argb(255, 255, 0, 0), argb(128, 0, 128, 0), argb(255, 0, 0, 255)])
    }

    @Test func sixteenBitPNGIsScaledToEightBits() throws {
        let png = PNGFixture.png(width: 1, height: 1, colorType: .rgba, bitDepth: 16,
                                 rows: [[0xFF, 0xFF, 0x80, 0x80, 0x00, 0x00, 0xFF, 0xFF]])
        let image = try ImageDecoder.decode(png)
        #expect(image.pixels.pixels == [argb(255, 255, 128, 0)])
    }

    @Test func grayscalePNGsBecomeGrayPixels() throws {
        let gray = PNGFixture.png(width: 2, height: 1, colorType: .gray, bitDepth: 8, rows: [[0, 200]])
        #expect(try ImageDecoder.decode(gray).pixels.pixels == [argb(255, 0, 0, 0), argb(255, 200, 200, 200)])
        let grayAlpha = PNGFixture.png(width: 1, height: 1, colorType: .grayAlpha, bitDepth: 8, rows: [[200, 0]])
        #expect(try ImageDecoder.decode(grayAlpha).pixels.pixels == [0])
    }

    @Test func pngWithoutIENDIsAnError() {
        let png = PNGFixture.png(width: 1, height: 1, colorType: .rgba, bitDepth: 8, rows: [[1, 2, 3, 4]], withEnd: false)
        #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(png) }
    }

    @Test func corruptPNGIsAnErrorNamingTheFormat() throws {
        var png = PNGFixture.rgba(width: 4, height: 4) { _, _ in (1, 2, 3, 255) }
        png[40] ^= 0xFF
        let error = try #require(throws: ImageDecodingError.self) { try ImageDecoder.decode(png) }
        guard case let .corrupt(format, reason) = error else { Issue.record("not corrupt: \(error)"); return }
        #expect(format == .png)
        #expect(!reason.isEmpty)
        #expect(error.description.hasPrefix("not a decodable PNG: "))
    }

    @Test func bytesThatAreNeitherPNGNorJPEGAreAnUnknownFormat() {
        #expect(throws: ImageDecodingError.unknownFormat) { try ImageDecoder.decode(Array("GIF89a".utf8)) }
    }

    @Test func imageLargerThanTheLimitIsRefusedFromItsHeader() {
        #expect(throws: ImageDecodingError.tooLarge(width: 40000, height: 10)) {
            try ImageDecoder.decode(PNGFixture.headerOnly(width: 40000, height: 10))
        }
        #expect(throws: ImageDecodingError.tooLarge(width: 20000, height: 20000)) {
            try ImageDecoder.sourceSize(of: PNGFixture.headerOnly(width: 20000, height: 20000))
        }
    }

    @Test func pngDecodedSmallerAveragesItsPixels() throws {
        // Columns alternate black and white: any downscale is mid gray.
        let png = PNGFixture.rgba(width: 64, height: 64) { x, _ in x % 2 == 0 ? (0, 0, 0, 255) : (255, 255, 255, 255) }
        let image = try ImageDecoder.decode(png) { _, _ in (10, 10) }
        #expect(image.pixels.width == 10 && image.pixels.height == 10)
        #expect(image.pixels.pixels.allSatisfy { close($0, argb(255, 128, 128, 128), within: 2) })
    }
}

@Suite struct JPEGDecodingTests {
    private func solid(_ components: JPEGFixture.Components, _ values: [UInt8], size: Int = 16) -> [UInt8] {
        JPEGFixture.jpeg(width: size, height: size, components: components, quality: 100) { _, row in
            for i in 0 ..< row.count { row[i] = values[i % values.count] }
        }
    }

    @Test func rgbJPEGDecodesToOpaquePixels() throws {
        let image = try ImageDecoder.decode(solid(.rgb, [200, 40, 10]))
        #expect(image.pixels.width == 16)
        #expect(image.pixels.pixels.allSatisfy { close($0, argb(255, 200, 40, 10), within: 3) })
    }

    @Test func grayscaleJPEGDecodesToGrayPixels() throws {
        let image = try ImageDecoder.decode(solid(.gray, [90]))
        #expect(image.pixels.pixels.allSatisfy { close($0, argb(255, 90, 90, 90), within: 1) })
    }

    @Test func adobeCMYKJPEGIsConvertedToRGB() throws {
        // Adobe stores CMYK inverted (255 is no ink): full magenta and yellow make red.
        let image = try ImageDecoder.decode(solid(.cmyk, [255, 0, 0, 255]))
        #expect(image.pixels.pixels.allSatisfy { close($0, argb(255, 255, 0, 0), within: 3) })
    }

    @Test func truncatedJPEGIsAnErrorThoughLibjpegOnlyWarns() throws {
        let photo = JPEGFixture.photo(width: 256, height: 256)
        let cut = Array(photo.prefix(photo.count / 2))
        let error = try #require(throws: ImageDecodingError.self) { try ImageDecoder.decode(cut) }
        #expect(error.description.contains("truncated"))
        // Cut inside the headers, before any scan.
        let headersOnly = try #require(throws: ImageDecodingError.self) { try ImageDecoder.decode(Array(photo.prefix(300))) }
        #expect(headersOnly.description.contains("truncated"))
    }

    @Test func largeJPEGIsDecodedWithDCTScalingToTheSmallestScaleNotBelowTheSize() throws {
        let photo = JPEGFixture.photo(width: 4000, height: 3000)
        let image = try ImageDecoder.decode(photo) { _, _ in (400, 300) }
        #expect(image.decodedWidth == 500 && image.decodedHeight == 375)
        #expect(image.pixels.width == 400 && image.pixels.height == 300)
        let half = try ImageDecoder.decode(photo) { _, _ in (1500, 1000) }
        #expect(half.decodedWidth == 2000)
    }

    @Test func hugeJPEGDrawnSmallNeverNeedsItsFullSize() throws {
        // 16384 × 16384 would be 1 GiB of pixels: it is decoded at ⅛ and averaged as rows arrive.
        let side = 16384
        let jpeg = JPEGFixture.jpeg(width: side, height: side, components: .gray, quality: 50) { y, row in
            row.update(repeating: UInt8(truncatingIfNeeded: y >> 6))
        }
        let image = try ImageDecoder.decode(jpeg) { _, _ in (100, 100) }
        #expect(image.sourceWidth == side && image.sourceHeight == side)
        #expect(image.decodedWidth == side / 8)
        #expect(image.pixels.width == 100 && image.pixels.height == 100)
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        // The peak resident size of the whole test process stays far below the full image.
        // Under AddressSanitizer (tools/asan-tests sets ASAN_OPTIONS) that size is mostly the
        // sanitizer's shadow and quarantine, not the decoder's: the plain run checks it.
        if getenv("ASAN_OPTIONS") == nil { #expect(usage.ru_maxrss < 700 * 1024) }
    }
}
