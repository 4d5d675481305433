/// A `SwapChain` over bare memories, for the offscreen session (`OffscreenAppSession`): its
/// generic code is specialized here, in its own module, so a frame's bookkeeping allocates
/// nothing (generic code run unspecialized allocates coroutine frames).
package struct MemorySwapChain {
    private var chain = SwapChain<ShmMemory>()

    package init() {}

    /// `SwapChain.acquire`: an idle memory of `size` (made with `make` when none is) and what
    /// to repaint in it, or nil when all are busy.
    package mutating func acquire(size: PixelSize, damage: DamageRegion,
                                  make: (PixelSize) throws(ShmError) -> ShmMemory) throws(ShmError) -> SwapChain<ShmMemory>.Acquired? {
        try chain.acquire(size: size, damage: damage, make: make)
    }

    /// `SwapChain.submit`: memory `id` was committed with `damage`.
    package mutating func submit(id: Int, damage: DamageRegion) {
        chain.submit(id: id, damage: damage)
    }

    /// `SwapChain.release`: the compositor released memory `id`.
    package mutating func release(id: Int, currentSize: PixelSize?) {
        chain.release(id: id, currentSize: currentSize)
    }
}
