import Foundation
import NodeCore
import Render
import Session
import Testing

@Suite struct ReplayTouchMarkerTests {
    let ring = PixelComponents(premultiplying: TouchMarkerStyle.ringColor)
    let white = PixelComponents(alpha: 255, red: 255, green: 255, blue: 255)

    /// Writes `lines` as an input script and removes it (and the PNG) after `body`.
    private func withScript(_ lines: [String], _ body: (_ script: String, _ png: String) throws -> Void) throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("touchstone-markers-\(UUID())").path
        let script = base + ".input.jsonl", png = base + ".png"
        defer {
            try? FileManager.default.removeItem(atPath: script)
            try? FileManager.default.removeItem(atPath: png)
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: script, atomically: true, encoding: .utf8)
        try body(script, png)
    }

    /// Finger 1 goes down at (150, 120) on overlap.json's white background and stays down.
    private let fingerDown = [
        #"{"t":0,"type":"touch.down","id":1,"x":150,"y":120}"#,
        #"{"t":0,"type":"touch.frame"}"#,
    ]

    private func replay(_ script: String, _ png: String, _ extra: [String] = []) throws -> Canvas {
        let run = try CLIRun(["replay", "examples/overlap/scene.json", script, "--png", png] + extra)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        return try Canvas.readPNG(from: png)
    }

    @Test func showTouchesDrawsTheRingAroundAFingerStillDown() throws {
        try withScript(fingerDown) { script, png in
            let image = try replay(script, png, ["--show-touches"])
            let r = Int(TouchMarkerStyle.defaultRadius)
            for (x, y) in [(150 + r, 120), (150 - r, 120), (150, 120 + r), (150, 120 - r), (150, 120)] {
                #expect(image.components(x: x, y: y) == ring, "(\(x), \(y))")
            }
            let plain = try replay(script, png)
            #expect(plain.components(x: 150 + r, y: 120) != ring)
        }
    }

    @Test func showTouchesHonoursTheScale() throws {
        try withScript(fingerDown) { script, png in
            let image = try replay(script, png, ["--show-touches", "--scale", "2"])
            #expect(image.width == 640)
            #expect(image.components(x: (150 + 22) * 2, y: 240) == ring)
            #expect(image.components(x: 300, y: (120 - 22) * 2) == ring)
        }
    }

    @Test func theTKeyTogglesTouchVisualization() throws {
        let t = [#"{"t":5,"type":"key","key":"t","state":"pressed"}"#,
                 #"{"t":6,"type":"key","key":"t","state":"released"}"#]
        try withScript(fingerDown + t) { script, png in
            let toggledOn = try replay(script, png)
            #expect(toggledOn.components(x: 172, y: 120) == ring)
            let toggledOff = try replay(script, png, ["--show-touches"])
            #expect(toggledOff.components(x: 172, y: 120) != ring)
        }
    }

    @Test func liftedFingersAndThePointerAfterReleaseLeaveNoMarker() throws {
        let lines = fingerDown + [
            #"{"t":50,"type":"touch.up","id":1}"#,
            #"{"t":50,"type":"touch.frame"}"#,
        ]
        try withScript(lines) { script, png in
            let image = try replay(script, png, ["--show-touches"])
            #expect(image.components(x: 172, y: 120) != ring)
        }
    }

    @Test func aPressedPointerGetsAMarker() throws {
        let lines = [
            #"{"t":0,"type":"pointer.motion","x":150,"y":120}"#,
            #"{"t":10,"type":"pointer.button","button":"left","state":"pressed"}"#,
        ]
        try withScript(lines) { script, png in
            let image = try replay(script, png, ["--show-touches"])
            #expect(image.components(x: 150, y: 142) == ring)
        }
    }

    // MARK: TouchMarkers

    /// The touch-visualization recipe of docs/library.md: moving a finger repaints only the old
    /// and new markers' areas and gives what a full repaint with markers gives.
    @Test func readmeRecipeMatchesAFullRepaint() throws {
        let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 320, height: 200))
        let play = ButtonNode(name: "play", frame: Rect(x: 130, y: 80, width: 60, height: 40))
        root.addSubnode(play)
        let window = Window(root: root, size: Size(width: 320, height: 200))
        let renderer = try Renderer(window: window, background: .white, scale: 2)
        renderer.warningHandler = { _ in }
        let canvas = try renderer.makeCanvas()
        renderer.renderFull(into: canvas)
        var previous: [TouchMarker] = []
        for location in [Point(x: 150, y: 100), Point(x: 170, y: 90)] {
            if window.activeTouches.isEmpty {
                window.touchDown(.finger(1), at: location, time: 0)
            } else {
                window.touchMoved(.finger(1), to: location, time: 10)
            }
            let markers = TouchMarkers.markers(for: window.activeTouches)
            let damage = renderer.takeDamage() + (previous + markers).map { renderer.damageRect(of: $0) }
            renderer.render(damage: damage, into: canvas)
            renderer.paintTouchMarkers(markers, damage: damage, into: canvas)
            previous = markers

            let full = try renderer.renderImage()
            renderer.paintTouchMarkers(markers, damage: [full.bounds], into: full)
            var same = true
            for y in 0..<full.height where same {
                for x in 0..<full.width where full.pixel(x: x, y: y) != canvas.pixel(x: x, y: y) { same = false }
            }
            #expect(same, "after the touch at \(location)")
        }
    }

    private func window() -> Window {
        Window(root: Node(name: "root", frame: Rect(x: 0, y: 0, width: 200, height: 200)),
               size: Size(width: 200, height: 200))
    }

    @Test func markersLabelTouchesByIdAndUseTheDefaultRadiusWithoutAShape() throws {
        let w = window()
        w.touchDown(.finger(3), at: Point(x: 10, y: 20), time: 0)
        w.touchDown(.pointer, kind: .pointer, at: Point(x: 30, y: 40), time: 0)
        let markers = TouchMarkers.markers(for: w.activeTouches)
        #expect(markers == [TouchMarker(center: Point(x: 10, y: 20), label: "3"),
                            TouchMarker(center: Point(x: 30, y: 40), label: "P")])
    }

    @Test func shapesBecomeContactEllipsesWithTheMajorAxisAlongY() throws {
        let w = window()
        w.touchDown(.finger(1), at: Point(x: 50, y: 60), time: 0)
        w.touchDown(.finger(2), at: Point(x: 70, y: 80), time: 0)
        w.touchDown(.finger(4), at: Point(x: 90, y: 100), time: 0)
        let markers = TouchMarkers.markers(for: w.activeTouches, shapes: [
            .finger(1): TouchShape(major: 40, minor: 24, orientation: 30),
            .finger(2): TouchShape(major: 30, minor: 0),
            .finger(4): TouchShape(major: .nan, minor: 10),
        ])
        #expect(markers[0] == TouchMarker(center: Point(x: 50, y: 60), radiusX: 12, radiusY: 20, orientation: 30, label: "1"))
        #expect(markers[1] == TouchMarker(center: Point(x: 70, y: 80), radiusX: 15, radiusY: 15, orientation: 0, label: "2"))
        #expect(markers[2] == TouchMarker(center: Point(x: 90, y: 100), label: "4"))
    }
}
