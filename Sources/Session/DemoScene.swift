public import NodeCore
public import SceneFormat

/// The built-in demo of `touchstone demo`: one scene showing every feature
/// (slop, a parent limiting a child's slop, a clipped control, overlapping
/// controls, button, toggle, slider, a disabled control, labels) and the touch
/// script `demo --headless` plays through the compositor.
public enum DemoScene {
    /// Name used in error messages for the built-in files.
    public static let sceneFileName = "<built-in demo scene>"
    public static let scriptFileName = "<built-in demo script>"

    public static let sceneJSON = """
    {
      "size": [480, 320],
      "background": "#F2F2F7",
      "root": {
        "name": "root", "frame": [0, 0, 480, 320],
        "children": [
          { "name": "toolbar", "frame": [0, 0, 480, 56], "color": "#FFFFFF",
            "borderColor": "#C7C7CC", "borderWidth": 1,
            "children": [
              { "name": "back", "kind": "button", "frame": [8, 8, 72, 40], "slop": [-12, -12, -12, -12],
                "color": "#007AFF", "highlightedColor": "#0040DD", "label": "Back", "labelColor": "#FFFFFF" }
            ] },
          { "name": "card", "frame": [24, 80, 200, 160], "slop": [-16, -16, -16, -16], "clips": true, "color": "#FFFFFF",
            "borderColor": "#C7C7CC", "borderWidth": 1,
            "children": [
              { "name": "play", "kind": "button", "frame": [40, 24, 120, 48], "slop": [-12, -12, -12, -12],
                "color": "#34C759", "highlightedColor": "#248A3D", "label": "Play", "labelColor": "#FFFFFF" },
              { "name": "clipped", "kind": "button", "frame": [140, 100, 90, 40], "slop": [-6, -6, -6, -6],
                "color": "#FF9500", "highlightedColor": "#C93400", "label": "Clipped", "labelColor": "#FFFFFF" }
            ] },
          { "name": "under", "kind": "button", "frame": [256, 80, 120, 60],
            "color": "#5856D6", "highlightedColor": "#3634A3", "label": "Under", "labelColor": "#FFFFFF" },
          { "name": "over", "kind": "button", "frame": [336, 104, 120, 60], "slop": [-8, -8, -8, -8],
            "color": "#AF52DE", "highlightedColor": "#8944AB", "label": "Over", "labelColor": "#FFFFFF" },
          { "name": "volume", "kind": "slider", "frame": [256, 192, 200, 28], "value": 0.3,
            "slop": [-10, 0, -10, 0], "color": "#D1D1D6", "highlightedColor": "#AEAEB2" },
          { "name": "mute", "kind": "toggle", "frame": [256, 256, 88, 40], "slop": [-4, -4, -4, -4],
            "color": "#E5E5EA", "selectedColor": "#34C759", "highlightedColor": "#C7C7CC", "label": "Mute" },
          { "name": "off", "kind": "button", "frame": [360, 256, 96, 40], "enabled": false,
            "color": "#8E8E93", "disabledColor": "#D1D1D6", "label": "Off", "labelColor": "#8E8E93" },
          { "name": "tiny", "kind": "button", "frame": [40, 264, 24, 24], "slop": [-10, -10, -10, -10],
            "color": "#FF3B30", "highlightedColor": "#D70015" }
        ]
      }
    }
    """

    /// Taps on every kind of control, a tap in a slop band, a drag out of the
    /// tolerance, a slider drag and a toggle; the last finger stays down so a
    /// screenshot shows the touch visualization over a highlighted control.
    public static let scriptJSONL = """
    {"t":0,"type":"touch.down","id":1,"x":100,"y":128}
    {"t":0,"type":"touch.frame"}
    {"t":60,"type":"touch.up","id":1}
    {"t":500,"type":"touch.down","id":2,"x":6,"y":30}
    {"t":500,"type":"touch.frame"}
    {"t":560,"type":"touch.up","id":2}
    {"t":1000,"type":"touch.down","id":3,"x":300,"y":206}
    {"t":1000,"type":"touch.frame"}
    {"t":1016,"type":"touch.motion","id":3,"x":360,"y":208}
    {"t":1016,"type":"touch.frame"}
    {"t":1032,"type":"touch.motion","id":3,"x":420,"y":210}
    {"t":1032,"type":"touch.frame"}
    {"t":1048,"type":"touch.up","id":3}
    {"t":1500,"type":"touch.down","id":4,"x":300,"y":276}
    {"t":1500,"type":"touch.frame"}
    {"t":1560,"type":"touch.up","id":4}
    {"t":2000,"type":"touch.down","id":5,"x":350,"y":120}
    {"t":2000,"type":"touch.frame"}
    {"t":2060,"type":"touch.up","id":5}
    {"t":2500,"type":"touch.down","id":6,"x":100,"y":128}
    {"t":2500,"type":"touch.frame"}
    {"t":2516,"type":"touch.motion","id":6,"x":100,"y":310}
    {"t":2516,"type":"touch.frame"}
    {"t":2532,"type":"touch.up","id":6}
    {"t":3000,"type":"touch.down","id":7,"x":300,"y":110}
    {"t":3000,"type":"touch.frame"}
    """
}

extension DemoScene {
    /// The built-in scene or script does not decode: a defect of this build, not of any input.
    public struct Broken: Error, CustomStringConvertible {
        public let what: String
        public let error: FormatError

        public var description: String { "the built-in demo \(what) is broken: \(error)" }
    }

    /// The decoded demo scene (a fresh tree each call).
    public static func scene() throws(Broken) -> Scene {
        do {
            return try SceneDecoder.decode(Array(sceneJSON.utf8), file: sceneFileName)
        } catch {
            throw Broken(what: "scene", error: error)
        }
    }

    /// The decoded demo script.
    public static func script() throws(Broken) -> [TimedInputEvent] {
        do {
            return try InputScript.decode(Array(scriptJSONL.utf8), file: scriptFileName)
        } catch {
            throw Broken(what: "script", error: error)
        }
    }
}
