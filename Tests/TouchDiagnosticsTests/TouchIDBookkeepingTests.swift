import NodeCore
import Testing
@testable import TouchDiagnostics

/// Issue 31: ever-new touch ids cost each event the same as reused ones, and the HUD's
/// memory stays bounded.
@Suite struct TouchIDBookkeepingTests {
    @Test func theHUDKeepsOnlyTheNewestEndedTouchesWhateverIdsArrive() {
        var hud = PointerLocation()
        let held = Point(x: 1, y: 1)
        hud.handle(.touchDown(id: -1, location: held), at: 0)
        for id in 0 ..< 5000 {
            hud.handle(.touchDown(id: id, location: Point(x: Double(id % 100), y: 5)), at: Double(id))
            hud.handle(.touchMotion(id: id, location: Point(x: Double(id % 100), y: 6)), at: Double(id))
            hud.handle(.touchUp(id: id), at: Double(id))
        }
        let ids = hud.touches.map(\.id)
        #expect(ids.count == PointerLocation.maximumEndedTouches + 1)
        #expect(ids.first == .finger(-1))
        #expect(ids.last == .finger(4999))
        #expect(ids.dropFirst().first == .finger(4000))
        #expect(hud.activeCount == 1 && hud.newest?.id == .finger(4999))
        hud.handle(.touchCancel, at: 6000)
        #expect(hud.activeCount == 0)
        #expect(hud.touches.allSatisfy { !$0.isDown })
    }

    @Test func anIdThatComesBackIsNotForgottenForItsOldEnd() {
        var hud = PointerLocation()
        hud.handle(.touchDown(id: 7, location: Point(x: 0, y: 0)), at: 0)
        hud.handle(.touchUp(id: 7), at: 1)
        hud.handle(.touchDown(id: 7, location: Point(x: 3, y: 3)), at: 2)
        for id in 100 ..< 100 + PointerLocation.maximumEndedTouches + 10 {
            hud.handle(.touchDown(id: id, location: Point(x: 0, y: 0)), at: 3)
            hud.handle(.touchUp(id: id), at: 4)
        }
        #expect(hud.touches.contains { $0.id == .finger(7) && $0.isDown })
    }

    @Test func touchTestTracksThousandsOfFingersDownAtOnce() {
        var test = TouchTest(size: Size(width: 100, height: 100), cellSize: 10)
        for id in 0 ..< 20_000 { test.handle(.touchDown(id: id, location: Point(x: 5, y: 5)), at: 0) }
        for id in stride(from: 0, to: 20_000, by: 2) { test.handle(.touchUp(id: id), at: 1) }
        #expect(test.maxSimultaneous == 20_000)
        #expect(test.active.count == 10_000)
        #expect(test.activeTouches.first?.id == .finger(1))
        test.handle(.touchCancel, at: 2)
        #expect(test.active.isEmpty)
        #expect(test.report(at: 3).touches.filter(\.cancelled).count == 10_000)
    }
}
