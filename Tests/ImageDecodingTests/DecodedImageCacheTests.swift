import Foundation
import ImageFixtures
import Testing
@testable import ImageDecoding

/// A temporary PNG file of `side` × `side`, removed by the caller.
private func pngFile(side: Int, shade: UInt8) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("cache-\(UUID()).png").path
    try Data(PNGFixture.rgba(width: side, height: side) { _, _ in (shade, shade, shade, 255) }).write(to: URL(fileURLWithPath: path))
    return path
}

@Suite struct DecodedImageCacheTests {
    @Test func theSameFileAtTheSameSizeIsDecodedOnce() throws {
        let path = try pngFile(side: 16, shade: 10)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var cache = DecodedImageCache(limit: 1 << 20)
        let first = try cache.image(path: path) { _, _ in (8, 8) }
        let second = try cache.image(path: path) { _, _ in (8, 8) }
        #expect(cache.hits == 1)
        #expect(first.pixels == second.pixels)
        _ = try cache.image(path: path) { _, _ in (16, 16) }
        #expect(cache.hits == 1)
    }

    @Test func aModifiedFileIsDecodedAgain() throws {
        let path = try pngFile(side: 4, shade: 10)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var cache = DecodedImageCache(limit: 1 << 20)
        _ = try cache.image(path: path) { w, h in (w, h) }
        try Data(PNGFixture.rgba(width: 4, height: 4) { _, _ in (200, 200, 200, 255) }).write(to: URL(fileURLWithPath: path))
        // A later modification time, whatever the clock's resolution.
        let later = timespec(tv_sec: time(nil) + 10, tv_nsec: 0)
        var times = [later, later]
        _ = utimensat(AT_FDCWD, path, &times, 0)
        let image = try cache.image(path: path) { w, h in (w, h) }
        #expect(cache.hits == 0)
        #expect(image.pixels.pixels.first == 0xFFC8_C8C8)
    }

    @Test func theCacheStaysWithinItsByteLimit() throws {
        let paths = try (0 ..< 3).map { try pngFile(side: 16, shade: UInt8($0)) }
        defer { for path in paths { try? FileManager.default.removeItem(atPath: path) } }
        // Room for two 16 × 16 images (1 KiB each).
        var cache = DecodedImageCache(limit: 2048)
        for path in paths { _ = try cache.image(path: path) { w, h in (w, h) } }
        #expect(cache.byteCount <= 2048)
        _ = try cache.image(path: paths[2]) { w, h in (w, h) }
        #expect(cache.hits == 1)
        _ = try cache.image(path: paths[0]) { w, h in (w, h) }
        #expect(cache.hits == 1)
    }
}
