/// What one sample point of an irregular tappable area passed (behaviour.md §5.3).
public struct TappableSample: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Inside the control's own `pointInside`.
    public static let own = TappableSample(rawValue: 1 << 0)
    /// Inside the control's and every ancestor's `pointInside`: `hitTest` reaches the control.
    public static let tappable = TappableSample(rawValue: 1 << 1)
    /// Inside the bounds of every clipping ancestor (only recorded for tappable samples).
    public static let inView = TappableSample(rawValue: 1 << 2)
}

/// An irregular tappable area sampled on a pixel grid: pixel (px, py) at `scale` covers
/// the points [px / scale, (px + 1) / scale) × [py / scale, (py + 1) / scale) and is
/// tested at its centre.
public struct TappableMask: Sendable {
    public let scale: Double
    /// The sampled pixels: columns `minX ..< minX + width`, rows `minY ..< minY + height`.
    public let minX: Int, minY: Int, width: Int, height: Int
    private let samples: [TappableSample]

    init(scale: Double, minX: Int, minY: Int, width: Int, height: Int, samples: [TappableSample]) {
        self.scale = scale
        self.minX = minX
        self.minY = minY
        self.width = width
        self.height = height
        self.samples = samples
    }

    /// The sample of pixel (x, y); none outside the sampled pixels.
    public subscript(x: Int, y: Int) -> TappableSample {
        let cx = x - minX, cy = y - minY
        guard cx >= 0, cy >= 0, cx < width, cy < height else { return [] }
        return samples[cy * width + cx]
    }

    /// The bounding box, in window points, of the pixels whose sample holds all of `flags`;
    /// an empty rect when there are none.
    public func bounds(of flags: TappableSample) -> Rect {
        var lowX = Int.max, lowY = Int.max, highX = Int.min, highY = Int.min
        for row in 0 ..< height {
            for column in 0 ..< width where samples[row * width + column].isSuperset(of: flags) {
                lowX = min(lowX, column)
                highX = max(highX, column)
                lowY = min(lowY, row)
                highY = max(highY, row)
            }
        }
        guard lowX <= highX else { return .zero }
        return Rect(minX: Double(minX + lowX) / scale, minY: Double(minY + lowY) / scale,
                    maxX: Double(minX + highX + 1) / scale, maxY: Double(minY + highY + 1) / scale)
    }
}

/// The irregular part of a control's `TappableArea`: the control and its ancestors, to
/// sample where `hitTest` reaches the control when siblings are ignored.
public final class TappableShape {
    /// The scale of the grid the audit samples on (behaviour.md §5.3): whole points.
    public static let auditScale = 1.0

    /// The ancestors root first, then the control, each with the offset that turns a
    /// window point into the node's coordinates.
    private let chain: [(node: Node, offset: Point)]
    /// The intersection of the clipping ancestors' bounds, window points; nil when none clips.
    private let clip: Rect?
    /// The control's hit-test extent in window points: nothing outside it is sampled
    /// (the control's `pointInside` is false there).
    public let extent: Rect

    private let slopSetters: [Edge: Node]
    private let clipSetters: [Edge: Node]

    init(control: ControlNode, clip: Rect?, extent: Rect, slopSetters: [Edge: Node], clipSetters: [Edge: Node]) {
        var nodes: [Node] = [control]
        while let parent = nodes.last?.supernode { nodes.append(parent) }
        chain = nodes.reversed().map { ($0, $0.convert(Point.zero, from: nil)) }
        self.clip = clip
        self.extent = extent
        self.slopSetters = slopSetters
        self.clipSetters = clipSetters
    }

    /// The area's rects and sides from the audit's samples.
    private(set) lazy var geometry = Geometry(sampled: auditMask, slopSetters: slopSetters, clipSetters: clipSetters)

    /// Samples every pixel at `scale` inside `pixels` (min and max corners, max
    /// exclusive) that lies in `extent`.
    public func mask(scale: Double, minX: Int, minY: Int, maxX: Int, maxY: Int) -> TappableMask {
        let lowX = max(minX, Int((extent.minX * scale).rounded(.down)))
        let lowY = max(minY, Int((extent.minY * scale).rounded(.down)))
        let highX = min(maxX, Int((extent.maxX * scale).rounded(.up)))
        let highY = min(maxY, Int((extent.maxY * scale).rounded(.up)))
        let width = max(highX - lowX, 0), height = max(highY - lowY, 0)
        var samples = [TappableSample](repeating: [], count: width * height)
        guard let (control, own) = chain.last else {
            return TappableMask(scale: scale, minX: lowX, minY: lowY, width: 0, height: 0, samples: [])
        }
        let ancestors = chain.dropLast()
        for row in 0 ..< height {
            let y = (Double(lowY + row) + 0.5) / scale
            for column in 0 ..< width {
                let x = (Double(lowX + column) + 0.5) / scale
                guard control.pointInside(Point(x: x + own.x, y: y + own.y)) else { continue }
                var sample: TappableSample = .own
                if ancestors.allSatisfy({ $0.node.pointInside(Point(x: x + $0.offset.x, y: y + $0.offset.y)) }) {
                    sample.insert(.tappable)
                    if clip?.contains(Point(x: x, y: y)) ?? true { sample.insert(.inView) }
                }
                samples[row * width + column] = sample
            }
        }
        return TappableMask(scale: scale, minX: lowX, minY: lowY, width: width, height: height, samples: samples)
    }

    /// The area sampled on the audit's grid over the whole extent.
    public private(set) lazy var auditMask: TappableMask = {
        let s = Self.auditScale
        return mask(scale: s, minX: Int((extent.minX * s).rounded(.down)), minY: Int((extent.minY * s).rounded(.down)),
                    maxX: Int((extent.maxX * s).rounded(.up)), maxY: Int((extent.maxY * s).rounded(.up)))
    }()

    /// Whether `point` (window points) is tappable on the audit's grid.
    func isTappable(at point: Point) -> Bool {
        let s = Self.auditScale
        return auditMask[Int((point.x * s).rounded(.down)), Int((point.y * s).rounded(.down))].contains(.tappable)
    }
}
