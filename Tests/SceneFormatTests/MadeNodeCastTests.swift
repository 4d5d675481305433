import NodeCore
import Testing
@testable import SceneFormat

/// SceneFormat's one unchecked downcast (MadeNodeCasts.swift): the node itself for its class
/// or a superclass, and a trap in debug builds for any other.
@Suite struct MadeNodeCastTests {
    @Test func aNodeIsCastToItsOwnClassOrASuperclass() {
        let list = ListNode(name: "rows", frame: Rect(x: 0, y: 0, width: 100, height: 100), rowExtent: 20)
        #expect(list.madeAs(ListNode.self) === list)
        #expect(list.madeAs(ScrollNode.self) === list)
        let slider = SliderNode(name: "volume")
        #expect(slider.madeAs(ControlNode.self) === slider)
    }

    #if DEBUG
    @Test func castingANodeOfAnotherClassTrapsInDebugBuilds() async {
        await #expect(processExitsWith: .failure) {
            _ = Node(name: "plain").madeAs(TextNode.self)
        }
    }
    #endif
}
