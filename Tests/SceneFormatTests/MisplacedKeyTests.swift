import Testing
@testable import SceneFormat

/// Keys of another kind (scroll keys on a button, text keys on a plain node, control keys on
/// a scroll node) are found among the node's unread members; with several, the message
/// names the first in the kind's own key order, whatever order the file has them in.
@Suite struct MisplacedKeyTests {
    private func message(_ node: String) -> String? {
        let text = #"{"size":[10,10],"root":{"name":"root","frame":[0,0,10,10],"children":["# + node + "]}}"
        do {
            _ = try SceneDecoder.decode(Array(text.utf8), file: "m.json")
            return nil
        } catch {
            return "\(error.key ?? ""): \(error.message)"
        }
    }

    @Test func theFirstMisplacedKeyInTheKindsOrderIsNamed() {
        #expect(message(#"{"name":"b","kind":"button","frame":[0,0,5,5],"scrollSlop":1,"bounces":false,"children":[]}"#)
                == "root.children[0].bounces: only scroll nodes have 'bounces' (this node's kind is 'button')")
        #expect(message(#"{"name":"n","frame":[0,0,5,5],"lines":2,"fontSize":9,"text":"t"}"#)
                == "root.children[0].text: only text nodes have 'text' (this node's kind is 'node')")
        #expect(message(##"{"name":"s","kind":"scroll","frame":[0,0,5,5],"selectedColor":"#FFFFFF","enabled":true}"##)
                == "root.children[0].enabled: only controls have 'enabled' (this node's kind is 'scroll')")
        // Scroll keys are looked for before text keys, text keys before control keys.
        #expect(message(#"{"name":"n","frame":[0,0,5,5],"enabled":true,"text":"t","bounces":true}"#)
                == "root.children[0].bounces: only scroll nodes have 'bounces' (this node's kind is 'node')")
        #expect(message(#"{"name":"n","frame":[0,0,5,5],"enabled":true,"text":"t"}"#)
                == "root.children[0].text: only text nodes have 'text' (this node's kind is 'node')")
    }
}
