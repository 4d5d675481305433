import Testing
import NodeCore

/// The README's library example, kept compiling and true.
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
