public import WestonControl

/// The seat's clipboard through the harness (`selection-set`, `selection-get`): a test owns
/// the selection a client pastes, or reads the one a client copied (behaviour.md §16.7).
extension HeadlessWeston {
    /// Makes the harness own the selection: `text/plain;charset=utf-8` with these bytes.
    public func setSelection(_ bytes: [UInt8]) throws(HarnessError) {
        let hex = bytes.isEmpty ? "-" : bytes.map { byte in
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
        }.joined()
        try send("selection-set \(hex)")
    }

    /// Makes the harness own a selection of `size` bytes of `x`.
    public func setSelection(size: Int) throws(HarnessError) {
        try send("selection-set-size \(size)")
    }

    /// Makes the harness own a selection whose owner never sends nor closes.
    public func setStalledSelection() throws(HarnessError) {
        try send("selection-set-stall")
    }

    /// The current selection's bytes, read in its first type (a client offers
    /// `text/plain;charset=utf-8` first).
    public func selection(timeout: Double = 5) throws(HarnessError) -> [UInt8] {
        let hex = try send("selection-get \(Int(timeout * 1000))", timeout: timeout + 5)
        guard hex != "-" else { return [] }
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { throw .invalidArgument("selection-get: odd reply '\(hex)'") }
        return stride(from: 0, to: digits.count, by: 2).map { i in
            UInt8(Self.hexValue(digits[i]) << 4 | Self.hexValue(digits[i + 1]))
        }
    }

    private static func hexValue(_ digit: UInt8) -> Int {
        switch digit {
        case UInt8(ascii: "0") ... UInt8(ascii: "9"): Int(digit - UInt8(ascii: "0"))
        default: Int(digit - UInt8(ascii: "a")) + 10
        }
    }
}
