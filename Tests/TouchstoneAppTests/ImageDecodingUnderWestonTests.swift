import Foundation
import ImageFixtures
import Testing
import TouchstoneApp
import WestonHarness

/// Live image decoding under headless weston (behaviour.md §17.5): the decode runs on a
/// worker, so touches are dispatched and committed while it runs, and the photo appears
/// in a frame after it ends.
@Suite("Images under headless weston", .serialized)
struct ImageDecodingUnderWestonTests {
    @Test func aTapWhileALargeJPEGDecodesIsCommittedBeforeTheDecodeEnds() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("touchstone-live-image-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("photo.jpg").path
        try Data(JPEGFixture.photo(width: 4000, height: 3000)).write(to: URL(fileURLWithPath: path))
        // The worker says when it reached `imageModification` and waits there for the test:
        // the decode is provably still running while the tap goes through.
        let started = CommandPipe(), release = CommandPipe()
        defer {
            started.close()
            release.close()
        }
        let live = try AppUnderWeston(width: 240, height: 200, makeRoot: {
            let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 240, height: 200))
            root.backgroundColor = .white
            let photo = ImageNode(name: "photo", frame: Rect(x: 20, y: 20, width: 200, height: 150))
            photo.placeholderColor = Color(red: 0, green: 255, blue: 0)
            photo.imageModification = { pixels in
                started.send(1)
                _ = release.receive()
                return pixels
            }
            photo.source = .file(path: path)
            let button = ButtonNode(name: "button", frame: Rect(x: 0, y: 180, width: 240, height: 20))
            button.backgroundColor = Color(red: 0, green: 0, blue: 255)
            button.highlightedColor = Color(red: 255, green: 0, blue: 0)
            root.addSubnode(photo)
            root.addSubnode(button)
            return root
        })
        _ = started.receive()
        #expect(try live.weston.screenshot().pixel(x: 120, y: 95) == RGBA(r: 0, g: 255, b: 0))
        let down = try live.weston.touchDownAndFrame(id: 1, x: 120, y: 190)
        let commit = try live.weston.waitForCommit(after: down, pid: getpid(), timeout: 10)
        let shot = try live.weston.screenshot()
        #expect(shot.pixel(x: 120, y: 190) == RGBA(r: 255, g: 0, b: 0))
        #expect(shot.pixel(x: 120, y: 95) == RGBA(r: 0, g: 255, b: 0))
        // Let the decode end: a later frame shows the photo in place of the placeholder.
        let released = try live.weston.monotonicTime()
        release.send(1)
        let shown = try live.weston.waitForCommit(after: released, pid: getpid(), timeout: 10)
        #expect(commit.timestampNanoseconds < shown.timestampNanoseconds)
        #expect(try live.weston.screenshot().pixel(x: 120, y: 95) != RGBA(r: 0, g: 255, b: 0))
        _ = try live.weston.touchUp(id: 1)
        _ = try live.weston.touchFrame()
        try live.weston.key(1, pressed: true)
        _ = try live.weston.key(1, pressed: false)
        #expect(live.waitForExit().exited)
    }
}
