/// One registered target-action pair or closure, with the events it listens to.
struct ActionRegistration {
    enum Handler {
        /// `hadTarget` is false for a nil target, resolved through the responder chain.
        case target(WeakTarget, hadTarget: Bool, Action)
        case closure(ActionIdentifier, (ControlNode, ActionEvent) -> Void)
    }
    var handler: Handler
    var events: ControlEvents

    func matches(target: ActionTarget?, action: Action) -> Bool {
        guard case .target(let weak, let hadTarget, let a) = handler, a == action else { return false }
        if let target { return hadTarget && weak.object === target }
        return !hadTarget
    }
}

struct WeakTarget {
    weak var object: ActionTarget?
}

extension ControlNode {
    /// Registers `action` on `target` (weakly held; nil = the first responder from this
    /// control up the chain that handles it) for `events`. Adding an equal pair again
    /// moves it to the end and adds the new events to it.
    public final func addTarget(_ target: ActionTarget?, action: Action, for events: ControlEvents) {
        var merged = events
        if let i = registrations.firstIndex(where: { $0.matches(target: target, action: action) }) {
            merged.formUnion(registrations.remove(at: i).events)
        }
        registrations.append(ActionRegistration(
            handler: .target(WeakTarget(object: target), hadTarget: target != nil, action), events: merged))
    }

    /// Removes `events` from registrations matching `target` and `action`; nil matches any.
    public final func removeTarget(_ target: ActionTarget?, action: Action?, for events: ControlEvents = .allEvents) {
        for i in registrations.indices {
            guard case .target(let weak, let hadTarget, let a) = registrations[i].handler else { continue }
            if let target, !(hadTarget && weak.object === target) { continue }
            if let action, a != action { continue }
            registrations[i].events.subtract(events)
        }
        registrations.removeAll { $0.events.isEmpty }
    }

    /// Registers a closure for `events`. An existing closure with the same identifier is
    /// replaced and moved to the end. Returns the identifier (generated when nil).
    @discardableResult
    public final func addAction(for events: ControlEvents, identifier: ActionIdentifier? = nil,
                                handler: @escaping (ControlNode, ActionEvent) -> Void) -> ActionIdentifier {
        let id = identifier ?? {
            nextClosureNumber += 1
            return ActionIdentifier("action-\(nextClosureNumber)")
        }()
        var merged = events
        if let i = registrations.firstIndex(where: {
            if case .closure(let other, _) = $0.handler { return other == id }
            return false
        }) {
            merged.formUnion(registrations.remove(at: i).events)
        }
        registrations.append(ActionRegistration(handler: .closure(id, handler), events: merged))
        return id
    }

    /// Removes `events` from the closure with `identifier`.
    public final func removeAction(identifier: ActionIdentifier, for events: ControlEvents = .allEvents) {
        for i in registrations.indices {
            if case .closure(let other, _) = registrations[i].handler, other == identifier {
                registrations[i].events.subtract(events)
            }
        }
        registrations.removeAll { $0.events.isEmpty }
    }

    /// Every event that has at least one registration.
    public final var allControlEvents: ControlEvents {
        registrations.reduce(into: []) { $0.formUnion($1.events) }
    }

    /// The actions registered for `target` (nil = nil-target registrations) and `event`, in order.
    public final func actions(for target: ActionTarget?, event: ControlEvents) -> [Action] {
        registrations.compactMap { reg in
            guard case .target(let weak, let hadTarget, let action) = reg.handler,
                  reg.events.contains(event) else { return nil }
            if let target { return hadTarget && weak.object === target ? action : nil }
            return hadTarget ? nil : action
        }
    }

    /// Sends `events` bit by bit, lowest first, each to its registrations in order,
    /// from a snapshot taken now: handlers' changes apply to later sends only. `time` is
    /// the causing input's time (the touch's timestamp when nil; see `ActionEvent.time`).
    public final func sendActions(for events: ControlEvents, touch: Touch? = nil, time: Double? = nil) {
        let snapshot = registrations
        var remaining = events.rawValue
        while remaining != 0 {
            // Lowest bit first, as `events.bits` lists them, without building that array.
            let bit = ControlEvents(rawValue: remaining & (~remaining &+ 1))
            remaining &= ~bit.rawValue
            let event = ActionEvent(event: bit, touch: touch, time: time)
            for registration in snapshot where registration.events.contains(bit) {
                switch registration.handler {
                case .closure(_, let handler):
                    handler(self, event)
                case .target(let weak, let hadTarget, let action):
                    if hadTarget {
                        // A deallocated target is skipped, never re-resolved.
                        guard let target = weak.object else { continue }
                        sendAction(action, to: target, event: event)
                    } else {
                        sendAction(action, to: nil, event: event)
                    }
                }
            }
        }
    }

    /// Delivers one action: to `target`, or with nil up the responder chain from this
    /// control to the first responder that handles it.
    public final func sendAction(_ action: Action, to target: ActionTarget?, event: ActionEvent) {
        if let target {
            _ = target.perform(action, sender: self, event: event)
            return
        }
        var responder: Responder? = self
        while let r = responder {
            if r.perform(action, sender: self, event: event) { return }
            responder = r.nextResponder
        }
    }
}
