import Foundation
import Testing
import WestonHarness

/// `examples/RoundButton` (built from the public `TouchstoneApp` product alone) under its
/// own headless weston, tapped through the harness as real seat input.
@Suite("Round button example under headless weston", .serialized)
struct RoundButtonExampleTests {
    /// The example binary built next to the test bundle.
    static var executable: String {
        let bundle = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL
            ?? URL(fileURLWithPath: CommandLine.arguments[0])
        return bundle.deletingLastPathComponent().appending(path: "RoundButtonExample").path
    }

    /// The button's disc: centre (150, 150), radius 60, in a 300 × 300 window.
    static let centre = (x: 150.0, y: 150.0)
    /// Inside the button's square bounds (90...210), outside its disc.
    static let corner = (x: 96.0, y: 96.0)

    private func launch(_ arguments: [String] = []) throws -> (HeadlessWeston, ChildProcess, URL) {
        let weston = try HeadlessWeston.start(width: 300, height: 300)
        let log = weston.directory.appending(path: "example.log")
        do {
            let client = try weston.launchClient(Self.executable, arguments: arguments, outputPath: log.path)
            _ = try weston.waitForView(timeout: 10)
            return (weston, client, log)
        } catch {
            weston.stop()
            throw error
        }
    }

    @Test func aTapOnTheDiscFiresTheActionAndOneOnTheCornerOfItsBoundsDoesNothing() throws {
        let (weston, client, log) = try launch()
        defer {
            client.stop()
            weston.stop()
        }
        func output() -> String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
        // The corner: inside the square bounds, outside the disc. The panel gets the touch.
        try weston.touchDownAndFrame(id: 1, x: Self.corner.x, y: Self.corner.y)
        try weston.touchUp(id: 1)
        // The centre: highlight on the down, the count on the up; one frame each.
        let down = try weston.touchDownAndFrame(id: 2, x: Self.centre.x, y: Self.centre.y)
        #expect(throws: Never.self, "no frame after the down; example output: \(output())") {
            _ = try weston.waitForCommit(after: down, pid: client.pid, timeout: 10)
        }
        let up = try weston.touchUp(id: 2)
        #expect(throws: Never.self, "no frame after the up; example output: \(output())") {
            _ = try weston.waitForCommit(after: up, pid: client.pid, timeout: 10)
        }
        // The panel, an ancestor, handled the nil-target action: written before that frame.
        #expect(output().split(separator: "\n").filter { $0.hasPrefix("round:") } == ["round: tapped 1"],
                "example output: \(output())")
    }

    @Test func theOverlayShowsARoundGreenArea() throws {
        let (weston, client, _) = try launch(["--debug-overlay"])
        defer {
            client.stop()
            weston.stop()
        }
        let shot = try weston.screenshot()
        // Weston draws the client's cursor at the seat pointer's start, (100, 100): the
        // points checked stay clear of it.
        // The fill (0, 255, 0, 0.4) over the button's blue (0, 122, 255): (0, 175, 153).
        let tinted = RGBA(r: 0, g: 175, b: 153)
        let blue = RGBA(r: 0, g: 122, b: 255)
        for (x, y) in [(150, 120), (150, 180), (120, 150), (95, 150), (205, 150), (150, 95), (150, 205), (185, 115), (190, 190)] {
            #expect(shot.pixel(x: x, y: y).isClose(to: tinted), "(\(x), \(y)) inside the disc: \(shot.pixel(x: x, y: y))")
        }
        // The corners of the square bounds are painted blue and get no overlay.
        for (x, y) in [(Int(Self.corner.x), Int(Self.corner.y)), (203, 96), (96, 203), (203, 203)] {
            #expect(shot.pixel(x: x, y: y).isClose(to: blue), "(\(x), \(y)) outside the disc: \(shot.pixel(x: x, y: y))")
        }
    }
}

extension RGBA {
    func isClose(to other: RGBA, tolerance: Int = 2) -> Bool {
        abs(Int(r) - Int(other.r)) <= tolerance && abs(Int(g) - Int(other.g)) <= tolerance
            && abs(Int(b) - Int(other.b)) <= tolerance
    }
}
