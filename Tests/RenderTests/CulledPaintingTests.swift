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
