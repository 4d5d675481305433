// A touch app built on the public `TouchstoneApp` product alone: a round custom control
// whose action, sent with a nil target, is handled by an ancestor up the responder chain.
//
//     swift run RoundButtonExample [--debug-overlay]
import Foundation
import TouchstoneApp

/// A button touchable only in the disc inscribed in its bounds. While it tracks a touch
/// its ring turns dark; it asks the responder chain to `increment` on touchUpInside.
final class RoundButton: ControlNode {
    static let ringColor = Color(red: 0, green: 90, blue: 200)
    static let pressedRingColor = Color(red: 0, green: 30, blue: 90)

    override init(name: String, frame: Rect = .zero) {
        super.init(name: name, frame: frame)
        backgroundColor = Color(red: 0, green: 122, blue: 255)
        highlightedColor = Color(red: 0, green: 64, blue: 221)
        borderColor = Self.ringColor
        borderWidth = 4
        label = "Tap"
        labelColor = .white
    }

    /// The disc: the overlay and `touchstone audit` sample this, so they show a circle.
    override func pointInside(_ point: Point) -> Bool {
        let radius = min(bounds.width, bounds.height) / 2
        let dx = point.x - bounds.midX, dy = point.y - bounds.midY
        return dx * dx + dy * dy < radius * radius
    }

    override func beginTracking(_ touch: Touch) -> Bool {
        borderColor = Self.pressedRingColor
        return true
    }

    override func endTracking(_ touch: Touch) { borderColor = Self.ringColor }
    override func cancelTracking() { borderColor = Self.ringColor }
}

/// The ancestor that handles `increment`: counts the taps, shows and prints the count.
final class CounterPanel: Node {
    private(set) var count = 0
    /// Shows the count above the button.
    let status = Node(name: "status", frame: Rect(x: 0, y: 20, width: 300, height: 40))

    override init(name: String, frame: Rect = .zero) {
        super.init(name: name, frame: frame)
        status.label = "Taps: 0"
        status.labelColor = Color(red: 60, green: 60, blue: 67)
        addSubnode(status)
    }

    override func perform(_ action: Action, sender: ControlNode, event: ActionEvent) -> Bool {
        guard action == "increment" else { return false }
        count += 1
        status.label = "Taps: \(count)"
        // One unbuffered write per tap, so a test reading the output sees it at once.
        try? FileHandle.standardOutput.write(contentsOf: Data("\(sender.name): tapped \(count)\n".utf8))
        return true
    }
}

let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 300, height: 300))
root.backgroundColor = .white
let panel = CounterPanel(name: "panel", frame: Rect(x: 0, y: 0, width: 300, height: 300))
root.addSubnode(panel)
let button = RoundButton(name: "round", frame: Rect(x: 90, y: 90, width: 120, height: 120))
button.addTarget(nil, action: "increment", for: .touchUpInside)   // resolved up the responder chain
panel.addSubnode(button)

App.main(root: root, options: AppOptions(title: "Round button",
                                         showsTappableAreas: CommandLine.arguments.contains("--debug-overlay"))) { app in
    // The compositor may give the window another size (a kiosk, a maximize): keep the panel,
    // and the button in it, in the middle of the window.
    app.onResize = { size in
        panel.frame = Rect(x: ((size.width - 300) / 2).rounded(), y: ((size.height - 300) / 2).rounded(),
                           width: 300, height: 300)
    }
}
