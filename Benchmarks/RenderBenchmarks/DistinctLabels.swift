import BenchmarkSupport
import NodeCore
import Render

/// A 1920 × 1080 window of `count` buttons in 40 columns of 48 pt, rows 21.6 pt apart,
/// each with its own label (`L0`, `L1`, …): as many distinct text masks as buttons.
func distinctLabelScene(count: Int) -> Window {
    let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: Settings.width, height: Settings.height))
    for i in 0..<count {
        let b = ButtonNode(name: "b\(i)", frame: Rect(x: Double(i % 40) * 48 + 2, y: Double(i / 40) * 21.6 + 1, width: 44, height: 19))
        b.backgroundColor = Color(red: 229, green: 229, blue: 234)
        b.label = "L\(i)"
        root.addSubnode(b)
    }
    return Window(root: root, size: Size(width: Settings.width, height: Settings.height))
}

/// Full repaints of scenes of 200 to 2,000 distinct labels (issue 15: the label cache is
/// sized by memory, so the warm repaint grows per label with no cliff at some count), and
/// the first frame of a new renderer, which rasterizes every label, for comparison.
func printDistinctLabelBenchmarks(iterations: Int) {
    let background = Color(red: 242, green: 242, blue: 247)
    print("Distinct labels (a button per label, 1920×1080; warm: full repaints after the first, cold: a new renderer's first frame):")
    for count in [200, 500, 1_000, 2_000] {
        let window = distinctLabelScene(count: count)
        let renderer = try! Renderer(window: window, background: background, scale: 1)
        let canvas = try! renderer.makeCanvas()
        let warm = measure(max(iterations / 4, 5)) { renderer.renderFull(into: canvas) }
        var coldSamples: [Double] = []
        for _ in 0..<max(iterations / 40, 3) {
            coldSamples.append(wallMilliseconds {
                let fresh = try! Renderer(window: window, background: background, scale: 1)
                fresh.renderFull(into: try! fresh.makeCanvas())
            })
        }
        let cold = median(coldSamples)
        let perLabel = warm * 1000 / Double(count)
        print("  \(count) labels: warm \(format(warm)) (\((perLabel * 100).rounded() / 100) µs per label),"
              + " cold \(format(cold)); warm / cold \((warm / cold * 100).rounded() / 100)")
    }
}
