/// An idle buffer that lacks part of the latest frame, to be given it between frames
/// (`WindowHandler.window(_:catchUp:)`), so the next frame into it repaints only its own damage.
public struct CatchUpContext {
    /// The idle buffer's memory: write only `stale` in it.
    public let memory: ShmMemory
    /// What later frames changed: what the buffer lacks.
    public let stale: DamageRegion
    /// The latest committed frame, of the same size (read only: the compositor may be reading it).
    public let latest: PixelBufferView

    package init(memory: ShmMemory, stale: DamageRegion, latest: PixelBufferView) {
        self.memory = memory
        self.stale = stale
        self.latest = latest
    }
}

extension ToplevelWindow {
    /// What waits until the commit went out and the loop is about to sleep, off the path from
    /// input to commit: an idle buffer caught up, and the pages of the painted buffer's next
    /// scroll. Most turns of the loop (input, frame callbacks) changed no buffer: they skip both.
    func workBetweenFrames() {
        if pool.takeChange() { catchUpIdleBuffer() }
        pool.prepareNextShift()
    }

    /// Offers the app an idle buffer that lacks part of the latest frame, once the commit went
    /// out and before the loop sleeps: off the path from input to commit. A buffer stays
    /// idle until this returns, so nothing writes into one the compositor reads. The handler
    /// is asked first whether it catches up now: the candidate is looked for only then.
    func catchUpIdleBuffer() {
        guard let handler, handler.windowCatchesUp(self), let candidate = pool.catchUpCandidate() else { return }
        let context = CatchUpContext(memory: candidate.storage.memory, stale: candidate.stale,
                                     latest: candidate.latest.memory.view)
        if handler.window(self, catchUp: context) { pool.caughtUp(id: candidate.id) }
    }
}
