import NodeCore
import SeededRandom
import Testing
import TouchDiagnostics
@testable import Render

/// Frames painted the way a live window paints them while the pointer-location HUD shows:
/// the tree's damage into the scene layer, the tree's and the paths' damage into the
/// underlay layer (the tree with the HUD's paths), the frame's damage and what the buffer
/// lacks of the latest frame (two buffers in turn) copied from that, then the touch markers
/// and the rest of the HUD over what was copied.
@Suite struct SceneLayerTests {
    /// A labelled button that highlights.
    private func button(_ label: String, _ frame: Rect, _ color: Color) -> ButtonNode {
        let button = ButtonNode(name: label, frame: frame)
        (button.backgroundColor, button.highlightedColor, button.label) = (color, Color(red: 255, green: 0, blue: 0), label)
        return button
    }

    /// A scroll node with labelled buttons, and buttons beside it.
    private func scene() -> (Window, ScrollNode) {
        let list = ScrollNode(name: "list", frame: Rect(x: 10, y: 30, width: 120, height: 150))
        list.backgroundColor = .white
        list.contentSize = Size(width: 120, height: 800)
        let blue = Color(red: 0, green: 0, blue: 255), green = Color(red: 0, green: 160, blue: 0)
        for i in 0 ..< 16 {
            list.addSubnode(button("Row \(i)", Rect(x: 8, y: Double(i * 50 + 4), width: 104, height: 40), i % 2 == 0 ? blue : green))
        }
        let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 240, height: 200))
        root.addSubnode(list)
        for i in 0 ..< 4 {
            let side = button("Side \(i)", Rect(x: 140, y: 30 + Double(i) * 45, width: 90, height: 38), Color(red: 90, green: 200, blue: 250))
            side.dragTolerance = 15
            root.addSubnode(side)
        }
        return (Window(root: root, size: Size(width: 240, height: 200)), list)
    }

    /// Random streams of up to four fingers (downs, motions, ups, the paths cleared) with the
    /// list scrolled now and then: after every frame the buffer equals a full repaint of the
    /// tree, the markers and the HUD, pixel for pixel.
    @Test(arguments: [1, 1.5] as [RenderScale], [1, 2, 3] as [UInt64])
    func framesCopiedFromTheSceneLayerEqualAFullRepaint(scale: RenderScale, seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        func uniform(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &random) }
        let (window, list) = scene()
        let input = InputDispatcher(window: window)
        let renderer = try Renderer(window: window, background: .white, scale: scale)
        let scrollPainter = ScrollPainter(), layer = SceneLayer(), underlay = UnderlayLayer()
        let hudPainter = PointerLocationPainter()
        var hud = PointerLocation()
        var markers: [TouchMarker] = []
        let buffers = [try renderer.makeCanvas(), try renderer.makeCanvas()]
        // What each buffer lacks of the latest frame (everything while fresh).
        var stale: [[PixelRect]] = [[renderer.bufferBounds], [renderer.bufferBounds]]
        var down: [Int: Point] = [:]
        var time = 0.0

        for frame in 0 ..< 60 {
            time += 8
            for _ in 0 ..< 1 + Int(random.next() % 3) {
                let id = Int(random.next() % 4)
                let event: InputEvent
                if let p = down[id] {
                    if random.next() % 8 == 0 {
                        event = .touchUp(id: id)
                        down[id] = nil
                    } else {
                        let q = Point(x: min(max(p.x + uniform(-14...14), -5), 245), y: min(max(p.y + uniform(-14...14), -5), 205))
                        event = .touchMotion(id: id, location: q)
                        down[id] = q
                    }
                } else {
                    let p = Point(x: uniform(0...240), y: uniform(0...200))
                    event = .touchDown(id: id, location: p)
                    down[id] = p
                }
                input.handle(event, at: time)
                hud.handle(event, at: time)
            }
            input.handle(.touchFrame, at: time)
            if random.next() % 10 == 0 { hud.clearPaths() }
            if random.next() % 6 == 0 { list.contentOffset = Point(x: 0, y: uniform(0...600)) }

            // The frame's damage: the tree's (noted for the layer), the markers', the HUD's.
            let invalidations = window.takeInvalidations()
            scrollPainter.note(invalidations)
            let sceneDamage = renderer.damage(for: invalidations)
            layer.note(sceneDamage)
            underlay.note(sceneDamage)
            let nextMarkers = TouchMarkers.markers(for: window.activeTouches)
            var damage = sceneDamage + (markers + nextMarkers).map { renderer.damageRect(of: $0) }
            markers = nextMarkers
            let items = TouchInspector.items(for: window)
            damage += hudPainter.update(hud: hud, inspector: items, renderer: renderer)
            underlay.note(hudPainter.pathDamage)

            let index = frame % 2, canvas = buffers[index]
            // What the buffer lacks of the latest frame is painted with the damage, through the
            // underlay layer (as the live window does while the HUD shows).
            let painted = damage + stale[index]
            stale[index] = []
            stale[1 - index] += damage
            underlay.paint(painted, into: canvas, scene: layer, renderer: renderer, scrollPainter: scrollPainter) { damage, layer in
                hudPainter.paintPaths(hud: hud, damage: damage, renderer: renderer, into: layer)
            }
            renderer.paintTouchMarkers(markers, damage: painted, into: canvas)
            hudPainter.paint(hud: hud, inspector: items, damage: painted, renderer: renderer, into: canvas)

            let full = try renderer.renderImage()
            PointerLocationPainter().paintPaths(hud: hud, damage: [full.bounds], renderer: renderer, into: full)
            renderer.paintTouchMarkers(markers, damage: [full.bounds], into: full)
            PointerLocationPainter().paint(hud: hud, inspector: items, damage: [full.bounds], renderer: renderer, into: full)
            let differing = differingPixels(canvas, full)
            #expect(differing.isEmpty, "frame \(frame): \(differing.count) pixels differ, first \(differing.prefix(3))")
            if !differing.isEmpty { return }
        }
        #expect(layer.isActive && underlay.isActive)
    }
}
