import NodeCore
import SeededRandom
import Testing
@testable import Render

/// Painting skips subtrees whose cached extent misses the damage; these pin that the
/// skipping changes no pixel, against the traversal that visits every node.
@Suite struct CulledPaintingTests {
    /// Paints `damage` into a canvas prefilled with noise, culled or not.
    private func paint(_ renderer: Renderer, damage: [PixelRect], culled: Bool, noise: UInt64) throws -> Canvas {
        let canvas = try renderer.makeCanvas()
        var rng = SplitMix64(seed: noise)
        for y in 0..<canvas.height {
            for x in 0..<canvas.width { canvas.setPixel(x: x, y: y, to: UInt32(truncatingIfNeeded: rng.next())) }
        }
        renderer.cullsPainting = culled
        defer { renderer.cullsPainting = true }
        renderer.render(damage: damage, into: canvas)
        return canvas
    }

    private func randomDamage(_ scene: inout RandomScene, in bounds: PixelRect) -> [PixelRect] {
        (0..<Int.random(in: 1...3, using: &scene.rng)).map { _ in
            let x = Int.random(in: -5..<bounds.width, using: &scene.rng)
            let y = Int.random(in: -5..<bounds.height, using: &scene.rng)
            return PixelRect(x: x, y: y, width: Int.random(in: 1...60, using: &scene.rng),
                             height: Int.random(in: 1...60, using: &scene.rng))
        }
    }

    /// Paints the one damaged `rect` into a new canvas whose pixels there are noise, culled or not.
    private func paint(_ renderer: Renderer, rect: PixelRect, culled: Bool, noise: UInt64) throws -> Canvas {
        let canvas = try renderer.makeCanvas()
        var rng = SplitMix64(seed: noise)
        let area = rect.intersection(canvas.bounds)
        for y in area.minY..<max(area.maxY, area.minY) {
            for x in area.minX..<max(area.maxX, area.minX) { canvas.setPixel(x: x, y: y, to: UInt32(truncatingIfNeeded: rng.next())) }
        }
        renderer.cullsPainting = culled
        defer { renderer.cullsPainting = true }
        renderer.render(damage: [rect], into: canvas)
        return canvas
    }

    /// Thin damage rects across random attached nodes' edges, up to two pixels in or out:
    /// where skipping a subtree whose extent only just meets the damage would show.
    private func edgeDamage(_ scene: inout RandomScene, _ window: Window, scale: Double) -> [PixelRect] {
        let attached = scene.nodes.filter { $0.window === window }
        return (0..<8).map { _ in
            let node = attached[Int.random(in: 0..<attached.count, using: &scene.rng)]
            let box = node.convert(node.bounds, to: nil)
            let dx = Int.random(in: -2...1, using: &scene.rng), dy = Int.random(in: -2...1, using: &scene.rng)
            let thin = Int.random(in: 1...3, using: &scene.rng), long = Int.random(in: 1...40, using: &scene.rng)
            func near(_ edge: Double, _ by: Int) -> Int { Int((edge * scale).rounded()) + by }
            switch Int.random(in: 0..<4, using: &scene.rng) {
            case 0: return PixelRect(x: near(box.minX, dx), y: near(box.minY, dy), width: thin, height: long)
            case 1: return PixelRect(x: near(box.maxX, dx), y: near(box.minY, dy), width: thin, height: long)
            case 2: return PixelRect(x: near(box.minX, dx), y: near(box.minY, dy), width: long, height: thin)
            default: return PixelRect(x: near(box.minX, dx), y: near(box.maxY, dy), width: long, height: thin)
            }
        }
    }

    /// Eight rounds of a random change and one-rect repaints along node edges, culled and not;
    /// the first difference is reported.
    private func expectOneRectRepaintsEqual(_ scene: inout RandomScene, _ window: Window, seed: Int) throws {
        let units = [120, 121, 150, 180, 240, 300, 360, 479][Int.random(in: 0..<8, using: &scene.rng)]
        let scale = RenderScale(units: units)
        let renderer = try Renderer(window: window, background: scene.color(), scale: scale, labelFont: .none)
        for round in 0..<8 {
            var changes: [String] = []
            if round > 0 { changes.append(scene.mutate(window)) }
            _ = renderer.takeDamage()
            // One rect per repaint: the damage's bounding box is then the rect itself.
            for (k, rect) in edgeDamage(&scene, window, scale: scale.factor).enumerated() {
                let noise = UInt64(seed * 100 + round * 10 + k)
                let culled = try paint(renderer, rect: rect, culled: true, noise: noise)
                let plain = try paint(renderer, rect: rect, culled: false, noise: noise)
                let wrong = differingPixels(culled, plain)
                #expect(wrong.isEmpty, "seed \(seed) scale \(scale) round \(round) after \(changes), damage \(rect): \(wrong.count) pixels differ, first \(wrong.prefix(3))")
                if !wrong.isEmpty { return }
            }
        }
    }

    @Test(arguments: 0..<40)
    func culledRepaintOfDamageAlongNodeEdgesEqualsTheFullTraversal(seed: Int) throws {
        var scene = RandomScene(seed: UInt64(5000 + seed))
        let window = scene.makeWindow(nodes: 10...40)
        try expectOneRectRepaintsEqual(&scene, window, seed: seed)
    }

    /// Many siblings in one container: painting goes through the grid of their extents
    /// (`Node.forEachSubnode(mayMeet:)`), built after a few repaints and dropped by changes.
    @Test(arguments: 0..<24)
    func culledRepaintAmongManySiblingsEqualsTheFullTraversal(seed: Int) throws {
        var scene = RandomScene(seed: UInt64(9000 + seed))
        let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 100, height: 80))
        let wide = ScrollNode(name: "wide", frame: Rect(x: scene.coordinate(-5...5), y: scene.coordinate(-5...5), width: 100, height: 80))
        wide.clipsToBounds = scene.chance(0.3)
        if scene.chance(0.3) { wide.contentOffset = Point(x: scene.coordinate(-10...10), y: scene.coordinate(-10...10)) }
        root.addSubnode(wide)
        scene.nodes = [root, wide]
        for _ in 0..<Int.random(in: 40...120, using: &scene.rng) { wide.addSubnode(scene.makeNode()) }
        let window = Window(root: root, size: Size(width: 100, height: 80))
        window.showsTappableAreas = scene.chance(0.5)
        try expectOneRectRepaintsEqual(&scene, window, seed: seed)
    }

    @Test(arguments: 0..<40)
    func culledRepaintOfRandomDamageEqualsTheFullTraversal(seed: Int) throws {
        var scene = RandomScene(seed: UInt64(1000 + seed))
        let window = scene.makeWindow(nodes: 10...60)
        // Scrolled content: children placed through a bounds origin.
        for k in 0..<3 {
            let parent = scene.nodes[Int.random(in: 0..<scene.nodes.count, using: &scene.rng)]
            let scroll = ScrollNode(name: "scroll\(k)", frame: Rect(x: scene.coordinate(-10...70), y: scene.coordinate(-10...50),
                                                                    width: scene.coordinate(10...60), height: scene.coordinate(10...45)))
            scroll.clipsToBounds = scene.chance(0.5)
            scroll.backgroundColor = scene.color()
            for _ in 0..<3 { scroll.addSubnode(scene.makeNode()) }
            scroll.contentOffset = Point(x: scene.coordinate(-20...20), y: scene.coordinate(-20...20))
            parent.addSubnode(scroll)
            scene.nodes.append(scroll)
        }
        let units = [120, 121, 150, 180, 240, 300, 360, 479][Int.random(in: 0..<8, using: &scene.rng)]
        let scale = RenderScale(units: units)
        let font: LabelFont = seed % 4 == 0 ? .default : .none
        let renderer = try Renderer(window: window, background: scene.color(), scale: scale, labelFont: font)
        for round in 0..<6 {
            var changes: [String] = []
            if round > 0 { changes.append(scene.mutate(window)) }
            _ = renderer.takeDamage()
            let damage = round == 0 ? [renderer.bufferBounds] : randomDamage(&scene, in: renderer.bufferBounds)
            let noise = UInt64(seed * 10 + round)
            let culled = try paint(renderer, damage: damage, culled: true, noise: noise)
            let plain = try paint(renderer, damage: damage, culled: false, noise: noise)
            let wrong = differingPixels(culled, plain)
            #expect(wrong.isEmpty, "seed \(seed) scale \(scale) round \(round) after \(changes), damage \(damage): \(wrong.count) pixels differ, first \(wrong.prefix(3))")
            if !wrong.isEmpty { return }
        }
    }
}
