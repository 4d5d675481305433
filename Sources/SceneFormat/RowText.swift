/// What a row template's placeholders stand for in one row (behaviour.md §10.3): `{i}` its
/// index, `{text}` its entry of the list's `rows.texts`.
struct RowFill {
    /// The row index in decimal.
    var index: String
    /// The row's text; nil when the list has no `rows.texts`.
    var text: String?
}

/// A name, label or text of a scene node, split where `{i}` (the row index) or, in labels
/// and texts, `{text}` (the row's text) stands, so that a row's text is made without
/// searching it again.
struct RowText {
    /// The text as the scene writes it.
    let source: String
    /// The UTF-8 of the parts between the placeholders; nil when there is none.
    private let parts: [[UInt8]]?
    /// For each placeholder, in order: true for `{text}`, false for `{i}`.
    private let isTextSlot: [Bool]
    /// Their total length.
    private let partsLength: Int
    /// Whether `{i}` occurs in the text.
    let hasRowIndex: Bool
    /// How many times `{text}` occurs in the text (only where `takesRowText`).
    private let rowTextCount: Int
    /// Whether `{text}` occurs in the text.
    var hasRowText: Bool { rowTextCount > 0 }

    /// `takesRowText`: whether `{text}` is a placeholder here too (labels and texts).
    init(_ source: String, takesRowText: Bool = false) {
        self.source = source
        let bytes = source.utf8
        // Searched in place: the generic search over a string's UTF-8 costs ~20 instructions a byte.
        let open = UInt8(ascii: "{")
        guard bytes.withContiguousStorageIfAvailable({ $0.contains(open) }) ?? bytes.contains(open) else {
            (parts, isTextSlot, partsLength, hasRowIndex, rowTextCount) = (nil, [], bytes.count, false, 0)
            return
        }
        let utf8 = Array(bytes)
        var found: [[UInt8]] = []
        var slots: [Bool] = []
        var start = 0, k = 0
        while k < utf8.count {
            if let length = RowText.placeholderLength(utf8, at: k, takesRowText: takesRowText) {
                found.append(Array(utf8[start..<k]))
                slots.append(length == RowText.textPlaceholder.count)
                k += length
                start = k
            } else {
                k += 1
            }
        }
        if found.isEmpty {
            parts = nil
        } else {
            found.append(Array(utf8[start...]))
            parts = found
        }
        isTextSlot = slots
        partsLength = found.isEmpty ? bytes.count : found.reduce(0) { $0 + $1.count }
        hasRowIndex = slots.contains(false)
        rowTextCount = slots.filter { $0 }.count
    }

    private static let indexPlaceholder = Array("{i}".utf8)
    private static let textPlaceholder = Array("{text}".utf8)

    /// The length of the placeholder at `k` in `utf8`, if one starts there.
    private static func placeholderLength(_ utf8: [UInt8], at k: Int, takesRowText: Bool) -> Int? {
        guard utf8[k] == UInt8(ascii: "{") else { return nil }
        if utf8[k...].starts(with: indexPlaceholder) { return indexPlaceholder.count }
        if takesRowText, utf8[k...].starts(with: textPlaceholder) { return textPlaceholder.count }
        return nil
    }

    /// Whether the text is `{text}` and nothing else.
    private var isRowTextAlone: Bool { rowTextCount == 1 && partsLength == 0 && isTextSlot.count == 1 }

    /// Whether the text differs from row to row.
    var variesByRow: Bool { parts != nil }

    /// The text with its placeholders filled for `row`; as written when `row` is nil.
    func text(row: RowFill?) -> String {
        guard var row, parts != nil else { return source }
        guard var text = row.text else { return row.index.withUTF8 { text(index: $0, rowText: nil) } }
        return row.index.withUTF8 { index in text.withUTF8 { self.text(index: index, rowText: $0) } }
    }

    /// The text with every `{i}` replaced by `index`, the row index's UTF-8, and every
    /// `{text}` by `rowText` (nothing when nil). `whole`: the row text as a string, given
    /// for a text that is `{text}` alone, which then shares it instead of copying it.
    func text(index: UnsafeBufferPointer<UInt8>, rowText: UnsafeBufferPointer<UInt8>?, whole: String? = nil) -> String {
        guard let parts else { return source }
        if let whole, isRowTextAlone { return whole }
        let capacity = length(rowDigits: index.count) + rowTextCount * ((rowText?.count ?? 0) - index.count)
        // Copied in whole pieces: appending piece by piece cost most of a reused row (§10.1).
        return String(unsafeUninitializedCapacity: capacity) { out in
            var at = 0
            func put(_ bytes: UnsafeBufferPointer<UInt8>) {
                guard let base = bytes.baseAddress, let target = out.baseAddress else { return }
                (target + at).initialize(from: base, count: bytes.count)
                at += bytes.count
            }
            for k in parts.indices {
                if k > 0 {
                    if !isTextSlot[k - 1] { put(index) } else if let rowText { put(rowText) }
                }
                parts[k].withUnsafeBufferPointer(put)
            }
            return at
        }
    }

    /// The text's length in UTF-8 bytes for a row index of `digits` bytes (and a row text
    /// as long, where `{text}` stands).
    func length(rowDigits digits: Int) -> Int {
        guard let parts else { return partsLength }
        return partsLength + (parts.count - 1) * digits
    }
}
