import NodeCore

extension ObjectReader {
    /// The scene key `shape` (behaviour.md §7.1): `"circle"`, or `{"bands": [[x, y, w, h], ...]}`.
    mutating func hitShape(_ key: String) throws(FormatError) -> HitShape? {
        guard let node = raw(key) else { return nil }
        let expected = "expected \"circle\" or {\"bands\": [[x, y, width, height], ...]}"
        switch node.value {
        case .string("circle"):
            return .ellipse
        case .string(let text):
            throw fail(key, "'\(text)' is not a shape; \(expected)")
        case .object:
            var shape = try ObjectReader(node, file: file, path: keyPath(key))
            guard let bands = shape.raw("bands") else { throw shape.fail("bands", "required key is missing", line: shape.line) }
            try shape.finish(allowed: "bands")
            guard case .array(let items) = bands.value, !items.isEmpty else {
                throw shape.fail("bands", "expected a non-empty array of [x, y, width, height], got \(bands.typeName)")
            }
            var rects: [Rect] = []
            for (i, item) in items.enumerated() {
                let path = "\(shape.keyPath("bands"))[\(i)]"
                guard case .array(let numbers) = item.value, numbers.count == 4 else {
                    throw FormatError(file: file, line: item.line, key: path, message: "expected [x, y, width, height]")
                }
                var values: [Double] = []
                for number in numbers {
                    guard case .number(let n) = number.value, n.isFinite else {
                        throw FormatError(file: file, line: number.line, key: path, message: "expected [x, y, width, height] as numbers")
                    }
                    values.append(n)
                }
                guard values[2] >= 0, values[3] >= 0 else {
                    throw FormatError(file: file, line: item.line, key: path, message: "width and height must not be negative")
                }
                rects.append(Rect(x: values[0], y: values[1], width: values[2], height: values[3]))
            }
            return .bands(rects)
        default:
            throw fail(key, "\(expected), got \(node.typeName)")
        }
    }
}
