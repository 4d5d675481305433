import Foundation
import Testing
import NodeCore
import SceneFormat
import Session

/// A laid-out screen: a title above an inverted chat of 30 self-sizing messages that wrap
/// to a few lines each (estimated 20 pt: 600 pt if never measured, within two screens of
/// the top at once), fetching 10 older ones at a time.
private let chat = """
{"size": [320, 440], "root": {"name": "root", "layout": {}, "children": [
  {"name": "title", "kind": "text", "text": "Chat", "height": 40},
  {"name": "chat", "kind": "list", "grow": 1, "inverted": true,
   "rows": {"count": 30, "extent": "auto", "estimatedExtent": 20,
     "template": {"name": "message-{i}", "layout": {"padding": [4, 8, 4, 8], "direction": "row", "gap": 8},
       "children": [{"name": "text-{i}", "kind": "text", "text": "Message {i} says something long enough to wrap", "grow": 1, "shrink": 1},
                    {"name": "like-{i}", "kind": "button", "label": "Like", "alignSelf": "center"}]}},
   "fetch": {"batch": 10, "delay": 100, "total": 60}}]}}
"""

/// behaviour.md §15.3 in a replay: rows measured by the renderer's text engine before the
/// list appears, batch fetching on the measured content, taps where the rows are.
@Suite struct SelfSizingReplayTests {
    @Test func aSelfSizingChatIsMeasuredBeforeItAppearsAndFetchesWhereItsMeasuredContentSays() throws {
        let scene = try SceneDecoder.decode(Array(chat.utf8), file: "chat.json")
        var lines: [String] = []
        let replay = Replay(scene: scene) { lines.append($0.line) }
        let list = try #require(replay.window.root.node(named: "chat") as? ListNode)
        // Measured, the content is far longer than its estimate: no fetch when it appeared.
        #expect(list.contentSize.height > 1200)
        #expect(!lines.contains { $0.contains("batchFetchBegan") })
        // It starts at its newest message, whose bottom is the list's.
        let newest = try #require(list.nodeForRow(at: 0))
        #expect(newest.frame.maxY - list.contentOffset.y == list.frame.height)
        #expect(newest.frame.height > 20)
        // A tap on the newest message's Like button, then a wheel scroll up to 700 pt from the top.
        let like = try #require(newest.node(named: "like-0"))
        let center = like.convert(Point(x: like.frame.width / 2, y: like.frame.height / 2), to: nil)
        let up = Int(list.contentOffset.y) - 700
        let script = """
        {"t":10,"type":"touch.down","id":1,"x":\(center.x),"y":\(center.y)}
        {"t":10,"type":"touch.frame"}
        {"t":20,"type":"touch.up","id":1}
        {"t":20,"type":"touch.frame"}
        {"t":100,"type":"pointer.motion","x":160,"y":300}
        {"t":110,"type":"pointer.axis","axis":"vertical","value":-\(up),"source":"wheel"}
        """
        replay.play(try InputScript.decode(Array(script.utf8), file: "chat.jsonl"))
        #expect(lines.filter { $0.contains("like-0") }.count == 3, "\(lines)")
        let fetches = lines.filter { $0.contains("batchFetch") }
        #expect(fetches.first?.hasPrefix(#"{"t":110,"node":"chat","event":"batchFetchBegan""#) == true, "\(lines)")
        #expect(fetches.contains { $0.contains(#""event":"batchFetchCompleted","rows":40"#) })
    }
}
