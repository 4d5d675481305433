/// The stage of a touch's life: the one phase type of the seat's touch events, the
/// assembled touch frames and the window's touches.
public enum TouchPhase: Hashable, Sendable {
    case began, moved, stationary, ended, cancelled
}
