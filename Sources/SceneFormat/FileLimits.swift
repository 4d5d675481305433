/// The bounds every number in a scene, input script or event log must keep, checked when
/// the file is read (status 2 with `FILE:LINE: key`), so nothing later overflows, loses
/// precision or asks for more memory than a canvas may take. docs/cli.md lists them.
public enum FileLimits {
    /// The longest window side, in points: one canvas side at scale 1.
    public static let maximumSceneSide = 16_384.0
    /// The largest window area, in square points: a canvas of at most 64 Mi pixels (256 MiB) at scale 1.
    public static let maximumSceneArea = 67_108_864.0
    /// The largest magnitude of a coordinate, size, slop, border width or drag tolerance, in
    /// points: far beyond any screen, small enough that sums stay exact to the event log's 0.001.
    public static let maximumCoordinate = 1e9
    /// The largest magnitude of a touch id: every whole number up to 2⁵³ − 1 is exact in JSON.
    public static let maximumID = 9_007_199_254_740_991.0
    /// The latest time, in milliseconds (2⁵³ − 1, about 285,000 years): times print exactly.
    public static let maximumTime = 9_007_199_254_740_991.0

    /// The most screens ahead a list fetches (`leadingScreens`): Texture's default is 2.
    public static let maximumLeadingScreens = 100.0
    /// A list's fetch `delay`, in milliseconds: at least 1, so that a fetch that completes
    /// at once still moves time on, and at most an hour.
    public static let fetchDelays = 1.0 ... 3_600_000.0
    /// The most fetches a list's `fetch` may take from its `count` to its `total`: what one
    /// input event can set off is bounded, and so is the log it writes.
    public static let maximumFetches = 10_000
    /// The longest list content along its axis (rows × extent, at `total`), in points: offsets
    /// stay exact to the event log's 0.001.
    public static let maximumContentLength = 1e12

    static let coordinates = -maximumCoordinate ... maximumCoordinate
    static let lengths = 0 ... maximumCoordinate
    static let times = 0 ... maximumTime
    /// Font sizes of labels and text nodes, in points.
    static let fontSizes = 1.0 ... 1000.0
}
