import Testing
@testable import Render

@Suite struct CanvasTests {
    @Test func ownedCanvasStartsTransparent() throws {
        let canvas = try Canvas(width: 3, height: 2)
        #expect(canvas.pixel(x: 2, y: 1) == 0)
    }
}
