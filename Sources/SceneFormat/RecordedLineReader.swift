import Glibc
import NodeCore

/// Reads an input-script line of exactly a shape `InputScript.encode` writes (its keys in
/// that order, no spaces, numbers without exponents, ASCII strings without escapes)
/// straight from the bytes, with no JSON tree and no allocation. Any other line, valid or
/// not, gives nil and goes to the full parser, so results and error messages are the
/// full parser's; where both read a line they agree to the bit (the numbers are read by
/// the parser's own routine, the limits checked are the decoder's).
struct RecordedLineReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The event on this line, or nil when it is not one of the recorder's shapes.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> TimedInputEvent? {
        var reader = RecordedLineReader(bytes)
        guard let event = reader.event(), reader.index == bytes.count else { return nil }
        return event
    }

    private mutating func event() -> TimedInputEvent? {
        guard skip(#"{"t":"#), let t = number(), FileLimits.times.contains(t), skip(#","type":""#) else { return nil }
        let event: InputEvent
        // The shapes differ before their ends, so their order is only the order of how common they are.
        if skip(#"touch.frame"}"#) {
            return TimedInputEvent(time: t, event: .touchFrame)
        } else if skip(#"touch.motion","id":"#) {
            guard let id = id(), skip(#","x":"#), let location = location() else { return nil }
            event = .touchMotion(id: id, location: location)
        } else if skip(#"touch.down","id":"#) {
            guard let id = id(), skip(#","x":"#), let location = location() else { return nil }
            event = .touchDown(id: id, location: location)
        } else if skip(#"touch.up","id":"#) {
            guard let id = id() else { return nil }
            event = .touchUp(id: id)
        } else if skip(#"pointer.motion","x":"#) {
            guard let location = location() else { return nil }
            event = .pointerMotion(location: location)
        } else if skip(#"pointer.button","button":"#) {
            guard let button = word().flatMap(PointerButton.init(rawValue:)), skip(#","state":"#),
                  let pressed = pressed() else { return nil }
            event = .pointerButton(button, pressed: pressed)
        } else if skip(#"pointer.axis","axis":"#) {
            guard let axis = word().flatMap(Axis.init(rawValue:)), skip(#","value":"#), let value = number(),
                  skip(#","source":"#), let source = word().flatMap(AxisSource.init(rawValue:)) else { return nil }
            event = .pointerAxis(axis, value: value, source: source)
        } else if skip(#"pointer.axis_stop","axis":"#) {
            guard let axis = word().flatMap(Axis.init(rawValue:)) else { return nil }
            event = .pointerAxisStop(axis)
        } else if skip(#"key","key":"#) {
            guard let key = word(), !key.isEmpty, skip(#","state":"#), let pressed = pressed() else { return nil }
            event = .key(key, pressed: pressed)
        } else if skip(#"touch.cancel"}"#) {
            return TimedInputEvent(time: t, event: .touchCancel)
        } else if skip(#"pointer.leave"}"#) {
            return TimedInputEvent(time: t, event: .pointerLeave)
        } else {
            return nil
        }
        guard skip("}") else { return nil }
        return TimedInputEvent(time: t, event: event)
    }

    /// Steps over `text` if the bytes at the index are exactly it.
    private mutating func skip(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        // One memcmp: comparing byte by byte was most of the time spent reading a line.
        guard memcmp(bytes.baseAddress! + index, text.utf8Start, count) == 0 else { return false }
        index += count
        return true
    }

    /// A number the parser's fast routine reads (the general one's are left to the parser).
    private mutating func number() -> Double? {
        guard index < bytes.count, let (value, end) = JSONParser.simpleNumber(in: bytes, at: index) else { return nil }
        index = end
        return value
    }

    /// A touch id within the decoder's limits.
    private mutating func id() -> Int? {
        number().flatMap(ObjectReader.wholeNumber)
    }

    /// `X,"y":Y` (after `"x":`), both within the decoder's limits.
    private mutating func location() -> Point? {
        guard let x = number(), FileLimits.coordinates.contains(x), skip(#","y":"#),
              let y = number(), FileLimits.coordinates.contains(y) else { return nil }
        return Point(x: x, y: y)
    }

    /// `"pressed"` or `"released"`.
    private mutating func pressed() -> Bool? {
        if skip(#""pressed""#) { return true }
        if skip(#""released""#) { return false }
        return nil
    }

    /// A quoted string of printable ASCII without escapes.
    private mutating func word() -> String? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        var end = index + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
            let b = bytes[end]
            guard b >= 0x20, b < 0x7F, b != UInt8(ascii: "\\") else { return nil }
            end += 1
        }
        guard end < bytes.count else { return nil }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end]), as: UTF8.self)
        index = end + 1
        return text
    }
}
