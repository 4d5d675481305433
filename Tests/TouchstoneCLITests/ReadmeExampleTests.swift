import Testing
import NodeCore

/// The library example of docs/library.md ("The tree without a compositor"), kept compiling and true.
@Suite struct ReadmeExampleTests {
    @Test func slopBandTapTriggersThePrimaryAction() {
        let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 320, height: 200))
        let play = ButtonNode(name: "play", frame: Rect(x: 130, y: 80, width: 60, height: 40))
        play.hitTestSlop = EdgeInsets(all: -20)
        root.addSubnode(play)

        let window = Window(root: root, size: Size(width: 320, height: 200))
        var taps: [String] = []
        play.addAction(for: .primaryActionTriggered) { sender, event in
            taps.append("\(sender.name) tapped by touch \(event.touch!.id)")
        }

        let input = InputDispatcher(window: window)
        input.handle(.touchDown(id: 1, location: Point(x: 115, y: 70)), at: 0)
        input.handle(.touchFrame, at: 0)
        input.handle(.touchUp(id: 1), at: 50)
        #expect(taps == ["play tapped by touch 1"])
    }
}

/// The scrolling snippet of docs/library.md, kept compiling and true.
@Suite struct ReadmeScrollingExampleTests {
    @Test func scrollNodeSnippetScrollsAndReportsToItsObserver() {
        let list = ScrollNode(name: "list", frame: Rect(x: 0, y: 0, width: 320, height: 480))
        list.contentSize = Size(width: 320, height: 2000)
        list.cancelsControlTouches = true
        var seen: [String] = []
        list.addScrollObserver { _, event in seen.append("\(event.kind.name) \(event.offset.y)") }
        let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 320, height: 480))
        root.addSubnode(list)
        let input = InputDispatcher(window: Window(root: root, size: Size(width: 320, height: 480)))
        input.handle(.pointerMotion(location: Point(x: 100, y: 100)), at: 0)
        input.handle(.pointerAxis(.vertical, value: 40, source: .wheel), at: 10)
        #expect(seen == ["scrolled 40.0"])
    }
}
