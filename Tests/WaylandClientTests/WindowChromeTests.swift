import Testing
@testable import WaylandClient

/// The title bar and minimum size a window asks for under each compositor's configure
/// (behaviour.md §14), with a 400 × 300 scene and a 32 pt bar.
@Suite struct WindowChromeTests {
    let scene = Size(width: 400, height: 300)

    func chrome(_ size: Size?, fullscreen: Bool = false, maximized: Bool = false, outputs: [Size],
                serverDecorates: Bool = false) -> WindowChrome {
        WindowChrome(configuredSize: size, fullscreen: fullscreen, maximized: maximized, outputs: outputs,
                     titleBarHeight: 32, serverDecorates: serverDecorates, contentMinimum: scene)
    }

    /// cage maximizes the window to its 1280 × 800 output (it never sends fullscreen): a kiosk.
    @Test func aWindowMaximizedToTheWholeOutputIsAKioskWithoutTitleBarOrMinimumSize() {
        let kiosk = chrome(Size(width: 1280, height: 800), maximized: true, outputs: [Size(width: 1280, height: 800)])
        #expect(kiosk.fillsOutput && kiosk.titleBarHeight == 0 && kiosk.minimumSize == nil)
    }

    /// A phone's output reported unrotated (720 × 360) with a window maximized upright.
    @Test func aRotatedOutputsSizeFillsItToo() {
        let phone = chrome(Size(width: 360, height: 720), maximized: true, outputs: [Size(width: 720, height: 360)])
        #expect(phone.fillsOutput && phone.titleBarHeight == 0)
    }

    /// weston's desktop shell maximizes below its panel, mutter below its top bar: a window
    /// that keeps its title bar (double-tap on the bar restores it).
    @Test func aWindowMaximizedSmallerThanTheOutputKeepsItsTitleBarAndMinimumSize() {
        let maximized = chrome(Size(width: 1280, height: 768), maximized: true, outputs: [Size(width: 1280, height: 800)])
        #expect(!maximized.fillsOutput && maximized.titleBarHeight == 32)
        #expect(maximized.minimumSize == Size(width: 400, height: 332))
    }

    @Test func aFloatingWindowAsksForTheScenePlusTheTitleBar() {
        let floating = chrome(nil, outputs: [Size(width: 1280, height: 800)])
        #expect(!floating.fillsOutput && floating.titleBarHeight == 32)
        #expect(floating.minimumSize == Size(width: 400, height: 332))
    }

    @Test func fullscreenShowsNoTitleBarAndSendsNoMinimumSize() {
        let fullscreen = chrome(Size(width: 1280, height: 800), fullscreen: true, outputs: [Size(width: 1280, height: 800)])
        #expect(fullscreen.fillsOutput && fullscreen.titleBarHeight == 0 && fullscreen.minimumSize == nil)
    }

    @Test func aCompositorThatDecoratesGetsTheScenesOwnMinimum() {
        let decorated = chrome(nil, outputs: [Size(width: 1280, height: 800)], serverDecorates: true)
        #expect(decorated.titleBarHeight == 0 && decorated.minimumSize == scene)
    }

    /// phoc on a 720 × 1440 output at scale 2 honours the minimum size: asking for 400 pt
    /// wide made it configure 400 × 720, 40 pt off the screen. Capped, it configures the
    /// screen and the scene is scaled down to fit.
    @Test func theMinimumSizeIsNeverLargerThanTheOutputSoAPhoneShellKeepsTheWindowOnScreen() {
        let phone = [Size(width: 360, height: 720)]
        #expect(chrome(nil, outputs: phone).minimumSize == Size(width: 360, height: 332))
        let tiny = [Size(width: 200, height: 150)]
        #expect(chrome(nil, outputs: tiny).minimumSize == Size(width: 200, height: 150))
        // Without any output known, the scene's own.
        #expect(chrome(nil, outputs: []).minimumSize == Size(width: 400, height: 332))
    }

    /// cage answers `client_side` and configures the first frame without a size, then
    /// maximizes the mapped window: that first frame, which cage shows with the surface's
    /// origin at the screen's corner, has no bar (above the content it was off the screen).
    /// The configure after it decides: a kiosk, or a floating window that gets its bar then.
    @Test func aCompositorThatDeclinesToDecorateGetsNoBarUntilItHasPlacedTheMappedWindow() {
        let screen = [Size(width: 1280, height: 720)]
        let first = WindowChrome(configuredSize: nil, fullscreen: false, maximized: false, outputs: screen, titleBarHeight: 32,
                                 serverDecorates: false, contentMinimum: scene, awaitingPlacement: true)
        #expect(!first.fillsOutput && first.titleBarHeight == 0 && first.minimumSize == scene)
        let kiosk = chrome(Size(width: 1280, height: 720), maximized: true, outputs: screen)
        #expect(kiosk.fillsOutput && kiosk.titleBarHeight == 0 && kiosk.minimumSize == nil)
        let floating = chrome(nil, outputs: screen)
        #expect(floating.titleBarHeight == 32 && floating.minimumSize == Size(width: 400, height: 332))
    }

    /// cage: `client_side`, the initial configure before any buffer, the first frame, the
    /// maximize (sent before that frame's callback): the bar waits until the maximize.
    @Test func theBarWaitsUntilTheCompositorThatDeclinedToDecorateConfiguresTheMappedWindow() {
        var wait = BarPlacementWait()
        wait.declined = true
        wait.configured(committedFrames: 0)
        #expect(wait.isWaiting)
        wait.configured(committedFrames: 1)
        #expect(!wait.isWaiting)
        let again = wait.framePresented()
        #expect(!again, "nothing to apply again once placed")
    }

    /// A floating window of a compositor that answers `client_side` and sends no configure
    /// after the first frame: once that frame is shown, the bar comes (the configure is
    /// applied again). Compositors that decorate or offer no decorations never wait.
    @Test func theBarComesOnceTheFirstFrameIsShownWithoutAConfigureAfterIt() {
        var wait = BarPlacementWait()
        wait.declined = true
        wait.configured(committedFrames: 0)
        let first = wait.framePresented()
        #expect(first && !wait.isWaiting)
        let second = wait.framePresented()
        #expect(!second)
        var weston = BarPlacementWait()
        weston.configured(committedFrames: 0)
        #expect(!weston.isWaiting)
        let shown = weston.framePresented()
        #expect(!shown)
    }

    @Test func theModeOverTheIntegerScaleIsTheOutputsLogicalSize() {
        // A 720 × 1440 mode at scale 2 (a PinePhone) is 360 × 720 points.
        #expect(WindowChrome.isOutputSized(Size(width: 360, height: 720), outputs: [Size(width: 360, height: 720)]))
        #expect(!WindowChrome.isOutputSized(Size(width: 360, height: 700), outputs: [Size(width: 360, height: 720)]))
    }
}

/// `set_min_size` against mutter 43's rule (`meta_window_wayland_set_min_size` and
/// `meta_window_client_rect_to_frame_rect`): the hint it keeps is the size sent plus the
/// surface's extent outside the window geometry at the commit that carried it; the geometry's
/// minimum it enforces is that hint minus the extent of the time it applies it.
@Suite struct MinimumSizeRequestsTests {
    /// A model of mutter's bookkeeping, fed the requests of a window's commits.
    struct Mutter {
        var hint: Int?
        var extent = 0
        /// A commit: the window geometry's extent beyond the surface changes first
        /// (`finish_move_resize`), then a minimum sent with it is stored.
        mutating func commit(extent: Int, minimumSent: Size?) {
            self.extent = extent
            if let minimumSent { hint = Int(minimumSent.height) + extent }
        }
        /// The window geometry's minimum height it enforces now.
        var geometryMinimum: Int? { hint.map { $0 - extent } }
    }

    /// The sequence: the minimum 400 × 332 (scene plus bar) goes with the initial
    /// buffer-less commit (extent 0), the first buffer's commit has the geometry 32 pt taller
    /// than the surface (extent −32). Sent once, mutter made the window 364 tall.
    @Test func mutterKeepsTheTitleBarsMinimumWhenTheBarAppearsAfterTheMinimumWasSent() {
        var requests = MinimumSizeRequests()
        var mutter = Mutter()
        let wanted = Size(width: 400, height: 332)
        let zero = Size(width: 0, height: 0), withBar = Size(width: 0, height: -32)
        mutter.commit(extent: 0, minimumSent: requests.request(wanted, extent: zero))
        #expect(mutter.geometryMinimum == 332)
        mutter.commit(extent: -32, minimumSent: requests.request(wanted, extent: withBar))
        #expect(mutter.geometryMinimum == 332, "the window would be \(mutter.geometryMinimum ?? 0) tall")
        // Later frames with the same bar send nothing.
        #expect(requests.request(wanted, extent: withBar) == nil)
        // Fullscreen and back: the bar goes (extent 0) and comes again; the minimum follows.
        mutter.commit(extent: 0, minimumSent: requests.request(Size(width: 400, height: 300), extent: zero))
        #expect(mutter.geometryMinimum == 300)
        mutter.commit(extent: -32, minimumSent: requests.request(wanted, extent: withBar))
        #expect(mutter.geometryMinimum == 332)
    }

    @Test func nothingIsSentWhileNoMinimumIsWanted() {
        var requests = MinimumSizeRequests()
        #expect(requests.request(nil, extent: Size(width: 0, height: 0)) == nil)
        #expect(requests.request(Size(width: 1, height: 1), extent: Size(width: 0, height: 0)) != nil)
        // A kiosk wants none: nothing new goes out, and what was sent stays recorded.
        #expect(requests.request(nil, extent: Size(width: 0, height: -32)) == nil)
        #expect(requests.request(Size(width: 1, height: 1), extent: Size(width: 0, height: 0)) == nil)
    }
}
