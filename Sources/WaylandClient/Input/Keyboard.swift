/// One `wl_keyboard`: keymap, modifiers and key repeat turned into `KeyEvent`s.
final class Keyboard {
    private let object: WlKeyboard
    private var compiledKeymap: XKBKeymap?
    /// The keymap fd and size from `wl_keyboard.keymap`, not compiled yet: compiling takes
    /// milliseconds, and the keymap arrives before the first frame, which must not wait for
    /// it. It is compiled when a key or modifier event first needs it.
    private var pendingKeymap: (fd: Int32, size: UInt32)?
    /// Modifiers that arrived before the keymap was compiled, applied once it is.
    private var pendingModifiers: (depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32)?
    private let repeatTimer: TimerSource?
    private var timerSourceID: Int?
    private weak var loop: EventLoop?
    /// Keys per second and initial delay (ms) from `repeat_info`; rate 0 disables repeat.
    private(set) var repeatRate: Int32 = 25
    private(set) var repeatDelay: Int32 = 600
    private var repeatingKey: (key: UInt32, time: UInt32, serial: UInt32)?
    /// Surface that has keyboard focus (object id), or nil.
    private(set) var focusSurfaceID: UInt32?
    var onKey: ((KeyEvent, UInt32) -> Void)?
    var onKeymapError: ((KeymapError) -> Void)?

    init(object: WlKeyboard, loop: EventLoop) {
        self.object = object
        self.loop = loop
        // Without a timer (no descriptor left) held keys do not repeat; keys still arrive.
        repeatTimer = try? TimerSource()
        object.onEvent = { [unowned self] event in handle(event) }
        if let repeatTimer {
            timerSourceID = loop.addSource(fd: repeatTimer.fd) { [unowned self] in fireRepeat() }
        }
    }

    deinit {
        if let pendingKeymap { close(pendingKeymap.fd) }
        if let timerSourceID { loop?.removeSource(timerSourceID) }
        // Cannot throw at version 3; an older object is destroyed when dropped.
        if object.version >= 3 { try? object.release() }
    }

    private func handle(_ event: WlKeyboard.Event) {
        switch event {
        case let .keymap(format, fd, size):
            guard format == .xkbV1 else {
                close(fd)
                onKeymapError?(.unsupportedFormat(format.rawValue))
                return
            }
            if let superseded = pendingKeymap { close(superseded.fd) }
            compiledKeymap = nil
            pendingKeymap = (fd, size)
        case let .enter(_, surface, _):
            focusSurfaceID = surface?.objectID
        case .leave:
            focusSurfaceID = nil
            stopRepeat()
        case let .key(serial, time, key, state):
            let pressed = state == .pressed
            deliver(key: key, state: pressed ? .pressed : .released, time: time, serial: serial)
            if pressed, let keymap, keymap.repeats(evdev: key), repeatRate > 0 {
                repeatingKey = (key, time, serial)
                repeatTimer?.arm(delayMilliseconds: Int(repeatDelay), intervalMilliseconds: max(1, 1000 / Int(repeatRate)))
            } else if !pressed, repeatingKey?.key == key {
                stopRepeat()
            }
        case let .modifiers(_, depressed, latched, locked, group):
            if pendingKeymap != nil {
                pendingModifiers = (depressed, latched, locked, group)
            } else {
                compiledKeymap?.updateModifiers(depressed: depressed, latched: latched, locked: locked, group: group)
            }
        case let .repeatInfo(rate, delay):
            repeatRate = max(0, rate)
            repeatDelay = max(0, delay)
            if rate == 0 { stopRepeat() }
        }
    }

    /// The keymap, compiled now if it has not been yet (see `pendingKeymap`).
    private var keymap: XKBKeymap? {
        guard let pending = pendingKeymap else { return compiledKeymap }
        pendingKeymap = nil
        do throws(KeymapError) {
            let compiled = try XKBKeymap(fd: pending.fd, size: pending.size)
            if let m = pendingModifiers {
                compiled.updateModifiers(depressed: m.depressed, latched: m.latched, locked: m.locked, group: m.group)
            }
            compiledKeymap = compiled
        } catch {
            onKeymapError?(error)
        }
        pendingModifiers = nil
        return compiledKeymap
    }

    private func stopRepeat() {
        repeatingKey = nil
        repeatTimer?.disarm()
    }

    private func fireRepeat() {
        guard let expirations = repeatTimer?.consume(), expirations > 0, let repeating = repeatingKey else { return }
        // After a stall deliver at most a few repeats rather than a burst.
        for _ in 0 ..< min(expirations, 3) {
            deliver(key: repeating.key, state: .repeated, time: repeating.time, serial: repeating.serial)
        }
    }

    private func deliver(key: UInt32, state: KeyEvent.State, time: UInt32, serial: UInt32) {
        guard let keymap, let focusSurfaceID else { return }
        let keysym = keymap.keysym(evdev: key)
        let event = KeyEvent(keycode: key, keysym: keysym, keysymName: keymap.keysymName(keysym),
                             text: keymap.text(evdev: key), state: state, modifiers: keymap.modifiers, time: time,
                             repeatRate: repeatRate, repeatDelay: repeatDelay, serial: serial)
        onKey?(event, focusSurfaceID)
    }
}

import Glibc
