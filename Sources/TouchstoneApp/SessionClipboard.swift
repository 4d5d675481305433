import NodeCore
import WaylandClient

/// A live window's clipboard (behaviour.md §16.7): copy and cut make the text the Wayland
/// selection, named by the serial of the key that copied; a paste reads the selection
/// without blocking and comes back as a `text.paste` input event, recorded like a key, so a
/// recording replays the pasted text. Without `wl_data_device_manager` the clipboard stays
/// in the process.
final class SessionClipboard: Clipboard {
    private let system: DataDeviceClipboard?
    private let local = LocalClipboard()
    /// The serial of the latest key event (set before the key is dispatched).
    var keySerial: UInt32?
    /// Feeds a finished paste's text as input; set by the app.
    var deliver: ((String) -> Void)?
    /// Reports a paste that gave up.
    private let report: (String) -> Void

    init(system: DataDeviceClipboard?, report: @escaping (String) -> Void) {
        self.system = system
        self.report = report
    }

    func copy(_ text: String) {
        local.copy(text)
        guard let system, let keySerial else { return }
        system.copy(text, serial: keySerial)
    }

    func paste(into field: TextFieldNode) -> String? {
        guard let system else { return local.paste(into: field) }
        // A paste still being read takes this request along (a held Ctrl+V asks again).
        system.readSelection { [weak self, weak field] result in
            switch result {
            case let .success(text):
                // Pasted into the field that asked, if it still edits; otherwise nowhere.
                guard let field, field.isEditing else { return }
                self?.deliver?(text)
            case let .failure(error):
                self?.report("\(error)")
            }
        }
        return nil
    }
}
