import JSONOutput
import NodeCore

/// The `shape` key of a written node (behaviour.md §19.1): a built-in class's `hitShape` as
/// it is; an app class's `pointInside`, which a scene cannot hold, sampled on a 1-point grid
/// into bands when it differs from what the node's slop and `hitShape` give.
extension SceneWriter {
    /// The classes whose touch area is their slopRect or `hitShape`, which a scene states exactly.
    static let classesWithStatedShape: Set<ObjectIdentifier> = [
        ObjectIdentifier(Node.self), ObjectIdentifier(ControlNode.self), ObjectIdentifier(ButtonNode.self),
        ObjectIdentifier(ToggleNode.self), ObjectIdentifier(SliderNode.self), ObjectIdentifier(ScrollNode.self),
        ObjectIdentifier(ListNode.self), ObjectIdentifier(TextNode.self), ObjectIdentifier(TextFieldNode.self),
        ObjectIdentifier(ImageNode.self),
    ]
    /// The most points a sampled area may have; a larger one keeps the slopRect or `hitShape`.
    static let maximumShapeSamples = 4_000_000

    static func writtenShape(of node: Node, kind: NodeKind) -> JSONValue? {
        let stated = node.hitShape.map(shapeValue)
        // An image hit-tested by its alpha keeps that only while written as an image (with its file).
        let alphaLost = (node as? ImageNode)?.hitTestAlpha == true && kind != .image
        guard !classesWithStatedShape.contains(ObjectIdentifier(type(of: node))) || alphaLost else { return stated }
        return sampledBands(of: node).map(bandsValue) ?? stated
    }

    /// The points of a 1-point grid (each cell tested at its centre) that `node.pointInside`
    /// accepts, as bands; nil when they are the ones its slopRect or `hitShape` accepts anyway,
    /// or when the area is too large to sample.
    static func sampledBands(of node: Node) -> [Rect]? {
        let slopRect = node.slopRect
        var region = node.hitTestExtent.union(slopRect)
        if let shape = node.hitShape { region = region.union(shape.extent(slopRect: slopRect)) }
        guard region.width.isFinite, region.height.isFinite else { return nil }
        let x0 = region.minX.rounded(.down), x1 = region.maxX.rounded(.up)
        let y0 = region.minY.rounded(.down), y1 = region.maxY.rounded(.up)
        guard (x1 - x0) * (y1 - y0) <= Double(maximumShapeSamples) else { return nil }
        let columns = Int(x1 - x0), rows = Int(y1 - y0)
        var differs = false
        var bands: [Rect] = []
        // The band of each run in the row above, by its columns, to grow it downwards.
        var above: [Range<Int>: Int] = [:]
        for row in 0 ..< rows {
            let y = y0 + Double(row)
            var here: [Range<Int>: Int] = [:]
            var start: Int?
            for column in 0 ... columns {
                var inside = false
                if column < columns {
                    let point = Point(x: x0 + Double(column) + 0.5, y: y + 0.5)
                    inside = node.pointInside(point)
                    let stated = node.hitShape?.contains(point, slopRect: slopRect) ?? slopRect.contains(point)
                    if inside != stated { differs = true }
                }
                if inside, start == nil { start = column }
                guard !inside, let first = start else { continue }
                start = nil
                let run = first ..< column
                if let band = above[run] {
                    bands[band].size.height += 1
                    here[run] = band
                } else {
                    here[run] = bands.count
                    bands.append(Rect(x: x0 + Double(first), y: y, width: Double(column - first), height: 1))
                }
            }
            above = here
        }
        guard differs else { return nil }
        // A node no point of which is inside still needs one band (the format wants at least one).
        return bands.isEmpty ? [Rect(x: x0, y: y0, width: 0, height: 0)] : bands
    }

    static func shapeValue(_ shape: HitShape) -> JSONValue {
        switch shape {
        case .ellipse: return .string("circle")
        case let .bands(rects): return bandsValue(rects)
        }
    }

    static func bandsValue(_ rects: [Rect]) -> JSONValue {
        .object([("bands", .array(rects.map(rect)))])
    }
}
