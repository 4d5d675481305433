import WaylandClient
@testable import TouchstoneApp

extension FramePainter {
    /// One frame of a live window without a compositor, as `ToplevelWindow.drawIfNeeded`
    /// does it: the damage, the next free buffer of `chain` (new ones of `poolSize`), the
    /// paint and the submit. Returns the buffer's id and memory, nil when all are busy.
    func offscreenFrame(chain: inout SwapChain<ShmMemory>, poolSize: Int?) throws -> (id: Int, memory: ShmMemory)? {
        let bounds = renderer.bufferBounds
        let damage = DamageRegion(takeDamage()).clipped(to: bounds)
        guard let acquired = try chain.acquire(size: PixelSize(width: bounds.width, height: bounds.height), damage: damage,
                                               make: { size in
            try ShmMemory(width: size.width, height: size.height, poolSize: poolSize)
        }) else { return nil }
        paint(PaintContext(memory: acquired.storage, repaint: acquired.repaint, damage: damage, stale: acquired.stale,
                           previous: acquired.previous?.view, scale: .integer(1), logicalSize: Size(width: 1, height: 1)))
        chain.submit(id: acquired.id, damage: damage)
        return (acquired.id, acquired.storage)
    }
}

extension FramePainter {
    /// How many pixels of `memory` (a frame painted by `offscreenFrame`) differ from a full
    /// repaint of the window as it is now.
    func pixelsDiffering(from memory: ShmMemory) throws -> Int {
        let full = try renderer.renderImage()
        return memory.view.withPixels { bytes in
            var count = 0
            for y in 0 ..< full.height {
                for x in 0 ..< full.width
                where bytes.load(fromByteOffset: y * memory.stride + x * 4, as: UInt32.self) != full.pixel(x: x, y: y) {
                    count += 1
                }
            }
            return count
        }
    }
}
