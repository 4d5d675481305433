import Foundation
import NodeCore
import Render
import SceneFormat
import Testing
import WestonHarness

/// A 400×300 window: a header and a footer that never scroll, between them `list`, as
/// wide as the window, over forty labelled buttons.
private let headerListFooterScene: String = {
    let buttons = (0 ..< 40).map { i in
        """
        { "name": "b\(i)", "kind": "button", "frame": [16, \(i * 44 + 4), 368, 36], "label": "Row \(i)",
          "color": "\(["#2050C0", "#208040", "#C08020"][i % 3])" }
        """
    }.joined(separator: ",\n")
    return """
    { "size": [400, 300], "background": "#FFFFFF",
      "root": { "name": "root", "frame": [0, 0, 400, 300], "children": [
        { "name": "header", "frame": [0, 0, 400, 30], "color": "#303030" },
        { "name": "list", "kind": "scroll", "frame": [0, 30, 400, 240], "contentSize": [400, 1780],
          "color": "#FFFFFF", "children": [
    \(buttons)
        ] },
        { "name": "footer", "frame": [0, 270, 400, 30], "color": "#802080" } ] } }
    """
}()

/// Scrolling a live window moves its pool buffers in their memfds (foot's shm scrolling):
/// what weston shows after the frames is what a full repaint paints.
@Suite("Shm scrolling under headless weston", .serialized)
struct ShmScrollingLiveTests {
    /// At output scales 1 and 2 (buffer pixels are screenshot pixels), and with the
    /// tappable-area overlay on (`--debug-overlay`), which moves with the content.
    @Test(arguments: [(1, false), (2, false), (1, true)])
    func wheelScrollFramesShowExactlyWhatAFullRepaintPaints(scale: Int, overlay: Bool) throws {
        let live = try LiveClient(scene: headerListFooterScene, arguments: overlay ? ["--debug-overlay"] : [], scale: scale)
        try live.inject([.pointerMotion(location: Point(x: 200, y: 150))])
        // Nine frames of 7 pt down and three of 5 pt back up, each waited for on screen:
        // the buffers rotate, each catching up on the frames it missed.
        let steps = Array(repeating: 7.0, count: 9) + Array(repeating: -5.0, count: 3)
        for step in steps {
            try live.injectAndWaitForFrame([.pointerAxis(.vertical, value: step, source: .wheel)])
        }
        let log = try live.waitForLog { $0.filter { $0.event.name == "scrolled" }.count == steps.count }
        let offset = try #require(log.last?.location?.y, "no scroll logged: \(log.map(\.line))")
        #expect(offset == steps.reduce(0, +))
        live.waitUntilTheScreenSettles()
        let shot = try live.screenshot()

        let scene = try SceneDecoder.decode(Array(headerListFooterScene.utf8), file: "scene.json")
        let window = scene.makeWindow()
        window.showsTappableAreas = overlay
        let list = try #require(window.root.subnodes.first { $0.name == "list" } as? ScrollNode)
        list.contentOffset.y = offset
        let expected = try Renderer(window: window, background: scene.background, scale: RenderScale(scale)).renderImage()
        #expect(shot.width == expected.width && shot.height == expected.height)
        // Weston draws the pointer's cursor into the screenshot: its box is left out.
        let cursor = 190 * scale ..< 240 * scale, cursorRows = 140 * scale ..< 190 * scale
        var differing: [String] = []
        for y in 0 ..< expected.height {
            for x in 0 ..< expected.width where !(cursor.contains(x) && cursorRows.contains(y)) {
                let want = expected.components(x: x, y: y)
                let got = shot.pixel(x: x, y: y)
                if !got.isClose(to: RGBA(r: want.red, g: want.green, b: want.blue)) { differing.append("(\(x), \(y))") }
            }
        }
        let report = "\(differing.count) pixels differ from a full repaint, first \(differing.prefix(8)); client log: \(live.clientLog())"
        #expect(differing.count == 0, Comment(rawValue: report))
        // The buffers are windows onto large sparse memfds (ShmMemory.scrollingPoolSize).
        let maps = try String(contentsOfFile: "/proc/\(live.client.pid)/maps", encoding: .utf8)
        let pools = maps.split(separator: "\n").filter { $0.contains("touchstone-shm") }.compactMap { line -> Int? in
            let range = line.split(separator: " ")[0].split(separator: "-").compactMap { Int($0, radix: 16) }
            return range.count == 2 ? range[1] - range[0] : nil
        }
        #expect(pools.contains(256 << 20), "no scrolling pool mapped: \(pools)")
        #expect(try live.quit() == 0)
    }
}
