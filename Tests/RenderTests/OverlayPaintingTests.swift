import NodeCore
import Testing
@testable import Render

/// Expected pixels for the overlay colors composited OVER opaque white, computed by hand:
/// premultiply (alpha × 255, rounded), then add white × (255 − alpha) / 255.
private let fillOverWhite = argb(255, 153, 255, 153)          // (0, 255, 0) at 102
private let fillOverFillOverWhite = argb(255, 92, 255, 92)    // fill over fillOverWhite
private let limitedOverWhite = argb(255, 97, 139, 111)        // (30, 90, 50) at 179
private let clippedOverWhite = argb(255, 255, 153, 51)        // (255, 128, 0) at 204

private func overlayWindow(width: Double = 200, height: Double = 200, _ children: Node...) -> Window {
    let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: width, height: height))
    for child in children { root.addSubnode(child) }
    let window = Window(root: root, size: Size(width: width, height: height))
    window.showsTappableAreas = true
    return window
}

private func button(_ name: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double, slop: Double = 0) -> ButtonNode {
    let b = ButtonNode(name: name, frame: Rect(x: x, y: y, width: w, height: h))
    b.hitTestSlop = EdgeInsets(all: -slop)
    return b
}

@Suite struct OverlayPaintingTests {
    @Test func overlayIsOffByDefault() throws {
        let window = makeWindow(width: 50, height: 50, button("b", 10, 10, 20, 20))
        let canvas = try render(window)
        expectPixel(canvas, 15, 15, opaqueWhite)
    }

    @Test func fillIsCompositedOverTheSceneAcrossTheTappableArea() throws {
        let canvas = try render(overlayWindow(button("b", 10, 10, 20, 20, slop: 5)))
        expectPixel(canvas, 4, 4, opaqueWhite)
        expectPixel(canvas, 5, 5, fillOverWhite)
        expectPixel(canvas, 20, 20, fillOverWhite)
        expectPixel(canvas, 34, 34, fillOverWhite)
        expectPixel(canvas, 35, 35, opaqueWhite)
    }

    @Test func fillIsCompositedOverAColoredControl() throws {
        let b = button("b", 0, 0, 20, 20)
        b.backgroundColor = red
        let canvas = try render(overlayWindow(b))
        // (0, 102, 0, 102) over opaque red: red × 153 / 255 = 153.
        expectPixel(canvas, 10, 10, argb(255, 153, 102, 0))
    }

    @Test func sideCutByAnAncestorSlopGetsADarkGreenBandInsteadOfTheFill() throws {
        let parent = Node(name: "parent", frame: Rect(x: 20, y: 20, width: 100, height: 100))
        // The button wants 30 pt more on the left; the parent's slopRect ends at its left edge.
        let b = button("b", 20, 20, 40, 40)
        b.hitTestSlop = EdgeInsets(top: 0, left: -30, bottom: 0, right: 0)
        parent.addSubnode(b)
        let canvas = try render(overlayWindow(parent))
        expectPixel(canvas, 19, 50, opaqueWhite)
        expectPixel(canvas, 20, 50, limitedOverWhite)
        expectPixel(canvas, 21, 50, limitedOverWhite)
        expectPixel(canvas, 22, 50, fillOverWhite)
        // Sides not cut get no band.
        expectPixel(canvas, 50, 40, fillOverWhite)
        expectPixel(canvas, 79, 50, fillOverWhite)
    }

    @Test func sideCutShortByAClippingAncestorGetsAnOrangeBand() throws {
        let parent = Node(name: "parent", frame: Rect(x: 20, y: 20, width: 100, height: 100))
        parent.clipsToBounds = true
        parent.hitTestSlop = EdgeInsets(top: 0, left: 0, bottom: 0, right: -50)
        let b = button("b", 80, 20, 20, 20)
        b.hitTestSlop = EdgeInsets(top: 0, left: 0, bottom: 0, right: -20)
        parent.addSubnode(b)
        let canvas = try render(overlayWindow(parent))
        // Tappable reaches x = 140 in the window; the parent clips the drawing at x = 120.
        expectPixel(canvas, 110, 50, fillOverWhite)
        expectPixel(canvas, 117, 50, fillOverWhite)
        expectPixel(canvas, 118, 50, clippedOverWhite)
        expectPixel(canvas, 119, 50, clippedOverWhite)
        expectPixel(canvas, 120, 50, opaqueWhite)
    }

    @Test func orangeWinsOverDarkGreenWhereTheBandsMeetAtACorner() throws {
        let parent = Node(name: "parent", frame: Rect(x: 20, y: 20, width: 100, height: 100))
        parent.clipsToBounds = true
        parent.hitTestSlop = EdgeInsets(top: -50, left: 0, bottom: 0, right: 0)
        parent.addSubnode(button("b", -10, -10, 30, 30, slop: 20))
        let canvas = try render(overlayWindow(parent))
        // Left cut by the parent's slop (dark green); top clipped by the parent (orange, and
        // also cut by the root's slopRect, so both bands lie there and orange wins).
        expectPixel(canvas, 20, 20, clippedOverWhite)
        expectPixel(canvas, 21, 21, clippedOverWhite)
        expectPixel(canvas, 20, 40, limitedOverWhite)
        expectPixel(canvas, 40, 21, clippedOverWhite)
        expectPixel(canvas, 40, 40, fillOverWhite)
        expectPixel(canvas, 19, 40, opaqueWhite)
    }

    @Test func edgeBandsAreTwoPointsWideAtEveryScale() throws {
        let parent = Node(name: "parent", frame: Rect(x: 10, y: 10, width: 50, height: 50))
        let b = button("b", 0, 0, 20, 20)
        b.hitTestSlop = EdgeInsets(top: -5, left: 0, bottom: 0, right: 0)
        parent.addSubnode(b)
        let canvas = try render(overlayWindow(width: 100, height: 100, parent), scale: 2)
        expectPixel(canvas, 30, 19, opaqueWhite)
        for y in 20..<24 { expectPixel(canvas, 30, y, limitedOverWhite) }
        expectPixel(canvas, 30, 24, fillOverWhite)
    }

    @Test func overlappingOverlaysStackFrontmostLast() throws {
        let canvas = try render(overlayWindow(button("a", 0, 0, 20, 20), button("b", 10, 0, 20, 20)))
        expectPixel(canvas, 5, 5, fillOverWhite)
        expectPixel(canvas, 15, 5, fillOverFillOverWhite)
        expectPixel(canvas, 25, 5, fillOverWhite)
    }

    @Test func hiddenDisabledOrNonInteractiveControlsGetNoOverlay() throws {
        let hidden = button("hidden", 0, 0, 20, 20)
        hidden.isHidden = true
        let disabled = button("disabled", 30, 0, 20, 20)
        disabled.isEnabled = false
        let inert = button("inert", 60, 0, 20, 20)
        inert.isUserInteractionEnabled = false
        let container = Node(name: "container", frame: Rect(x: 90, y: 0, width: 30, height: 30))
        container.isUserInteractionEnabled = false
        container.addSubnode(button("insideInert", 0, 0, 20, 20))
        let faint = button("faint", 130, 0, 20, 20)
        faint.alpha = 0.005
        let canvas = try render(overlayWindow(hidden, disabled, inert, container, faint))
        for x in [10, 40, 70, 100, 140] { expectPixel(canvas, x, 10, opaqueWhite) }
    }

    @Test func plainNodesGetNoOverlay() throws {
        let canvas = try render(overlayWindow(box("plain", 0, 0, 20, 20)))
        expectPixel(canvas, 10, 10, opaqueWhite)
    }
}
