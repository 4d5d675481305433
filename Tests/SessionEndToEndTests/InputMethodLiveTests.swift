import Foundation
import NodeCore
import SceneFormat
import Testing
import WestonControl
import WestonHarness

/// An input method reaches a text field through `zwp_text_input_v3` (behaviour.md §16.4):
/// under headless phoc and sway (wlroots), the project's test input method
/// (`tools/wlroots-harness`'s `wlr-input-method`, `zwp_input_method_v2`) preedits and commits
/// into a field tapped with the virtual pointer. The field's log shows the commit, the screen
/// the preedit underlined, and the caret rectangle the window sends is where the caret is
/// painted; the recording replays to the identical log.
@Suite("input methods under wlroots compositors", .serialized)
struct InputMethodLiveTests {
    static let scene = """
    { "size": [320, 160], "background": "#FFFFFF",
      "root": { "name": "root", "frame": [0, 0, 320, 160], "children": [
        { "name": "field", "kind": "textField", "frame": [20, 20, 280, 48], "color": "#EEEEEE",
          "fontSize": 24, "textColor": "#000000", "placeholder": "" },
        { "name": "pin", "kind": "textField", "frame": [20, 90, 280, 48], "color": "#EEEEEE",
          "fontSize": 24, "textColor": "#000000", "contentType": "pin", "secure": true } ] } }
    """
    /// The output, in points at scale 1: the window fills it and the scene sits at its top left.
    static let output = (width: 640, height: 360)

    @Test func underPhocAnInputMethodPreeditsAndCommitsIntoATappedField() throws {
        let phoc = try HeadlessWlroots.start(.phoc, mode: Self.output)
        defer { phoc.stop() }
        try preeditAndCommit(on: phoc)
    }

    /// sway tiles the lone window over the output, without a border (the harness's config).
    @Test func underSwayAnInputMethodPreeditsAndCommitsIntoATappedField() throws {
        let sway = try HeadlessWlroots.start(.sway, mode: Self.output)
        defer { sway.stop() }
        try preeditAndCommit(on: sway)
    }

    private func preeditAndCommit(on compositor: HeadlessWlroots) throws {
        // The input method first: the compositor activates it when the field enables text input.
        let method = try TestInputMethod(environment: compositor.environment, directory: compositor.directory)
        defer { method.stop() }
        let record = compositor.directory.appending(path: "input-\(UUID().uuidString).jsonl")
        let live = try TracedClient(scene: Self.scene, arguments: ["--record", record.path], in: compositor.directory,
                                    launch: compositor.launchClient)
        defer { live.client.stop() }
        try live.waitForFirstFrameShown()

        // Tap the field: it edits, and the input method is activated with its content type
        // (completion 1 | spellcheck 2 | auto_capitalization 4; purpose normal 0) and its
        // empty surrounding text.
        try tap(x: 100, y: 44, on: compositor)
        let activated = try live.poll("the input method activated") { () -> [String]? in
            let events = method.events()
            return events.contains("activate") && events.last?.hasPrefix("done ") == true ? events : nil
        }
        #expect(activated.contains("content_type 7 0"), "\(activated)")
        #expect(activated.contains("surrounding_text 0 0 "), "\(activated)")
        let emptyCaret = try lastCursorRectangle(live)

        // A preedit: shown underlined at the caret, not part of the text (no editingChanged).
        try send(["preedit 2 2 ab", "done"], to: method, andWaitForTheFrameOf: live)
        let composing = try screenshotWithCaret(compositor)
        #expect(composing.underlineRows(in: Self.fieldArea, minimumRun: 20).count == 1,
                "one underline under the preedit")
        let composingCaret = try lastCursorRectangle(live)
        #expect(composingCaret.x > emptyCaret.x + 20, "the caret rectangle follows the caret into the preedit")
        expect(composingCaret, coversCaretIn: composing)
        #expect(try live.loggedEvents().map(\.event.name) == ["touchDown", "touchUpInside", "editingDidBegin"])

        // The commit replaces the preedit: one editingChanged with the text; no underline.
        try send(["commit ab", "done"], to: method, andWaitForTheFrameOf: live)
        let committed = try live.poll("the commit logged") { () -> [EventLogEntry]? in
            let entries = try? live.loggedEvents()
            return entries?.contains { $0.event == .control(.editingChanged) } == true ? entries : nil
        }
        #expect(committed.filter { $0.event == .control(.editingChanged) }.map(\.text) == ["ab"])
        #expect(committed.last?.caret == 2)
        let shown = try screenshotWithCaret(compositor)
        #expect(shown.underlineRows(in: Self.fieldArea, minimumRun: 20).isEmpty)
        expect(try lastCursorRectangle(live), coversCaretIn: shown)
        // The input method is told the new text, the caret after it.
        _ = try live.poll("the surrounding text after the commit") { method.events().contains("surrounding_text 2 2 ab") ? true : nil }

        // A delete and a commit in one done, in the protocol's order: the delete first.
        try send(["delete 1 0", "commit c", "done"], to: method, andWaitForTheFrameOf: live)
        let replaced = try live.poll("the replacement logged") { () -> [String]? in
            let texts = ((try? live.loggedEvents()) ?? []).filter { $0.event == .control(.editingChanged) }.compactMap(\.text)
            return texts.count >= 3 ? texts : nil
        }
        #expect(replaced == ["ab", "a", "ac"])
        _ = try live.poll("the surrounding text after the replacement") { method.events().contains("surrounding_text 2 2 ac") ? true : nil }

        // Another field: disabled, then enabled with its own type (hidden_text 0x40 |
        // sensitive_data 0x80; purpose pin 9) and, being secure, no surrounding text.
        let before = method.events().count
        try tap(x: 100, y: 114, on: compositor)
        let pinEvents = try live.poll("the PIN field's activation") { () -> [String]? in
            let events = Array(method.events().dropFirst(before))
            return events.contains("content_type 192 9") && events.last?.hasPrefix("done ") == true ? events : nil
        }
        #expect(pinEvents.contains("deactivate") && pinEvents.contains("activate"), "\(pinEvents)")
        let afterActivate = pinEvents.drop { $0 != "activate" }
        #expect(!afterActivate.contains { $0.hasPrefix("surrounding_text") }, "\(pinEvents)")

        // The recording holds the input method's lines and replays to the same log.
        let logged = try live.poll("the PIN field's editingDidBegin logged") { () -> String? in
            let text = (try? String(contentsOf: live.events, encoding: .utf8)) ?? ""
            return text.contains("\"node\":\"pin\",\"event\":\"editingDidBegin\"") ? text : nil
        }
        let recorded = try String(contentsOf: record, encoding: .utf8)
        #expect(recorded.contains("\"type\":\"text.preedit\",\"text\":\"ab\",\"cursor\":2"), "\(recorded)")
        #expect(recorded.contains("\"type\":\"text.commit\",\"text\":\"ab\""), "\(recorded)")
        #expect(recorded.contains("\"type\":\"text.delete\",\"before\":1,\"after\":0"), "\(recorded)")
        let sceneFile = live.events.deletingLastPathComponent().appending(path: "scene.json")
        let replay = try runTouchstone(["replay", sceneFile.path, record.path])
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replay.stdout == logged)
    }

    // MARK: Helpers

    /// The field `field` in screen pixels (scale 1, the scene at the top left).
    static let fieldArea = (x: 20 ..< 300, y: 20 ..< 68)

    static func isDone(_ line: Substring) -> Bool { line.contains("zwp_text_input_v3@") && line.contains(".done(") }

    /// Sends the input method `commands`, then waits for the frame that shows the window's
    /// next `zwp_text_input_v3.done`.
    private func send(_ commands: [String], to method: TestInputMethod, andWaitForTheFrameOf live: TracedClient) throws {
        let dones = live.trace().filter(Self.isDone).count
        for command in commands { try method.send(command) }
        try live.waitForFrameShown(after: Self.isDone, occurrence: dones + 1)
    }

    /// A click at (x, y) through the virtual pointer.
    private func tap(x: Double, y: Double, on compositor: HeadlessWlroots) throws {
        try compositor.send("pointer \(x) \(y) \(Self.output.width) \(Self.output.height)")
        try compositor.send("button 272 pressed")
        try compositor.send("button 272 released")
    }

    /// The rectangle of the latest `set_cursor_rectangle` in the client's trace.
    private func lastCursorRectangle(_ live: TracedClient) throws -> LogicalBox {
        let line = try live.waitForTrace("a set_cursor_rectangle") { $0.contains(".set_cursor_rectangle(") }
        let numbers = line.split(separator: "(").last?.split(separator: ")").first?
            .split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? []
        let box = try #require(numbers.count == 4 ? LogicalBox(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]) : nil,
                               "\(line)")
        return box
    }

    /// A screenshot in which the field's caret is painted: it blinks, so one taken in its off
    /// phase is taken again (at most 10 times; each blink phase lasts 500 ms).
    private func screenshotWithCaret(_ compositor: HeadlessWlroots) throws -> Screenshot {
        for _ in 0 ..< 10 {
            let shot = try compositor.screenshot()
            if shot.caretColumns(in: Self.fieldArea) != nil { return shot }
        }
        throw HarnessError.timeout(command: "a screenshot showing the caret", seconds: 10)
    }

    /// The rectangle holds the caret the screenshot shows, and is no more than a point wider
    /// on each side than its 2 pt.
    private func expect(_ box: LogicalBox, coversCaretIn shot: Screenshot, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let caret = shot.caretColumns(in: Self.fieldArea) else {
            Issue.record("no caret on screen", sourceLocation: sourceLocation)
            return
        }
        #expect(box.x <= caret.columns.lowerBound && box.x + box.width >= caret.columns.upperBound,
                "caret columns \(caret.columns), rectangle \(box)", sourceLocation: sourceLocation)
        #expect(box.width <= 4, "\(box)", sourceLocation: sourceLocation)
        #expect(box.y <= caret.rows.lowerBound && box.y + box.height >= caret.rows.upperBound,
                "caret rows \(caret.rows), rectangle \(box)", sourceLocation: sourceLocation)
    }
}

/// A `set_cursor_rectangle`'s arguments.
struct LogicalBox: Equatable, CustomStringConvertible {
    var x: Int, y: Int, width: Int, height: Int
    var description: String { "(\(x), \(y), \(width), \(height))" }
}

extension TracedClient {
    /// The event log written so far.
    func loggedEvents() throws -> [EventLogEntry] {
        try EventLog.decode(Array((try? Data(contentsOf: events)) ?? Data()), file: events.path)
    }
}

extension Screenshot {
    /// Whether a pixel is ink (the black text, underline or caret) rather than background.
    private func isInk(x: Int, y: Int) -> Bool { pixel(x: x, y: y).r < 100 }

    /// The caret: the columns with a vertical run of ink at least 25 px tall (the caret is a
    /// line, 30 px at 24 pt; no glyph of the test's text is that tall), and that run's rows.
    func caretColumns(in area: (x: Range<Int>, y: Range<Int>)) -> (columns: Range<Int>, rows: Range<Int>)? {
        var columns: [Int] = [], rows: Range<Int>?
        for x in area.x {
            var run = 0, best = 0 ..< 0
            for y in area.y {
                run = isInk(x: x, y: y) ? run + 1 : 0
                if run > best.count { best = y + 1 - run ..< y + 1 }
            }
            if best.count >= 25 { columns.append(x); rows = best }
        }
        guard let first = columns.first, let last = columns.last, let rows else { return nil }
        return (first ..< last + 1, rows)
    }

    /// Rows with a horizontal run of at least `minimumRun` ink pixels: an underline (glyphs
    /// leave gaps between letters).
    func underlineRows(in area: (x: Range<Int>, y: Range<Int>), minimumRun: Int) -> [Int] {
        area.y.filter { y in
            var run = 0
            for x in area.x {
                run = isInk(x: x, y: y) ? run + 1 : 0
                if run >= minimumRun { return true }
            }
            return false
        }
    }
}
