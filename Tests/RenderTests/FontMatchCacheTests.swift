import Foundation
import Testing
@testable import Render

/// The font-match cache spares a cold start fontconfig's configuration loading; it must
/// never answer differently from fontconfig while what fontconfig reads is unchanged.
@Suite struct FontMatchCacheTests {
    private let folder = FileManager.default.temporaryDirectory.appending(path: "font-cache-\(UUID().uuidString)")

    private func touch(_ path: String, secondsFromNow offset: Double) {
        #expect(FileManager.default.createFile(atPath: path, contents: FileManager.default.contents(atPath: path) ?? Data()))
        let date = Date().addingTimeInterval(offset)
        try? FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: path)
    }

    private func setUp() -> (cache: FontMatchCache, dependency: String, font: String) {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let dependency = folder.appending(path: "fonts.conf").path
        let font = folder.appending(path: "Face.ttf").path
        touch(dependency, secondsFromNow: -100)
        touch(font, secondsFromNow: -100)
        return (FontMatchCache(file: folder.appending(path: "cache/font-match").path, dependencies: [dependency]),
                dependency, font)
    }

    @Test func aStoredMatchIsAnsweredWithoutAskingAgain() {
        let (cache, _, font) = setUp()
        defer { try? FileManager.default.removeItem(at: folder) }
        var lookUps = 0
        let first = cache.match(family: "Sans") { lookUps += 1; return FontFile(path: font, faceIndex: 2) }
        let second = cache.match(family: "Sans") { lookUps += 1; return nil }
        #expect(first == FontFile(path: font, faceIndex: 2))
        #expect(second == first)
        #expect(lookUps == 1)
        #expect(cache.match(family: "Serif") { lookUps += 1; return FontFile(path: font, faceIndex: 0) } != nil)
        #expect(lookUps == 2, "another family is looked up")
        #expect(cache.cached(family: "Sans") == first, "storing another family keeps the first")
    }

    @Test func aNewerConfigurationOrAMissingFontFileIsAskedAgain() throws {
        let (cache, dependency, font) = setUp()
        defer { try? FileManager.default.removeItem(at: folder) }
        cache.store(FontFile(path: font), for: "Sans")
        #expect(cache.cached(family: "Sans") == FontFile(path: font))
        touch(dependency, secondsFromNow: 100)
        #expect(cache.cached(family: "Sans") == nil, "fontconfig's configuration changed after the cache was written")
        touch(dependency, secondsFromNow: -100)
        #expect(cache.cached(family: "Sans") != nil)
        try FileManager.default.removeItem(atPath: font)
        #expect(cache.cached(family: "Sans") == nil, "the font file is gone")
    }

    @Test func withoutAPlaceForTheCacheFontconfigIsAskedEveryTime() {
        let cache = FontMatchCache(file: nil, dependencies: [])
        var lookUps = 0
        for _ in 0..<2 { _ = cache.match(family: "Sans") { lookUps += 1; return FontFile(path: "/x.ttf") } }
        #expect(lookUps == 2)
    }
}
