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
        .deletingLastPathComponent().appending(path: "examples/checkout.json")

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
}
