import Testing
@testable import NodeCore

// The batch-fetch rule case by case, mirroring Texture's ASBatchFetchingTests: one
// screen is 100 pt, the content three screens unless a case says otherwise.

@Suite struct BatchFetchRuleTests {
    let screen = 100.0

    func fetches(fetching: Bool = false, agrees: Bool = true, leading: Double = 1,
                 size: Size? = nil, content: Double? = nil, remaining: Double,
                 direction: BatchFetchScrollDirection = .towardFetchingEnd) -> Bool {
        let size = size ?? Size(width: 50, height: screen)
        return BatchFetchRule.shouldFetch(isFetching: fetching, delegateAgrees: agrees, leadingScreens: leading,
                                          visibleSize: size, visibleLength: size.height,
                                          contentLength: content ?? screen * 3, remainingDistance: remaining,
                                          direction: direction)
    }

    @Test func defaultLeadingScreensIsTwo() {
        #expect(BatchFetchRule.defaultLeadingScreens == 2)
    }

    @Test func nullStateNeverFetches() {
        #expect(!fetches(size: .zero, content: 0, remaining: 0))
    }

    @Test func alreadyFetchingNeverFetches() {
        #expect(!fetches(fetching: true, remaining: 0))
    }

    @Test func delegateRefusingNeverFetches() {
        #expect(!fetches(agrees: false, remaining: 0))
    }

    @Test func zeroLeadingScreensNeverFetches() {
        #expect(!fetches(leading: 0, remaining: 0))
        #expect(!fetches(leading: 0, content: 10, remaining: 0))
    }

    @Test func emptyVisibleExtentNeverFetches() {
        #expect(!fetches(size: Size(width: 0, height: screen), remaining: 0))
        #expect(!fetches(size: Size(width: 50, height: 0), content: 10, remaining: 0))
    }

    @Test func exactlyTheLeadingDistanceFetches() {
        // Scrolled one screen into three: the bottom is exactly one screen from the end.
        #expect(fetches(remaining: screen * 3 - screen - screen))
    }

    @Test func justPastTheLeadingDistanceDoesNotFetch() {
        #expect(!fetches(remaining: screen.nextUp))
        #expect(!fetches(remaining: screen * 1.5))
    }

    @Test func scrollingPastTheContentFetches() {
        #expect(fetches(remaining: -screen))
    }

    @Test func scrollingAwayFromTheFetchingEndNeverFetches() {
        #expect(!fetches(remaining: 0, direction: .awayFromFetchingEnd))
    }

    @Test func aCheckWithNoDirectionPasses() {
        #expect(fetches(remaining: screen, direction: .none))
    }

    @Test func shortContentFetchesWhateverTheDirection() {
        #expect(fetches(content: screen / 2, remaining: 0, direction: .awayFromFetchingEnd))
        #expect(fetches(content: screen / 2, remaining: 0, direction: .none))
    }

    @Test func contentExactlyOneScreenIsNotShort() {
        #expect(!fetches(content: screen, remaining: 0, direction: .awayFromFetchingEnd))
    }

    @Test func horizontalListsMeasureAlongTheirWidth() {
        let size = Size(width: screen, height: 10)
        let fetch = { (remaining: Double, direction: BatchFetchScrollDirection) in
            BatchFetchRule.shouldFetch(isFetching: false, delegateAgrees: true, leadingScreens: 1, visibleSize: size,
                                       visibleLength: size.width, contentLength: self.screen * 3,
                                       remainingDistance: remaining, direction: direction)
        }
        #expect(fetch(screen, .towardFetchingEnd))
        #expect(!fetch(screen * 1.5, .towardFetchingEnd))
        #expect(!fetch(screen, .awayFromFetchingEnd))
    }
}

@Suite struct BatchFetchContextTests {
    @Test func beginsIdleAndTracksAFetch() {
        let context = BatchFetchContext()
        #expect(!context.isFetching)
        context.beginBatchFetching()
        #expect(context.isFetching)
        context.completeBatchFetching(true)
        #expect(context.state == .completed)
    }

    @Test func completingWithFalseKeepsTheFetchInFlight() {
        let context = BatchFetchContext()
        context.beginBatchFetching()
        context.completeBatchFetching(false)
        #expect(context.isFetching)
    }

    @Test func cancellingEndsTheFetchAndTellsTheList() {
        let context = BatchFetchContext()
        var finished = 0
        context.onFinish = { finished += 1 }
        context.beginBatchFetching()
        context.cancelBatchFetching()
        #expect(context.state == .cancelled)
        #expect(finished == 1)
        context.cancelBatchFetching()
        context.completeBatchFetching(true)
        #expect(finished == 1)
    }
}
