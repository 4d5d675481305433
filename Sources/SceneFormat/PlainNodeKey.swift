/// The keys of a plain scene node (behaviour.md §7.1: a node or control that is not a
/// scroll node, list or text node, without `shape`), matched straight from a key's bytes so
/// the stream makes no string and looks nothing up for them (`SceneStreamReader+PlainNode`).
enum PlainNodeKey: Int, CaseIterable {
    case name, kind, frame, slop, hidden, alpha, interactive, clips, color, borderColor, borderWidth, label,
         labelColor, labelFontSize, children
    case enabled, selected, dragTolerance, highlightedColor, disabledColor, selectedColor,
         labelHighlightedColor, labelSelectedColor, labelDisabledColor
    case value

    /// The key's bit in a set of keys.
    var bit: UInt32 { 1 << UInt32(rawValue) }

    /// The keys only controls have.
    static let controlKeys: UInt32 = [enabled, selected, dragTolerance, highlightedColor, disabledColor, selectedColor,
                                      labelHighlightedColor, labelSelectedColor, labelDisabledColor]
        .reduce(0) { $0 | $1.bit }

    /// The key as a scene writes it.
    var text: StaticString {
        switch self {
        case .name: "name"
        case .kind: "kind"
        case .frame: "frame"
        case .slop: "slop"
        case .hidden: "hidden"
        case .alpha: "alpha"
        case .interactive: "interactive"
        case .clips: "clips"
        case .color: "color"
        case .borderColor: "borderColor"
        case .borderWidth: "borderWidth"
        case .label: "label"
        case .labelColor: "labelColor"
        case .labelFontSize: "labelFontSize"
        case .children: "children"
        case .enabled: "enabled"
        case .selected: "selected"
        case .dragTolerance: "dragTolerance"
        case .highlightedColor: "highlightedColor"
        case .disabledColor: "disabledColor"
        case .selectedColor: "selectedColor"
        case .labelHighlightedColor: "labelHighlightedColor"
        case .labelSelectedColor: "labelSelectedColor"
        case .labelDisabledColor: "labelDisabledColor"
        case .value: "value"
        }
    }

    /// The key whose text is `bytes`; nil for any other (another kind's key, or no key).
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count >= 4 else { return nil }
        // The length and a letter or two single out the one candidate; its text settles it.
        let candidate: PlainNodeKey
        switch (bytes.count, bytes[0]) {
        case (4, UInt8(ascii: "n")): candidate = .name
        case (4, UInt8(ascii: "k")): candidate = .kind
        case (4, UInt8(ascii: "s")): candidate = .slop
        case (5, UInt8(ascii: "f")): candidate = .frame
        case (5, UInt8(ascii: "a")): candidate = .alpha
        case (5, UInt8(ascii: "c")): candidate = bytes[1] == UInt8(ascii: "l") ? .clips : .color
        case (5, UInt8(ascii: "l")): candidate = .label
        case (5, UInt8(ascii: "v")): candidate = .value
        case (6, UInt8(ascii: "h")): candidate = .hidden
        case (7, UInt8(ascii: "e")): candidate = .enabled
        case (8, UInt8(ascii: "c")): candidate = .children
        case (8, UInt8(ascii: "s")): candidate = .selected
        case (10, UInt8(ascii: "l")): candidate = .labelColor
        case (11, UInt8(ascii: "i")): candidate = .interactive
        case (11, UInt8(ascii: "b")): candidate = bytes[6] == UInt8(ascii: "C") ? .borderColor : .borderWidth
        case (13, UInt8(ascii: "d")): candidate = bytes[1] == UInt8(ascii: "r") ? .dragTolerance : .disabledColor
        case (13, UInt8(ascii: "s")): candidate = .selectedColor
        case (13, UInt8(ascii: "l")): candidate = .labelFontSize
        case (16, UInt8(ascii: "h")): candidate = .highlightedColor
        case (18, UInt8(ascii: "l")): candidate = bytes[5] == UInt8(ascii: "S") ? .labelSelectedColor : .labelDisabledColor
        case (21, UInt8(ascii: "l")): candidate = .labelHighlightedColor
        default: return nil
        }
        guard Self.equal(bytes, candidate.text) else { return nil }
        self = candidate
    }

    /// Whether `bytes` are the UTF-8 of `text` (at least 4 bytes: every key and kind here),
    /// compared as two words that overlap, first and last, instead of byte by byte; a text
    /// longer than 16 bytes also compares the words between them.
    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard bytes.count == count, let base = bytes.baseAddress else { return false }
        let a = UnsafeRawPointer(base), b = UnsafeRawPointer(text.utf8Start)
        var offset = 8
        while count - offset > 8 {
            guard a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            else { return false }
            offset += 8
        }
        if count >= 8 {
            return a.loadUnaligned(as: UInt64.self) == b.loadUnaligned(as: UInt64.self)
                && a.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        }
        precondition(count >= 4)
        return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
            && a.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self) == b.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
    }
}

extension NodeKind {
    /// The kind named by `bytes` when it is one a plain node may have (not a scroll node,
    /// list or text node, whose keys are read the general way).
    init?(plain bytes: UnsafeBufferPointer<UInt8>) {
        let candidate: NodeKind
        switch (bytes.count, bytes.first) {
        case (4, UInt8(ascii: "n")): candidate = .node
        case (7, UInt8(ascii: "c")): candidate = .control
        case (6, UInt8(ascii: "b")): candidate = .button
        case (6, UInt8(ascii: "t")): candidate = .toggle
        case (6, UInt8(ascii: "s")): candidate = .slider
        default: return nil
        }
        guard PlainNodeKey.equal(bytes, candidate.plainName) else { return nil }
        self = candidate
    }

    private var plainName: StaticString {
        switch self {
        case .node: "node"
        case .control: "control"
        case .button: "button"
        case .toggle: "toggle"
        case .slider: "slider"
        case .scroll: "scroll"
        case .list: "list"
        case .text: "text"
        case .textField: "textField"
        case .image: "image"
        }
    }
}
