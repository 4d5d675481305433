// NodeCore hot-path timings, not a test: run with
//
//     swift run -c release NodeCoreBenchmarks
//
// - ns per `Window.hitTest` on balanced trees (fan-out 8) of 1,000, 10,000 and
//   100,000 nodes, at random points inside the window;
// - µs per full tap (touchDown, touchMoved, touchUp) on a ButtonNode leaf with one
//   closure action, in a 10,000-node tree;
// - ns per `Window.hitTest` in one container of 1,000, 10,000 and 100,000 siblings
//   (the grid index of WideChildIndex.swift).
//
// Each figure is the median of several timed runs after a warm-up run.
// Arguments narrow the run for profiling: `hit`, `wide`, `tap`, and `--runs N`
// (e.g. `valgrind --tool=callgrind .build/release/NodeCoreBenchmarks hit --runs 1`).

import BenchmarkSupport
import NodeCore
import SeededRandom

let windowSize = Size(width: 1024, height: 1024)
let fanOut = 8
/// Children tile their parent in a 4 × 2 grid.
let gridColumns = 4, gridRows = 2

/// A balanced tree of exactly `count` nodes, filled breadth first, each node's
/// children tiling it; `makeNode` creates the node with a given index and frame.
func balancedTree(count: Int, makeNode: (Int, Rect) -> Node = { Node(name: "n\($0)", frame: $1) }) -> Node {
    let root = makeNode(0, Rect(origin: .zero, size: windowSize))
    var queue: [Node] = [root]
    var head = 0
    var made = 1
    while made < count {
        let parent = queue[head]
        head += 1
        let w = parent.frame.width / Double(gridColumns), h = parent.frame.height / Double(gridRows)
        for i in 0..<fanOut where made < count {
            let frame = Rect(x: Double(i % gridColumns) * w, y: Double(i / gridColumns) * h, width: w, height: h)
            let child = makeNode(made, frame)
            parent.addSubnode(child)
            queue.append(child)
            made += 1
        }
    }
    return root
}

func nodeCount(_ node: Node) -> Int {
    var n = 0
    node.forEachInSubtree { _ in n += 1 }
    return n
}

@inline(never)
func blackHole<T>(_ value: T) {}

/// Times `body` (which performs `operations` operations) `runs` times after one
/// warm-up call; returns the median nanoseconds per operation.
func medianNanoseconds(runs: Int, operations: Int, _ body: () -> Void) -> Double {
    body()
    let clock = ContinuousClock()
    var samples: [Double] = []
    for _ in 0..<runs {
        let elapsed = clock.measure(body)
        let ns = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
        samples.append(ns / Double(operations))
    }
    samples.sort()
    return samples[samples.count / 2]
}

func format(_ value: Double, _ decimals: Int = 1) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    return "\(rounded)"
}

func pad(_ s: String, _ width: Int) -> String {
    s.count >= width ? s : String(repeating: " ", count: width - s.count) + s
}

// MARK: Arguments

let arguments = Array(CommandLine.arguments.dropFirst())
let runsArgument = arguments.firstIndex(of: "--runs").flatMap { i in
    i + 1 < arguments.count ? Int(arguments[i + 1]) : nil
}
let sections = Set(arguments.filter { $0 == "hit" || $0 == "wide" || $0 == "tap" })
func wants(_ section: String) -> Bool { sections.isEmpty || sections.contains(section) }

// MARK: Hit testing

let runs = runsArgument ?? 9
let hitsPerRun = 200_000
var rng = SplitMix64(seed: 0x5EED_1234_ABCD_0001)
let points: [Point] = (0..<4096).map { _ in
    Point(x: Double.random(in: 0..<windowSize.width, using: &rng),
          y: Double.random(in: 0..<windowSize.height, using: &rng))
}

print("NodeCore benchmarks (median of \(runs) runs after a warm-up run)")
if wants("hit") {
    print("")
    print("Window.hitTest, balanced trees, fan-out \(fanOut), random points:")
    var smallest: Double?
    for count in [1_000, 10_000, 100_000] {
        let root = balancedTree(count: count)
        precondition(nodeCount(root) == count)
        let window = Window(root: root, size: windowSize)
        var found = 0
        let ns = medianNanoseconds(runs: runs, operations: hitsPerRun) {
            var i = 0
            for _ in 0..<hitsPerRun {
                if window.hitTest(points[i]) != nil { found &+= 1 }
                i = (i + 1) & (points.count - 1)
            }
        }
        blackHole(found)
        print("  \(pad(String(count), 7)) nodes: \(pad(format(ns), 7)) ns per hit test")
        smallest = smallest ?? ns
        reportFigure(table: "Hit testing", figure: "balanced tree, \(count) nodes", value: ns, unit: "ns",
                     baseline: "1000 nodes \(format(smallest!)) ns", ratio: ns / smallest!)
    }
}

// MARK: Wide containers

if wants("wide") {
    print("")
    print("Window.hitTest, one container of N siblings (random 4–40 pt frames, 5% hidden), random points:")
    var smallest: Double?
    for count in [1_000, 10_000, 100_000] {
        var wideRng = SplitMix64(seed: 0x5EED_0000_0000_0002)
        let root = Node(name: "root", frame: Rect(origin: .zero, size: windowSize))
        for i in 0..<count {
            let child = Node(name: "c\(i)", frame: Rect(x: Double.random(in: 0..<windowSize.width, using: &wideRng),
                                                       y: Double.random(in: 0..<windowSize.height, using: &wideRng),
                                                       width: Double.random(in: 4...40, using: &wideRng),
                                                       height: Double.random(in: 4...40, using: &wideRng)))
            child.isHidden = i % 20 == 0
            root.addSubnode(child)
        }
        let window = Window(root: root, size: windowSize)
        var found = 0
        let hits = 50_000
        let ns = medianNanoseconds(runs: runs, operations: hits) {
            var i = 0
            for _ in 0..<hits {
                if window.hitTest(points[i]) !== root { found &+= 1 }
                i = (i + 1) & (points.count - 1)
            }
        }
        blackHole(found)
        print("  \(pad(String(count), 7)) siblings: \(pad(format(ns), 7)) ns per hit test")
        smallest = smallest ?? ns
        reportFigure(table: "Hit testing", figure: "one container, \(count) siblings", value: ns, unit: "ns",
                     baseline: "1000 siblings \(format(smallest!)) ns", ratio: ns / smallest!)
    }
}

// MARK: Tap dispatch

let tapsPerRun = 20_000
if wants("tap") {
    // The deepest, last-made node is the button; every other node is plain.
    let count = 10_000
    var button: ButtonNode?
    let root = balancedTree(count: count) { index, frame in
        if index == count - 1 {
            let b = ButtonNode(name: "button", frame: frame)
            button = b
            return b
        }
        return Node(name: "n\(index)", frame: frame)
    }
    guard let button else { fatalError("no button made") }
    var primaryActions = 0
    button.addAction(for: .primaryActionTriggered) { _, _ in primaryActions += 1 }
    let window = Window(root: root, size: windowSize)
    let center = button.convert(Point(x: button.bounds.midX, y: button.bounds.midY), to: nil)
    let moved = Point(x: center.x + 0.25, y: center.y + 0.25)
    precondition(window.hitTest(center) === button, "the tap must land on the button")

    var time = 0.0
    let ns = medianNanoseconds(runs: runs, operations: tapsPerRun) {
        for _ in 0..<tapsPerRun {
            time += 1000   // far apart: every tap is a single tap
            window.touchDown(.finger(1), at: center, time: time)
            window.touchMoved(.finger(1), to: moved, time: time + 8)
            window.touchUp(.finger(1), time: time + 16)
            _ = window.takeInvalidations()   // as the renderer does once per frame
        }
    }
    precondition(primaryActions == tapsPerRun * (runs + 1), "every tap must trigger the button")
    var depth = 0
    var node: Node? = button
    while let n = node?.supernode { depth += 1; node = n }
    print("")
    print("Tap (touchDown + touchMoved + touchUp) on a ButtonNode leaf at depth \(depth), one closure action:")
    print("  \(pad(String(count), 7)) nodes: \(pad(format(ns / 1000, 3), 7)) µs per tap")
    reportFigure(table: "Tap dispatch", figure: "tap on a button at depth \(depth), \(count) nodes", value: ns / 1000, unit: "µs")
}
