public import SystemCalls

/// How text travels through the Wayland clipboard (behaviour.md §16.7): the mime types a
/// copy offers and a paste accepts, and what a paste's bytes become.
public enum ClipboardText {
    /// What a copy offers, in this order. Put `text/plain;charset=utf-8` first: a compositor's
    /// clipboard manager that keeps one type of a selection keeps the first.
    public static let offeredMimeTypes = ["text/plain;charset=utf-8", "text/plain", "UTF8_STRING"]

    /// What a paste accepts, best first; every one is read as UTF-8.
    public static let acceptedMimeTypes = ["text/plain;charset=utf-8", "UTF8_STRING", "text/plain"]

    /// The most bytes a paste reads: a field holds one line, and a selection larger than this
    /// is not pasted at all rather than cut at an arbitrary byte.
    public static let maximumPasteBytes = 1 << 20

    /// How long a paste waits for the selection's owner to send everything and close its end.
    public static let pasteTimeout: Duration = .seconds(2)

    /// The type to ask for among `offered` (case-insensitive, as mime types are); nil when
    /// none is text.
    public static func preferredMimeType(among offered: [String]) -> String? {
        for accepted in acceptedMimeTypes {
            if let match = offered.first(where: { $0.lowercased() == accepted.lowercased() }) { return match }
        }
        return nil
    }

    /// A paste's bytes as text: each ill-formed UTF-8 sequence becomes U+FFFD (�), so that a
    /// broken selection pastes what it can and the replaced bytes stay visible.
    public static func decode(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}

/// Why a paste from the Wayland clipboard pasted nothing.
public enum PasteError: Error, Equatable, CustomStringConvertible {
    /// The selection's owner sent more than `ClipboardText.maximumPasteBytes`.
    case tooLarge(limit: Int)
    /// It did not finish within `ClipboardText.pasteTimeout`.
    case timedOut(Duration)
    /// Reading the pipe failed.
    case read(SystemCallError)
    /// The pipe could not be made.
    case pipe(SystemCallError)

    public var description: String {
        switch self {
        case let .tooLarge(limit): "paste: the clipboard holds more than \(limit) bytes; nothing pasted"
        case let .timedOut(duration): "paste: the clipboard's owner sent no end within \(duration); nothing pasted"
        case let .read(error): "paste: \(error); nothing pasted"
        case let .pipe(error): "paste: \(error); nothing pasted"
        }
    }
}
