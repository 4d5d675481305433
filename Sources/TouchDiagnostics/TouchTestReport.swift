import NodeCore
import JSONOutput

/// What `touchstone touch-test` writes on exit (`--report`): coverage, the never-touched
/// cells, the most simultaneous touches, each touch's report rate and jitter, and the
/// suspected ghost touches. Numbers are rounded to 3 decimals, so the file is the same
/// byte for byte wherever the same input is replayed.
public struct TouchTestReport: Sendable {
    public var grid: CoverageGrid
    public var maxSimultaneous: Int
    /// Every touch, in the order they began; touches still down were ended at the report time.
    public var touches: [TouchTest.TouchRecord]

    /// Touches lifted less than `TouchTest.ghostThreshold` ms after they went down
    /// (a cancelled touch is the compositor's doing, never a ghost).
    public var ghostTouches: [TouchTest.TouchRecord] { touches.filter(\.isGhost) }

    /// The median of the touches' median report rates (touches with at least two motion
    /// events), Hz; 0 when there are none.
    public var medianHz: Double {
        ReportRate.median(touches.map(\.rate).filter { $0.motionCount >= 2 }.map(\.medianHz).sorted())
    }

    /// The most untouched cells the report lists; past it `untouchedCellsNotListed` says how
    /// many more there are, so an empty 16384² grid of 1 pt cells gives a small report.
    public static let maximumListedUntouchedCells = 10_000

    /// The report as JSON (UTF-8, one object, newline at the end).
    public func json() -> String {
        var out: [UInt8] = []
        func key(_ k: String) { JSONWriting.appendQuoted(k, to: &out); out.append(UInt8(ascii: ":")) }
        func raw(_ s: String) { out += Array(s.utf8) }
        func number(_ n: Double) { JSONWriting.appendCoordinate(n, to: &out) }
        func integer(_ n: Int) { raw(String(n)) }
        func id(_ touch: TouchTest.TouchRecord) {
            switch touch.id {
            case .finger(let n): integer(n)
            case .pointer: JSONWriting.appendQuoted("pointer", to: &out)
            }
        }
        raw("{\n  "); key("size"); raw("["); number(grid.size.width); raw(","); number(grid.size.height); raw("],\n  ")
        key("cellSize"); number(grid.cellSize); raw(",\n  ")
        key("columns"); integer(grid.columns); raw(",\n  ")
        key("rows"); integer(grid.rows); raw(",\n  ")
        key("cells"); integer(grid.cellCount); raw(",\n  ")
        key("filledCells"); integer(grid.filledCount); raw(",\n  ")
        key("coveragePercent"); number(grid.coveragePercent); raw(",\n  ")
        key("maxSimultaneousTouches"); integer(maxSimultaneous); raw(",\n  ")
        key("touchCount"); integer(touches.count); raw(",\n  ")
        key("medianHz"); number(medianHz); raw(",\n  ")
        key("untouchedCells"); raw("[")
        let listed = grid.untouchedCells(limit: Self.maximumListedUntouchedCells)
        for (i, cell) in listed.enumerated() {
            raw(i == 0 ? "" : ","); raw("["); integer(cell.column); raw(","); integer(cell.row); raw("]")
        }
        raw("],\n  ")
        let notListed = grid.cellCount - grid.filledCount - listed.count
        if notListed > 0 { key("untouchedCellsNotListed"); integer(notListed); raw(",\n  ") }
        key("touches"); raw("[")
        for (i, touch) in touches.enumerated() {
            let rate = touch.rate
            raw(i == 0 ? "\n    {" : ",\n    {")
            key("id"); id(touch); raw(",")
            key("down"); number(touch.downTime); raw(",")
            key("durationMs"); number(touch.duration ?? 0); raw(",")
            key("x"); number(touch.downLocation.x); raw(",")
            key("y"); number(touch.downLocation.y); raw(",")
            key("motionEvents"); integer(rate.motionCount); raw(",")
            key("medianHz"); number(rate.medianHz); raw(",")
            key("medianIntervalMs"); number(rate.medianIntervalMs); raw(",")
            key("p95IntervalMs"); number(rate.p95IntervalMs); raw(",")
            key("jitterMs"); number(rate.jitterMs)
            if touch.cancelled { raw(","); key("cancelled"); raw("true") }
            if touch.stillDown { raw(","); key("stillDown"); raw("true") }
            raw("}")
        }
        raw(touches.isEmpty ? "],\n  " : "\n  ],\n  ")
        key("ghostTouches"); raw("[")
        for (i, touch) in ghostTouches.enumerated() {
            raw(i == 0 ? "\n    {" : ",\n    {")
            key("id"); id(touch); raw(",")
            key("down"); number(touch.downTime); raw(",")
            key("durationMs"); number(touch.duration ?? 0); raw(",")
            key("x"); number(touch.downLocation.x); raw(",")
            key("y"); number(touch.downLocation.y)
            raw("}")
        }
        raw(ghostTouches.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
        return String(decoding: out, as: UTF8.self)
    }
}
