import Testing
@testable import NodeCore
@testable import SceneFormat

// A scene list reuses the nodes of rows that left the preload range for rows that come
// into it (behaviour.md §10.1): these pin that a reused row is the row a new node would
// be — its names, its working controls, its log lines — and that leaving still cancels.

/// A 300 × 600 list of 50 pt rows, each a labelled row with a button at x 200...290.
private let scene = #"{"size":[300,600],"root":{"name":"root","frame":[0,0,300,600],"children":[{"name":"list","kind":"list","#
    + #""frame":[0,0,300,600],"delaysContentTouches":false,"rows":{"count":ROWS,"extent":50,"template":{"name":"row-{i}","#
    + #""frame":[0,0,300,50],"label":"Row {i}","children":[{"name":"row-{i}-like","kind":"button","frame":[200,5,90,40]}]}}}]}}"#

/// The scene's window with the event log attached, and its list.
private final class LoggedList {
    let window: Window
    let list: ListNode
    var lines: [String] = []

    init(rows: Int = 1000) throws {
        let text = scene.replacing("ROWS", with: String(rows))
        let decoded = try SceneDecoder.decode(Array(text.utf8), file: "reuse.json")
        window = decoded.makeWindow()
        list = try #require(decoded.root.node(named: "list") as? ListNode)
        EventRecorder.attach(to: decoded.root) { [unowned self] entry in lines.append(entry.line) }
        window.appear(at: 0)
    }

    /// The index of the live row whose node is `node`, if it is one.
    func liveIndex(of node: Node) -> Int? { list.liveRowIndices.first { list.nodeForRow(at: $0) === node } }

    /// Taps `point` (window coordinates) from `time` to `time + 10`; returns the lines it logged.
    func tap(_ point: Point, at time: Double) -> [String] {
        let before = lines.count
        window.touchDown(.finger(9), at: point, time: time)
        window.touchUp(.finger(9), time: time + 10)
        return Array(lines[before...])
    }
}

@Suite struct RowReuseTests {
    @Test func aRowScrolledOutAndBackInLogsItsOwnNamesAndItsControlsWork() throws {
        let scene = try LoggedList()
        let first = try #require(scene.list.nodeForRow(at: 0))
        scene.list.contentOffset.y = 50 * 500
        // Row 0's node now serves a row in range, under that row's names.
        let index = try #require(scene.liveIndex(of: first), "the node of row 0 was reused")
        #expect(first.name == "row-\(index)" && first.label == "Row \(index)")
        #expect(first.subnodes.map(\.name) == ["row-\(index)-like"])
        #expect(first.frame == scene.list.rectForRow(at: index))
        scene.list.contentOffset.y = scene.list.rectForRow(at: index).minY
        #expect(scene.list.nodeForRow(at: index) === first)
        #expect(scene.tap(Point(x: 250, y: 25), at: 100) == [
            #"{"t":100,"node":"row-\#(index)-like","event":"touchDown","touch":9,"x":50.0,"y":20.0}"#,
            #"{"t":110,"node":"row-\#(index)-like","event":"touchUpInside","touch":9,"x":50.0,"y":20.0}"#,
            #"{"t":110,"node":"row-\#(index)-like","event":"primaryActionTriggered","touch":9,"x":50.0,"y":20.0}"#,
        ])
        // Back at the top, row 0 is whole again, whichever node holds it.
        scene.list.contentOffset.y = 0
        let row = try #require(scene.list.nodeForRow(at: 0))
        #expect(row.name == "row-0" && row.label == "Row 0" && row.frame == Rect(x: 0, y: 0, width: 300, height: 50))
        #expect(scene.tap(Point(x: 250, y: 25), at: 200).map { $0.contains(#""node":"row-0-like""#) } == [true, true, true])
    }

    @Test func rowsThatLeftWhileTheListWasAtItsEndComeBackToTheirOwnNodes() throws {
        // 60 rows, 3,000 pt: at the end, more rows leave the preload range at the top than
        // come in at the bottom, so some nodes wait for reuse until the list scrolls back.
        let scene = try LoggedList(rows: 60)
        let before = Dictionary(uniqueKeysWithValues: scene.list.liveRowIndices.map { ($0, scene.list.nodeForRow(at: $0)!) })
        scene.list.contentOffset.y = 2400
        let live = Set(scene.list.liveRowIndices.map { ObjectIdentifier(scene.list.nodeForRow(at: $0)!) })
        let waiting = before.filter { !live.contains(ObjectIdentifier($0.value)) }
        #expect(waiting.count > 5)
        scene.list.contentOffset.y = 0
        for (index, node) in waiting {
            #expect(scene.list.nodeForRow(at: index) === node, "row \(index) came back in another row's node")
            #expect(node.name == "row-\(index)" && node.label == "Row \(index)" && node.frame == scene.list.rectForRow(at: index))
        }
    }

    @Test func aRowLeavingWhileItsButtonTracksATouchCancelsItAndItsNodeServesNoOtherRow() throws {
        let scene = try LoggedList()
        let held = try #require(scene.list.nodeForRow(at: 0))
        scene.window.touchDown(.finger(1), at: Point(x: 250, y: 25), time: 100)
        #expect(scene.lines.last?.contains(#""node":"row-0-like","event":"touchDown""#) == true)
        scene.list.contentOffset.y = 50 * 500
        #expect(scene.lines.last?.contains(#""node":"row-0-like","event":"touchCancel","touch":1"#) == true)
        #expect(scene.liveIndex(of: held) == nil, "a node with a touch bound into it is not reused")
        // The finger's later events reach nothing: its row is gone.
        let count = scene.lines.count
        scene.window.touchMoved(.finger(1), to: Point(x: 240, y: 30), time: 120)
        scene.window.touchUp(.finger(1), time: 140)
        #expect(scene.lines.count == count)
        // Rows made since still work.
        scene.list.contentOffset.y = 0
        #expect(scene.tap(Point(x: 250, y: 25), at: 200).map { $0.contains(#""node":"row-0-like""#) } == [true, true, true])
    }

    @Test func aTapOnAReusedNodeDoesNotContinueATapSequenceOfTheRowItServedBefore() throws {
        let scene = try LoggedList()
        let first = try #require(scene.list.nodeForRow(at: 0))
        _ = scene.tap(Point(x: 250, y: 25), at: 100)
        scene.list.contentOffset.y = 50 * 500
        let index = try #require(scene.liveIndex(of: first))
        // The reused node under the same point, 100 ms later: a new row, so a first tap.
        scene.list.contentOffset.y = scene.list.rectForRow(at: index).minY
        #expect(scene.list.nodeForRow(at: index) === first)
        let lines = scene.tap(Point(x: 250, y: 25), at: 200)
        #expect(lines.count == 3 && lines[0].contains(#""node":"row-\#(index)-like","event":"touchDown""#))
    }
}
