/// What a text field holds (behaviour.md §16): passed to input methods as a hint, and for
/// `number`, `pin` and `phone` a rule on which characters may be typed.
public enum TextContentType: String, CaseIterable, Hashable, Sendable {
    case text, number, pin, email, url, phone, password

    /// Whether `character` may be inserted: digits only for `number` and `pin`, digits and
    /// `+*#` for `phone`, anything else for the other types.
    public func accepts(_ character: Character) -> Bool {
        switch self {
        case .number, .pin: return Self.isDigit(character)
        case .phone: return Self.isDigit(character) || character == "+" || character == "*" || character == "#"
        case .text, .email, .url, .password: return true
        }
    }

    /// ASCII 0-9: what a PIN or a phone number is typed with.
    private static func isDigit(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return false }
        return ascii >= UInt8(ascii: "0") && ascii <= UInt8(ascii: "9")
    }
}
