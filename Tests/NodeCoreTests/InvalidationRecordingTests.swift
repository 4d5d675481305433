import Testing
@testable import NodeCore

@Suite struct InvalidationRecordingTests {
    @Test func aWindowThatRecordsNoInvalidationsKeepsNoneAndDamagesEverythingWhenItRecordsAgain() {
        let child = ButtonNode(name: "child", frame: Rect(x: 10, y: 10, width: 20, height: 20))
        let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 100, height: 80))
        root.addSubnode(child)
        let window = Window(root: root, size: Size(width: 100, height: 80))
        _ = window.takeInvalidations()
        window.recordsInvalidations = false
        child.frame.origin.x = 40
        child.backgroundColor = .black
        child.removeFromSupernode()
        root.addSubnode(child)
        #expect(window.takeInvalidations().isEmpty)
        window.recordsInvalidations = true
        let taken = window.takeInvalidations()
        #expect(taken.count == 1)
        if case .area(let rect)? = taken.first { #expect(rect == Rect(x: 0, y: 0, width: 100, height: 80)) } else { Issue.record("\(taken)") }
        child.backgroundColor = .white
        #expect(window.takeInvalidations().count == 1)
    }
}
