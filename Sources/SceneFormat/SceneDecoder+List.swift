import NodeCore

/// The scene keys of `kind: "list"` (docs/behaviour.md, Lists). A list has every
/// scroll key but `contentSize` (its rows give it), and rows from a template instead
/// of `children`.
extension SceneDecoder {
    static let listKeys = ["rows", "horizontal", "inverted", "leadingScreens", "fetch"]
    static let rowsKeys = ["count", "extent", "template"]
    static let fetchKeys = ["batch", "delay", "total"]
    /// Stands for the row index in a template's names and labels.
    static let rowIndexPlaceholder = "{i}"

    /// The list node with its axis, direction and row extent; its rows come later
    /// (`readListKeys`), once its frame and scroll keys are set.
    static func makeList(_ r: inout ObjectReader, name: String, path: String) throws(FormatError) -> ListNode {
        if r.has("contentSize") { throw r.fail("contentSize", "a list's content size comes from its rows; remove it") }
        if r.has("children") { throw r.fail("children", "a list's children come from 'rows.template'; remove it") }
        guard r.has("rows") else { throw r.fail("rows", "required key is missing", line: r.line) }
        let horizontal = try r.bool("horizontal") ?? false
        let inverted = try r.bool("inverted") ?? false
        var rows = try ObjectReader(r.raw("rows")!, file: r.file, path: r.keyPath("rows"))
        let extent = try rows.required("extent") { (r: inout ObjectReader, k: String) throws(FormatError) in
            try r.number(k, in: ListNode.minimumRowExtent...Double.greatestFiniteMagnitude)
        }
        return ListNode(name: name, rowExtent: extent, horizontal: horizontal, inverted: inverted)
    }

    /// Reads `rows` (count and template), `leadingScreens` and `fetch`, and gives the
    /// list its scene data source.
    static func readListKeys(_ r: inout ObjectReader, into list: ListNode, path: String) throws(FormatError) {
        var rows = try ObjectReader(r.raw("rows")!, file: r.file, path: r.keyPath("rows"))
        _ = rows.raw("extent")  // read by makeList
        let count = try rows.required("count") { (r: inout ObjectReader, k: String) throws(FormatError) in
            try r.count(k)
        }
        guard let template = rows.raw("template") else { throw rows.fail("template", "required key is missing", line: rows.line) }
        try rows.finish(allowed: rowsKeys.joined(separator: ", "))
        try validateTemplate(template, file: r.file, path: rows.keyPath("template"))

        if let screens = try r.number("leadingScreens", in: 0...Double.greatestFiniteMagnitude) {
            list.leadingScreensForBatching = screens
        }
        var fetch: SceneListSource.Fetch?
        if let raw = r.raw("fetch") {
            var f = try ObjectReader(raw, file: r.file, path: r.keyPath("fetch"))
            let batch = try f.required("batch") { (r: inout ObjectReader, k: String) throws(FormatError) in try r.count(k) }
            guard batch > 0 else { throw f.fail("batch", "must be at least 1, got 0") }
            let delay = try f.required("delay") { (r: inout ObjectReader, k: String) throws(FormatError) in
                try r.number(k, in: 0...Double.greatestFiniteMagnitude)
            }
            let total = try f.required("total") { (r: inout ObjectReader, k: String) throws(FormatError) in try r.count(k) }
            try f.finish(allowed: fetchKeys.joined(separator: ", "))
            fetch = SceneListSource.Fetch(batch: batch, delay: delay, total: total)
        }
        let source = SceneListSource(template: template, file: r.file, count: count, fetch: fetch)
        let offset = list.contentOffset
        list.dataSource = source
        list.batchFetchingDelegate = source
        // An explicit `contentOffset` wins over an inverted list's start at its far end.
        if r.has("contentOffset") { list.contentOffset = offset }
    }

    /// Decodes the template once, for row 0, so that a bad template fails at load with
    /// its own line; every name in it must hold `{i}`, or rows would share names.
    private static func validateTemplate(_ template: JSONNode, file: String, path: String) throws(FormatError) {
        var names: [String: Int] = [:]
        _ = try decodeNode(template, file: file, path: path, names: &names)
        for (name, line) in names where !name.contains(rowIndexPlaceholder) {
            throw FormatError(file: file, line: line, key: path + ".name",
                              message: "'\(name)' needs \(rowIndexPlaceholder) (the row index) so that every row's names are unique")
        }
    }

    /// Rejects a scene node whose name a list's rows would also take (`row-{i}` and a node named `row-7`).
    static func checkRowNames(in root: Node, against names: [String: Int]) throws(FormatError) {
        var failure: FormatError?
        root.forEachInSubtree { node in
            guard failure == nil, let list = node as? ListNode, let source = list.dataSource as? SceneListSource else { return }
            for pattern in source.namePatterns {
                if let (name, line) = names.first(where: { pattern.matches($0.key) }) {
                    failure = FormatError(file: source.file, line: line, key: "name",
                                          message: "'\(name)' is also the name of a row of list '\(list.name)'; names must be unique")
                    return
                }
            }
        }
        if let failure { throw failure }
    }
}

extension ObjectReader {
    /// A whole number from 0 up to `Int32.max` (row counts, batch sizes).
    mutating func count(_ key: String) throws(FormatError) -> Int? {
        guard let n = try number(key, in: 0...Double(Int32.max)) else { return nil }
        guard n == n.rounded(.towardZero) else { throw fail(key, "expected a whole number, got \(Self.format(n))") }
        return Int(n)
    }
}

extension JSONNode {
    /// This template with `{i}` in every `name`, `label` and `text` replaced by `index`.
    func substitutingRowIndex(_ index: String) -> JSONNode {
        switch value {
        case .object(let members):
            return JSONNode(value: .object(members.map { member in
                switch (member.key, member.value.value) {
                case ("name", .string(let s)), ("label", .string(let s)), ("text", .string(let s)):
                    let replaced = s.substitutingRowIndex(index)
                    return Member(key: member.key, line: member.line, value: JSONNode(value: .string(replaced), line: member.value.line))
                case ("children", _):
                    return Member(key: member.key, line: member.line, value: member.value.substitutingRowIndex(index))
                default:
                    return member
                }
            }), line: line)
        case .array(let items):
            return JSONNode(value: .array(items.map { $0.substitutingRowIndex(index) }), line: line)
        default:
            return self
        }
    }
}

extension String {
    /// Every `{i}` replaced by `index`. Row templates are re-read for every row that
    /// comes into view, so this scans UTF-8 bytes instead of searching characters.
    func substitutingRowIndex(_ index: String) -> String {
        var utf8 = Array(self.utf8)
        let open = UInt8(ascii: "{"), i = UInt8(ascii: "i"), close = UInt8(ascii: "}")
        guard utf8.contains(open) else { return self }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count + index.utf8.count)
        var k = 0
        while k < utf8.count {
            if utf8[k] == open, k + 2 < utf8.count, utf8[k + 1] == i, utf8[k + 2] == close {
                out += index.utf8
                k += 3
            } else {
                out.append(utf8[k])
                k += 1
            }
        }
        utf8 = out
        return String(decoding: utf8, as: UTF8.self)
    }
}
