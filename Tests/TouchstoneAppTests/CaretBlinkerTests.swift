import NodeCore
import Testing
@testable import TouchstoneApp

/// The caret blink of a live window (behaviour.md §16): a timer only while a field edits,
/// and a blink damages the caret alone.
@Suite struct CaretBlinkerTests {
    private func setUp() throws -> (Window, TextFieldNode, CaretBlinker, AppTimers) {
        let field = TextFieldNode(name: "f", frame: Rect(x: 10, y: 20, width: 200, height: 40))
        field.text = "abc"
        let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 300, height: 100))
        root.addSubnode(field)
        let window = Window(root: root, size: Size(width: 300, height: 100))
        let timers = try AppTimers()
        return (window, field, CaretBlinker(window: window, timers: timers), timers)
    }

    @Test func noTimerRunsWhileNoFieldEdits() throws {
        let (window, field, blinker, timers) = try setUp()
        blinker.update()
        #expect(blinker.timer == nil)
        window.makeFirstResponder(field)
        blinker.update()
        let timer = try #require(blinker.timer)
        #expect(timers.isScheduled(timer))
        window.endEditing()
        blinker.update()
        #expect(blinker.timer == nil)
        #expect(!timers.isScheduled(timer))
    }

    @Test func aBlinkDamagesOnlyTheCaret() throws {
        let (window, field, blinker, _) = try setUp()
        window.makeFirstResponder(field)
        blinker.update()
        _ = window.takeInvalidations()
        blinker.blink()
        #expect(!field.isCaretShown)
        let damage = window.takeInvalidations()
        #expect(damage.count == 1)
        guard case .area(let rect)? = damage.first else {
            Issue.record("expected an area, got \(damage)")
            return
        }
        #expect(rect == field.convert(field.caretRect, to: nil))
        #expect(rect.width == TextFieldNode.caretWidth)
    }

    @Test func anEditShowsTheCaretAndRestartsThePhase() throws {
        let (window, field, blinker, timers) = try setUp()
        window.makeFirstResponder(field)
        blinker.update()
        let first = try #require(blinker.timer)
        blinker.blink()
        _ = window.keyPressed("x", time: 10)
        blinker.update()
        #expect(field.isCaretShown)
        #expect(blinker.timer != first)
        #expect(!timers.isScheduled(first))
    }

    @Test func endingEditingLeavesTheCaretShownForNextTime() throws {
        let (window, field, blinker, _) = try setUp()
        window.makeFirstResponder(field)
        blinker.update()
        blinker.blink()
        window.endEditing()
        blinker.update()
        #expect(field.isCaretShown)
    }
}
