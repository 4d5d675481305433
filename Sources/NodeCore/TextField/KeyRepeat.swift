/// Key repeat as a pure function of input time (behaviour.md §16): a held key types again
/// `delay` ms after its press, then every `1000 / rate` ms until it is released. The
/// values come from `wl_keyboard.repeat_info`; a rate of 0 turns repeat off.
public struct KeyRepeat: Hashable, Sendable {
    /// Repeats per second.
    public var rate: Int
    /// Milliseconds from the press to the first repeat.
    public var delay: Double

    /// weston's defaults (`repeat-rate` 40, `repeat-delay` 400), used until a keyboard
    /// reports its own: 25 ms apart after 400 ms.
    public static let standard = KeyRepeat(rate: 40, delay: 400)

    public init(rate: Int, delay: Double) {
        self.rate = max(0, rate)
        self.delay = max(0, delay)
    }

    /// Milliseconds between repeats; nil when repeat is off.
    public var interval: Double? { rate > 0 ? 1000 / Double(rate) : nil }

    /// The most repeats one press makes (25 s of holding at the standard rate): what one key
    /// held across a gap of 2⁵³ ms in a script sets off stays bounded (behaviour.md §20.2).
    public static let maximumRepeats = 1000

    /// The time of repeat number `n` (0 is the first) of a key pressed at `press`; nil when off
    /// or past `maximumRepeats`.
    public func repeatTime(_ n: Int, pressedAt press: Double) -> Double? {
        guard let interval, n < Self.maximumRepeats else { return nil }
        return press + delay + Double(n) * interval
    }

    /// The repeats of a key pressed at `press` and released at `release`: every repeat time up
    /// to the release. A repeat due at the release's instant happens, as every timer due by
    /// an input's time fires before the input (the window clock's rule, which a live session
    /// and its replay share).
    public func repeatTimes(pressedAt press: Double, releasedAt release: Double) -> [Double] {
        var times: [Double] = []
        var n = 0
        while let time = repeatTime(n, pressedAt: press), time <= release {
            times.append(time)
            n += 1
        }
        return times
    }
}
