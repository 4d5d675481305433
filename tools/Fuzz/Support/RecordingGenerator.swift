/// Generates device recordings (behaviour.md §18) in the two layouts the tools write,
/// `libinput record` YAML and evemu: multitouch (protocol B) and single-touch panels,
/// touchpads and devices without ranges, events in and past their ranges, slots and
/// tracking ids reused or out of range, times that stall or go back, frames without
/// `SYN_REPORT`, and now and then a line cut short or a file cut off.
struct RecordingGenerator {
    var random: FuzzRandom

    init(random: FuzzRandom) { self.random = random }

    /// One evdev event: type, code, value.
    typealias Event = (type: Int, code: Int, value: Int)

    /// The device a recording describes.
    struct Device {
        var name: String
        var multitouch: Bool
        var slots: Int
        var maximum: (x: Int, y: Int)
        var touchpad: Bool
        var rangeless: Bool
    }

    mutating func recording() -> String {
        let devices = (0 ..< (random.chance(0.15) ? random.int(2 ... 3) : 1)).map { _ in device() }
        var frames: [(micros: Int, events: [Event])] = []
        var micros = random.chance(0.8) ? 0 : random.int(0 ... 2_000_000_000)
        var tracking = 0
        var down: [Int: Bool] = [:]
        let touch = devices[0]
        let count = random.chance(0.05) ? random.int(500 ... 5000) : random.int(0 ... 80)
        for _ in 0 ..< count {
            micros += random.chance(0.05) ? random.pick([0, -1000, 10_000_000]) : random.int(1 ... 20) * 1000 + random.int(0 ... 999)
            micros = max(micros, 0)
            var events: [Event] = []
            for _ in 0 ..< random.int(1 ... 4) {
                let slot = random.chance(0.998) ? random.int(0 ... max(touch.slots - 1, 0)) : random.pick([-1, touch.slots, 1 << 20])
                let x = coordinate(touch.maximum.x), y = coordinate(touch.maximum.y)
                if touch.multitouch {
                    events.append((3, 47, slot))
                    if down[slot] != true || random.chance(0.1) {
                        tracking += 1
                        events.append((3, 57, random.chance(0.97) ? tracking & 0xFFFF : random.pick([-1, 65536, -2])))
                        down[slot] = true
                    } else if random.chance(0.25) {
                        events.append((3, 57, -1))
                        down[slot] = false
                        continue
                    }
                    if random.chance(0.9) { events.append((3, 53, x)) }
                    if random.chance(0.9) { events.append((3, 54, y)) }
                    if random.chance(0.2) { events.append((3, 58, random.int(0 ... 255))) }
                } else {
                    let isDown = down[0] == true
                    if !isDown || random.chance(0.2) {
                        events.append((1, 330, isDown ? 0 : 1))
                        down[0] = !isDown
                    }
                    events.append((3, 0, x))
                    events.append((3, 1, y))
                }
            }
            if random.chance(0.03) { events.append((random.int(0 ... 31), random.int(0 ... 0x2ff), random.int(-5 ... 5))) }
            frames.append((micros, events))
        }
        let text = random.chance(0.5) ? libinputRecord(devices, frames) : evemu(devices[0], frames)
        return mutated(text)
    }

    private mutating func device() -> Device {
        Device(name: random.pick(["ELAN Touchscreen", "Goodix Capacitive TouchScreen", "eGalax", "ünïcödé \u{1F1E6}", "\"quoted\""]),
               multitouch: random.chance(0.8),
               slots: random.chance(0.9) ? random.int(1 ... 10) : random.pick([0, 64, 1000]),
               maximum: (random.chance(0.9) ? random.int(1 ... 4096) : random.pick([0, 1, 2_147_483_647]),
                         random.chance(0.9) ? random.int(1 ... 4096) : random.pick([0, 1, 2_147_483_647])),
               touchpad: random.chance(0.05), rangeless: random.chance(0.03))
    }

    private mutating func coordinate(_ maximum: Int) -> Int {
        random.chance(0.95) ? random.int(0 ... max(maximum, 0)) : random.pick([-1, maximum + 1, -2_147_483_648, 2_147_483_647])
    }

    /// Axes a device lists, with their absinfo `[min, max, fuzz, flat, resolution]`.
    private func axes(_ d: Device) -> [(code: Int, maximum: Int)] {
        var list = d.multitouch ? [(47, max(d.slots - 1, 0)), (53, d.maximum.x), (54, d.maximum.y), (57, 65535), (58, 255)] : []
        list = [(0, d.maximum.x), (1, d.maximum.y)] + list
        return d.rangeless ? list.filter { $0.0 != 53 && $0.0 != 0 } : list
    }

    private func libinputRecord(_ devices: [Device], _ frames: [(micros: Int, events: [Event])]) -> String {
        var text = "version: 1\nndevices: \(devices.count)\nlibinput:\n  version: \"1.22.1\"\n  git: \"unknown\"\n"
        text += "system:\n  os: \"debian:12\"\n  kernel: \"6.1.0\"\n  dmi: \"dmi:fuzz\"\ndevices:\n"
        for (index, d) in devices.enumerated() {
            let list = axes(d)
            let keys = d.touchpad ? "[272, 325, 330, 333]" : "[330]"
            text += "- node: /dev/input/event\(index + 5)\n  evdev:\n    # Name: \(d.name)\n"
            text += "    name: \"\(d.name)\"\n    id: [24, 1267, 10780, 256]\n    codes:\n      0: [0, 1, 2, 3, 4] # EV_SYN\n"
            text += "      1: \(keys) # EV_KEY\n      3: [\(list.map { String($0.code) }.joined(separator: ", "))] # EV_ABS\n"
            text += "    absinfo:\n"
            for axis in list { text += "      \(axis.code): [0, \(axis.maximum), 0, 0, 10]\n" }
            text += "    properties: [\(d.touchpad ? 0 : 1)]\n  udev:\n    properties:\n    - ID_INPUT=1\n  events:\n"
            guard index == 0 else { continue }
            for frame in frames {
                text += "  - evdev:\n"
                for e in frame.events + [(0, 0, 0)] {
                    text += "    - [\(frame.micros / 1_000_000), \(frame.micros % 1_000_000), \(e.type), \(e.code), \(e.value)] # event\n"
                }
            }
        }
        return text
    }

    private func evemu(_ d: Device, _ frames: [(micros: Int, events: [Event])]) -> String {
        var text = "# EVEMU 1.3\n# Input device name: \"\(d.name)\"\nN: \(d.name)\nI: 0003 0eef 0001 0100\n"
        text += "P: \(d.touchpad ? "00" : "02") 00 00 00 00 00 00 00\n"
        for axis in axes(d) { text += "A: \(hex(axis.code, 2)) 0 \(axis.maximum) 0 0 0\n" }
        text += d.touchpad ? "B: 01 00 00 00 00 00 00 00 00\n" : "B: 01 00 04 00 00 00 00 00 00\n"
        for frame in frames {
            let time = "\(frame.micros / 1_000_000).\(pad(frame.micros % 1_000_000))"
            for e in frame.events + [(0, 0, 0)] {
                text += "E: \(time) \(hex(e.type, 4)) \(hex(e.code, 4)) \(decimal(e.value))\n"
            }
        }
        return text
    }

    private func hex(_ n: Int, _ width: Int) -> String {
        let s = String(UInt32(truncatingIfNeeded: n), radix: 16)
        return String(repeating: "0", count: max(0, width - s.count)) + s
    }

    /// evemu's `%04d`: zero-padded to four characters, sign included.
    private func decimal(_ n: Int) -> String {
        let digits = String(n.magnitude)
        let width = n < 0 ? 3 : 4
        return (n < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    private func pad(_ n: Int) -> String {
        let s = String(n)
        return String(repeating: "0", count: max(0, 6 - s.count)) + s
    }

    /// Now and then: the file cut off, a line cut short, a line dropped or doubled.
    private mutating func mutated(_ text: String) -> String {
        guard random.chance(0.3) else { return text }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count > 2 else { return text }
        let at = random.int(0 ... lines.count - 2)
        switch random.int(0 ... 3) {
        case 0: lines = Array(lines[..<at])
        case 1: lines[at] = String(lines[at].prefix(random.int(0 ... lines[at].count)))
        case 2: lines.remove(at: at)
        default: lines.insert(lines[at], at: at)
        }
        return lines.joined(separator: "\n")
    }
}
