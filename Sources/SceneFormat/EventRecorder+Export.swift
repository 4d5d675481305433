public import NodeCore

extension EventRecorder {
    /// Identifies the closure `attach(toExported:)` puts on each control, beside the log's own.
    public static let exportActionIdentifier = ActionIdentifier("touchstone.scene-export")

    /// Logs the nodes of `export` as a replay of its scene logs them (behaviour.md §19.1): the
    /// events of each control and scroll node, under the name the file gives it. A list is
    /// written as a scroll node, so it logs no batch fetches; rows made later are not in the
    /// file and are not logged. A scroll node's observer stays for good: when a later export
    /// replaces this one, `sink` should ignore what still arrives.
    public static func attach(toExported export: SceneExport, now: @escaping () -> Double,
                              sink: @escaping (EventLogEntry) -> Void) {
        var latest = -Double.infinity
        // As `attach(to:)`: a line's `t` never goes below the line before it.
        let ordered: (EventLogEntry) -> Void = { entry in
            var entry = entry
            if entry.time < latest { entry.time = latest } else if !entry.time.isNaN { latest = entry.time }
            sink(entry)
        }
        for written in export.nodes {
            let name = written.name
            if written.kind == .scroll, let scroll = written.node as? ScrollNode {
                scroll.addScrollObserver { _, event in
                    ordered(EventLogEntry(time: event.time, node: name, scroll: event.kind, touch: event.touch,
                                          offset: event.offset))
                }
            }
            guard let control = written.node as? ControlNode else { continue }
            control.addAction(for: .allEvents, identifier: exportActionIdentifier) { sender, event in
                var entry = entry(for: sender, event: event, now: now)
                entry.node = name
                ordered(entry)
            }
        }
    }
}
