import NodeCore
import Testing
@testable import Render

/// A 20 × 10 image: red left half, blue right half.
private let halves: ImagePixels = {
    var pixels: [UInt32] = []
    for _ in 0 ..< 10 {
        for x in 0 ..< 20 { pixels.append(x < 10 ? 0xFFFF_0000 : 0xFF00_00FF) }
    }
    return ImagePixels(trustedWidth: 20, height: 10, pixels: pixels)
}()

/// A 40 × 40 image node at (10, 10) showing `pixels`.
private func imageNode(_ mode: ImageContentMode, _ pixels: ImagePixels = halves) -> ImageNode {
    let node = ImageNode(name: "image", frame: Rect(x: 10, y: 10, width: 40, height: 40))
    node.contentMode = mode
    node.source = .pixels(pixels)
    return node
}

private let opaqueRed = argb(255, 255, 0, 0)
private let opaqueBlue = argb(255, 0, 0, 255)
/// A 4 × 4 opaque red image.
private let solidRed = ImagePixels(trustedWidth: 4, height: 4, pixels: Array(repeating: 0xFFFF_0000, count: 16))

// behaviour.md §17.3: content modes, corner radius and the placeholder, at whole and fractional scales.
@Suite struct ImagePaintingTests {
    @Test(arguments: [1.0, 1.5, 2.0])
    func scaleToFillStretchesTheImageOverTheBounds(factor: Double) throws {
        try ScaledShot(imageNode(.scaleToFill), factor: factor)
            .expect([(14, 12, opaqueRed), (46, 48, opaqueBlue), (8, 30, opaqueWhite), (52, 30, opaqueWhite)])
    }

    @Test(arguments: [1.0, 1.5, 2.0])
    func aspectFitLeavesTheBoundsAroundTheImageUnpainted(factor: Double) throws {
        // 20 × 10 drawn 40 × 20, at node y 10...30: window y 20...40 of the bounds' 10...50.
        try ScaledShot(imageNode(.aspectFit), factor: factor)
            .expect([(14, 15, opaqueWhite), (14, 22, opaqueRed), (46, 38, opaqueBlue), (30, 45, opaqueWhite)])
    }

    @Test(arguments: [1.0, 1.5, 2.0])
    func aspectFillCoversTheBoundsAndCropsTheOverflow(factor: Double) throws {
        // Drawn 80 × 40 from node x -20: only its middle half shows, still red then blue.
        try ScaledShot(imageNode(.aspectFill), factor: factor)
            .expect([(12, 12, opaqueRed), (48, 48, opaqueBlue), (5, 30, opaqueWhite), (55, 30, opaqueWhite)])
    }

    @Test(arguments: [1.0, 1.5, 2.0])
    func centerDrawsOnePixelPerPointInTheMiddle(factor: Double) throws {
        // 20 × 10 points at node (10, 15): window x 20...40, y 25...35.
        try ScaledShot(imageNode(.center), factor: factor)
            .expect([(21, 26, opaqueRed), (39, 34, opaqueBlue), (18, 30, opaqueWhite), (30, 23, opaqueWhite)])
    }

    @Test(arguments: [1.0, 1.5, 2.0])
    func cornerRadiusClipsImageAndBackgroundWithAntialiasedEdges(factor: Double) throws {
        let node = imageNode(.aspectFit, solidRed)
        node.cornerRadius = 20
        node.backgroundColor = blue
        let shot = try ScaledShot(node, factor: factor)
        shot.expect(30, 30, opaqueRed)
        shot.expect(11, 11, opaqueWhite)
        shot.expect(49, 49, opaqueWhite)
        // In the top-left quadrant white turns red through mixed pixels along the arc.
        var mixed = 0
        for y in shot.p(10) ..< shot.p(30) {
            for x in shot.p(10) ..< shot.p(30) {
                let c = shot.canvas.components(x: x, y: y)
                if c.green > 0 && c.green < 255 { mixed += 1 }
            }
        }
        #expect(mixed >= shot.p(20))
    }

    /// A rounded node of 10⁹ points (fuzzer case `huge-rounded-image`: its mask once asked
    /// for 378 GB) paints what the window shows of it, exactly as a small one with the same
    /// visible corners: the mask follows the visible part, not the node.
    @Test(arguments: [1.0, 1.5, 2.0])
    func aHugeRoundedNodePaintsItsVisibleCornersLikeASmallOne(factor: Double) throws {
        func rounded(_ frame: Rect) -> ImageNode {
            let node = ImageNode(name: "photo", frame: frame)
            node.placeholderColor = green
            node.backgroundColor = blue
            node.cornerRadius = 20
            return node
        }
        // Its top-left corner in the window, then its bottom-right one.
        for (hugeFrame, smallFrame) in [(Rect(x: 10, y: 10, width: 1e9, height: 1e9), Rect(x: 10, y: 10, width: 200, height: 200)),
                                         (Rect(x: 60 - 1e9, y: 60 - 1e9, width: 1e9, height: 1e9), Rect(x: -140, y: -140, width: 200, height: 200))] {
            let huge = try ScaledShot(rounded(hugeFrame), factor: factor).canvas
            let small = try ScaledShot(rounded(smallFrame), factor: factor).canvas
            #expect(differingPixels(huge, small).isEmpty)
            #expect(huge.pixel(x: Int(11 * factor), y: Int(11 * factor)) != huge.pixel(x: Int(30 * factor), y: Int(30 * factor))
                    || huge.pixel(x: Int(59 * factor), y: Int(59 * factor)) != huge.pixel(x: Int(40 * factor), y: Int(40 * factor)),
                    "no rounded corner was painted")
        }
    }

    @Test(arguments: [1.0, 1.5, 2.0])
    func borderFollowsTheRoundedCornersWithAntialiasedEdges(factor: Double) throws {
        let node = imageNode(.scaleToFill, solidRed)
        node.cornerRadius = 12
        node.borderWidth = 2
        node.borderColor = Color(red: 0, green: 0, blue: 0)
        let shot = try ScaledShot(node, factor: factor)
        let black = argb(255, 0, 0, 0)
        // The straight edges, and the arc's middle 11 pt from the corner's centre (22, 22).
        shot.expect(30, 10.5, black)
        shot.expect(49.5, 30, black)
        shot.expect(22 - 11 / 2.squareRoot(), 22 - 11 / 2.squareRoot(), black)
        // Outside the arc (where a rectangular border's corner was) and inside the ring.
        shot.expect(10.5, 10.5, opaqueWhite)
        shot.expect(49.5, 49.5, opaqueWhite)
        shot.expect(22 - 7 / 2.squareRoot(), 22 - 7 / 2.squareRoot(), opaqueRed)
        shot.expect(30, 30, opaqueRed)
        // Both arcs are antialiased: pixels of neither pure colour along the outer and the inner arc.
        var outer = 0, inner = 0
        for y in shot.p(10) ..< shot.p(22) {
            for x in shot.p(10) ..< shot.p(22) {
                let c = shot.canvas.components(x: x, y: y)
                guard ![black, opaqueWhite, opaqueRed].contains(c) else { continue }
                let dx = (Double(x) + 0.5) / factor - 22, dy = (Double(y) + 0.5) / factor - 22
                if (dx * dx + dy * dy).squareRoot() > 11 { outer += 1 } else { inner += 1 }
            }
        }
        #expect(outer >= shot.p(10) && inner >= shot.p(8))
    }

    @Test(arguments: [1.0, 1.5, 2.0])
    func repaintingPartOfARoundedBorderEqualsAFullRepaint(factor: Double) throws {
        let node = imageNode(.aspectFill)
        node.cornerRadius = 12
        node.borderWidth = 3
        node.borderColor = Color(red: 0, green: 0, blue: 0)
        // A translucent node over the top-left corner: its change repaints only part of the ring.
        let veil = box("veil", 4.5, 6.3, 17, 13, Color(red: 0, green: 255, blue: 0, alpha: 0.4))
        _ = try repaintAfterChange(node, veil, factor: factor) {
            veil.backgroundColor = Color(red: 255, green: 0, blue: 255, alpha: 0.4)
        }
    }

    @Test(arguments: [1.0, 1.5, 2.0])
    func placeholderIsPaintedUntilTheImageIsReady(factor: Double) throws {
        let node = ImageNode(name: "photo", frame: Rect(x: 10, y: 10, width: 40, height: 40))
        node.source = .file(path: "/nonexistent/photo.jpg")
        node.placeholderColor = green
        node.cornerRadius = 8
        let scale = try #require(RenderScale(exactly: factor))
        let renderer = try Renderer(window: makeWindow(node), background: .white, scale: scale, labelFont: .none)
        let canvas = try renderer.renderImage()
        func p(_ points: Double) -> Int { Int(points * factor) }
        expectPixel(canvas, p(30), p(30), argb(255, 0, 255, 0))
        expectPixel(canvas, p(10), p(10), opaqueWhite)
        #expect(renderer.takeImageRequests().map(\.name) == ["photo"])
        #expect(renderer.takeImageRequests().isEmpty)
    }

    @Test(arguments: [1.0, 1.5, 2.0])
    func repaintingTheDamageWhenAnImageBecomesReadyEqualsAFullRepaint(factor: Double) throws {
        let node = ImageNode(name: "photo", frame: Rect(x: 10.3, y: 10.6, width: 40, height: 30))
        node.source = .file(path: "/nonexistent/photo.png")
        node.placeholderColor = green
        node.cornerRadius = 6
        node.contentMode = .aspectFill
        let canvas = try repaintAfterChange(node, factor: factor) {
            node.setImage(halves, sourceSize: Size(width: 20, height: 10))
        }
        expectPixel(canvas, Int(14 * factor), Int(20 * factor), opaqueRed)
    }

    @Test func overlayOfAnAlphaHitTestedImageCoversOnlyItsOpaquePart() throws {
        let node = imageNode(.scaleToFill, ImagePixels(trustedWidth: 2, height: 1, pixels: [0xFFFF_0000, 0]))
        node.isUserInteractionEnabled = true
        node.hitTestAlpha = true
        let window = makeWindow(node)
        let plain = try render(window)
        window.showsTappableAreas = true
        let overlaid = try render(window)
        // Left half: the opaque image, under the overlay. Right half: transparent, so no overlay.
        #expect(plain.pixel(x: 20, y: 30) != overlaid.pixel(x: 20, y: 30))
        #expect(plain.pixel(x: 40, y: 30) == overlaid.pixel(x: 40, y: 30))
        #expect(plain.pixel(x: 29, y: 30) != overlaid.pixel(x: 29, y: 30))
        #expect(plain.pixel(x: 30, y: 30) == overlaid.pixel(x: 30, y: 30))
    }
}
