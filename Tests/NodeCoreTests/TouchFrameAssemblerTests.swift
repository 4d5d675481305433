import Testing
@testable import NodeCore

// behaviour.md §3.3: the frame rules, in the one place both the seat and an input script's
// lines apply them (`TouchFrameAssembler`).

@Suite struct TouchFrameAssemblerTests {
    /// An assembler whose touches `ids` went down at time 1, each at (id, id), in a frame
    /// it already delivered.
    private func framesWithTouchesDown(_ ids: [Int]) -> TouchFrameAssembler {
        var frames = TouchFrameAssembler()
        for id in ids { frames.down(id: id, location: pt(Double(id), Double(id)), time: 1) }
        _ = frames.frame()
        return frames
    }

    @Test func eventsWaitForFrameAndArriveTogetherInOrder() throws {
        var frames = TouchFrameAssembler()
        frames.down(id: 1, location: pt(10, 10), time: 1)
        frames.down(id: 2, location: pt(20, 20), time: 1)
        frames.motion(id: 1, location: pt(11, 12), time: 2)
        let frameValue = frames.frame()
        let frame = try #require(frameValue)
        #expect(frame.changes.map(\.id) == [1, 2, 1])
        #expect(frame.changes.map(\.phase) == [.began, .began, .moved])
        #expect(frame.changes.map(\.time) == [1, 1, 2])
        #expect(frame.changes[2].location == pt(11, 12))
        #expect(!frame.isCancel)
        #expect(frames.frame() == nil)
    }

    @Test func twoFingersDownInOneFrameComeInArrivalOrderAndStayDown() throws {
        var frames = TouchFrameAssembler()
        frames.down(id: 7, location: pt(5, 5), time: 10)
        frames.down(id: 3, location: pt(50, 5), time: 10)
        #expect(frames.activeIDs == [7, 3], "a waiting down already counts as down")
        let frameValue = frames.frame()
        let frame = try #require(frameValue)
        #expect(frame.changes.map(\.id) == [7, 3])
        #expect(frame.changes.map(\.location) == [pt(5, 5), pt(50, 5)])
        #expect(frames.activeIDs == [7, 3])
    }

    @Test func aRecycledFrameCarriesNothingIntoTheNext() throws {
        var frames = TouchFrameAssembler()
        frames.down(id: 1, location: pt(1, 1), time: 1)
        let firstValue = frames.frame()
        var first = try #require(firstValue)
        let kept = first  // a receiver that keeps the frame keeps what it saw
        frames.recycle(&first)
        #expect(first.changes.isEmpty)
        frames.motion(id: 1, location: pt(2, 2), time: 2)
        let secondValue = frames.frame()
        let second = try #require(secondValue)
        #expect(second.changes.map(\.phase) == [.moved])
        #expect(kept.changes.map(\.phase) == [.began])
    }

    @Test func downAndUpInOneFrameIsACompleteTap() throws {
        var frames = TouchFrameAssembler()
        frames.down(id: 1, location: pt(5, 5), time: 1)
        frames.down(id: 2, location: pt(6, 6), time: 1)
        #expect(frames.up(id: 2, time: 2) == nil, "touch 1 still down: wait for the frame")
        let frameValue = frames.frame()
        let frame = try #require(frameValue)
        #expect(frame.changes.map(\.phase) == [.began, .began, .ended])
        #expect(frame.changes[2].location == pt(6, 6), "an up reports where the touch was")
    }

    @Test func theLastUpDeliversAtOnceForWestonsMissingFrame() throws {
        var frames = TouchFrameAssembler()
        frames.down(id: 3, location: pt(1, 1), time: 1)
        _ = frames.frame()
        frames.motion(id: 3, location: pt(2, 2), time: 2)
        let frameValue = frames.up(id: 3, time: 3)
        let frame = try #require(frameValue)
        #expect(frame.changes.map(\.phase) == [.moved, .ended])
        #expect(frame.changes.map(\.time) == [2, 3])
        #expect(frames.frame() == nil, "a later frame (weston ≥ 12) delivers nothing twice")
        #expect(frames.activeIDs.isEmpty)
        #expect(frames.isIdle)
    }

    @Test func anUpWhileAnotherTouchIsDownWaitsForTheFrame() throws {
        var frames = framesWithTouchesDown([1, 2])
        #expect(frames.up(id: 1, time: 5) == nil)
        #expect(frames.activeIDs == [2])
        let lastValue = frames.up(id: 2, time: 6)
        let last = try #require(lastValue, "the last up brings the held up with it")
        #expect(last.changes.map(\.id) == [1, 2])
        #expect(last.changes.map(\.phase) == [.ended, .ended])
    }

    @Test func cancelMidFrameDropsTheWaitingChangesAndCancelsEveryTouchInBeginOrder() throws {
        var frames = framesWithTouchesDown([5, 2])
        // Mid-frame: a motion, an up of a touch that is not the last, and a new down wait.
        frames.motion(id: 5, location: pt(6, 6), time: 2)
        #expect(frames.up(id: 2, time: 2) == nil)
        frames.down(id: 9, location: pt(9, 9), time: 2)
        let cancelValue = frames.cancel()
        let cancel = try #require(cancelValue)
        #expect(cancel.isCancel)
        #expect(cancel.changes.map(\.id) == [5, 9], "the touch that went up mid-frame is no longer down")
        #expect(cancel.changes.allSatisfy { $0.phase == .cancelled && $0.time == 0 })
        #expect(cancel.changes[0].location == pt(6, 6), "a cancel reports the last known location")
        #expect(frames.frame() == nil, "the waiting changes were dropped")
        #expect(frames.cancel() == nil, "nothing is down any more")
        frames.down(id: 5, location: pt(1, 1), time: 3)
        #expect(frames.activeIDs == [5], "an id goes down again after the cancel")
    }

    @Test func eventsForIdsThatAreNotDownAreIgnored() {
        var frames = TouchFrameAssembler()
        frames.motion(id: 42, location: pt(1, 1), time: 1)
        #expect(frames.up(id: 42, time: 2) == nil)
        frames.shape(id: 42, major: 3, minor: 2)
        frames.orientation(id: 42, degrees: 45)
        #expect(frames.frame() == nil)
        #expect(frames.cancel() == nil)
    }

    @Test func aSecondDownForATouchThatIsDownIsIgnored() throws {
        var frames = TouchFrameAssembler()
        frames.down(id: 1, location: pt(1, 1), time: 1)
        frames.down(id: 1, location: pt(9, 9), time: 1)
        let frameValue = frames.frame()
        let frame = try #require(frameValue)
        #expect(frame.changes.map(\.location) == [pt(1, 1)])
    }

    @Test func anIdCanGoDownAgainAfterItsUpInTheSameFrame() throws {
        var frames = framesWithTouchesDown([2])
        frames.down(id: 1, location: pt(1, 1), time: 5)
        #expect(frames.up(id: 1, time: 5) == nil)
        frames.down(id: 1, location: pt(3, 3), time: 5)
        let frameValue = frames.frame()
        let frame = try #require(frameValue)
        #expect(frame.changes.map(\.phase) == [.began, .ended, .began])
        #expect(frames.activeIDs == [2, 1])
    }

    @Test func shapeAndOrientationAttachToTheTouchAndStayWithIt() throws {
        var frames = TouchFrameAssembler()
        frames.down(id: 1, location: pt(0, 0), time: 1)
        frames.shape(id: 1, major: 8, minor: 4)
        frames.orientation(id: 1, degrees: 30)
        let firstValue = frames.frame()
        let first = try #require(firstValue)
        #expect(first.changes[0].shape?.major == 8)
        #expect(first.changes[0].shape?.minor == 4)
        #expect(first.changes[0].orientation == 30)
        frames.motion(id: 1, location: pt(1, 1), time: 2)
        let cancelValue = frames.cancel()
        let cancel = try #require(cancelValue)
        #expect(cancel.changes[0].shape?.major == 8, "later changes keep the contact's shape")
        #expect(cancel.changes[0].orientation == 30)
    }
}
