import BenchmarkSupport
import NodeCore
import Render

/// Short button labels in the scripts docs/scenes.md lists, as device testers write them.
let mixedLabels = ["播放", "نص", "नमस्ते", "שלום", "再生する", "재생", "Привет", "Αναπαραγωγή", "office", "السعر"]

/// The label of button `i` in the mixed-script scene: distinct, like the Latin scene's.
func mixedLabel(_ i: Int, _ latin: String) -> String {
    "\(mixedLabels[i % mixedLabels.count]) \(i)"
}

/// Full repaints of the 200-control scene with Latin labels and with labels in mixed
/// scripts (shaped, right to left, fallback fonts), measured in turn in one loop so both
/// see the same machine; then the first frame of a new renderer (fonts opened, every
/// label shaped and rasterized) for each.
func printShapedLabelBenchmarks(iterations: Int) {
    let background = Color(red: 242, green: 242, blue: 247)
    func make(_ label: @escaping (Int, String) -> String) -> (Renderer, Canvas) {
        let (window, _) = makeScene(label: label)
        let renderer = try! Renderer(window: window, background: background, scale: 1)
        return (renderer, try! renderer.makeCanvas())
    }
    let latin = make { $1 }, mixed = make(mixedLabel)
    for _ in 0..<Settings.warmupIterations {
        latin.0.renderFull(into: latin.1)
        mixed.0.renderFull(into: mixed.1)
    }
    var latinSamples: [Double] = [], mixedSamples: [Double] = []
    for _ in 0..<iterations {
        latinSamples.append(wallMilliseconds { latin.0.renderFull(into: latin.1) })
        mixedSamples.append(wallMilliseconds { mixed.0.renderFull(into: mixed.1) })
    }

    /// The median first frame of `runs` new renderers.
    func firstFrame(_ label: @escaping (Int, String) -> String, runs: Int) -> Double {
        let (window, _) = makeScene(label: label)
        var samples: [Double] = []
        for _ in 0..<runs {
            samples.append(wallMilliseconds {
                let renderer = try! Renderer(window: window, background: background, scale: 1)
                _ = try! renderer.renderImage()
            })
        }
        return median(samples)
    }
    let runs = max(iterations / 20, 5)
    let latinFirst = firstFrame({ $1 }, runs: runs), mixedFirst = firstFrame(mixedLabel, runs: runs)

    let l = median(latinSamples), m = median(mixedSamples)
    print("Shaped labels (the same 200 controls; labels in \(mixedLabels.count) scripts against Latin, measured in turn):")
    print("  full repaint, warm cache: Latin \(format(l)), mixed scripts \(format(m)), \((m / l * 100).rounded() / 100)×")
    print("  first frame of a new renderer (\(runs) runs): Latin \(format(latinFirst)), mixed scripts \(format(mixedFirst))")
}
