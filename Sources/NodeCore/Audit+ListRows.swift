/// Lists in the audit (behaviour.md §10.4): controls in a list's rows are reported once
/// per row template, not once per row, with the number of rows they stand for.
extension Audit {
    /// Where a control sits in a list: the list, and the row index of the row holding it.
    static func listRow(of control: Node) -> (list: ListNode, index: Int)? {
        var child: Node = control
        while let parent = child.supernode {
            if let list = parent as? ListNode, let index = list.rowIndex(of: child) { return (list, index) }
            child = parent
        }
        return nil
    }

    /// A row control's name with its row index written `{i}` (`row-17-like` → `row-{i}-like`);
    /// unchanged when the name does not hold the index.
    static func templateName(_ name: String, row index: Int) -> String {
        let digits = String(index)
        guard let range = name.firstRange(of: digits) else { return name }
        return String(name[..<range.lowerBound]) + "{i}" + String(name[range.upperBound...])
    }

    /// Collapses the entries of controls in list rows: for each list and template name,
    /// the first live row's entry stands for all the list's rows.
    static func groupingListRows(_ entries: [AuditEntry], controls: [ControlNode]) -> [AuditEntry] {
        var renamed: [String: String] = [:]
        var rows: [Int: (pattern: String, count: Int)] = [:]
        for (i, control) in controls.enumerated() {
            guard let (list, index) = listRow(of: control) else { continue }
            let pattern = templateName(control.name, row: index)
            renamed[control.name] = pattern
            rows[i] = (pattern, list.numberOfRows)
        }
        guard !rows.isEmpty else { return entries }
        var seen: Set<String> = []
        var result: [AuditEntry] = []
        for (i, entry) in entries.enumerated() {
            guard let row = rows[i] else {
                result.append(entry.renamingOverlaps(renamed))
                continue
            }
            guard seen.insert(row.pattern).inserted else { continue }
            var grouped = entry.renamingOverlaps(renamed)
            grouped.name = row.pattern
            grouped.rowCount = row.count
            result.append(grouped)
        }
        return result
    }
}

extension AuditEntry {
    /// The same entry with overlapping controls named by `names` where it has them,
    /// each named once.
    func renamingOverlaps(_ names: [String: String]) -> AuditEntry {
        guard !overlaps.isEmpty, !names.isEmpty else { return self }
        var copy = self
        var seen: Set<String> = []
        copy.overlaps = overlaps.compactMap { overlap in
            let other = names[overlap.other] ?? overlap.other
            guard other != copy.name, seen.insert(other).inserted else { return nil }
            return AuditOverlap(other: other, area: overlap.area, winner: names[overlap.winner] ?? overlap.winner)
        }
        // A listed set is complete, so after merging rows its length is the count.
        copy.overlapCount = copy.overlaps.count
        return copy
    }
}
