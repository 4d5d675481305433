import NodeCore

/// A list's row template (behaviour.md §10.3), read and checked once when the scene loads.
/// Making a row reads no JSON: the described nodes are built with `{i}` replaced by the
/// row index in their names, labels and texts, and `{text}` by the row's text in labels and texts.
final class RowTemplate {
    let root: NodeDescription
    /// The scene file, for messages about names.
    let file: String
    /// The template's names, to check other scene names against.
    let namePatterns: [RowNamePattern]
    /// Pairs of template names that are as long as each other for some row indices (any
    /// index when `digits` is nil, else those of that many digits), so could be equal.
    let possibleClashes: [(first: RowText, second: RowText, digits: Int?)]
    /// Whether a row's nodes can be made over into another row's (`reuse`): not when the
    /// template holds a scroll node or a list, nor when some rows are bare nodes.
    let isReusable: Bool
    /// What `reuse` sets on a row: what differs between rows.
    private let refill: RowRefill
    /// `rows.texts`: row i's text is entry i modulo their number.
    let texts: [String]?
    /// Whether rows lay out alike when their texts do (`layoutKey(ofRow:)`).
    private let laysOutByRowText: Bool

    init(_ root: NodeDescription, file: String, texts: [String]? = nil) {
        self.root = root
        self.file = file
        self.texts = texts
        var names: [RowText] = []
        root.forEachName { names.append($0) }
        namePatterns = names.map { RowNamePattern($0.source) }
        var clashes: [(RowText, RowText, Int?)] = []
        for (k, first) in names.enumerated() {
            for second in names[(k + 1)...] {
                // Lengths fixed + per-index × digits: equal for every length, or for one.
                let fixed = (first.length(rowDigits: 0), second.length(rowDigits: 0))
                let perDigit = (first.length(rowDigits: 1) - fixed.0, second.length(rowDigits: 1) - fixed.1)
                if perDigit.0 == perDigit.1 {
                    if fixed.0 == fixed.1 { clashes.append((first, second, nil)) }
                } else {
                    let gap = fixed.1 - fixed.0, rate = perDigit.0 - perDigit.1
                    if gap % rate == 0, gap / rate > 0 { clashes.append((first, second, gap / rate)) }
                }
            }
        }
        possibleClashes = clashes
        isReusable = clashes.isEmpty && root.isReusable
        refill = RowRefill(root)
        laysOutByRowText = isReusable && root.laysOutByRowText
    }

    /// Row `index`'s layout key (`ListDataSource`): its entry of `texts`, 0 without texts;
    /// nil when rows of one text can differ in layout (`{i}` in a label or text, images).
    func layoutKey(ofRow index: Int) -> Int? {
        guard laysOutByRowText else { return nil }
        return texts.map { index % $0.count } ?? 0
    }

    /// Row `index`'s node tree.
    func makeRow(_ index: Int) -> Node {
        let row = String(index)
        if !possibleClashes.isEmpty, givesANameTwice(row: row) {
            // Decoding such a row's template always failed on the duplicate name, which
            // left the row a bare node; kept so that logs and renders stay as they were.
            return Node(name: "row-\(index)")
        }
        return root.makeNode(row: RowFill(index: row, text: text(ofRow: index)))
    }

    /// Row `index`'s entry of `texts`, if there are any.
    func text(ofRow index: Int) -> String? {
        texts.map { $0[index % $0.count] }
    }

    /// Makes `row`, a row made by `makeRow` and out of the tree since, row `index`'s;
    /// false when the template is not reusable. `previous`: the row it was made as last, if known.
    func reuse(_ row: Node, as index: Int, showing previous: Int? = nil) -> Bool {
        guard isReusable else { return false }
        refill.apply(to: row, row: index, text: text(ofRow: index), sameRow: previous == index)
        return true
    }

    /// Whether two of the template's names are the same for this row (`a{i}1` and `a1{i}` in row 1).
    private func givesANameTwice(row: String) -> Bool {
        let digits = row.utf8.count
        let fill = RowFill(index: row)
        return possibleClashes.contains { clash in
            (clash.digits == nil || clash.digits == digits) && clash.first.text(row: fill) == clash.second.text(row: fill)
        }
    }
}

/// A template name such as `row-{i}-like`: which concrete names a row can take.
struct RowNamePattern {
    let prefix: Substring
    let suffix: Substring

    init(_ name: String) {
        let range = name.firstRange(of: SceneDecoder.rowIndexPlaceholder)!
        prefix = name[..<range.lowerBound]
        suffix = name[range.upperBound...]
    }

    /// Whether `name` is this pattern with a row index (decimal digits) in place of `{i}`.
    func matches(_ name: String) -> Bool {
        guard name.count > prefix.count + suffix.count, name.hasPrefix(prefix), name.hasSuffix(suffix) else { return false }
        let middle = name.dropFirst(prefix.count).dropLast(suffix.count)
        return middle.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
