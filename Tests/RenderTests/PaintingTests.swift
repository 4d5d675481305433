import NodeCore
import Testing
@testable import Render

@Suite struct PaintingTests {
    @Test func windowBackgroundFillsEveryPixelAndNodeBackgroundFillsItsFrame() throws {
        let canvas = try render(makeWindow(width: 20, height: 20, box("a", 5, 5, 10, 10, red)),
                                background: Color(red: 10, green: 20, blue: 30))
        expectPixel(canvas, 0, 0, argb(255, 10, 20, 30))
        expectPixel(canvas, 4, 4, argb(255, 10, 20, 30))
        expectPixel(canvas, 5, 5, argb(255, 255, 0, 0))
        expectPixel(canvas, 14, 14, argb(255, 255, 0, 0))
        expectPixel(canvas, 15, 15, argb(255, 10, 20, 30))
        expectPixel(canvas, 19, 19, argb(255, 10, 20, 30))
    }

    @Test func translucentWindowBackgroundIsStoredPremultiplied() throws {
        let canvas = try render(makeWindow(width: 4, height: 4), background: Color(red: 255, green: 0, blue: 0, alpha: 0.5))
        expectPixel(canvas, 1, 1, argb(128, 128, 0, 0))
    }

    @Test func borderIsPaintedInsideTheBoundsOverTheBackground() throws {
        let node = box("a", 10, 10, 10, 10, green)
        node.borderColor = blue
        node.borderWidth = 2
        let canvas = try render(makeWindow(width: 30, height: 30, node))
        expectPixel(canvas, 9, 9, opaqueWhite)
        expectPixel(canvas, 10, 10, argb(255, 0, 0, 255))
        expectPixel(canvas, 11, 15, argb(255, 0, 0, 255))
        expectPixel(canvas, 12, 12, argb(255, 0, 255, 0))
        expectPixel(canvas, 17, 17, argb(255, 0, 255, 0))
        expectPixel(canvas, 18, 15, argb(255, 0, 0, 255))
        expectPixel(canvas, 15, 19, argb(255, 0, 0, 255))
        expectPixel(canvas, 20, 20, opaqueWhite)
    }

    @Test func translucentBorderIsBlendedOnceEvenAtCorners() throws {
        let node = box("a", 0, 0, 10, 10)
        node.borderColor = Color(red: 0, green: 0, blue: 0, alpha: 0.5)
        node.borderWidth = 3
        let canvas = try render(makeWindow(width: 10, height: 10, node))
        // black at 128/255 over white: 255 × 127 / 255 = 127 on every channel, corners included.
        expectPixel(canvas, 0, 0, argb(255, 127, 127, 127))
        expectPixel(canvas, 5, 0, argb(255, 127, 127, 127))
        expectPixel(canvas, 9, 9, argb(255, 127, 127, 127))
        expectPixel(canvas, 5, 5, opaqueWhite)
    }

    @Test func halfTransparentNodeBlendsOverTheNodeBehindIt() throws {
        let front = box("front", 0, 0, 10, 10, red)
        front.alpha = 0.5
        let canvas = try render(makeWindow(width: 10, height: 10, box("back", 0, 0, 10, 10, blue), front))
        // red × 128/255 + blue × 127/255
        expectPixel(canvas, 5, 5, argb(255, 128, 0, 127))
    }

    @Test func groupOpacityKeepsTheBackgroundOfATranslucentParentFromShowingThroughItsChild() throws {
        let parent = box("parent", 0, 0, 20, 20, red)
        parent.alpha = 0.5
        parent.addSubnode(box("child", 5, 5, 10, 10, green))
        let canvas = try render(makeWindow(width: 20, height: 20, parent))
        // Only the opaque child, at half opacity, over white: no red under the child.
        expectPixel(canvas, 10, 10, argb(255, 127, 255, 127))
        // The parent's own background at half opacity over white.
        expectPixel(canvas, 1, 1, argb(255, 255, 127, 127))
    }

    @Test func nestedTranslucencyMultipliesOpacitiesDownTheTree() throws {
        let outer = box("outer", 0, 0, 20, 20)
        outer.alpha = 0.5
        let inner = box("inner", 0, 0, 20, 20)
        inner.alpha = 0.5
        inner.addSubnode(box("leaf", 0, 0, 20, 20, .black))
        outer.addSubnode(inner)
        let canvas = try render(makeWindow(width: 20, height: 20, outer))
        // Black at 0.25 over white: 255 × 0.75 ≈ 191.
        expectPixel(canvas, 10, 10, argb(255, 191, 191, 191))
    }

    @Test func translucentNodeWithBorderShowsNeitherPartThroughTheOther() throws {
        let node = box("a", 0, 0, 10, 10, red)
        node.borderColor = blue
        node.borderWidth = 2
        node.alpha = 0.5
        let canvas = try render(makeWindow(width: 10, height: 10, node))
        // Blue border at half opacity over white, with no red under it.
        expectPixel(canvas, 0, 5, argb(255, 127, 127, 255))
        expectPixel(canvas, 5, 5, argb(255, 255, 127, 127))
    }

    @Test func clipsToBoundsClipsTheSubnodesToTheParentBounds() throws {
        let clipping = box("clip", 5, 5, 10, 10)
        clipping.clipsToBounds = true
        clipping.addSubnode(box("child", -5, -5, 30, 30, red))
        let canvas = try render(makeWindow(width: 30, height: 30, clipping))
        expectPixel(canvas, 4, 4, opaqueWhite)
        expectPixel(canvas, 5, 5, argb(255, 255, 0, 0))
        expectPixel(canvas, 14, 14, argb(255, 255, 0, 0))
        expectPixel(canvas, 15, 15, opaqueWhite)
        expectPixel(canvas, 25, 25, opaqueWhite)
    }

    @Test func withoutClipsToBoundsSubnodesPaintOutsideTheParent() throws {
        let parent = box("parent", 5, 5, 10, 10)
        parent.addSubnode(box("child", -5, -5, 30, 30, red))
        let canvas = try render(makeWindow(width: 30, height: 30, parent))
        expectPixel(canvas, 0, 0, argb(255, 255, 0, 0))
        expectPixel(canvas, 24, 24, argb(255, 255, 0, 0))
    }

    @Test func nestedClippingIntersectsTheClips() throws {
        let outer = box("outer", 0, 0, 20, 20)
        outer.clipsToBounds = true
        let inner = box("inner", 10, 10, 20, 20)
        inner.clipsToBounds = true
        inner.addSubnode(box("child", -10, -10, 40, 40, red))
        outer.addSubnode(inner)
        let canvas = try render(makeWindow(width: 40, height: 40, outer))
        expectPixel(canvas, 9, 9, opaqueWhite)
        expectPixel(canvas, 10, 10, argb(255, 255, 0, 0))
        expectPixel(canvas, 19, 19, argb(255, 255, 0, 0))
        expectPixel(canvas, 20, 20, opaqueWhite)
    }

    @Test func hiddenSubtreeIsNotPainted() throws {
        let hidden = box("hidden", 0, 0, 10, 10, red)
        hidden.addSubnode(box("child", 0, 0, 10, 10, blue))
        hidden.isHidden = true
        let canvas = try render(makeWindow(width: 10, height: 10, hidden))
        expectPixel(canvas, 5, 5, opaqueWhite)
    }

    @Test func laterSubnodesPaintOverEarlierOnes() throws {
        let canvas = try render(makeWindow(width: 10, height: 10, box("back", 0, 0, 10, 10, red), box("front", 0, 0, 5, 5, blue)))
        expectPixel(canvas, 2, 2, argb(255, 0, 0, 255))
        expectPixel(canvas, 7, 7, argb(255, 255, 0, 0))
    }

    @Test func scaleTwoDoublesEveryEdge() throws {
        let node = box("a", 5, 5, 10, 10, red)
        node.borderColor = blue
        node.borderWidth = 1
        let canvas = try render(makeWindow(width: 20, height: 20, node), scale: 2)
        #expect(canvas.width == 40 && canvas.height == 40)
        expectPixel(canvas, 9, 9, opaqueWhite)
        expectPixel(canvas, 10, 10, argb(255, 0, 0, 255))
        expectPixel(canvas, 11, 11, argb(255, 0, 0, 255))
        expectPixel(canvas, 12, 12, argb(255, 255, 0, 0))
        expectPixel(canvas, 27, 27, argb(255, 255, 0, 0))
        expectPixel(canvas, 28, 28, argb(255, 0, 0, 255))
        expectPixel(canvas, 29, 29, argb(255, 0, 0, 255))
        expectPixel(canvas, 30, 30, opaqueWhite)
    }

    @Test func scaleThreeMapsAPointToThreeByThreePixels() throws {
        let canvas = try render(makeWindow(width: 3, height: 3, box("a", 1, 1, 1, 1, red)), scale: 3)
        for y in 0..<9 {
            for x in 0..<9 {
                let inside = (3..<6).contains(x) && (3..<6).contains(y)
                expectPixel(canvas, x, y, inside ? argb(255, 255, 0, 0) : opaqueWhite)
            }
        }
    }

    @Test func fractionalEdgesSnapToTheNearestPixelBoundary() throws {
        let canvas = try render(makeWindow(width: 10, height: 10, box("a", 1.4, 1.6, 2.2, 2.0, red)))
        // x: 1.4 → 1, 3.6 → 4; y: 1.6 → 2, 3.6 → 4
        expectPixel(canvas, 0, 2, opaqueWhite)
        expectPixel(canvas, 1, 2, argb(255, 255, 0, 0))
        expectPixel(canvas, 3, 3, argb(255, 255, 0, 0))
        expectPixel(canvas, 4, 3, opaqueWhite)
        expectPixel(canvas, 1, 1, opaqueWhite)
        expectPixel(canvas, 1, 4, opaqueWhite)
    }

    @Test func unsupportedScaleIsRejected() {
        #expect(throws: RenderError.unsupportedScale(0)) {
            try Renderer(window: makeWindow(), background: .white, scale: 0)
        }
    }

    @Test(arguments: [
        ("normal", Color(red: 10, green: 10, blue: 10)),
        ("highlighted", Color(red: 20, green: 20, blue: 20)),
        ("selected", Color(red: 30, green: 30, blue: 30)),
        ("disabled", Color(red: 40, green: 40, blue: 40)),
    ])
    func controlsPaintTheirCurrentStateColor(state: String, expected: Color) throws {
        let button = ButtonNode(name: "b", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        button.backgroundColor = Color(red: 10, green: 10, blue: 10)
        button.highlightedColor = Color(red: 20, green: 20, blue: 20)
        button.selectedColor = Color(red: 30, green: 30, blue: 30)
        button.disabledColor = Color(red: 40, green: 40, blue: 40)
        switch state {
        case "highlighted": button.isHighlighted = true; button.isSelected = true
        case "selected": button.isSelected = true
        case "disabled": button.isEnabled = false; button.isHighlighted = true
        default: break
        }
        let canvas = try render(makeWindow(width: 10, height: 10, button))
        expectPixel(canvas, 5, 5, argb(255, expected.red, expected.green, expected.blue))
    }

    @Test func sliderPaintsATrackWithAFillProportionalToItsValue() throws {
        let slider = SliderNode(name: "s", frame: Rect(x: 0, y: 0, width: 100, height: 20))
        slider.value = 0.25
        let canvas = try render(makeWindow(width: 100, height: 20, slider))
        let fill = PixelComponents(premultiplying: ControlStyle.sliderFillColor)
        let track = PixelComponents(premultiplying: ControlStyle.sliderTrackColor)
        expectPixel(canvas, 0, 10, fill)
        expectPixel(canvas, 24, 10, fill)
        expectPixel(canvas, 25, 10, track)
        expectPixel(canvas, 99, 10, track)
        // Above the 6 pt track, centered in 20 pt: the slider's (clear) background.
        expectPixel(canvas, 50, 6, opaqueWhite)
        expectPixel(canvas, 50, 7, track)
        expectPixel(canvas, 50, 12, track)
        expectPixel(canvas, 50, 13, opaqueWhite)
    }

    @Test func toggleShowsItsSelectedColorAndMovesItsKnobWhenOn() throws {
        let toggle = ToggleNode(name: "t", frame: Rect(x: 0, y: 0, width: 50, height: 30))
        toggle.backgroundColor = Color(red: 100, green: 100, blue: 100)
        toggle.selectedColor = green
        let off = try render(makeWindow(width: 50, height: 30, toggle))
        expectPixel(off, 1, 1, argb(255, 100, 100, 100))
        expectPixel(off, 10, 15, opaqueWhite)  // knob on the left
        expectPixel(off, 40, 15, argb(255, 100, 100, 100))
        toggle.isOn = true
        let on = try render(makeWindow(width: 50, height: 30, toggle))
        expectPixel(on, 1, 1, argb(255, 0, 255, 0))
        expectPixel(on, 10, 15, argb(255, 0, 255, 0))
        expectPixel(on, 40, 15, opaqueWhite)  // knob on the right
    }
}
