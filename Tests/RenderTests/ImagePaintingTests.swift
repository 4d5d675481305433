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

// behaviour.md §17.3: content modes, corner radius and the placeholder, at whole and fractional scales.
@Suite struct ImagePaintingTests {
    @Test(arguments: [1.0, 1.5, 2.0])
    func scaleToFillStretchesTheImageOverTheBounds(factor: Double) throws {
        let canvas = try render(makeWindow(imageNode(.scaleToFill)), scale: try #require(RenderScale(exactly: factor)))
        func p(_ points: Double) -> Int { Int(points * factor) }
        expectPixel(canvas, p(14), p(12), opaqueRed)
        expectPixel(canvas, p(46), p(48), opaqueBlue)
        expectPixel(canvas, p(8), p(30), opaqueWhite)
        expectPixel(canvas, p(52), p(30), opaqueWhite)
    }

    @Test(arguments: [1.0, 1.5, 2.0])
    func aspectFitLeavesTheBoundsAroundTheImageUnpainted(factor: Double) throws {
        // 20 × 10 drawn 40 × 20, at node y 10...30: window y 20...40 of the bounds' 10...50.
        let canvas = try render(makeWindow(imageNode(.aspectFit)), scale: try #require(RenderScale(exactly: factor)))
        func p(_ points: Double) -> Int { Int(points * factor) }
        expectPixel(canvas, p(14), p(15), opaqueWhite)
        expectPixel(canvas, p(14), p(22), opaqueRed)
        expectPixel(canvas, p(46), p(38), opaqueBlue)
        expectPixel(canvas, p(30), p(45), opaqueWhite)
    }

    @Test(arguments: [1.0, 1.5, 2.0])
    func aspectFillCoversTheBoundsAndCropsTheOverflow(factor: Double) throws {
        // Drawn 80 × 40 from node x -20: only its middle half shows, still red then blue.
        let canvas = try render(makeWindow(imageNode(.aspectFill)), scale: try #require(RenderScale(exactly: factor)))
        func p(_ points: Double) -> Int { Int(points * factor) }
        expectPixel(canvas, p(12), p(12), opaqueRed)
        expectPixel(canvas, p(48), p(48), opaqueBlue)
        expectPixel(canvas, p(5), p(30), opaqueWhite)
        expectPixel(canvas, p(55), p(30), opaqueWhite)
    }

    @Test(arguments: [1.0, 1.5, 2.0])
    func centerDrawsOnePixelPerPointInTheMiddle(factor: Double) throws {
        // 20 × 10 points at node (10, 15): window x 20...40, y 25...35.
        let canvas = try render(makeWindow(imageNode(.center)), scale: try #require(RenderScale(exactly: factor)))
        func p(_ points: Double) -> Int { Int(points * factor) }
        expectPixel(canvas, p(21), p(26), opaqueRed)
        expectPixel(canvas, p(39), p(34), opaqueBlue)
        expectPixel(canvas, p(18), p(30), opaqueWhite)
        expectPixel(canvas, p(30), p(23), opaqueWhite)
    }

    @Test(arguments: [1.0, 1.5, 2.0])
    func cornerRadiusClipsImageAndBackgroundWithAntialiasedEdges(factor: Double) throws {
        let solid = ImagePixels(trustedWidth: 4, height: 4, pixels: Array(repeating: 0xFFFF_0000, count: 16))
        let node = imageNode(.aspectFit, solid)
        node.cornerRadius = 20
        node.backgroundColor = blue
        let canvas = try render(makeWindow(node), scale: try #require(RenderScale(exactly: factor)))
        func p(_ points: Double) -> Int { Int(points * factor) }
        expectPixel(canvas, p(30), p(30), opaqueRed)
        expectPixel(canvas, p(11), p(11), opaqueWhite)
        expectPixel(canvas, p(49), p(49), opaqueWhite)
        // In the top-left quadrant white turns red through mixed pixels along the arc.
        var mixed = 0
        for y in p(10) ..< p(30) {
            for x in p(10) ..< p(30) {
                let c = canvas.components(x: x, y: y)
                if c.green > 0 && c.green < 255 { mixed += 1 }
            }
        }
        #expect(mixed >= p(20))
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
        let scale = try #require(RenderScale(exactly: factor))
        // Its top-left corner in the window, then its bottom-right one.
        for (hugeFrame, smallFrame) in [(Rect(x: 10, y: 10, width: 1e9, height: 1e9), Rect(x: 10, y: 10, width: 200, height: 200)),
                                         (Rect(x: 60 - 1e9, y: 60 - 1e9, width: 1e9, height: 1e9), Rect(x: -140, y: -140, width: 200, height: 200))] {
            let huge = try render(makeWindow(rounded(hugeFrame)), scale: scale)
            let small = try render(makeWindow(rounded(smallFrame)), scale: scale)
            #expect(differingPixels(huge, small).isEmpty)
            #expect(huge.pixel(x: Int(11 * factor), y: Int(11 * factor)) != huge.pixel(x: Int(30 * factor), y: Int(30 * factor))
                    || huge.pixel(x: Int(59 * factor), y: Int(59 * factor)) != huge.pixel(x: Int(40 * factor), y: Int(40 * factor)),
                    "no rounded corner was painted")
        }
    }

    @Test(arguments: [1.0, 1.5, 2.0])
    func borderFollowsTheRoundedCornersWithAntialiasedEdges(factor: Double) throws {
        let solid = ImagePixels(trustedWidth: 4, height: 4, pixels: Array(repeating: 0xFFFF_0000, count: 16))
        let node = imageNode(.scaleToFill, solid)
        node.cornerRadius = 12
        node.borderWidth = 2
        node.borderColor = Color(red: 0, green: 0, blue: 0)
        let canvas = try render(makeWindow(node), scale: try #require(RenderScale(exactly: factor)))
        func p(_ points: Double) -> Int { Int(points * factor) }
        let black = argb(255, 0, 0, 0)
        // The straight edges, and the arc's middle 11 pt from the corner's centre (22, 22).
        expectPixel(canvas, p(30), p(10.5), black)
        expectPixel(canvas, p(49.5), p(30), black)
        expectPixel(canvas, p(22 - 11 / 2.squareRoot()), p(22 - 11 / 2.squareRoot()), black)
        // Outside the arc (where a rectangular border's corner was) and inside the ring.
        expectPixel(canvas, p(10.5), p(10.5), opaqueWhite)
        expectPixel(canvas, p(49.5), p(49.5), opaqueWhite)
        expectPixel(canvas, p(22 - 7 / 2.squareRoot()), p(22 - 7 / 2.squareRoot()), opaqueRed)
        expectPixel(canvas, p(30), p(30), opaqueRed)
        // Both arcs are antialiased: pixels of neither pure colour along the outer and the inner arc.
        var outer = 0, inner = 0
        for y in p(10) ..< p(22) {
            for x in p(10) ..< p(22) {
                let c = canvas.components(x: x, y: y)
                guard ![black, opaqueWhite, opaqueRed].contains(c) else { continue }
                let dx = (Double(x) + 0.5) / factor - 22, dy = (Double(y) + 0.5) / factor - 22
                if (dx * dx + dy * dy).squareRoot() > 11 { outer += 1 } else { inner += 1 }
            }
        }
        #expect(outer >= p(10) && inner >= p(8))
    }

    @Test(arguments: [1.0, 1.5, 2.0])
    func repaintingPartOfARoundedBorderEqualsAFullRepaint(factor: Double) throws {
        let node = imageNode(.aspectFill)
        node.cornerRadius = 12
        node.borderWidth = 3
        node.borderColor = Color(red: 0, green: 0, blue: 0)
        // A translucent node over the top-left corner: its change repaints only part of the ring.
        let veil = Node(name: "veil", frame: Rect(x: 4.5, y: 6.3, width: 17, height: 13))
        veil.backgroundColor = Color(red: 0, green: 255, blue: 0, alpha: 0.4)
        let renderer = try Renderer(window: makeWindow(node, veil), background: .white,
                                    scale: try #require(RenderScale(exactly: factor)), labelFont: .none)
        let canvas = try renderer.makeCanvas()
        renderer.renderFull(into: canvas)
        _ = renderer.takeDamage()
        veil.backgroundColor = Color(red: 255, green: 0, blue: 255, alpha: 0.4)
        renderer.render(damage: renderer.takeDamage(), into: canvas)
        #expect(differingPixels(canvas, try renderer.renderImage()).isEmpty)
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
        let renderer = try Renderer(window: makeWindow(node), background: .white,
                                    scale: try #require(RenderScale(exactly: factor)), labelFont: .none)
        let canvas = try renderer.makeCanvas()
        renderer.renderFull(into: canvas)
        _ = renderer.takeDamage()
        node.setImage(halves, sourceSize: Size(width: 20, height: 10))
        renderer.render(damage: renderer.takeDamage(), into: canvas)
        #expect(differingPixels(canvas, try renderer.renderImage()).isEmpty)
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
