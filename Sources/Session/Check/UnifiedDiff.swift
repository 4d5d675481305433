/// A unified diff of two texts by lines (`diff -u` with 3 lines of context), for an event
/// log that differs from its expectation.
public enum UnifiedDiff {
    enum Edit: Equatable {
        case same(Int, Int), removed(Int), added(Int)
    }

    /// The diff of `expected` to `actual` under `--- expectedName` / `+++ actualName`; empty when equal.
    public static func text(expected: String, actual: String, expectedName: String, actualName: String, context: Int = 3) -> String {
        let a = lines(expected), b = lines(actual)
        guard a != b else { return "" }
        let edits = script(a, b)
        var out = "--- \(expectedName)\n+++ \(actualName)\n"
        var i = 0
        while i < edits.count {
            guard edits[i].isChange else { i += 1; continue }
            // A hunk: from `context` edits before this change to `context` after the last change
            // that lies within 2 × context of the next.
            let start = max(0, i - context)
            var end = i
            var j = i
            while j < edits.count {
                if edits[j].isChange { end = j }
                if j - end > 2 * context { break }
                j += 1
            }
            let stop = min(edits.count, end + context + 1)
            let hunk = edits[start..<stop]
            let (aStart, aCount) = span(hunk, old: true), (bStart, bCount) = span(hunk, old: false)
            out += "@@ -\(range(aStart, aCount)) +\(range(bStart, bCount)) @@\n"
            for edit in hunk {
                switch edit {
                case .same(let x, _): out += " " + a[x] + "\n"
                case .removed(let x): out += "-" + a[x] + "\n"
                case .added(let y): out += "+" + b[y] + "\n"
                }
            }
            i = stop
        }
        return out
    }

    static func lines(_ text: String) -> [Substring] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The first line (1-based) and count a hunk covers on one side.
    private static func span(_ hunk: ArraySlice<Edit>, old: Bool) -> (Int, Int) {
        var first: Int?, count = 0
        for edit in hunk {
            switch (edit, old) {
            case (.same(let x, _), true), (.removed(let x), true), (.same(_, let x), false), (.added(let x), false):
                if first == nil { first = x }
                count += 1
            default:
                break
            }
        }
        // A side with no lines in a hunk with context is an empty file: `-0,0`.
        guard let first else { return (0, 0) }
        return (first + 1, count)
    }

    private static func range(_ start: Int, _ count: Int) -> String { count == 1 ? "\(start)" : "\(start),\(count)" }

    /// The shortest edit script (Myers' greedy algorithm); past `limit` edits, everything
    /// removed then everything added.
    static func script(_ a: [Substring], _ b: [Substring], limit: Int = 4000) -> [Edit] {
        let n = a.count, m = b.count, offset = n + m + 1
        var v = [Int](repeating: 0, count: 2 * offset + 1)
        var trace: [[Int]] = []
        var found = false
        outer: for d in 0...min(n + m, limit) {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x = k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                v[offset + k] = x
                if x >= n, y >= m { found = true; break outer }
            }
        }
        guard found else { return (0..<n).map { .removed($0) } + (0..<m).map { .added($0) } }
        var edits: [Edit] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d], k = x - y
            let previousK = k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) ? k + 1 : k - 1
            let (previousX, previousY) = d == 0 ? (0, 0) : (v[offset + previousK], v[offset + previousK] - previousK)
            while x > previousX, y > previousY { x -= 1; y -= 1; edits.append(.same(x, y)) }
            if d > 0 {
                if x == previousX { y -= 1; edits.append(.added(y)) } else { x -= 1; edits.append(.removed(x)) }
            }
        }
        return edits.reversed()
    }
}

extension UnifiedDiff.Edit {
    var isChange: Bool {
        if case .same = self { return false }
        return true
    }
}
