import NodeCore
import Testing
@testable import Render

/// A scene with a clipping, translucent panel of labeled buttons, a slider and a toggle.
private func damageScene(overlay: Bool) -> (Window, ButtonNode, SliderNode) {
    let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 160, height: 120))
    root.backgroundColor = Color(red: 240, green: 240, blue: 240)
    let panel = Node(name: "panel", frame: Rect(x: 10, y: 10, width: 140, height: 100))
    panel.backgroundColor = Color(red: 30, green: 60, blue: 90)
    panel.clipsToBounds = true
    panel.alpha = 0.8
    panel.hitTestSlop = EdgeInsets(all: -6)
    root.addSubnode(panel)
    var buttons: [ButtonNode] = []
    for i in 0..<3 {
        let b = ButtonNode(name: "b\(i)", frame: Rect(x: 10 + Double(i) * 45, y: 10, width: 40, height: 30))
        b.backgroundColor = Color(red: 200, green: 80, blue: 40)
        b.highlightedColor = Color(red: 250, green: 200, blue: 40, alpha: 0.9)
        b.borderColor = .black
        b.borderWidth = 1
        b.label = "B\(i)"
        b.labelColor = .white
        b.hitTestSlop = EdgeInsets(all: -8)
        panel.addSubnode(b)
        buttons.append(b)
    }
    let slider = SliderNode(name: "slider", frame: Rect(x: 10, y: 55, width: 120, height: 20))
    slider.value = 0.3
    panel.addSubnode(slider)
    let toggle = ToggleNode(name: "toggle", frame: Rect(x: 100, y: 80, width: 36, height: 24))
    toggle.selectedColor = Color(red: 50, green: 200, blue: 80)
    panel.addSubnode(toggle)
    let window = Window(root: root, size: Size(width: 160, height: 120))
    window.showsTappableAreas = overlay
    return (window, buttons[1], slider)
}

/// Renders `window` fully, applies `change`, repaints only the reported damage, and
/// returns the damage, the partially repainted canvas and a fresh full repaint.
private func repaint(_ window: Window, scale: RenderScale, after change: () -> Void) throws
    -> (damage: [PixelRect], partial: Canvas, full: Canvas) {
    let renderer = try Renderer(window: window, background: .white, scale: scale, labelFont: .default)
    renderer.warningHandler = { _ in }
    let partial = try renderer.makeCanvas()
    renderer.renderFull(into: partial)
    _ = renderer.takeDamage()
    change()
    let damage = renderer.takeDamage()
    renderer.render(damage: damage, into: partial)
    let full = try renderer.renderImage()
    return (damage, partial, full)
}

@Suite struct DamageTests {
    @Test(arguments: [1, 2, 3])
    func highlightingOneButtonDamagesExactlyItsPaintedRect(scale: Int) throws {
        let (window, button, _) = damageScene(overlay: false)
        let result = try repaint(window, scale: RenderScale(scale)) { button.isHighlighted = true }
        // b1 at window (10 + 55, 10 + 10), 40 × 30 points.
        let s = scale
        #expect(result.damage == [PixelRect(x: 65 * s, y: 20 * s, width: 40 * s, height: 30 * s)])
        #expect(differingPixels(result.partial, result.full).isEmpty)
    }

    @Test(arguments: [1, 2])
    func withTheOverlayOnTheDamageAlsoCoversTheDrawnTappableArea(scale: Int) throws {
        let (window, button, _) = damageScene(overlay: true)
        let result = try repaint(window, scale: RenderScale(scale)) { button.isHighlighted = true }
        // Slop of 8 pt on every side: (57, 12) to (113, 58), inside the clipping panel.
        let s = scale
        #expect(result.damage == [PixelRect(x: 57 * s, y: 12 * s, width: 56 * s, height: 46 * s)])
        #expect(differingPixels(result.partial, result.full).isEmpty)
    }

    /// b1's painted rect, (65, 20, 40, 30) points, with each edge rounded half away from zero.
    @Test(arguments: [
        (RenderScale(units: 150), PixelRect(minX: 81, minY: 25, maxX: 131, maxY: 63)),   // 81.25, 25, 131.25, 62.5
        (RenderScale(units: 180), PixelRect(minX: 98, minY: 30, maxX: 158, maxY: 75)),   // 97.5, 30, 157.5, 75
        (RenderScale(units: 210), PixelRect(minX: 114, minY: 35, maxX: 184, maxY: 88)),  // 113.75, 35, 183.75, 87.5
        (RenderScale(units: 300), PixelRect(minX: 163, minY: 50, maxX: 263, maxY: 125)), // 162.5, 50, 262.5, 125
    ])
    func atFractionalScalesHighlightingDamagesTheSnappedRectAndRepaintsExactly(scale: RenderScale, expected: PixelRect) throws {
        let (window, button, _) = damageScene(overlay: false)
        let result = try repaint(window, scale: scale) { button.isHighlighted = true }
        #expect(result.damage == [expected])
        #expect(differingPixels(result.partial, result.full).isEmpty)
    }

    @Test(arguments: [RenderScale(units: 150), RenderScale(units: 180), RenderScale(units: 210), RenderScale(units: 300)])
    func atFractionalScalesEveryKindOfChangeRepaintsToTheFullRepaintsPixels(scale: RenderScale) throws {
        let (window, button, slider) = damageScene(overlay: true)
        let toggle = window.root.node(named: "toggle") as! ToggleNode
        let changes: [() -> Void] = [
            { button.isHighlighted = true },
            { slider.value = 0.77 },
            { button.frame = Rect(x: 31.25, y: 41.5, width: 40.75, height: 29.5) },
            { toggle.isOn = true; button.borderWidth = 2.5 },
            { window.showsTappableAreas = false },
            { window.root.node(named: "panel")!.alpha = 0.5 },
        ]
        for (index, change) in changes.enumerated() {
            let result = try repaint(window, scale: scale, after: change)
            let wrong = differingPixels(result.partial, result.full)
            #expect(wrong.isEmpty, "change \(index) at \(scale): \(wrong.count) pixels differ, first \(wrong.prefix(3))")
        }
    }

    @Test func paintedRectIsClippedByClippingAncestors() throws {
        let (window, _, _) = damageScene(overlay: false)
        let renderer = try Renderer(window: window, background: .white)
        let wide = Node(name: "wide", frame: Rect(x: -20, y: 90, width: 300, height: 30))
        window.root.node(named: "panel")!.addSubnode(wide)
        #expect(renderer.paintedRect(of: wide) == PixelRect(x: 10, y: 100, width: 140, height: 10))
    }

    @Test func hiddenNodesHaveNoPaintedRect() throws {
        let (window, button, _) = damageScene(overlay: false)
        let renderer = try Renderer(window: window, background: .white)
        button.supernode!.isHidden = true
        #expect(renderer.paintedRect(of: button) == nil)
    }

    @Test func sliderValueChangeRepaintsToTheSamePixelsAsAFullRepaint() throws {
        let (window, _, slider) = damageScene(overlay: true)
        let result = try repaint(window, scale: 2) { slider.value = 0.8 }
        #expect(result.damage.count == 1)
        #expect(differingPixels(result.partial, result.full).isEmpty)
    }

    @Test func movingANodeDamagesItsOldAndNewPlaceAndRepaintsCorrectly() throws {
        let (window, button, _) = damageScene(overlay: true)
        let result = try repaint(window, scale: 1) {
            button.frame = Rect(x: 30, y: 40, width: 40, height: 30)
        }
        #expect(!result.damage.isEmpty)
        #expect(differingPixels(result.partial, result.full).isEmpty)
    }

    @Test func togglingVisibilityDisablingAndTheOverlayRepaintCorrectly() throws {
        let (window, button, _) = damageScene(overlay: false)
        let toggle = window.root.node(named: "toggle") as! ToggleNode
        let result = try repaint(window, scale: 2) {
            button.isEnabled = false
            toggle.isOn = true
            window.root.node(named: "b0")!.isHidden = true
            window.showsTappableAreas = true
        }
        #expect(differingPixels(result.partial, result.full).isEmpty)
    }

    @Test func damageOutsideTheBufferIsDropped() throws {
        let (window, _, _) = damageScene(overlay: false)
        let renderer = try Renderer(window: window, background: .white, scale: 2)
        let damage = renderer.damage(for: [.area(Rect(x: 150, y: -10, width: 100, height: 20))])
        #expect(damage == [PixelRect(x: 300, y: 0, width: 20, height: 20)])
        #expect(renderer.damage(for: [.area(Rect(x: 500, y: 500, width: 10, height: 10))]).isEmpty)
    }

    @Test func damageRectsInsideOthersAreMerged() throws {
        let (window, _, _) = damageScene(overlay: false)
        let renderer = try Renderer(window: window, background: .white)
        let damage = renderer.damage(for: [
            .area(Rect(x: 10, y: 10, width: 5, height: 5)),
            .area(Rect(x: 0, y: 0, width: 50, height: 50)),
            .area(Rect(x: 20, y: 20, width: 5, height: 5)),
        ])
        #expect(damage == [PixelRect(x: 0, y: 0, width: 50, height: 50)])
    }

    @Test func repaintingADamageRegionLeavesOtherPixelsUntouched() throws {
        let (window, _, _) = damageScene(overlay: false)
        let renderer = try Renderer(window: window, background: .white, labelFont: .none)
        let canvas = try renderer.makeCanvas()
        canvas.fill(Color(red: 1, green: 2, blue: 3))
        renderer.render(damage: [PixelRect(x: 0, y: 0, width: 5, height: 5)], into: canvas)
        expectPixel(canvas, 4, 4, argb(255, 240, 240, 240), tolerance: 0)
        expectPixel(canvas, 5, 5, argb(255, 1, 2, 3), tolerance: 0)
    }
}
