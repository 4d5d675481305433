// Layout timings (behaviour.md §15), not a test: run with
//
//     swift build -c release --product LayoutBenchmarks && .build/release/LayoutBenchmarks
//
// - full layout of a 10,111-node tree of nested stacks (sections of rows of cards, each
//   card 3 labels, 3 bars and 3 spacers: 3,000 labelled leaves, text measured once and
//   cached) at 1920×1080, side by side with Taffy (through PyPI's `stretchable`) on the
//   same tree in the same run: `taffy_layout.py` builds it and times its layout call alone;
// - relayout after one label's text changes, as a share of the full layout (only the
//   changed path is laid out again).
//
// Each figure is the median of several runs, thread CPU time. `--runs N` sets how many;
// `--no-taffy` skips the comparison (no Python).

#if canImport(Glibc)
import Glibc
#endif
import BenchmarkSupport
import NodeCore

let sections = 10, rowsPerSection = 10, cardsPerRow = 10
let window = Size(width: 1920, height: 1080)

/// The text length of label `k` of card `card`, in glyphs of 7 × 17 pt (the Python side agrees).
func labelLength(card: Int, label: Int) -> Int { 3 + (card * 3 + label) % 17 }

/// Measures labels as `count × 7` by 17 pt, each text once: later calls come from the cache.
final class CachedMeasurer: LayoutMeasuring {
    private var cache: [String: LayoutMeasurement] = [:]
    private(set) var measured = 0

    func measure(_ node: Node, offeredWidth: Double?) -> LayoutMeasurement? {
        guard let text = node.label else { return nil }
        if let known = cache[text] { return known }
        measured += 1
        let result = LayoutMeasurement(size: Size(width: Double(text.count) * 7, height: 17), firstBaseline: 13)
        cache[text] = result
        return result
    }
}

func style(_ change: (inout LayoutStyle) -> Void) -> LayoutStyle {
    var style = LayoutStyle()
    change(&style)
    return style
}

/// The benchmark tree; also returns its labels.
func makeTree() -> (Node, [Node]) {
    let root = Node(name: "root")
    root.layout = FlexLayout(padding: EdgeInsets(all: 8), gap: 8)
    var labels: [Node] = []
    var card = 0
    for s in 0..<sections {
        let section = Node(name: "s\(s)")
        section.layout = FlexLayout(gap: 2)
        section.style = style { $0.grow = 1 }
        root.addSubnode(section)
        for r in 0..<rowsPerSection {
            let row = Node(name: "s\(s)r\(r)")
            row.layout = FlexLayout(direction: .row, alignItems: .center, gap: 4)
            row.style = style { $0.grow = 1 }
            section.addSubnode(row)
            for _ in 0..<cardsPerRow {
                let cardNode = Node(name: "c\(card)")
                cardNode.layout = FlexLayout(padding: EdgeInsets(all: 4), gap: 2)
                cardNode.style = style { $0.grow = 1; $0.basis = .points(0) }
                row.addSubnode(cardNode)
                for k in 0..<3 {
                    let label = Node(name: "c\(card)l\(k)")
                    label.label = String(repeating: "a", count: labelLength(card: card, label: k))
                    cardNode.addSubnode(label)
                    labels.append(label)
                    let bar = Node(name: "c\(card)b\(k)")
                    bar.style = style { $0.width = .percent(50); $0.height = .points(4) }
                    cardNode.addSubnode(bar)
                    let spacer = Node(name: "c\(card)g\(k)")
                    spacer.style = style { $0.grow = 1 }
                    cardNode.addSubnode(spacer)
                }
                card += 1
            }
        }
    }
    return (root, labels)
}

/// Sum of every frame's numbers: the same tree laid out the same way gives the same sum.
func checksum(_ node: Node) -> Double {
    var sum = 0.0
    node.forEachInSubtree { sum += $0.frame.minX + $0.frame.minY + $0.frame.width + $0.frame.height }
    return sum
}

func cpuMilliseconds(_ body: () -> Void) -> Double {
    let start = threadCPUNanoseconds()
    body()
    return Double(threadCPUNanoseconds() - start) / 1e6
}

/// Runs `taffy_layout.py` next to this file; its one output line is `median_ms checksum`.
func taffy(runs: Int) -> (ms: Double, checksum: Double)? {
    let script = String(#filePath.dropLast("main.swift".count)) + "taffy_layout.py"
    guard let pipe = popen("python3 '\(script)' \(runs) 2>&1", "r") else { return nil }
    var output = ""
    var buffer = [CChar](repeating: 0, count: 4096)
    while fgets(&buffer, Int32(buffer.count), pipe) != nil {
        output += String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    let status = pclose(pipe)
    let fields = output.split(whereSeparator: { $0 == " " || $0 == "\n" })
    guard status == 0, fields.count == 2, let ms = Double(fields[0]), let sum = Double(fields[1]) else {
        print("Taffy: not run (\(output.filter { $0 != "\n" }))")
        return nil
    }
    return (ms, sum)
}

/// `value` with `digits` decimals, right-aligned in `width` characters (no Foundation here).
func fixed(_ value: Double, _ digits: Int, width: Int = 0) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int((abs(value) * scale).rounded())
    var text = String(scaled / Int(scale))
    if digits > 0 {
        let fraction = String(scaled % Int(scale))
        text += "." + String(repeating: "0", count: digits - fraction.count) + fraction
    }
    if value < 0 { text = "-" + text }
    return String(repeating: " ", count: max(0, width - text.count)) + text
}

let arguments = CommandLine.arguments
var runs = 15
if let index = arguments.firstIndex(of: "--runs"), index + 1 < arguments.count, let value = Int(arguments[index + 1]) { runs = value }

var fullTimes: [Double] = []
var relayoutTimes: [Double] = []
var nodeCount = 0
var sum = 0.0
for run in 0...runs {
    let (root, labels) = makeTree()
    let measurer = CachedMeasurer()
    // Every text is measured once, up front, as a text engine's cache would hold them.
    for label in labels { _ = measurer.measure(label, offeredWidth: nil) }
    let full = cpuMilliseconds { root.layoutIfNeeded(size: window, measurer: measurer) }
    // One label in the middle of the tree gets a new text.
    let label = labels[labels.count / 2]
    label.label = String(repeating: "b", count: 11 + run % 5)
    let relayout = cpuMilliseconds { root.layoutIfNeeded(size: window, measurer: measurer) }
    if run > 0 {
        fullTimes.append(full)
        relayoutTimes.append(relayout)
    }
    if run == 0 {
        nodeCount = 0
        root.forEachInSubtree { _ in nodeCount += 1 }
        label.label = String(repeating: "a", count: labelLength(card: (labels.count / 2) / 3, label: (labels.count / 2) % 3))
        root.layoutIfNeeded(size: window, measurer: measurer)
        sum = checksum(root)
    }
}

let full = median(fullTimes), relayout = median(relayoutTimes)
print("Layout of \(nodeCount) nodes at 1920×1080 (median of \(runs), thread CPU):")
print("  Touchstone full layout   \(fixed(full, 3, width: 8)) ms")
print("  relayout after one text  \(fixed(relayout, 3, width: 8)) ms  (\(fixed(relayout / full * 100, 3)) % of the full layout; target < 1 %)")
if !arguments.contains("--no-taffy") {
    if let taffy = taffy(runs: runs) {
        print("  Taffy full layout        \(fixed(taffy.ms, 3, width: 8)) ms  (stretchable, Taffy's layout call alone)")
        print("  Touchstone / Taffy       \(fixed(full / taffy.ms, 2, width: 8))×  (target ≤ 1)")
        if taffy.checksum != sum {
            // Taffy gives flex items CSS's automatic minimum size (min-height: auto), Touchstone none (Yoga).
            print("  frames differ (checksums \(sum) and \(taffy.checksum)): Taffy keeps CSS's automatic minimum size")
        }
    }
}
