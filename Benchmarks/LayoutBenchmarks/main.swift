// Layout timings (behaviour.md §15), not a test: run with
//
//     swift build -c release --product LayoutBenchmarks && .build/release/LayoutBenchmarks
//
// - full layout of a 10,111-node tree of nested stacks (sections of rows of cards, each
//   card 3 labels, 3 bars and 3 spacers: 3,000 labelled leaves, text measured once and
//   cached) at 1920×1080, side by side with Taffy (through PyPI's `stretchable`) on the
//   same tree in the same run: `taffy_layout.py` builds it once and times its layout call
//   alone, every node marked dirty before each layout (a new tree per layout here);
// - relayout after one label's text changes, as a share of the full layout (only the
//   changed path is laid out again).
//
// Each figure is a median, thread CPU time. Rounds alternate the two engines (the machine
// is shared and drifts): `--rounds R` (5) rounds of `--runs N` (5) layouts each;
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

/// `taffy_layout.py` (next to this file) running beside this process: it builds Taffy's tree
/// once, then times as many layouts as asked, each time asked, so rounds can alternate.
final class TaffyProcess {
    private let pid: pid_t
    private let requests: UnsafeMutablePointer<FILE>
    private let answers: UnsafeMutablePointer<FILE>

    init?() {
        let script = String(#filePath.dropLast("main.swift".count)) + "taffy_layout.py"
        var toChild: [Int32] = [0, 0], fromChild: [Int32] = [0, 0]
        guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 2)
        for fd in toChild + fromChild { posix_spawn_file_actions_addclose(&actions, fd) }
        let words: [String] = ["python3", script]
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawnp(&child, "python3", &actions, nil, arguments, environ)
        close(toChild[0])
        close(fromChild[1])
        guard status == 0, let requests = fdopen(toChild[1], "w"), let answers = fdopen(fromChild[0], "r") else { return nil }
        (pid, self.requests, self.answers) = (child, requests, answers)
    }

    /// The median of `runs` layouts and the laid-out tree's checksum, or nil (with the reason printed).
    func layOut(runs: Int) -> (ms: Double, checksum: Double)? {
        fputs("\(runs)\n", requests)
        fflush(requests)
        var buffer = [CChar](repeating: 0, count: 4096)
        guard fgets(&buffer, Int32(buffer.count), answers) != nil else {
            print("Taffy: not run (no answer from taffy_layout.py; is `stretchable` installed?)")
            return nil
        }
        let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let fields = line.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard fields.count == 2, let ms = Double(fields[0]), let sum = Double(fields[1]) else {
            print("Taffy: not run (\(line.filter { $0 != "\n" }))")
            return nil
        }
        return (ms, sum)
    }

    deinit {
        fclose(requests)
        fclose(answers)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }
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

/// The machine's one-minute load average (it is shared: figures move with it).
func loadAverage() -> String {
    guard let file = fopen("/proc/loadavg", "r") else { return "?" }
    defer { fclose(file) }
    var buffer = [CChar](repeating: 0, count: 64)
    guard fgets(&buffer, Int32(buffer.count), file) != nil else { return "?" }
    let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return String(text.split(separator: " ").first ?? "?")
}

/// Lays out a new tree `runs` times (after one untimed run); returns the full-layout and
/// relayout times, the node count and the checksum of the laid-out tree.
func touchstone(runs: Int) -> (full: [Double], relayout: [Double], nodes: Int, checksum: Double) {
    var fullTimes: [Double] = [], relayoutTimes: [Double] = []
    var nodeCount = 0, sum = 0.0
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
        } else {
            root.forEachInSubtree { _ in nodeCount += 1 }
            label.label = String(repeating: "a", count: labelLength(card: (labels.count / 2) / 3, label: (labels.count / 2) % 3))
            root.layoutIfNeeded(size: window, measurer: measurer)
            sum = checksum(root)
        }
    }
    return (fullTimes, relayoutTimes, nodeCount, sum)
}

let arguments = CommandLine.arguments
func option(_ name: String, default value: Int) -> Int {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count, let given = Int(arguments[index + 1])
    else { return value }
    return given
}
let runs = option("--runs", default: 5), rounds = option("--rounds", default: 5)
let withTaffy = !arguments.contains("--no-taffy")

// Rounds alternate Touchstone and Taffy (each `runs` layouts of a new tree), so the two see
// the same load; the ratio is taken round by round, then its median.
// A Python that fails (no `stretchable`) closes its pipe: writing to it must not end this process.
signal(SIGPIPE, SIG_IGN)
var taffyProcess = withTaffy ? TaffyProcess() : nil
// Waits for Python to build its tree, so that it does not run beside the first round.
if taffyProcess?.layOut(runs: 1) == nil { taffyProcess = nil }
let loadBefore = loadAverage()
var fullTimes: [Double] = [], relayoutTimes: [Double] = [], taffyTimes: [Double] = [], ratios: [Double] = []
var nodeCount = 0, sum = 0.0, taffySum: Double?
for _ in 0..<rounds {
    let ours = touchstone(runs: runs)
    fullTimes += ours.full
    relayoutTimes += ours.relayout
    nodeCount = ours.nodes
    sum = ours.checksum
    guard let theirs = taffyProcess?.layOut(runs: runs) else {
        taffyProcess = nil
        continue
    }
    // Taffy's script prints the median of its runs.
    taffyTimes.append(theirs.ms)
    taffySum = theirs.checksum
    ratios.append(median(ours.full) / theirs.ms)
}

let full = median(fullTimes), relayout = median(relayoutTimes)
print("Layout of \(nodeCount) nodes at 1920×1080 (\(rounds) rounds of \(runs) runs, medians, thread CPU; "
      + "load average \(loadBefore) before, \(loadAverage()) after):")
print("  Touchstone full layout   \(fixed(full, 3, width: 8)) ms")
print("  relayout after one text  \(fixed(relayout, 3, width: 8)) ms  (\(fixed(relayout / full * 100, 3)) % of the full layout; target < 1 %)")
reportFigure(table: "Layout", figure: "\(nodeCount) nodes, full layout", value: full, unit: "ms")
reportFigure(table: "Layout", figure: "relayout after one text, share of the full layout", value: relayout / full * 100, unit: "%",
             target: .atMost(1))
if !taffyTimes.isEmpty, let taffySum {
    print("  Taffy full layout        \(fixed(median(taffyTimes), 3, width: 8)) ms  (stretchable, Taffy's layout call alone)")
    print("  Touchstone / Taffy       \(fixed(median(ratios), 2, width: 8))×  (median of the rounds' ratios, "
          + "\(fixed(ratios.min()!, 2))–\(fixed(ratios.max()!, 2)); target ≤ 1)")
    reportFigure(table: "Layout", figure: "\(nodeCount) nodes, full layout against Taffy", value: full, unit: "ms",
                 baseline: "Taffy \(fixed(median(taffyTimes), 3, width: 0)) ms", ratio: median(ratios), target: .atMost(1))
    if taffySum != sum {
        // Taffy gives flex items CSS's automatic minimum size (min-height: auto), Touchstone none (Yoga).
        print("  frames differ (checksums \(sum) and \(taffySum)): Taffy keeps CSS's automatic minimum size")
    }
}
