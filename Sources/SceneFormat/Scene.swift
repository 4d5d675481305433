public import NodeCore

/// A decoded scene file: window size, background color and node tree.
public struct Scene {
    public var size: Size
    public var background: Color
    public var root: Node
    /// The smallest window the scene is laid out at (`minSize`, behaviour.md §15.1); nil:
    /// the root's minimum layout size, or `size` for a scene without layout.
    public var minimumSize: Size?
    /// The line of the `size` key in the scene file (0 for a scene made in code), for
    /// messages about the window size that only a command can check (the canvas at a scale).
    public var sizeLine = 0

    public init(size: Size, background: Color, root: Node) {
        self.size = size
        self.background = background
        self.root = root
    }

    /// The default window background when a scene names none.
    public static let defaultBackground = Color.white

    /// A window owning this scene's tree.
    public func makeWindow() -> Window {
        Window(root: root, size: size)
    }
}

/// The `kind` values a scene node may have.
public enum NodeKind: String, CaseIterable, Sendable {
    case node, control, button, toggle, slider, scroll, list, text, textField, image

    var isControl: Bool { self != .node && self != .scroll && self != .list }

    /// Every kind's name, for reading and for messages.
    static let names = allCases.map(\.rawValue)
}
