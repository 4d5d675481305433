import NodeCore

/// The scene keys of `kind: "list"` (docs/behaviour.md, Lists). A list has every
/// scroll key but `contentSize` (its rows give it), and rows from a template instead
/// of `children`.
extension SceneDecoder {
    static let listKeys = ["rows", "horizontal", "inverted", "leadingScreens", "fetch", "filter"]
    static let filterKeys = ["field", "match"]
    /// The most rows a filtered list may have: each row's text is made once to match it.
    static let maximumFilteredRows = 10_000
    static let rowsKeys = ["count", "extent", "estimatedExtent", "texts", "template"]
    static let fetchKeys = ["batch", "delay", "total"]
    /// Stands for the row index in a template's names and labels.
    static let rowIndexPlaceholder = "{i}"
    /// Stands for the row's entry of `rows.texts` in a template's labels and texts.
    static let rowTextPlaceholder = "{text}"

    /// A list's axis, direction and row extent, read with the node's kind (as the list
    /// node is made with them), and the reader of `rows` the rest of it comes from later
    /// (`readListKeys`): `rows` is read once.
    static func readListShape(_ r: inout ObjectReader) throws(FormatError) -> (NodeDescription.ListKeys, ObjectReader) {
        if r.has("contentSize") { throw r.fail("contentSize", "a list's content size comes from its rows; remove it") }
        if r.has("children") { throw r.fail("children", "a list's children come from 'rows.template'; remove it") }
        if r.has("layout") { throw r.fail("layout", "a list places its rows itself; put 'layout' on 'rows.template'") }
        guard let raw = r.raw("rows") else { throw r.fail("rows", "required key is missing", line: r.line) }
        let horizontal = try r.bool("horizontal") ?? false
        let inverted = try r.bool("inverted") ?? false
        var rows = try ObjectReader(raw, file: r.file, path: r.keyPath("rows"))
        let extents = ListNode.minimumRowExtent...FileLimits.maximumCoordinate
        // `"auto"`: self-sizing rows (behaviour.md §15.3), `estimatedExtent` until measured.
        if case .string(let text)? = rows.raw("extent")?.value {
            guard text == "auto" else { throw rows.fail("extent", "expected a number of points or \"auto\", got \"\(text)\"") }
            let estimate = try rows.number("estimatedExtent", in: extents) ?? ListNode.defaultEstimatedRowExtent
            return (NodeDescription.ListKeys(extent: estimate, selfSizing: true, horizontal: horizontal, inverted: inverted), rows)
        }
        let extent = try rows.required("extent") { (r: inout ObjectReader, k: String) throws(FormatError) in
            try r.number(k, in: extents)
        }
        if rows.has("estimatedExtent") {
            throw rows.fail("estimatedExtent", "only rows of extent \"auto\" are estimated; these are \(ObjectReader.format(extent)) points")
        }
        return (NodeDescription.ListKeys(extent: extent, selfSizing: false, horizontal: horizontal, inverted: inverted), rows)
    }

    /// Reads the rest of `rows` (count and template), `leadingScreens` and `fetch`.
    static func readListKeys(_ r: inout ObjectReader, rows: inout ObjectReader,
                             into list: inout NodeDescription.ListKeys) throws(FormatError) {
        list.count = try rows.required("count") { (r: inout ObjectReader, k: String) throws(FormatError) in
            try r.count(k)
        }
        let texts = try readRowTexts(&rows)
        guard let template = rows.raw("template") else { throw rows.fail("template", "required key is missing", line: rows.line) }
        try rows.finish(allowed: rowsKeys.joined(separator: ", "))
        list.template = try compileTemplate(template, file: r.file, path: rows.keyPath("template"),
                                            placement: list.selfSizing ? .selfSizingRow : .framed, texts: texts)
        if texts != nil, !list.template!.root.usesRowText {
            throw rows.fail("texts", "no label or text of the template holds \(rowTextPlaceholder); put it where each row's text goes, or remove 'texts'")
        }

        list.leadingScreens = try r.number("leadingScreens", in: 0...FileLimits.maximumLeadingScreens)
        var rowsAtMost = list.count
        if let raw = r.raw("fetch") {
            var f = try ObjectReader(raw, file: r.file, path: r.keyPath("fetch"))
            let batch = try f.required("batch") { (r: inout ObjectReader, k: String) throws(FormatError) in try r.count(k) }
            guard batch > 0 else { throw f.fail("batch", "must be at least 1, got 0") }
            let delay = try f.required("delay") { (r: inout ObjectReader, k: String) throws(FormatError) in
                try r.number(k, in: FileLimits.fetchDelays)
            }
            let total = try f.required("total") { (r: inout ObjectReader, k: String) throws(FormatError) in try r.count(k) }
            let fetches = (max(total - list.count, 0) + batch - 1) / batch
            guard fetches <= FileLimits.maximumFetches else {
                throw f.fail("total", "\(total) rows from \(list.count) in batches of \(batch) take \(fetches) fetches, more than the \(FileLimits.maximumFetches) a list may make")
            }
            try f.finish(allowed: fetchKeys.joined(separator: ", "))
            list.fetch = SceneListSource.Fetch(batch: batch, delay: delay, total: total)
            rowsAtMost = max(rowsAtMost, total)
        }
        if let raw = r.raw("filter") {
            var f = try ObjectReader(raw, file: r.file, path: r.keyPath("filter"))
            let field = try f.required("field") { (r: inout ObjectReader, k: String) throws(FormatError) in try r.string(k) }
            let matchName = try f.string("match") ?? ListFilter.Match.contains.rawValue
            guard let match = ListFilter.Match(rawValue: matchName) else {
                throw f.fail("match", "'\(matchName)' is not one of \(ListFilter.Match.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            try f.finish(allowed: filterKeys.joined(separator: ", "))
            if list.fetch != nil { throw r.fail("filter", "a filtered list cannot also 'fetch' rows") }
            guard list.count <= maximumFilteredRows else {
                throw r.fail("filter", "a filtered list may have at most \(maximumFilteredRows) rows, this one has \(list.count)")
            }
            list.filter = SceneListSource.Filter(field: field, rule: ListFilter(match: match), file: r.file,
                                                 line: f.memberLine("field") ?? f.line, path: f.keyPath("field"))
        }
        let length = Double(rowsAtMost) * list.extent
        guard length <= FileLimits.maximumContentLength else {
            throw rows.fail("extent", "\(rowsAtMost) rows of \(ObjectReader.format(list.extent)) points are \(ObjectReader.format(length)) points long, more than the \(ObjectReader.format(FileLimits.maximumContentLength)) a list may be")
        }
    }

    /// `rows.texts`: the rows' texts, row i taking entry i modulo their number, which
    /// `{text}` stands for in the template's labels and texts (behaviour.md §10.3).
    private static func readRowTexts(_ rows: inout ObjectReader) throws(FormatError) -> [String]? {
        guard let node = rows.raw("texts") else { return nil }
        guard case .array(let items) = node.value else {
            throw rows.fail("texts", "expected an array of strings, got \(node.typeName)")
        }
        guard !items.isEmpty else { throw rows.fail("texts", "expected at least one text; remove 'texts' if the rows have none") }
        var texts: [String] = []
        texts.reserveCapacity(items.count)
        for (k, item) in items.enumerated() {
            guard case .string(let text) = item.value else {
                throw rows.fail("texts[\(k)]", "expected a string, got \(item.typeName)", line: item.line)
            }
            texts.append(text)
        }
        return texts
    }

    /// Reads and checks the template once, so that a bad template fails at load with its
    /// own line and rows are made without JSON; every name in it must hold `{i}`, or
    /// rows would share names, and `{text}` needs `texts`.
    private static func compileTemplate(_ template: JSONNode, file: String, path: String,
                                        placement: LayoutPlacement, texts: [String]?) throws(FormatError) -> RowTemplate {
        var names: [String: Int] = [:]
        let description = try describeNode(template, file: file, path: .named(path), placement: placement, names: &names)
        if texts == nil, description.usesRowText, let (key, line) = firstRowTextKey(in: template, path: path) {
            throw FormatError(file: file, line: line, key: key,
                              message: "\(rowTextPlaceholder) stands for the row's entry of 'rows.texts', and this list has none; add 'texts' to 'rows'")
        }
        if placement == .selfSizingRow, description.layout == nil {
            let r = try ObjectReader(template, file: file, path: path)
            throw r.fail("layout", "rows of extent \"auto\" are as long as their layout makes them; give the template a 'layout'",
                         line: r.line)
        }
        // The first such name in the file, whatever the dictionary's order.
        if let (name, line) = names.filter({ !$0.key.contains(rowIndexPlaceholder) }).min(by: { $0.value < $1.value }) {
            throw FormatError(file: file, line: line, key: path + ".name",
                              message: "'\(name)' needs \(rowIndexPlaceholder) (the row index) so that every row's names are unique")
        }
        return RowTemplate(description, file: file, texts: texts)
    }

    /// The path and line of the first label, or text of a text node, that holds `{text}`
    /// in a template (its nested lists' own templates aside).
    private static func firstRowTextKey(in json: JSONNode, path: String) -> (String, Int)? {
        guard case .object(let members) = json.value else { return nil }
        let isText = members.contains { member in
            guard member.key == "kind", case .string(let kind) = member.value.value else { return false }
            return kind == NodeKind.text.rawValue
        }
        for member in members where member.key == "label" || (isText && member.key == "text") {
            if case .string(let value) = member.value.value, value.contains(rowTextPlaceholder) {
                return ("\(path).\(member.key)", member.line)
            }
        }
        guard let children = members.first(where: { $0.key == "children" }), case .array(let items) = children.value.value else {
            return nil
        }
        for (k, item) in items.enumerated() {
            if let found = firstRowTextKey(in: item, path: "\(path).children[\(k)]") { return found }
        }
        return nil
    }

    /// Binds each filtered list to its text field, by name in `root`: the list follows the
    /// field's editingChanged (behaviour.md §16.8). A name that is not a text field's fails.
    static func bindFilters(of lists: [ListNode], in root: Node) throws(FormatError) {
        for list in lists {
            guard let source = list.dataSource as? SceneListSource, let filter = source.filter else { continue }
            guard let node = root.node(named: filter.field) else {
                throw FormatError(file: filter.file, line: filter.line, key: filter.path,
                                  message: "no node is named '\(filter.field)'; a list filters by a text field's text")
            }
            guard let field = node as? TextFieldNode else {
                throw FormatError(file: filter.file, line: filter.line, key: filter.path,
                                  message: "'\(filter.field)' is not a text field; a list filters by a text field's text")
            }
            field.addAction(for: .editingChanged) { [weak source, weak list] sender, _ in
                guard let list, let field = sender as? TextFieldNode else { return }
                source?.show(matching: field.text, in: list)
            }
            source.show(matching: field.text, in: list)
        }
    }

    /// Rejects a scene node whose name a list's rows would also take (`row-{i}` and a node
    /// named `row-7`); `lists` are the scene's lists in the order of the file.
    static func checkRowNames(of lists: [ListNode], against names: some NodeNames) throws(FormatError) {
        for list in lists {
            guard let source = list.dataSource as? SceneListSource else { continue }
            for pattern in source.template.namePatterns {
                if let (name, line) = names.first(where: { pattern.matches($0.key) }) {
                    throw FormatError(file: source.template.file, line: line, key: "name",
                                      message: "'\(name)' is also the name of a row of list '\(list.name)'; names must be unique")
                }
            }
        }
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
