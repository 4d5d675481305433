import Testing
@testable import NodeCore
@testable import SceneFormat

// `kind: "list"` scenes: row templates with {i}, the simulated fetch, strict errors.

private func scene(_ list: String) -> String {
    #"{"size":[300,600],"root":{"name":"root","frame":[0,0,300,600],"children":[{"name":"list","kind":"list","frame":[0,0,300,600],"#
        + list + "}]}}"
}

private let template = #""template":{"name":"row-{i}","frame":[0,0,300,50],"label":"Row {i}","children":[{"name":"row-{i}-like","kind":"button","frame":[200,5,90,40]}]}"#

private func decodeList(_ keys: String) throws -> (Scene, ListNode) {
    let decoded = try SceneDecoder.decode(Array(scene(keys).utf8), file: "list.json")
    return (decoded, decoded.root.node(named: "list") as! ListNode)
}

private func listRejection(_ keys: String) -> FormatError? {
    do {
        _ = try SceneDecoder.decode(Array(scene(keys).utf8), file: "list.json")
        Issue.record("scene was accepted")
        return nil
    } catch {
        return error
    }
}

/// The event log's lines, kept by the recorder's sink.
private final class LineLog {
    var lines: [String] = []
}

/// A list with the simulated fetch (batches of 4 after 250 ms, up to 10 rows) shown at time 0,
/// its scene's events logged; the scene itself is not kept, so the window owns the tree.
private func fetchingListShown() throws -> (Window, LineLog) {
    let (decoded, _) = try decodeList(#""fetch":{"batch":4,"delay":250,"total":10},"rows":{"count":3,"extent":50,"#
                                      + template + "}")
    let log = LineLog()
    let window = decoded.makeWindow()
    EventRecorder.attach(to: decoded.root) { [log] in log.lines.append($0.line) }
    window.appear(at: 0)
    return (window, log)
}

@Suite struct ListSceneTests {
    @Test func rowsComeFromTheTemplateWithTheirIndex() throws {
        let (_, list) = try decodeList(#""rows":{"count":1000,"extent":50,"# + template + "}")
        #expect(list.numberOfRows == 1000)
        #expect(list.contentSize.height == 50_000)
        let row = try #require(list.nodeForRow(at: 7))
        #expect(row.name == "row-7")
        #expect(row.label == "Row 7")
        #expect(row.frame == Rect(x: 0, y: 350, width: 300, height: 50))
        #expect(row.subnodes.first?.name == "row-7-like")
        #expect(row.subnodes.first is ButtonNode)
        #expect(list.liveRowIndices.count < 100)
    }

    @Test func listKeysAreRead() throws {
        let (_, list) = try decodeList(#""horizontal":true,"inverted":true,"leadingScreens":3,"bounces":false,"rows":{"count":5,"extent":40,"#
                                       + template + "}")
        #expect(list.isHorizontal && list.isInverted)
        #expect(list.leadingScreensForBatching == 3)
        #expect(!list.bounces)
        #expect(list.rowExtent == 40)
    }

    @Test func theSimulatedFetchAppendsABatchAfterItsDelayAndStopsAtTheTotal() throws {
        let (window, log) = try fetchingListShown()
        let list = try #require(window.root.node(named: "list") as? ListNode)
        window.clock.runUntilIdle()
        #expect(list.numberOfRows == 10)
        #expect(log.lines == [
            #"{"t":0,"node":"list","event":"batchFetchBegan","rows":3}"#,
            #"{"t":250,"node":"list","event":"batchFetchCompleted","rows":7}"#,
            #"{"t":250,"node":"list","event":"batchFetchBegan","rows":7}"#,
            // The last batch is cut to the total; at the total no fetch begins.
            #"{"t":500,"node":"list","event":"batchFetchCompleted","rows":10}"#,
        ])
    }

    @Test func aListThatGoesAwayGivesUpItsFetchAndTheSimulatedCompletionDoesNothing() throws {
        let (window, log) = try fetchingListShown()
        weak var gone: ListNode?
        let context: BatchFetchContext
        do {
            let list = try #require(window.root.node(named: "list") as? ListNode)
            context = list.batchFetchContext
            #expect(context.isFetching)
            gone = list
            list.removeFromSupernode()
        }
        #expect(gone == nil, "the list is freed")
        #expect(context.state == .cancelled)
        // The completion scheduled on the window's clock finds the fetch given up.
        window.clock.runUntilIdle()
        #expect(log.lines == [#"{"t":0,"node":"list","event":"batchFetchBegan","rows":3}"#])
    }

    @Test func aTapOnATemplatedRowLogsTheRowsOwnName() throws {
        let (decoded, _) = try decodeList(#""delaysContentTouches":false,"rows":{"count":100,"extent":50,"# + template + "}")
        var names: [String] = []
        let window = decoded.makeWindow()
        EventRecorder.attach(to: decoded.root) { names.append($0.node) }
        window.scroll(.vertical, by: 1000, source: .wheel, at: Point(x: 10, y: 10), time: 0)
        window.touchDown(.finger(1), at: Point(x: 250, y: 30), time: 10)
        window.touchUp(.finger(1), time: 20)
        #expect(names == ["list", "row-20-like", "row-20-like", "row-20-like"])
    }

    @Test func listErrorsNameTheKey() {
        #expect(listRejection(#""rows":{"count":5,"#.dropLast() + "}")?.key == "root.children[0].rows.extent")
        #expect(listRejection(#""rows":{"count":-1,"extent":5,"# + template + "}")?.key == "root.children[0].rows.count")
        #expect(listRejection(#""rows":{"count":1.5,"extent":5,"# + template + "}")?.message == "expected a whole number, got 1.5")
        #expect(listRejection(#""rows":{"count":1,"extent":0,"# + template + "}")?.key == "root.children[0].rows.extent")
        #expect(listRejection(##""rows":{"count":1,"extent":5,"color":"#FFFFFF","## + template + "}")?.key == "root.children[0].rows.color")
        #expect(listRejection(#""rows":{"count":1,"extent":5}"#)?.key == "root.children[0].rows.template")
        #expect(listRejection(#""contentSize":[1,1],"rows":{"count":1,"extent":5,"# + template + "}")?.key == "root.children[0].contentSize")
        #expect(listRejection(#""children":[],"rows":{"count":1,"extent":5,"# + template + "}")?.key == "root.children[0].children")
        #expect(listRejection(#""fetch":{"batch":0,"delay":1,"total":5},"rows":{"count":1,"extent":5,"# + template + "}")?.key
                == "root.children[0].fetch.batch")
        #expect(listRejection(#""fetch":{"batch":1,"total":5},"rows":{"count":1,"extent":5,"# + template + "}")?.key
                == "root.children[0].fetch.delay")
        #expect(listRejection(#""rows":{"count":1,"extent":5,"template":{"name":"row-{i}","frame":[0,0,1,1],"alpha":7}}"#)?.key
                == "root.children[0].rows.template.alpha")
        #expect(listRejection(#""horizontal":1,"rows":{"count":1,"extent":5,"# + template + "}")?.key == "root.children[0].horizontal")
    }

    // Issue 31: a fetch loop that could spin, or a list longer than offsets can hold, is bad input.
    @Test func fetchesThatCouldSpinAndAbsurdListsAreRejectedAtLoad() {
        let rows = #""rows":{"count":1,"extent":40,"# + template + "}"
        let delayZero = listRejection(#""fetch":{"batch":1,"delay":0,"total":2147483647},"# + rows)
        #expect(delayZero?.key == "root.children[0].fetch.delay")
        #expect(delayZero?.message == "0 is out of range 1...3600000")
        #expect(listRejection(#""fetch":{"batch":1,"delay":1e300,"total":5},"# + rows)?.key == "root.children[0].fetch.delay")
        #expect(listRejection(#""leadingScreens":1e300,"# + rows)?.key == "root.children[0].leadingScreens")
        let many = listRejection(#""fetch":{"batch":1,"delay":1,"total":10002},"# + rows)
        #expect(many?.key == "root.children[0].fetch.total")
        #expect(many?.message == "10002 rows from 1 in batches of 1 take 10001 fetches, more than the 10000 a list may make")
        #expect(listRejection(#""rows":{"count":1,"extent":1e300,"# + template + "}")?.key == "root.children[0].rows.extent")
        #expect(listRejection(#""rows":{"count":2147483647,"extent":1000,"# + template + "}")?.key == "root.children[0].rows.extent")
        // The limits themselves are accepted.
        #expect(throws: Never.self) {
            try decodeList(#""leadingScreens":100,"fetch":{"batch":1,"delay":1,"total":10001},"# + rows)
        }
    }

    @Test func templateNamesMustHoldTheRowIndex() {
        let error = listRejection(#""rows":{"count":3,"extent":5,"template":{"name":"row","frame":[0,0,1,1]}}"#)
        #expect(error?.message == "'row' needs {i} (the row index) so that every row's names are unique")
    }

    @Test func aSceneNameARowWouldTakeIsRejected() {
        let text = #"{"size":[300,600],"root":{"name":"root","frame":[0,0,300,600],"children":[{"name":"row-7","frame":[0,0,1,1]},"#
            + #"{"name":"list","kind":"list","frame":[0,0,300,600],"rows":{"count":3,"extent":5,"# + template + "}}]}}"
        do {
            _ = try SceneDecoder.decode(Array(text.utf8), file: "list.json")
            Issue.record("scene was accepted")
        } catch {
            #expect(error.message == "'row-7' is also the name of a row of list 'list'; names must be unique")
        }
    }
}
