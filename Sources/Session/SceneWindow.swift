package import NodeCore
package import Render
package import SceneFormat
package import TouchstoneApp

/// A scene's window at the size a command asks for, laid out before anything else happens
/// (behaviour.md §15.1): replay, render, audit and `touchstone layout` all start here.
public enum SceneWindow {
    /// The window of `scene` at `size` (nil: the scene's `size`), with its layout: a scene
    /// with `layout` anywhere is laid out, and so is any scene given a size, whose root
    /// then fills the window as a live window's does (§11). Otherwise nothing moves.
    /// `images` then decodes what the laid-out images need (behaviour.md §17.4).
    package static func make(_ scene: Scene, size: Size? = nil, measurer: TextMeasurer = TextMeasurer(),
                            images: OfflineImages? = nil) -> (window: Window, layout: WindowLayout) {
        let window = Window(root: scene.root, size: size ?? scene.size)
        let layout = WindowLayout(root: scene.root, always: size != nil, measurer: measurer)
        layout.update(window)
        images?.decodeNeeded(in: window)
        return (window, layout)
    }
}
