import Foundation
import Glibc
import ImageFixtures
import Render
import Testing
import WaylandClient
@testable import TouchstoneApp

/// Waits until the worker's results are ready to read (a poll on its pipe, not a sleep).
private func waitForResults(_ loader: ImageLoader) {
    var descriptor = pollfd(fd: loader.worker.loopWakeFD, events: Int16(POLLIN), revents: 0)
    #expect(poll(&descriptor, 1, 10_000) == 1)
}

/// Sends `nodes` to the worker at `scale` and delivers results until each has new pixels.
private func decode(_ nodes: [ImageNode], with loader: ImageLoader, scale: Double) {
    let before = nodes.map(\.image)
    loader.request(nodes, scale: scale)
    while zip(nodes, before).contains(where: { $0.image == nil || $0.image == $1 }) {
        waitForResults(loader)
        loader.deliver()
    }
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
        decode([node], with: loader, scale: 1)
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

    /// Rows of one 100 × 50 image each, whose PNG is opaque red.
    final class PhotoRows: ListDataSource {
        var count = 0
        let png = PNGFixture.rgba(width: 10, height: 5) { _, _ in (255, 0, 0, 255) }
        func numberOfRows(in list: ListNode) -> Int { count }
        func list(_ list: ListNode, nodeForRowAt index: Int) -> Node {
            let photo = ImageNode(name: "photo-\(index)", frame: Rect(x: 0, y: 0, width: 100, height: 50))
            photo.placeholderColor = Color(red: 0, green: 255, blue: 0)
            photo.source = .encoded(png)
            return photo
        }
    }

    @Test func imagesInRowsAddedAfterTheFirstFrameAreDecodedOnTheWorker() throws {
        // What a live window's frame does: paint, then send what was painted without pixels to the worker.
        let loader = try #require(ImageLoader { Issue.record("unexpected report: \($0)") })
        defer { loader.worker.stop() }
        let rows = PhotoRows()
        let list = ListNode(name: "list", frame: Rect(x: 0, y: 0, width: 100, height: 100), rowExtent: 50)
        list.dataSource = rows
        let window = Window(root: list, size: Size(width: 100, height: 100))
        let renderer = try Renderer(window: window, background: .white, scale: 2, labelFont: .none)
        let canvas = try renderer.makeCanvas()
        renderer.renderFull(into: canvas)
        #expect(renderer.takeImageRequests().isEmpty)
        // A batch fetch's rows arrive: the next frame paints their placeholders and asks for them.
        rows.count = 2
        list.appendRows(2)
        renderer.render(damage: renderer.takeDamage(), into: canvas)
        #expect(canvas.components(x: 100, y: 150) == PixelComponents(alpha: 255, red: 0, green: 255, blue: 0))
        let requested = renderer.takeImageRequests()
        #expect(requested.map(\.name) == ["photo-0", "photo-1"])
        decode(requested, with: loader, scale: 2)
        // The frame after completion paints them: only their damage is repainted.
        renderer.render(damage: renderer.takeDamage(), into: canvas)
        #expect(canvas.components(x: 100, y: 150) == PixelComponents(alpha: 255, red: 255, green: 0, blue: 0))
        #expect(renderer.takeImageRequests().isEmpty)
    }

    @Test func aScaleChangeOrAResizeThatNeedsMorePixelsDecodesAgain() throws {
        // A live window's frames (`FramePainter`): each sends what it painted short of pixels to the worker.
        let loader = try #require(ImageLoader { Issue.record("unexpected report: \($0)") })
        defer { loader.worker.stop() }
        let photo = ImageNode(name: "photo", frame: Rect(x: 0, y: 0, width: 50, height: 25))
        photo.contentMode = .scaleToFill
        photo.source = .encoded(PNGFixture.rgba(width: 400, height: 200) { x, y in (UInt8(x % 256), UInt8(y), 0, 255) })
        let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 200, height: 200))
        root.addSubnode(photo)
        let painter = try FramePainter(window: NodeCore.Window(root: root, size: Size(width: 200, height: 200)),
                                       background: .white) { _ in }
        var chain = SwapChain<ShmMemory>()
        var currentScale = 0
        func frame(scale: Int) throws -> [ImageNode] {
            if scale != currentScale {
                painter.resize(to: Size(width: 200, height: 200), scale: .integer(Int32(scale)))
                currentScale = scale
            }
            let (id, _) = try #require(try painter.offscreenFrame(chain: &chain, poolSize: nil))
            _ = chain.release(id: id, currentSize: nil)
            return painter.renderer.takeImageRequests()
        }
        #expect(try frame(scale: 1).map(\.name) == ["photo"])
        decode([photo], with: loader, scale: 1)
        #expect(photo.image?.width == 50 && photo.image?.height == 25)
        #expect(try frame(scale: 1).isEmpty)
        // The compositor asks for scale 2: twice the pixels.
        let atScale2 = try frame(scale: 2)
        #expect(atScale2.map(\.name) == ["photo"])
        decode(atScale2, with: loader, scale: 2)
        #expect(photo.image?.width == 100 && photo.image?.height == 50)
        // Made larger: decoded again for its new size; made smaller: the pixels held serve.
        photo.frame = Rect(x: 0, y: 0, width: 80, height: 40)
        let larger = try frame(scale: 2)
        #expect(larger.map(\.name) == ["photo"])
        decode(larger, with: loader, scale: 2)
        #expect(photo.image?.width == 160 && photo.image?.height == 80)
        photo.frame = Rect(x: 0, y: 0, width: 60, height: 30)
        #expect(try frame(scale: 2).isEmpty)
        #expect(try frame(scale: 1).isEmpty)
        #expect(photo.image?.width == 160)
    }
}
