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
        // Raw bits, not `isSuperset`: the generic set algebra dominated unoptimized audits.
        let want = flags.rawValue
        for row in 0 ..< height {
            for column in 0 ..< width where samples[row * width + column].rawValue & want == want {
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
    /// What the audit samples: the extent cut to the screen (the window, or the root's
    /// bounds outside one), as no touch lands elsewhere; so its cost follows what is on
    /// screen, never the shape's size (behaviour.md §5.3).
    public let sampled: Rect

    private let slopSetters: [Edge: Node]
    private let clipSetters: [Edge: Node]

    init(control: ControlNode, clip: Rect?, extent: Rect, slopSetters: [Edge: Node], clipSetters: [Edge: Node]) {
        var nodes: [Node] = [control]
        while let parent = nodes.last?.supernode { nodes.append(parent) }
        chain = nodes.reversed().map { ($0, $0.convert(Point.zero, from: nil)) }
        self.clip = clip
        self.extent = extent
        let screen: Rect
        if let window = control.window {
            screen = Rect(origin: .zero, size: window.size)
        } else {
            let (root, offset) = chain[0]
            screen = Rect(origin: Point(x: root.boundsOrigin.x - offset.x, y: root.boundsOrigin.y - offset.y),
                          size: root.frame.size)
        }
        sampled = extent.intersection(screen)
        self.slopSetters = slopSetters
        self.clipSetters = clipSetters
    }

    /// The area's rects and sides from the audit's samples.
    private(set) lazy var geometry = Geometry(sampled: auditMask, slopSetters: slopSetters, clipSetters: clipSetters)

    /// Samples every pixel at `scale` inside `pixels` (min and max corners, max
    /// exclusive) that lies in `extent`.
    public func mask(scale: Double, minX: Int, minY: Int, maxX: Int, maxY: Int) -> TappableMask {
        let lowX = max(minX, Self.pixel(extent.minX * scale, .down))
        let lowY = max(minY, Self.pixel(extent.minY * scale, .down))
        let highX = min(maxX, Self.pixel(extent.maxX * scale, .up))
        let highY = min(maxY, Self.pixel(extent.maxY * scale, .up))
        let width = max(highX - lowX, 0), height = max(highY - lowY, 0)
        // Callers pass a screen's pixels; anything past a canvas is a bug, not a size to allocate.
        precondition(width.multipliedReportingOverflow(by: height).partialValue <= 1 << 32
                     && !width.multipliedReportingOverflow(by: height).overflow, "mask of \(width) × \(height) pixels")
        var samples = [TappableSample](repeating: [], count: width * height)
        guard let (control, own) = chain.last else {
            return TappableMask(scale: scale, minX: lowX, minY: lowY, width: 0, height: 0, samples: [])
        }
        // An ancestor whose `pointInside` is its slopRect's is tested on that rect, read once:
        // the same arithmetic per sample, without a call into the node.
        var rects: [(slop: Rect, offset: Point)] = [], others: [(node: Node, offset: Point)] = []
        for (node, offset) in chain.dropLast() {
            if node.hitTestsBySlopRect { rects.append((node.slopRect, offset)) } else { others.append((node, offset)) }
        }
        func ancestorsAccept(_ x: Double, _ y: Double) -> Bool {
            for i in rects.indices where !rects[i].slop.contains(Point(x: x + rects[i].offset.x, y: y + rects[i].offset.y)) {
                return false
            }
            for i in others.indices where !others[i].node.pointInside(Point(x: x + others[i].offset.x, y: y + others[i].offset.y)) {
                return false
            }
            return true
        }
        for row in 0 ..< height {
            let y = (Double(lowY + row) + 0.5) / scale
            for column in 0 ..< width {
                let x = (Double(lowX + column) + 0.5) / scale
                guard control.pointInside(Point(x: x + own.x, y: y + own.y)) else { continue }
                var bits = TappableSample.own.rawValue
                if ancestorsAccept(x, y) {
                    bits |= TappableSample.tappable.rawValue
                    if clip?.contains(Point(x: x, y: y)) ?? true { bits |= TappableSample.inView.rawValue }
                }
                samples[row * width + column] = TappableSample(rawValue: bits)
            }
        }
        return TappableMask(scale: scale, minX: lowX, minY: lowY, width: width, height: height, samples: samples)
    }

    /// The area sampled on the audit's grid over the extent's part on screen (`sampled`).
    public private(set) lazy var auditMask: TappableMask = {
        let s = Self.auditScale
        guard !sampled.isEmpty else { return TappableMask(scale: s, minX: 0, minY: 0, width: 0, height: 0, samples: []) }
        return mask(scale: s, minX: Self.pixel(sampled.minX * s, .down), minY: Self.pixel(sampled.minY * s, .down),
                    maxX: Self.pixel(sampled.maxX * s, .up), maxY: Self.pixel(sampled.maxY * s, .up))
    }()

    /// Whether `point` (window points) is tappable on the audit's grid.
    func isTappable(at point: Point) -> Bool {
        let s = Self.auditScale
        return auditMask[Self.pixel(point.x * s, .down), Self.pixel(point.y * s, .down)].contains(.tappable)
    }

    /// `value` rounded by `rule` to a pixel index, clamped to ±2⁴⁰ (far past any canvas, far
    /// from `Int`'s limits) so no size a file may give traps; NaN is 0.
    static func pixel(_ value: Double, _ rule: FloatingPointRoundingRule) -> Int {
        guard !value.isNaN else { return 0 }
        return Int(min(max(value, -0x1p40), 0x1p40).rounded(rule))
    }
}
