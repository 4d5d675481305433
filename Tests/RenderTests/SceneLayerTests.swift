import NodeCore
import SeededRandom
import Testing
import TouchDiagnostics
@testable import Render
@testable import DiagnosticsPainting

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

    /// Damage as a live window hands it over: past `limit` rects, the pair whose bounding box
    /// adds the fewest pixels becomes that box (as `DamageRegion` does), so crosshair bands
    /// merge into wider ones and with their neighbours.
    private func coalesced(_ rects: [PixelRect], limit: Int) -> [PixelRect] {
        var rects = rects.filter { !$0.isEmpty }
        while rects.count > limit {
            var best = (i: 0, j: 1, cost: Int.max)
            for i in rects.indices { for j in rects.indices where j > i {
                let cost = rects[i].union(rects[j]).area - rects[i].area - rects[j].area
                if cost < best.cost { best = (i, j, cost) }
            } }
            rects[best.i] = rects[best.i].union(rects[best.j])
            rects.remove(at: best.j)
        }
        return rects
    }

    /// Random streams of up to four fingers (downs, motions, ups, the paths cleared) with the
    /// list scrolled now and then: after every frame the buffer equals a full repaint of the
    /// tree, the markers and the HUD, pixel for pixel — with the damage as computed, and as a
    /// live window coalesces it (wider bands, which the copy joins and cuts by the crosshairs).
    @Test(arguments: [1, 1.5] as [RenderScale], [1, 2, 3, 4, 5, 6] as [UInt64])
    func framesCopiedFromTheSceneLayerEqualAFullRepaint(scale: RenderScale, seed: UInt64) throws {
        let coalescing = seed > 3
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
            underlay.note(hudPainter.underlayDamage)
            if coalescing { damage = coalesced(damage, limit: 6) }

            let index = frame % 2, canvas = buffers[index]
            // What the buffer lacks of the latest frame is painted with the damage, through the
            // underlay layer (as the live window does while the HUD shows).
            let painted = damage + stale[index]
            stale[index] = []
            stale[1 - index] += damage
            underlay.paint(painted, covered: hudPainter.opaqueCover, into: canvas, scene: layer, renderer: renderer,
                           scrollPainter: scrollPainter) { damage, layer in
                hudPainter.paintUnderlay(hud: hud, inspector: items, damage: damage, renderer: renderer, into: layer)
            }
            renderer.paintTouchMarkers(markers, damage: painted, into: canvas)
            hudPainter.paint(hud: hud, inspector: items, damage: painted, renderer: renderer, into: canvas)

            let full = try renderer.renderImage()
            PointerLocationPainter().paintUnderlay(hud: hud, inspector: items, damage: [full.bounds], renderer: renderer, into: full)
            renderer.paintTouchMarkers(markers, damage: [full.bounds], into: full)
            PointerLocationPainter().paint(hud: hud, inspector: items, damage: [full.bounds], renderer: renderer, into: full)
            let differing = differingPixels(canvas, full)
            #expect(differing.isEmpty, "frame \(frame): \(differing.count) pixels differ, first \(differing.prefix(3))")
            if !differing.isEmpty { return }
        }
        #expect(layer.isActive && underlay.isActive)
    }
}

/// How the underlay layer copies long thin rects (crosshair bands) row by row.
@Suite struct UnderlayBandTests {
    /// Random bands and rects joined: the joined rects cover exactly the pixels of the added
    /// ones, and bands with the same span that meet become one.
    @Test func joiningBandsCoversExactlyTheirPixels() {
        var random = SplitMix64(seed: 5)
        for _ in 0 ..< 300 {
            var rects: [PixelRect] = []
            var joined: [PixelRect] = []
            for _ in 0 ..< 1 + Int(random.next() % 6) {
                let vertical = random.next() % 2 == 0, start = Int(random.next() % 30), thin = 1 + Int(random.next() % 5)
                let rect = vertical ? PixelRect(x: start, y: 0, width: thin, height: 40)
                                    : PixelRect(x: 0, y: start, width: 40, height: thin)
                rects.append(rect)
                UnderlayLayer.add(rect, to: &joined)
            }
            for y in -1 ..< 42 { for x in -1 ..< 42 {
                let pixel = PixelRect(x: x, y: y, width: 1, height: 1)
                #expect(rects.contains { $0.contains(pixel) } == joined.contains { $0.contains(pixel) }, "(\(x), \(y)) of \(rects)")
            } }
        }
        var side: [PixelRect] = []
        UnderlayLayer.add(PixelRect(x: 10, y: 0, width: 3, height: 40), to: &side)
        UnderlayLayer.add(PixelRect(x: 13, y: 0, width: 3, height: 40), to: &side)
        #expect(side == [PixelRect(x: 10, y: 0, width: 6, height: 40)])
    }

    /// A band less the crosshairs that cross it along its length: exactly its pixels outside
    /// them; crossing ones (which would cut it into many short parts) are kept in.
    @Test func aBandLosesOnlyTheCoversAlongItsLength() {
        let band = PixelRect(x: 10, y: 0, width: 6, height: 40)
        let along = PixelRect(x: 13, y: 0, width: 3, height: 40), across = PixelRect(x: 0, y: 20, width: 40, height: 3)
        #expect(UnderlayLayer.uncovered(band, by: [along, across]) == [PixelRect(x: 10, y: 0, width: 3, height: 40)])
        #expect(UnderlayLayer.uncovered(band, by: [across]) == [band])
    }
}
