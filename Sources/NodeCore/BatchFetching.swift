/// The state of one list's batch fetch (Texture's `ASBatchContext`): a list hands it
/// to its delegate when a fetch begins, and the app completes it when the rows are in.
public final class BatchFetchContext {
    public enum State: Sendable {
        /// No fetch has begun yet, or the last one completed.
        case completed
        /// A fetch is in flight: no other begins until it completes or is cancelled.
        case fetching
        /// The fetch in flight was given up; the next check may begin another.
        case cancelled
    }

    public private(set) var state: State = .completed
    /// The input time (ms) at which the fetch in flight, or the last one, began.
    public internal(set) var beginTime: Double = 0
    /// Called when a fetch in flight ends (completed or cancelled), so the list can
    /// check again with the new data.
    var onFinish: (() -> Void)?

    public init() {}

    /// Whether a fetch is in flight.
    public var isFetching: Bool { state == .fetching }

    /// Marks a fetch as in flight (the list calls this just before `willBeginBatchFetch`).
    public func beginBatchFetching() {
        state = .fetching
    }

    /// The app reports that the fetch it was asked for is done. As in Texture, `false`
    /// means it is not done yet: the fetch stays in flight.
    public func completeBatchFetching(_ didComplete: Bool) {
        guard didComplete, state == .fetching else { return }
        state = .completed
        onFinish?()
    }

    /// Gives up the fetch in flight.
    public func cancelBatchFetching() {
        guard state == .fetching else { return }
        state = .cancelled
        onFinish?()
    }
}

/// Which way the scroll that prompted a batch-fetch check moved, relative to the
/// list's fetching end (the end where new rows appear).
public enum BatchFetchScrollDirection: Sendable {
    /// Toward the fetching end.
    case towardFetchingEnd
    /// Away from it: such a scroll never fetches unless the content is short.
    case awayFromFetchingEnd
    /// No direction: the list appeared, data changed, or a lift had no velocity.
    case none
}

/// Texture's batch-fetching rule (docs/behaviour.md, Lists: batch fetching), as a pure
/// function of the list's geometry so that every case is testable on its own.
public enum BatchFetchRule {
    /// Texture's `leadingScreensForBatching` default: fetch two screens before the end.
    public static let defaultLeadingScreens = 2.0

    /// Whether a check should begin a fetch.
    /// - Parameters:
    ///   - isFetching: a fetch is already in flight.
    ///   - delegateAgrees: the delegate's `shouldBatchFetch()`.
    ///   - leadingScreens: `leadingScreensForBatching`; zero or less never fetches.
    ///   - visibleSize: the list node's size (an empty one never fetches).
    ///   - visibleLength: the node's size along the list's axis.
    ///   - contentLength: the content size along the list's axis (insets do not count).
    ///   - remainingDistance: from the visible area to the fetching end.
    ///   - direction: how the prompting scroll moved.
    public static func shouldFetch(isFetching: Bool, delegateAgrees: Bool, leadingScreens: Double,
                                   visibleSize: Size, visibleLength: Double, contentLength: Double,
                                   remainingDistance: Double, direction: BatchFetchScrollDirection) -> Bool {
        guard !isFetching, delegateAgrees, leadingScreens > 0 else { return false }
        guard !Rect(origin: .zero, size: visibleSize).isEmpty, visibleLength > 0 else { return false }
        if contentLength < visibleLength { return true }
        if direction == .awayFromFetchingEnd { return false }
        return remainingDistance <= leadingScreens * visibleLength
    }
}
