import Foundation
import Glibc
import ImageFixtures
import Testing
@testable import TouchstoneApp

/// Waits until the worker's results are ready to read (a poll on its pipe, not a sleep).
private func waitForResults(_ loader: ImageLoader) {
    var descriptor = pollfd(fd: loader.worker.loopWakeFD, events: Int16(POLLIN), revents: 0)
    #expect(poll(&descriptor, 1, 10_000) == 1)
}

// behaviour.md §17.5-6: the Swift API's sources, the error handler and imageModification.
@Suite struct ImageLoaderTests {
    @Test func encodedBytesAreDecodedOnTheWorkerAndModifiedThere() throws {
        let loader = try #require(ImageLoader { Issue.record("unexpected report: \($0)") })
        defer { loader.worker.stop() }
        let node = ImageNode(name: "avatar", frame: Rect(x: 0, y: 0, width: 8, height: 8))
        node.source = .encoded(PNGFixture.rgba(width: 8, height: 8) { _, _ in (255, 255, 255, 255) })
        node.imageModification = { pixels in
            // A circular crop made on the worker: the corners go transparent.
            var words = pixels.pixels
            words[0] = 0
            return ImagePixels(trustedWidth: pixels.width, height: pixels.height, pixels: words)
        }
        loader.request([node], scale: 1)
        while node.image == nil {
            waitForResults(loader)
            loader.deliver()
        }
        #expect(node.image?.pixels.first == 0)
        #expect(node.image?.pixels.last == 0xFFFF_FFFF)
        #expect(node.intrinsicContentSize == Size(width: 8, height: 8))
    }

    @Test func aMissingFileKeepsThePlaceholderAndTellsTheErrorHandler() throws {
        let loader = try #require(ImageLoader { Issue.record("reported though the node has a handler: \($0)") })
        defer { loader.worker.stop() }
        let node = ImageNode(name: "photo", frame: Rect(x: 0, y: 0, width: 8, height: 8))
        node.source = .file(path: "/nonexistent/touchstone/photo.jpg")
        var reasons: [String] = []
        node.errorHandler = { reasons.append($0) }
        loader.request([node], scale: 1)
        while reasons.isEmpty {
            waitForResults(loader)
            loader.deliver()
        }
        #expect(reasons == ["cannot read the file: no such file or directory"])
        #expect(node.image == nil && node.loadError != nil)
    }

    @Test func pixelsFromTheAppNeedNoDecoding() throws {
        let pixels = try #require(ImagePixels(width: 1, height: 1, premultiplied: [0x8040_0000]))
        let node = ImageNode(name: "swatch")
        node.source = .pixels(pixels)
        #expect(node.image == pixels)
        #expect(!node.needsPixels(scale: 4))
    }
}
