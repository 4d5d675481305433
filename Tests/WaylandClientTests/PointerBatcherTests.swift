import Testing
@testable import WaylandClient

private func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

@Suite struct PointerBatcherTests {
    @Test func versionFiveEventsAreHeldUntilFrame() throws {
        var batcher = PointerBatcher(sendsFrames: true)
        #expect(batcher.enter(surfaceID: 4, location: p(1, 1)) == nil)
        #expect(batcher.motion(location: p(2, 3), time: 5) == nil)
        #expect(batcher.button(code: 0x110, pressed: true, time: 6) == nil)
        let batchValue = batcher.frame()
        let batch = try #require(batchValue)
        #expect(batch.surfaceID == 4)
        #expect(batch.events.map(\.action) == [.enter, .motion, .button(code: 0x110, pressed: true)])
        #expect(batch.events[2].location == p(2, 3), "buttons carry the latest position")
    }

    @Test func olderSeatsDeliverEachEventAlone() throws {
        var batcher = PointerBatcher(sendsFrames: false)
        let enterValue = batcher.enter(surfaceID: 1, location: p(0, 0))
        let enter = try #require(enterValue)
        #expect(enter.events.count == 1)
        let motionValue = batcher.motion(location: p(5, 5), time: 1)
        let motion = try #require(motionValue)
        #expect(motion.events.map(\.action) == [.motion])
    }

    @Test func theFramesSourceAppliesToEveryScrollEventInItWhereverItArrives() throws {
        var batcher = PointerBatcher(sendsFrames: true)
        _ = batcher.enter(surfaceID: 1, location: p(4, 5))
        _ = batcher.frame()
        #expect(batcher.axis(.vertical, value: -10, time: 3) == nil)
        #expect(batcher.axis(.horizontal, value: 2.5, time: 3) == nil)
        batcher.axisSource(.finger)  // after the axis events: the protocol fixes no order
        let batchValue = batcher.frame()
        let batch = try #require(batchValue)
        #expect(batch.events.map(\.action) == [.axis(.vertical, value: -10, source: .finger, value120: nil),
                                               .axis(.horizontal, value: 2.5, source: .finger, value120: nil)])
        #expect(batch.events.allSatisfy { $0.location == p(4, 5) && $0.time == 3 })
    }

    @Test func axisStopEndsTheSequenceOnItsAxisWithItsTimeAndSource() throws {
        var batcher = PointerBatcher(sendsFrames: true)
        _ = batcher.enter(surfaceID: 1, location: p(0, 0))
        _ = batcher.frame()
        batcher.axisSource(.finger)
        _ = batcher.axisStop(.vertical, time: 40)
        _ = batcher.axisStop(.horizontal, time: 40)
        let batchValue = batcher.frame()
        let batch = try #require(batchValue)
        #expect(batch.events.map(\.action) == [.axisStop(.vertical, source: .finger),
                                               .axisStop(.horizontal, source: .finger)])
        #expect(batch.events.map(\.time) == [40, 40])
    }

    @Test func discreteStepsBecome120thsOfTheAxisEventOnTheSameAxis() throws {
        var batcher = PointerBatcher(sendsFrames: true)
        _ = batcher.enter(surfaceID: 1, location: p(0, 0))
        batcher.axisSource(.wheel)
        batcher.axisDiscrete(.horizontal, steps: -2)
        _ = batcher.axis(.vertical, value: 10, time: 7)
        _ = batcher.axis(.horizontal, value: -20, time: 7)
        let batchValue = batcher.frame()
        let batch = try #require(batchValue)
        #expect(batch.events.dropFirst().map(\.action) == [.axis(.vertical, value: 10, source: .wheel, value120: nil),
                                                          .axis(.horizontal, value: -20, source: .wheel, value120: -240)])
    }

    @Test func value120IsSummedPerAxisWithinAFrameAndNothingCarriesIntoTheNext() throws {
        var batcher = PointerBatcher(sendsFrames: true)
        _ = batcher.enter(surfaceID: 1, location: p(0, 0))
        _ = batcher.frame()
        batcher.axisSource(.wheel)
        batcher.axisValue120(.vertical, value120: 30)
        batcher.axisValue120(.vertical, value120: 60)
        _ = batcher.axis(.vertical, value: 7.5, time: 9)
        let firstValue = batcher.frame()
        let first = try #require(firstValue)
        #expect(first.events.map(\.action) == [.axis(.vertical, value: 7.5, source: .wheel, value120: 90)])
        _ = batcher.axis(.vertical, value: 1, time: 10)
        let secondValue = batcher.frame()
        let second = try #require(secondValue)
        #expect(second.events.map(\.action) == [.axis(.vertical, value: 1, source: nil, value120: nil)])
    }

    @Test func olderSeatsDeliverEachScrollEventAloneWithoutSource() throws {
        var batcher = PointerBatcher(sendsFrames: false)
        _ = batcher.enter(surfaceID: 1, location: p(2, 2))
        let axisValue = batcher.axis(.vertical, value: 15, time: 1)
        let axis = try #require(axisValue)
        #expect(axis.events.map(\.action) == [.axis(.vertical, value: 15, source: nil, value120: nil)])
    }

    @Test func scrollOutsideOurSurfacesIsIgnored() {
        var batcher = PointerBatcher(sendsFrames: true)
        #expect(batcher.axis(.vertical, value: 5, time: 1) == nil)
        #expect(batcher.axisStop(.vertical, time: 2) == nil)
        #expect(batcher.frame() == nil)
    }

    @Test func motionOutsideOurSurfacesIsIgnored() {
        var batcher = PointerBatcher(sendsFrames: false)
        #expect(batcher.motion(location: p(1, 1), time: 1) == nil)
        #expect(batcher.leave() == nil)
    }
}

@Suite struct ScaleAndRegistryTests {
    @Test func integerScaleUsesTheLargestOutputScale() {
        let scale = SurfaceScale.resolve(preferredScale120: nil, canUseViewport: true, outputScales: [1, 2])
        #expect(scale == .integer(2))
        #expect(scale.bufferSize(for: Size(width: 100, height: 50)) == PixelSize(width: 200, height: 100))
    }

    @Test func fractionalScaleNeedsAViewportAndRoundsHalfUp() {
        #expect(SurfaceScale.resolve(preferredScale120: 180, canUseViewport: false, outputScales: [1]) == .integer(1))
        let scale = SurfaceScale.resolve(preferredScale120: 180, canUseViewport: true, outputScales: [1])
        #expect(scale.bufferSize(for: Size(width: 101, height: 3)) == PixelSize(width: 152, height: 5))
    }

    @Test func bindingPicksTheLowestOfPreferredOfferedAndKnown() throws {
        #expect(try Registry.negotiate(interface: "wl_seat", offered: 7, required: 1, preferred: 8, known: 9) == 7)
        #expect(try Registry.negotiate(interface: "wl_seat", offered: 9, required: 1, preferred: 8, known: 9) == 8)
    }

    @Test func missingOrOldGlobalsNameBothVersions() {
        #expect(throws: RegistryError.missingGlobal(interface: "xdg_wm_base", required: 1, preferred: 5)) {
            try Registry.negotiate(interface: "xdg_wm_base", offered: nil, required: 1, preferred: 5, known: 5)
        }
        let error = RegistryError.versionTooOld(interface: "wl_compositor", required: 4, preferred: 5, offered: 3)
        #expect(error.description == "the compositor offers wl_compositor version 3, but version 4 is required (5 preferred)")
    }
}
