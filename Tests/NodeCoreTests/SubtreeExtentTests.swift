import SeededRandom
import Testing
@testable import NodeCore

/// `subtreeExtent` is cached per node and cleared by changes below it; these pin that
/// the cache always equals a fresh computation, whatever changed.
@Suite struct SubtreeExtentTests {
    /// The extent computed from scratch, without any cache.
    private func recomputed(_ node: Node) -> Rect {
        var extent = node.bounds.union(node.slopRect)
        guard !node.clipsToBounds else { return extent }
        for child in node.subnodes {
            extent = extent.union(recomputed(child).offsetBy(dx: child.frame.minX - child.boundsOrigin.x,
                                                             dy: child.frame.minY - child.boundsOrigin.y))
        }
        return extent
    }

    private func randomRect(_ rng: inout SplitMix64) -> Rect {
        Rect(x: Double(Int.random(in: -20...200, using: &rng)), y: Double(Int.random(in: -20...200, using: &rng)),
             width: Double(Int.random(in: 0...80, using: &rng)), height: Double(Int.random(in: 0...80, using: &rng)))
    }

    @Test(arguments: 0..<30)
    func theCachedExtentEqualsAFreshComputationAfterRandomChanges(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed))
        let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        var nodes = [root]
        for i in 0..<30 {
            let node = i % 5 == 0 ? ScrollNode(name: "n\(i)", frame: randomRect(&rng)) : Node(name: "n\(i)", frame: randomRect(&rng))
            nodes[Int.random(in: 0..<nodes.count, using: &rng)].addSubnode(node)
            nodes.append(node)
        }
        let window = Window(root: root, size: Size(width: 100, height: 100))
        for step in 0..<60 {
            // Read some extents first, so that the changes meet caches filled at every level.
            for node in nodes where Bool.random(using: &rng) { _ = node.subtreeExtent }
            let node = nodes[Int.random(in: 0..<nodes.count, using: &rng)]
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: node.frame = randomRect(&rng)
            case 4: node.clipsToBounds.toggle()
            case 5:
                guard let scroll = node as? ScrollNode else { fallthrough }
                scroll.contentOffset = Point(x: Double(Int.random(in: -30...30, using: &rng)), y: Double(Int.random(in: -30...30, using: &rng)))
            case 1: node.hitTestSlop = EdgeInsets(all: Double(Int.random(in: -15...5, using: &rng)))
            case 2:
                let target = nodes[Int.random(in: 0..<nodes.count, using: &rng)]
                if !node.isAncestor(of: target) { target.addSubnode(node) }
            default:
                if node !== root { node.removeFromSupernode() }
            }
            for node in nodes {
                #expect(node.subtreeExtent == recomputed(node), "seed \(seed) step \(step): \(node.name)")
            }
        }
        _ = window
    }

    @Test func theExtentInWindowFollowsAMovedAncestor() {
        let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let panel = Node(name: "panel", frame: Rect(x: 10, y: 10, width: 50, height: 50))
        let leaf = Node(name: "leaf", frame: Rect(x: 40, y: 40, width: 30, height: 30))
        root.addSubnode(panel)
        panel.addSubnode(leaf)
        let window = Window(root: root, size: Size(width: 100, height: 100))
        #expect(panel.subtreeExtentInWindow() == Rect(x: 10, y: 10, width: 70, height: 70))
        leaf.hitTestSlop = EdgeInsets(all: -5)
        #expect(panel.subtreeExtentInWindow() == Rect(x: 10, y: 10, width: 75, height: 75))
        panel.frame.origin = Point(x: 0, y: 0)
        #expect(leaf.subtreeExtentInWindow() == Rect(x: 35, y: 35, width: 40, height: 40))
        _ = window
    }
}
