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
/// tested at its centre. Kept as runs of equal samples per row, so its size and the cost
/// of its bounds follow the shape's outline, not its area (behaviour.md §5.3).
public struct TappableMask: Sendable {
    public let scale: Double
    /// The sampled pixels: columns `minX ..< minX + width`, rows `minY ..< minY + height`.
    public let minX: Int, minY: Int, width: Int, height: Int
    /// The runs of every row, rows in order, each row's runs left to right, empty samples left out.
    private let runs: [Run]
    /// Where each row's runs start in `runs`; one more entry than rows.
    private let rowStarts: [Int]

    struct Run: Sendable {
        var columns: Range<Int>
        var sample: TappableSample
    }

    init(scale: Double, minX: Int, minY: Int, width: Int, height: Int, runs: [Run], rowStarts: [Int]) {
        self.scale = scale
        self.minX = minX
        self.minY = minY
        self.width = width
        self.height = height
        self.runs = runs
        self.rowStarts = rowStarts
    }

    /// How many runs the mask keeps: what its memory follows.
    var runCount: Int { runs.count }

    static func empty(scale: Double) -> TappableMask {
        TappableMask(scale: scale, minX: 0, minY: 0, width: 0, height: 0, runs: [], rowStarts: [0])
    }

    /// The sample of pixel (x, y); none outside the sampled pixels.
    public subscript(x: Int, y: Int) -> TappableSample {
        let cy = y - minY
        // `rawValue: 0`, not `[]`: the array literal is generic code, slow unoptimized per pixel.
        guard cy >= 0, cy < height else { return TappableSample(rawValue: 0) }
        var low = rowStarts[cy], high = rowStarts[cy + 1]
        while low < high {
            let mid = (low + high) / 2
            if runs[mid].columns.upperBound <= x { low = mid + 1 } else { high = mid }
        }
        guard low < rowStarts[cy + 1], runs[low].columns.contains(x) else { return TappableSample(rawValue: 0) }
        return runs[low].sample
    }

    /// The pixel ranges of row `y` whose samples hold all of `flags` and none of `lacking`,
    /// left to right: what the overlay and the audit's overlaps work on.
    package func spans(ofRow y: Int, holding flags: TappableSample, lacking: TappableSample = TappableSample(rawValue: 0)) -> [Range<Int>] {
        let cy = y - minY
        guard cy >= 0, cy < height else { return [] }
        let want = flags.rawValue, refuse = lacking.rawValue
        var result: [Range<Int>] = []
        for run in runs[rowStarts[cy] ..< rowStarts[cy + 1]] where run.sample.rawValue & want == want && run.sample.rawValue & refuse == 0 {
            if let last = result.last, last.upperBound == run.columns.lowerBound {
                result[result.count - 1] = last.lowerBound ..< run.columns.upperBound
            } else {
                result.append(run.columns)
            }
        }
        return result
    }

    /// The bounding box, in window points, of the pixels whose sample holds all of `flags`;
    /// an empty rect when there are none.
    public func bounds(of flags: TappableSample) -> Rect {
        var lowX = Int.max, lowY = Int.max, highX = Int.min, highY = Int.min
        // Raw bits, not `isSuperset`: the generic set algebra dominated unoptimized audits.
        let want = flags.rawValue
        for row in 0 ..< height {
            for run in runs[rowStarts[row] ..< rowStarts[row + 1]] where run.sample.rawValue & want == want {
                lowX = min(lowX, run.columns.lowerBound)
                highX = max(highX, run.columns.upperBound)
                lowY = min(lowY, row)
                highY = max(highY, row)
            }
        }
        guard lowX < highX else { return .zero }
        return Rect(minX: Double(lowX) / scale, minY: Double(minY + lowY) / scale,
                    maxX: Double(highX) / scale, maxY: Double(minY + highY + 1) / scale)
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
    /// exclusive) that lies in `extent`, row by row (`RowTester`): a row costs a few
    /// operations per node of the chain unless a node's `pointInside` is its own.
    public func mask(scale: Double, minX: Int, minY: Int, maxX: Int, maxY: Int) -> TappableMask {
        let lowX = max(minX, Self.pixel(extent.minX * scale, .down))
        let lowY = max(minY, Self.pixel(extent.minY * scale, .down))
        let highX = min(maxX, Self.pixel(extent.maxX * scale, .up))
        let highY = min(maxY, Self.pixel(extent.maxY * scale, .up))
        let width = max(highX - lowX, 0), height = max(highY - lowY, 0)
        guard width > 0, height > 0, let (control, own) = chain.last else { return .empty(scale: scale) }
        // Callers pass a screen's pixels; rows past any canvas are a bug, not a size to allocate.
        precondition(height <= 1 << 24, "mask of \(height) rows")
        let controlTester = RowTester(control, offset: own)
        let ancestors = chain.dropLast().map { RowTester($0.node, offset: $0.offset) }
        let clipTester = clip.map { RowTester(rect: $0) }
        var runs: [TappableMask.Run] = [], rowStarts = [0]
        rowStarts.reserveCapacity(height + 1)
        for row in 0 ..< height {
            let y = (Double(lowY + row) + 0.5) / scale
            let ownSpans = controlTester.spans(y: y, scale: scale, within: [lowX ..< highX])
            var tappable = ownSpans
            for ancestor in ancestors where !tappable.isEmpty {
                tappable = ancestor.spans(y: y, scale: scale, within: tappable)
            }
            let inView = clipTester?.spans(y: y, scale: scale, within: tappable) ?? tappable
            Self.appendRuns(own: ownSpans, tappable: tappable, inView: inView, to: &runs)
            rowStarts.append(runs.count)
        }
        return TappableMask(scale: scale, minX: lowX, minY: lowY, width: width, height: height,
                            runs: runs, rowStarts: rowStarts)
    }

    /// One row's runs from its nested spans (inView ⊆ tappable ⊆ own), left to right.
    private static func appendRuns(own: [Range<Int>], tappable: [Range<Int>], inView: [Range<Int>],
                                   to runs: inout [TappableMask.Run]) {
        let ownBits = TappableSample.own.rawValue, tapBits = ownBits | TappableSample.tappable.rawValue
        let viewBits = tapBits | TappableSample.inView.rawValue
        func add(_ low: Int, _ high: Int, _ bits: UInt8) {
            if low < high { runs.append(TappableMask.Run(columns: low ..< high, sample: TappableSample(rawValue: bits))) }
        }
        var t = 0, v = 0
        for span in own {
            var cursor = span.lowerBound
            while t < tappable.count, tappable[t].upperBound <= span.upperBound {
                let tap = tappable[t]
                add(cursor, tap.lowerBound, ownBits)
                cursor = tap.lowerBound
                while v < inView.count, inView[v].upperBound <= tap.upperBound {
                    add(cursor, inView[v].lowerBound, tapBits)
                    add(inView[v].lowerBound, inView[v].upperBound, viewBits)
                    cursor = inView[v].upperBound
                    v += 1
                }
                add(cursor, tap.upperBound, tapBits)
                cursor = tap.upperBound
                t += 1
            }
            add(cursor, span.upperBound, ownBits)
        }
    }

    /// The area sampled on the audit's grid over the extent's part on screen (`sampled`).
    public private(set) lazy var auditMask: TappableMask = {
        let s = Self.auditScale
        guard !sampled.isEmpty else { return .empty(scale: s) }
        return mask(scale: s, minX: Self.pixel(sampled.minX * s, .down), minY: Self.pixel(sampled.minY * s, .down),
                    maxX: Self.pixel(sampled.maxX * s, .up), maxY: Self.pixel(sampled.maxY * s, .up))
    }()

    /// `value` rounded by `rule` to a pixel index, clamped to ±2⁴⁰ (far past any canvas, far
    /// from `Int`'s limits) so no size a file may give traps; NaN is 0.
    static func pixel(_ value: Double, _ rule: FloatingPointRoundingRule) -> Int {
        guard !value.isNaN else { return 0 }
        return Int(min(max(value, -0x1p40), 0x1p40).rounded(rule))
    }
}
