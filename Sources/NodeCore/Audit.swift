/// A published minimum size for touch targets.
public enum TouchTargetGuideline: String, CaseIterable, Hashable, Sendable {
    /// Apple Human Interface Guidelines: 44 × 44 pt.
    case appleHIG = "apple-hig"
    /// Material Design: 48 × 48 dp (a dp is taken as one point).
    case materialDesign = "material"
    /// WCAG 2.2 success criterion 2.5.8 "Target Size (Minimum)": 24 × 24 CSS px (one point each).
    case wcag258 = "wcag-2.5.8"

    /// The minimum width and height, in points.
    public var minimumSize: Double {
        switch self {
        case .appleHIG: return 44
        case .materialDesign: return 48
        case .wcag258: return 24
        }
    }

    /// A short human name with the size and its unit, e.g. `Apple HIG 44 pt`.
    public var title: String {
        switch self {
        case .appleHIG: return "Apple HIG 44 pt"
        case .materialDesign: return "Material 48 dp"
        case .wcag258: return "WCAG 2.5.8 24 px"
        }
    }
}

/// Two controls whose tappable areas overlap; in `area` only `winner` gets touches.
public struct AuditOverlap: Hashable, Sendable {
    /// The name of the other control.
    public let other: String
    /// The shared part of both tappable areas, window coordinates.
    public let area: Rect
    /// The name of the control that hit testing picks there (the frontmost one).
    public let winner: String
}

/// The audit of one hittable control.
public struct AuditEntry: Sendable {
    /// The control's name; for a control in a list's rows, its row template's name (`row-{i}-like`).
    public internal(set) var name: String
    /// `button`, `toggle`, `slider`, `text` or `control`.
    public let kind: String
    /// The control's bounds in window coordinates.
    public let frame: Rect
    /// Where a touch reaches the control (see `TappableArea`); zero-sized when nowhere.
    public let tappable: Rect
    /// The part of `tappable` inside every clipping ancestor.
    public let drawn: Rect
    /// Whether `tappable` is narrower or lower than the audit's minimum size.
    public let isUndersized: Bool
    /// Every guideline whose minimum `tappable` misses, in `TouchTargetGuideline.allCases` order.
    public let failedGuidelines: [TouchTargetGuideline]
    /// Sides where an ancestor's slopRect cut the control's own slopRect.
    public let limitedEdges: Edges
    /// The name of the ancestor that cut each limited side.
    public let limitingAncestors: [Edge: String]
    /// Sides where a clipping ancestor hides part of the tappable area (all four when it hides all of it).
    public let clippedEdges: Edges
    /// The name of the clipping ancestor for each clipped side.
    public let clippingAncestors: [Edge: String]
    /// How many other controls' tappable areas overlap this one.
    public internal(set) var overlapCount: Int
    /// Those controls, in tree order, when there are at most `Audit.overlapListLimit` of
    /// them; empty when there are more (the report then summarizes them by `overlapCount`).
    public internal(set) var overlaps: [AuditOverlap]
    /// Whether a scroll node is above the control. Its area is then taken with every
    /// such node scrolled (within its resting range) to show the control.
    public let isInScrollContent: Bool
    /// The scroll nodes that must scroll for the control to come into view, innermost
    /// first; empty when it is in view now. A note, not a finding (behaviour.md §9).
    public let reachableByScrolling: [String]
    /// For a control in a list's rows: how many rows its template gives (the entry is
    /// the first live row's, standing for them all); nil otherwise.
    public internal(set) var rowCount: Int? = nil

    /// False when no touch can reach the control at all.
    public var isReachable: Bool { !tappable.isEmpty }
    /// True when some of the control can be touched but none of that area is in view.
    public var isEntirelyClipped: Bool { isReachable && drawn.isEmpty }

    /// The problems found: unreachable, undersized, a side limited by an ancestor,
    /// an overlap with another control, or a tappable area entirely out of view.
    /// A partly clipped tappable area is reported but is not a problem by itself:
    /// slop that reaches past a clipping container is the usual way to enlarge a target.
    public var findings: [AuditFinding] {
        if isInScrollContent, !isReachable || isEntirelyClipped { return [.neverReachable] }
        guard isReachable else { return [.unreachable] }
        var result: [AuditFinding] = []
        if isUndersized { result.append(.undersized) }
        if !limitedEdges.isEmpty { result.append(.limitedByAncestor) }
        if isEntirelyClipped { result.append(.outOfView) }
        if overlapCount > 0 { result.append(.overlapsOtherControls) }
        return result
    }
}

/// A kind of problem the audit reports.
public enum AuditFinding: String, CaseIterable, Hashable, Sendable {
    case unreachable
    case undersized
    case limitedByAncestor = "limited-by-ancestor"
    case outOfView = "out-of-view"
    case overlapsOtherControls = "overlaps"
    /// Inside scroll content, but no offset in the resting range brings it into view.
    case neverReachable = "never-reachable"
}

/// The tappable-area audit of a whole window.
public struct AuditReport: Sendable {
    /// The minimum width and height, in points, below which a control is undersized.
    public let minimumSize: Double
    /// One entry per hittable control, in hit-test order from back to front.
    public let entries: [AuditEntry]

    /// All findings of all entries.
    public var findingCount: Int { entries.reduce(0) { $0 + $1.findings.count } }
    /// Whether any control has a finding (the `audit` command then exits with status 3).
    public var hasFindings: Bool { entries.contains { !$0.findings.isEmpty } }
}

/// Checks every hittable control's tappable area: size, sides cut by ancestors,
/// sides clipped from view, and overlaps with other controls.
public enum Audit {
    /// The default minimum size: Apple HIG, 44 pt.
    public static let defaultMinimumSize = TouchTargetGuideline.appleHIG.minimumSize

    /// The most overlapping controls listed one by one for a control; past it the report
    /// gives their number, so a pile of overlapping controls cannot blow the report up.
    public static let overlapListLimit = 8

    /// Audits every control of `window` that is hittable along its whole ancestor chain
    /// (visible, interactive, enabled); controls that cannot be hit are not listed.
    /// Overlaps are counted in O(n log n) and listed for controls with at most
    /// `overlapListLimit` of them, so the cost grows with the scene, not with its pairs.
    public static func run(window: Window, minimumSize: Double = defaultMinimumSize) -> AuditReport {
        let areas = TappableArea.all(in: window)
        let reachable = areas.indices.filter { areas[$0].isReachable }
        let overlapIndex = RectOverlaps(reachable.map { areas[$0].tappable })
        var counts = overlapIndex.counts()
        // Counts above are of bounding boxes; a pair where a custom shape is involved
        // counts only where the shapes really share a point.
        for (k, i) in reachable.enumerated() where areas[i].shape != nil {
            for m in overlapIndex.overlapping(k) where areas[reachable[m]].shape == nil || m > k {
                guard !areas[i].sharesPoint(with: areas[reachable[m]]) else { continue }
                counts[k] -= 1
                counts[m] -= 1
            }
        }
        var overlapCounts = Array(repeating: 0, count: areas.count)
        var overlaps = Array(repeating: [AuditOverlap](), count: areas.count)
        for (k, i) in reachable.enumerated() {
            overlapCounts[i] = counts[k]
            guard counts[k] > 0, counts[k] <= overlapListLimit else { continue }
            overlaps[i] = overlapIndex.overlapping(k).compactMap { m in
                let j = reachable[m]
                let shared = areas[i].overlap(with: areas[j])
                guard !shared.isEmpty else { return nil }
                // Later in depth-first back-to-front order means tested earlier by hitTest.
                return AuditOverlap(other: areas[j].control.name, area: shared, winner: areas[max(i, j)].control.name)
            }
        }
        let entries = areas.indices.map { i in
            entry(for: areas[i], minimumSize: minimumSize, overlapCount: overlapCounts[i], overlaps: overlaps[i])
        }
        return AuditReport(minimumSize: minimumSize,
                           entries: groupingListRows(entries, controls: areas.map(\.control)))
    }

    private static func entry(for current: TappableArea, minimumSize: Double, overlapCount: Int,
                              overlaps: [AuditOverlap]) -> AuditEntry {
        let control = current.control
        var area = current
        var scrolled: [String] = []
        let inScrollContent = hasScrollAncestor(control)
        // With no scroll moved the area is `current`'s: keep it, and the samples it already has.
        if inScrollContent, let view = TappableArea.scrolledIntoView(control), !view.scrolled.isEmpty {
            area = view.area
            if !current.isInView, view.area.isInView { scrolled = view.scrolled.map(\.name) }
        }
        let tap = area.tappable
        func misses(_ size: Double) -> Bool { tap.width < size || tap.height < size }
        return AuditEntry(
            name: control.name,
            kind: kind(of: control),
            frame: control.bounds.offsetBy(dx: control.originInWindow.x, dy: control.originInWindow.y),
            tappable: tap,
            drawn: area.drawn,
            isUndersized: misses(minimumSize),
            failedGuidelines: TouchTargetGuideline.allCases.filter { misses($0.minimumSize) },
            limitedEdges: area.limitedEdges,
            limitingAncestors: area.limitingAncestors.mapValues(\.name),
            clippedEdges: area.clippedEdges,
            clippingAncestors: area.clippingAncestors.mapValues(\.name),
            overlapCount: overlapCount,
            overlaps: overlaps,
            isInScrollContent: inScrollContent,
            reachableByScrolling: scrolled
        )
    }

    private static func hasScrollAncestor(_ node: Node) -> Bool {
        var current = node.supernode
        while let n = current {
            if n.isScrollNode { return true }
            current = n.supernode
        }
        return false
    }

    /// The scene-file kind name of a control.
    public static func kind(of control: ControlNode) -> String {
        switch control {
        case is ButtonNode: return "button"
        case is ToggleNode: return "toggle"
        case is SliderNode: return "slider"
        case is TextNode: return "text"
        case is TextFieldNode: return "textField"
        default: return "control"
        }
    }
}
