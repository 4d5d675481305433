import Testing
@testable import NodeCore

/// A `width` × `height` image, opaque where `opaque(x, y)`, clear elsewhere.
private func mask(_ width: Int, _ height: Int, opaque: (Int, Int) -> Bool) -> ImagePixels {
    var pixels: [UInt32] = []
    for y in 0 ..< height {
        for x in 0 ..< width { pixels.append(opaque(x, y) ? 0xFFFF_0000 : 0) }
    }
    return ImagePixels(trustedWidth: width, height: height, pixels: pixels)
}

@Suite struct ImageNodeTests {
    @Test func imageNodeIgnoresTouchesUntilMadeInteractive() {
        let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let image = ImageNode(name: "photo", frame: Rect(x: 10, y: 10, width: 50, height: 50))
        root.addSubnode(image)
        #expect(root.hitTest(Point(x: 20, y: 20)) === root)
        image.isUserInteractionEnabled = true
        #expect(root.hitTest(Point(x: 20, y: 20)) === image)
    }

    @Test func intrinsicContentSizeIsTheImageSizeInPointsAtScaleOne() {
        let node = ImageNode(name: "icon")
        #expect(node.intrinsicContentSize == nil)
        node.source = .pixels(mask(24, 16) { _, _ in true })
        #expect(node.intrinsicContentSize == Size(width: 24, height: 16))
        #expect(node.image?.width == 24)
    }

    @Test func contentModesPlaceTheImageInTheBounds() {
        let bounds = Rect(x: 0, y: 0, width: 200, height: 100)
        let image = Size(width: 100, height: 100)
        #expect(ImageContentMode.aspectFit.drawnRect(imageSize: image, in: bounds) == Rect(x: 50, y: 0, width: 100, height: 100))
        #expect(ImageContentMode.aspectFill.drawnRect(imageSize: image, in: bounds) == Rect(x: 0, y: -50, width: 200, height: 200))
        #expect(ImageContentMode.scaleToFill.drawnRect(imageSize: image, in: bounds) == bounds)
        #expect(ImageContentMode.center.drawnRect(imageSize: Size(width: 40, height: 300), in: bounds)
            == Rect(x: 80, y: -100, width: 40, height: 300))
    }

    @Test func decodeSizeIsTheDrawnSizeInPixelsNeverMoreThanTheSource() {
        let photo = ImageNode.decodeSize(sourceWidth: 4000, sourceHeight: 3000, boundsSize: Size(width: 200, height: 150),
                                         contentMode: .aspectFill, scale: 2)
        #expect(photo == (400, 300))
        let icon = ImageNode.decodeSize(sourceWidth: 24, sourceHeight: 24, boundsSize: Size(width: 48, height: 48),
                                        contentMode: .aspectFit, scale: 2)
        #expect(icon == (24, 24))
    }

    @Test func aScaleNeedingMorePixelsNeedsDecodingAgain() {
        let node = ImageNode(name: "photo", frame: Rect(x: 0, y: 0, width: 200, height: 150))
        node.source = .file(path: "/nonexistent.jpg")
        #expect(node.needsPixels(scale: 1))
        node.setImage(mask(200, 150) { _, _ in true }, sourceSize: Size(width: 4000, height: 3000))
        #expect(!node.needsPixels(scale: 1))
        #expect(node.needsPixels(scale: 2))
    }

    @Test func hitTestAlphaFollowsTheImageEdge() {
        // A 10 × 10 image, opaque in its left half, drawn 1:1 in a 10 × 10 node.
        let node = ImageNode(name: "icon", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        node.source = .pixels(mask(10, 10) { x, _ in x < 5 })
        node.isUserInteractionEnabled = true
        #expect(node.pointInside(Point(x: 7, y: 5)))
        node.hitTestAlpha = true
        #expect(node.pointInside(Point(x: 4.99, y: 5)))
        #expect(!node.pointInside(Point(x: 5, y: 5)))
        #expect(!node.hitTestsBySlopRect)
    }

    @Test func hitTestAlphaTakesHalfAlphaAsInside() {
        let pixels = ImagePixels(trustedWidth: 2, height: 1, pixels: [0x8000_0000, 0x7F00_0000])
        let node = ImageNode(name: "icon", frame: Rect(x: 0, y: 0, width: 2, height: 1))
        node.source = .pixels(pixels)
        node.hitTestAlpha = true
        #expect(node.pointInside(Point(x: 0.5, y: 0.5)))
        #expect(!node.pointInside(Point(x: 1.5, y: 0.5)))
    }

    @Test func hitTestAlphaCutsTheRoundedCornersAndTheSlop() {
        let node = ImageNode(name: "avatar", frame: Rect(x: 0, y: 0, width: 40, height: 40))
        node.source = .pixels(mask(40, 40) { _, _ in true })
        node.cornerRadius = 20
        node.hitTestSlop = EdgeInsets(all: -10)
        node.hitTestAlpha = true
        #expect(node.pointInside(Point(x: 20, y: 20)))
        #expect(!node.pointInside(Point(x: 2, y: 2)))
        #expect(!node.pointInside(Point(x: -5, y: 20)))
        #expect(node.hitTestExtent == Rect(x: 0, y: 0, width: 40, height: 40))
    }

    @Test func premultipliedPixelsAreCheckedWhenGivenFromOutside() {
        #expect(ImagePixels(width: 1, height: 1, premultiplied: [0x80FF_0000]) == nil)
        #expect(ImagePixels(width: 2, height: 1, premultiplied: [0x8080_0000]) == nil)
        #expect(ImagePixels(width: 1, height: 1, premultiplied: [0x8080_0000]) != nil)
    }

    @Test func roundedCoverageIsFullInsideAndFadesAcrossTheArc() {
        let rect = Rect(x: 0, y: 0, width: 20, height: 20)
        #expect(RoundedRect.coverage(Point(x: 10, y: 10), in: rect, radius: 5) == 1)
        #expect(RoundedRect.coverage(Point(x: 0.5, y: 0.5), in: rect, radius: 5) == 0)
        let edge = RoundedRect.coverage(Point(x: 5 - 5 / (2.0).squareRoot(), y: 5 - 5 / (2.0).squareRoot()), in: rect, radius: 5)
        #expect(abs(edge - 0.5) < 1e-9)
    }
}

@Suite struct ImageNodeAuditTests {
    @Test func auditMeasuresTheOpaqueShapeOfAnAlphaHitTestedImage() throws {
        // A 60 × 60 icon button whose opaque part is its 20 × 20 centre.
        let icon = ImageNode(name: "icon", frame: Rect(x: 20, y: 20, width: 60, height: 60))
        icon.source = .pixels(mask(60, 60) { x, y in (20 ..< 40).contains(x) && (20 ..< 40).contains(y) })
        icon.isUserInteractionEnabled = true
        let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        root.addSubnode(icon)
        let window = Window(root: root, size: Size(width: 100, height: 100))
        let plain = try #require(Audit.run(window: window).entries.first { $0.name == "icon" })
        #expect(!plain.isUndersized)
        icon.hitTestAlpha = true
        let shaped = try #require(Audit.run(window: window).entries.first { $0.name == "icon" })
        #expect(shaped.isUndersized)
        #expect(shaped.tappable.width <= 21 && shaped.tappable.width >= 19)
    }
}

@Suite struct ImageNodeLayoutTests {
    @Test func layoutSizesAnImageByItsIntrinsicSize() {
        let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 200, height: 200))
        root.layout = FlexLayout(alignItems: .flexStart)
        let icon = ImageNode(name: "icon")
        root.addSubnode(icon)
        icon.source = .pixels(mask(24, 16) { _, _ in true })
        root.layoutIfNeeded(size: Size(width: 200, height: 200), measurer: nil)
        #expect(icon.frame.size == Size(width: 24, height: 16))
        icon.setImage(mask(10, 10) { _, _ in true }, sourceSize: Size(width: 40, height: 30))
        root.layoutIfNeeded(measurer: nil)
        #expect(icon.frame.size == Size(width: 40, height: 30))
    }
}
