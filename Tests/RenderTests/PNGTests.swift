import Foundation
import NodeCore
import Testing
@testable import Render

private func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory
        .appendingPathComponent("touchstone-\(UInt64.random(in: 0...UInt64.max))-\(name)").path
}

@Suite struct PNGTests {
    @Test func writingAndReadingBackGivesTheSamePremultipliedPixels() throws {
        let canvas = try Canvas(width: 16, height: 16)
        var values: [UInt32] = []
        for y in 0..<16 {
            for x in 0..<16 {
                let a = UInt32((x * 16 + y) % 256)
                let c = { (v: Int) in UInt32(v) * a / 255 }
                let value = a << 24 | c(x * 17) << 16 | c(y * 17) << 8 | c(255 - x * 7)
                canvas.setPixel(x: x, y: y, to: value)
                values.append(value)
            }
        }
        let path = temporaryPath("roundtrip.png")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try canvas.writePNG(to: path)
        let read = try Canvas.readPNG(from: path)
        #expect(read.width == 16 && read.height == 16)
        #expect(differingPixels(canvas, read).isEmpty)
    }

    @Test func exportedPNGHoldsStraightAlpha() throws {
        let canvas = try Canvas(width: 1, height: 1)
        canvas.fill(Color(red: 200, green: 100, blue: 50, alpha: 0.5))
        #expect(canvas.straightRGBA() == [200, 100, 50, 128].map { UInt8($0) }
                || canvas.straightRGBA().enumerated().allSatisfy { abs(Int($1) - [200, 100, 50, 128][$0]) <= 1 })
    }

    @Test func renderedSceneRoundTripsThroughAFile() throws {
        let node = box("a", 2, 2, 10, 10, Color(red: 255, green: 0, blue: 0, alpha: 0.6))
        let canvas = try render(makeWindow(width: 20, height: 20, node), background: Color(red: 0, green: 0, blue: 0, alpha: 0.3))
        let path = temporaryPath("scene.png")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try canvas.writePNG(to: path)
        #expect(differingPixels(canvas, try Canvas.readPNG(from: path)).isEmpty)
    }

    @Test func readingAMissingFileThrowsAReadError() {
        #expect {
            try Canvas.readPNG(from: "/nonexistent/none.png")
        } throws: { error in
            guard case PNGError.readFailed(let path, _) = error else { return false }
            return path == "/nonexistent/none.png"
        }
    }

    @Test func writingIntoAMissingDirectoryThrowsAWriteError() throws {
        let canvas = try Canvas(width: 2, height: 2)
        #expect {
            try canvas.writePNG(to: "/nonexistent/dir/out.png")
        } throws: { error in
            guard case PNGError.writeFailed = error else { return false }
            return true
        }
    }

    @Test func readingANonPNGFileThrows() throws {
        let path = temporaryPath("not.png")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: PNGError.self) { try Canvas.readPNG(from: path) }
    }
}
