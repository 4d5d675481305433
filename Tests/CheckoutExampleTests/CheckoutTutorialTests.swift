import Foundation
import Testing
import SceneFormat
import TouchstoneApp
@testable import CheckoutExample

/// The tutorial of TouchstoneApp's catalog (BuildingAScreen.md): its app, its input script
/// and the event log it shows, kept true. `tools/docs` checks the article's listings are these files.
@Suite struct CheckoutTutorialTests {
    /// examples/Checkout/replay/NAME.
    static func replayFile(_ name: String) throws -> [UInt8] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appending(path: "../../examples/Checkout/replay").standardized
        return try [UInt8](Data(contentsOf: folder.appending(path: name)))
    }

    /// The screen in a window, its list's rows made, as `App` shows it.
    static func shownScreen() -> (CheckoutScreen, Window) {
        let screen = CheckoutScreen()
        let window = Window(root: screen, size: Size(width: 320, height: 480))
        window.appear(at: 0)
        return (screen, window)
    }

    @Test func theInputScriptReplayedIntoTheAppsOwnTreeAddsBreadThenTwoCoffees() throws {
        let (screen, window) = Self.shownScreen()
        let script = try InputScript.decode(try Self.replayFile("input.jsonl"), file: "input.jsonl")
        let input = InputDispatcher(window: window)
        for event in script { input.handle(event) }
        #expect(screen.stepper.value == 2)
        #expect(screen.cart.total == 275 + 2 * 899)
        #expect(screen.total.label == "Total 20.73")
    }

    @Test func theStepperStaysInItsRangeAndSendsValueChangedOnlyWhenItChanges() {
        let (screen, window) = Self.shownScreen()
        var values: [Double] = []
        screen.stepper.addAction(for: .valueChanged) { sender, _ in
            if case .number(let value) = sender.eventValue { values.append(value) }
        }
        let input = InputDispatcher(window: window)
        // Left half at 1: no change. Then the right half twice, and a lift outside the stepper.
        for (index, x) in [40.0, 120, 120, 400].enumerated() {
            let time = Double(index) * 1000
            input.handle(.touchDown(id: index + 1, location: Point(x: min(x, 120), y: 440)), at: time)
            input.handle(.touchFrame, at: time)
            if x > 300 {
                input.handle(.touchMotion(id: index + 1, location: Point(x: x, y: 440)), at: time + 30)
                input.handle(.touchFrame, at: time + 30)
            }
            input.handle(.touchUp(id: index + 1), at: time + 60)
            input.handle(.touchFrame, at: time + 60)
        }
        #expect(values == [2, 3])
        #expect(screen.stepper.label == "−  3  +")
    }

    @Test func theExportedScreenReplaysTheScriptToTheTutorialsEventLog() throws {
        let (screen, window) = Self.shownScreen()
        let folder = FileManager.default.temporaryDirectory.appending(path: "touchstone-checkout-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = folder.appending(path: "scene.json"), script = folder.appending(path: "input.jsonl")
        try Data(SceneWriter.export(root: screen, size: window.size, background: .white).bytes).write(to: scene)
        try Data(try Self.replayFile("input.jsonl")).write(to: script)

        let process = Process()
        let bundle = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL
            ?? URL(fileURLWithPath: CommandLine.arguments[0])
        process.executableURL = bundle.deletingLastPathComponent().appending(path: "touchstone")
        process.arguments = ["replay", scene.path, script.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let log = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let replayed = String(decoding: log, as: UTF8.self)
        let expected = String(decoding: try Self.replayFile("events.jsonl"), as: UTF8.self)
        #expect(replayed == expected)
    }
}
