import ArgumentParser
import NodeCore
import SceneFormat

/// `--size WIDTHxHEIGHT` (`800x600`, also `800X600`): a window size in points.
enum WindowSizeArgument {
    /// The size `text` writes; any other text is a bad argument (status 2).
    static func parse(_ text: String) throws -> Size {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w.isFinite, h.isFinite else {
            throw ValidationError("--size must be WIDTHxHEIGHT in points, e.g. 800x600; got '\(text)'")
        }
        return Size(width: w, height: h)
    }

    /// A size a scene's window may have (the limits of the scene's `size`, behaviour.md §7).
    static func parseWindow(_ text: String) throws -> Size {
        let size = try parse(text)
        let side = FileLimits.maximumSceneSide
        guard size.width > 0, size.height > 0, size.width <= side, size.height <= side,
              size.width * size.height <= FileLimits.maximumSceneArea else {
            throw ValidationError("width and height must be more than 0 and at most \(Int(side)) points, and their product at most \(Int(FileLimits.maximumSceneArea))")
        }
        return size
    }

    /// `--sizes W1xH1,W2xH2,...`.
    static func parseList(_ text: String) throws -> [Size] {
        try text.split(separator: ",", omittingEmptySubsequences: false).map { try parseWindow(String($0)) }
    }
}
