import Foundation
import NodeCore
import SceneFormat
import Session
import Testing
import WestonHarness

/// The checkout example shown fullscreen by kiosk-shell on a landscape and on a portrait
/// output (behaviour.md §15.1): the window's size is the root's, and taps land on the
/// controls where `touchstone layout --size` puts them.
@Suite("Live layout under headless weston", .serialized)
struct LiveLayoutTests {
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "examples/checkout/scene.json")

    /// The center of `name` in window points with the scene laid out at `size`, as `touchstone layout` lays it out.
    private func center(of name: String, scene text: String, size: Size) throws -> Point {
        let scene = try SceneDecoder.decode(Array(text.utf8), file: "checkout.json")
        let window = SceneWindow.make(scene, size: size).window
        let node = try #require(window.root.node(named: name))
        let origin = node.originInWindow
        return Point(x: origin.x + node.frame.width / 2, y: origin.y + node.frame.height / 2)
    }

    @Test(arguments: [(1280, 800), (800, 1280)])
    func aLaidOutSceneFillsTheOutputAndTapsLandWhereTheLayoutSaysTheControlsAre(width: Int, height: Int) throws {
        let text = try String(contentsOf: Self.checkout, encoding: .utf8)
        let size = Size(width: Double(width), height: Double(height))
        let pay = try center(of: "pay", scene: text, size: size)
        let help = try center(of: "help", scene: text, size: size)
        let live = try LiveClient(scene: text, output: (width, height))
        try live.injectAndWaitForFrame([.down(1, pay.x, pay.y), .touchFrame])
        try live.injectAndWaitForFrame([.up(1)])
        try live.injectAndWaitForFrame([.down(2, help.x, help.y), .touchFrame])
        try live.injectAndWaitForFrame([.up(2)])
        #expect(try live.eventSummary() == ["pay.touchDown", "pay.touchUpInside", "pay.primaryActionTriggered",
                                            "help.touchDown", "help.touchUpInside", "help.primaryActionTriggered"])
        // The Pay button is painted where it is hit: its green at its center, on the screen.
        #expect(try live.screenshot().pixel(x: Int(pay.x) - 60, y: Int(pay.y)).isClose(to: RGBA(r: 0x2E, g: 0x7D, b: 0x32)))
        #expect(try live.quit() == 0)
    }

    /// A button kept at the right edge by the layout: 100 × 60 at 280, 20 in a 400 pt window.
    static let rightAligned = """
    { "size": [400, 300], "root": { "name": "root",
        "layout": { "direction": "row", "justifyContent": "flex-end", "alignItems": "flex-start", "padding": 20 },
        "children": [ { "name": "go", "kind": "button", "width": 100, "height": 60, "color": "#0000FF",
                        "highlightedColor": "#FF0000" } ] } }
    """

    @Test func aResizeFromTheBorderLaysOutAgainAndAFingerHeldOnAButtonKeepsTrackingIt() throws {
        let live = try LiveClient(scene: Self.rightAligned, shell: .desktop, output: (900, 700))
        try live.weston.pointerMotion(x: 899, y: 699)
        #expect(live.waitUntilIdle())
        func content() throws -> HarnessView {
            try #require(try live.weston.views().first { $0.pid == live.client.pid && $0.role == "xdg_toplevel" })
        }
        let start = try content()
        // Weston takes input for the window once an output repaint showed it: wait for `go` on screen.
        for _ in 0..<20 where !(try live.screenshot().pixel(x: Int(start.x) + 330, y: Int(start.y) + 50)
            .isClose(to: RGBA(r: 0, g: 0, b: 255))) {
            #expect(live.waitUntilIdle())
        }
        // A finger down on `go` and held there through the resize.
        try live.injectAndWaitForFrame([.down(1, start.x + 330, start.y + 50), .touchFrame])
        let edge = (x: start.x + 400 + 4, y: start.y + 150)
        try live.weston.pointerMotion(x: edge.x, y: edge.y)
        #expect(live.waitUntilIdle())
        try live.weston.pointerButton(.left, pressed: true)
        #expect(live.waitUntilIdle())
        try live.weston.pointerMotion(x: edge.x + 30, y: edge.y)
        try live.weston.pointerMotion(x: edge.x + 60, y: edge.y)
        try live.weston.pointerButton(.left, pressed: false)
        var resized = try content()
        for _ in 0..<200 where resized.width != 460 {
            guard (try? live.weston.waitForFrame(timeout: 3)) != nil else { break }
            resized = try content()
        }
        #expect(resized.width == 460, "\(resized)")
        #expect(live.waitUntilIdle())
        // `go` moved 60 pt right with the edge and is still highlighted under the finger.
        let shot = try live.screenshot()
        #expect(shot.pixel(x: Int(start.x) + 430, y: Int(start.y) + 50).isClose(to: RGBA(r: 255, g: 0, b: 0)))
        #expect(shot.pixel(x: Int(start.x) + 300, y: Int(start.y) + 50).isClose(to: RGBA(r: 255, g: 255, b: 255)))
        // The finger, now 10 pt left of the button, is within its tracking rectangle: up inside.
        try live.injectAndWaitForFrame([.up(1), .touchFrame])
        #expect(try live.eventSummary() == ["go.touchDown", "go.touchUpInside", "go.primaryActionTriggered"])
    }

    /// A row of two buttons 100.5 and 150 pt wide, 40 tall, 10 apart inside 10 pt of padding:
    /// its minimum layout size is 280.5 × 60, asked for as 281 × 60 (whole points up).
    static let withoutMinSize = """
    { "size": [500, 300], "root": { "name": "root", "layout": { "direction": "row", "padding": 10, "gap": 10,
        "alignItems": "flex-start" },
        "children": [ { "name": "a", "kind": "button", "width": 100.5, "height": 40 },
                      { "name": "b", "kind": "button", "width": 150, "height": 40 } ] } }
    """

    @Test func aLaidOutSceneWithoutMinSizeAsksForItsRootsMinimumLayoutSize() throws {
        let live = try LiveClient(scene: Self.withoutMinSize, shell: .desktop, output: (900, 700),
                                  environment: ["WAYLAND_DEBUG": "client"])
        #expect(live.waitUntilIdle())
        let requests = live.clientLog().split(separator: "\n").filter { $0.contains(".set_min_size(") }
        // The window draws its own title bar (32 pt) under weston's desktop shell: the window
        // geometry's minimum is the content's plus the bar.
        #expect(!requests.isEmpty)
        #expect(requests.allSatisfy { $0.contains(".set_min_size(281, 92)") }, "\(requests)")
        #expect(try live.quit() == 0)
    }
}
