import NodeCore

/// Turns one touchscreen's evdev events into input-script events as a compositor delivers
/// them (behaviour.md §18): at each `SYN_REPORT`, slot by slot, an up for a contact that
/// ended, a down for one that began, a motion when the position changed, then one frame.
/// Ids are seat slots, the lowest free one at each down (libinput's `seat_slot`, which
/// `wl_touch` carries); times are whole milliseconds from the first event, truncated.
final class TouchConverter {
    private struct Slot {
        /// The contact's tracking id now (−1: none); for a single-touch device, 0 or −1.
        var tracking: Int32 = -1
        var x: Int32 = 0, y: Int32 = 0
        /// The wl_touch id of the contact delivered so far (−1: none) and where it was.
        var delivered = -1
        var deliveredX: Int32 = 0, deliveredY: Int32 = 0
        /// This frame: the delivered contact ended; a new contact began.
        var ended = false, began = false
        var dirty = false
    }

    /// The largest slot count accepted (a recording claiming more is malformed).
    static let maximumSlots = 1024

    private let mapping: CoordinateMapping
    private let singleTouch: Bool
    private let xCode: UInt16, yCode: UInt16
    private var slots: [Slot]
    private var current = 0
    private var firstTime: Int64?
    private var lastTime: Int64 = .min
    private var usedIDs: [Bool] = []
    /// After `SYN_DROPPED`, events are skipped up to the next `SYN_REPORT` (the kernel's rule).
    private var dropping = false
    /// The line of the first event after the last `SYN_REPORT` (nil: none since).
    private var openFrameLine: Int?
    let file: String
    private(set) var events: [TimedInputEvent] = []

    /// `capacity`: the number of events to make room for at once (a recording of hundreds
    /// of megabytes would otherwise copy its growing event list again and again).
    init(device: DeviceDescription, protocol: DeviceDescription.TouchProtocol, options: RecordingOptions, file: String,
         capacity: Int = 1024) throws(RecordingError) {
        self.file = file
        singleTouch = `protocol` == .singleTouch
        let xAxis = singleTouch ? Evdev.absX : Evdev.mtPositionX, yAxis = singleTouch ? Evdev.absY : Evdev.mtPositionY
        xCode = UInt16(xAxis)
        yCode = UInt16(yAxis)
        func range(_ code: Int) throws(RecordingError) -> (min: Int, max: Int) {
            guard let r = device.ranges[code] else {
                throw RecordingError(file: file, line: device.line,
                                     message: "\(device.label): \(Evdev.absName(code)) has no range (no absinfo for axis \(code))")
            }
            guard r.max >= r.min else {
                throw RecordingError(file: file, line: device.line,
                                     message: "\(device.label): \(Evdev.absName(code)) range \(r.min)...\(r.max) is empty")
            }
            return r
        }
        mapping = CoordinateMapping(x: try range(xAxis), y: try range(yAxis), options: options)
        var count = 1
        if !singleTouch, let r = device.ranges[Evdev.mtSlot] {
            count = min(max(r.max + 1, 1), Self.maximumSlots)
        }
        slots = Array(repeating: Slot(), count: count)
        events.reserveCapacity(capacity)
    }

    /// Feeds one evdev event; `time` in microseconds, `line` for messages.
    func feed(time: Int64, type: UInt16, code: UInt16, value: Int32, line: Int) throws(RecordingError) {
        if time < lastTime {
            throw RecordingError(file: file, line: line, message: "time \(Self.seconds(time)) goes backwards (previous event at \(Self.seconds(lastTime)))")
        }
        lastTime = time
        if firstTime == nil { firstTime = time }
        if openFrameLine == nil { openFrameLine = line }
        if type == Evdev.synType {
            if code == Evdev.synReport {
                openFrameLine = nil
                if dropping { dropping = false } else { report(at: time) }
            } else if code == Evdev.synDropped {
                dropping = true
            }
            return
        }
        guard !dropping else { return }
        if type == Evdev.absType {
            if code == xCode {
                slots[current].x = value
                slots[current].dirty = true
            } else if code == yCode {
                slots[current].y = value
                slots[current].dirty = true
            } else if singleTouch {
                return
            } else if code == UInt16(Evdev.mtSlot) {
                guard value >= 0, Int(value) < Self.maximumSlots else {
                    throw RecordingError(file: file, line: line, message: "ABS_MT_SLOT \(value) is outside 0...\(Self.maximumSlots - 1)")
                }
                if Int(value) >= slots.count { slots.append(contentsOf: repeatElement(Slot(), count: Int(value) + 1 - slots.count)) }
                current = Int(value)
            } else if code == UInt16(Evdev.mtTrackingID) {
                track(value < 0 ? -1 : value)
            }
        } else if type == Evdev.keyType, singleTouch, code == UInt16(Evdev.touch), value != 2 {
            track(value == 0 ? -1 : 0)
        }
    }

    /// The converted events, once the recording ended; a frame without its `SYN_REPORT`
    /// at the end means the file was cut short.
    func finish(lastLine: Int) throws(RecordingError) -> [TimedInputEvent] {
        if let openFrameLine {
            throw RecordingError(file: file, line: openFrameLine,
                                 message: "truncated recording: the events from this line to the end (line \(lastLine)) have no SYN_REPORT")
        }
        return events
    }

    /// The current slot's contact becomes `tracking` (−1: lifted).
    private func track(_ tracking: Int32) {
        var slot = slots[current]
        guard tracking != slot.tracking else { return }
        if slot.began {
            // A contact that began in this frame and is replaced or lifted in it never reached the client.
            slot.began = false
        } else if slot.tracking >= 0 {
            slot.ended = true
        }
        slot.tracking = tracking
        if tracking >= 0 { slot.began = true }
        slot.dirty = true
        slots[current] = slot
    }

    private func report(at time: Int64) {
        let t = Double((time - firstTime!) / 1000)
        var any = false
        for i in slots.indices where slots[i].dirty {
            var slot = slots[i]
            if slot.ended, slot.delivered >= 0 {
                events.append(TimedInputEvent(time: t, event: .touchUp(id: slot.delivered)))
                usedIDs[slot.delivered] = false
                slot.delivered = -1
                any = true
            }
            if slot.began {
                let id = usedIDs.firstIndex(of: false) ?? usedIDs.count
                if id == usedIDs.count { usedIDs.append(true) } else { usedIDs[id] = true }
                slot.delivered = id
                slot.deliveredX = slot.x
                slot.deliveredY = slot.y
                events.append(TimedInputEvent(time: t, event: .touchDown(id: id, location: mapping.point(slot.x, slot.y))))
                any = true
            } else if slot.delivered >= 0, slot.x != slot.deliveredX || slot.y != slot.deliveredY {
                slot.deliveredX = slot.x
                slot.deliveredY = slot.y
                events.append(TimedInputEvent(time: t, event: .touchMotion(id: slot.delivered, location: mapping.point(slot.x, slot.y))))
                any = true
            }
            slot.ended = false
            slot.began = false
            slot.dirty = false
            slots[i] = slot
        }
        if any { events.append(TimedInputEvent(time: t, event: .touchFrame)) }
    }

    /// `12.000345`: microseconds as the recordings write seconds.
    static func seconds(_ micros: Int64) -> String {
        let fraction = String(micros % 1_000_000)
        return "\(micros / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }
}
