import Testing
@testable import NodeCore

// behaviour.md §15: one test per layout rule, boundaries included. Frames are in parent
// coordinates, whole points (the rounding rule).

@Suite struct LayoutFlexingTests {
    @Test func growSharesFreeSpaceByFactor() {
        LayoutTree("""
        root: width 300; height 10; direction row => 0 0 300 10
          a: grow 1 => 0 0 100 10
          b: grow 2 => 100 0 200 10
        """).check()
    }

    @Test func growClampedAtMaxReResolvesTheOthers() {
        // a's share (100) exceeds its max: it freezes at 50 and b and c share the other 250 (CSS §9.7).
        LayoutTree("""
        root: width 300; height 10; direction row
          a: grow 1; maxWidth 50 => 0 0 50 10
          b: grow 1 => 50 0 125 10
          c: grow 1 => 175 0 125 10
        """).check()
    }

    @Test func shrinkSharesOverflowByFactorTimesBasis() {
        // 100 too wide: a (basis 200) gives up twice what b (basis 100) does: 66.67 and 33.33.
        LayoutTree("""
        root: width 200; height 10; direction row
          a: width 200; shrink 1 => 0 0 133 10
          b: width 100; shrink 1 => 133 0 67 10
        """).check()
    }

    @Test func shrinkClampedAtMinReResolvesTheOthers() {
        // Equal shares would make a 50, under its min 80: it freezes at 80 and b takes the rest of the overflow.
        LayoutTree("""
        root: width 100; height 10; direction row
          a: width 100; shrink 1; minWidth 80 => 0 0 80 10
          b: width 100; shrink 1 => 80 0 20 10
        """).check()
    }

    @Test func noShrinkByDefaultSoItemsOverflow() {
        LayoutTree("""
        root: width 100; height 10; direction row
          a: width 80 => 0 0 80 10
          b: width 80 => 80 0 80 10
        """).check()
    }

    @Test func basisWinsOverWidthAndAutoBasisUsesWidth() {
        LayoutTree("""
        root: width 300; height 10; direction row
          a: width 50; basis 100 => 0 0 100 10
          b: width 50 => 100 0 50 10
          c: basis 20% => 150 0 60 10
        """).check()
    }

    @Test func growBeyondMaxStopsAtMax() {
        LayoutTree("""
        root: width 300; height 10; direction row
          a: grow 1; maxWidth 40 => 0 0 40 10
        """).check()
    }
}

@Suite struct LayoutLengthTests {
    @Test func percentIsOfTheContainersContentBox() {
        LayoutTree("""
        root: width 200; height 100; padding 10; alignItems flex-start
          a: width 50%; height 25% => 10 10 90 20
        """).check()
    }

    @Test func autoMarginTakesFreeSpaceBeforeJustify() {
        LayoutTree("""
        root: width 300; height 100; direction row; justify center
          a: width 50; height 10; marginLeft auto => 250 0 50 10
        """).check()
    }

    @Test func autoMarginsOnBothSidesCenter() {
        LayoutTree("""
        root: width 300; height 100; direction row
          a: width 50; height 20; margin auto => 125 40 50 20
        """).check()
    }

    @Test func autoMarginBetweenItemsPushesTheRestToTheEnd() {
        LayoutTree("""
        root: width 300; height 100; direction row
          a: width 50; height 10; marginRight auto => 0 0 50 10
          b: width 50; height 10 => 250 0 50 10
        """).check()
    }

    @Test func marginsAndPaddingOffsetItems() {
        LayoutTree("""
        root: width 100; height 100; padding 5 10 0 0
          a: height 10; margin 1 2 3 4 => 12 6 84 10
          b: height 10 => 10 19 90 10
        """).check()
    }

    @Test func gapSeparatesItemsAndRowGapOverridesGap() {
        LayoutTree("""
        root: width 100; height 100; direction row; wrap wrap; gap 10; rowGap 4
          a: width 40; height 10 => 0 0 40 10
          b: width 40; height 10 => 50 0 40 10
          c: width 40; height 10 => 0 14 40 10
        """).check()
    }
}

@Suite struct LayoutJustifyTests {
    @Test func spaceBetweenWithOneItemIsFlexStart() {
        LayoutTree("""
        root: width 300; height 10; direction row; justify space-between
          a: width 50 => 0 0 50 10
        """).check()
    }

    @Test func spaceAroundAndEvenlyWithOneItemCenter() {
        LayoutTree("""
        root: width 300; height 20; direction row
          around: direction row; justify space-around; width 300; height 10
            a: width 50 => 125 0 50 10
          evenly: direction row; justify space-evenly; width 300; height 10
            b: width 50 => 125 0 50 10
        """).check()
    }

    @Test func spaceAroundWithOverflowCenters() {
        // CSS: negative free space makes space-around act as center (Yoga keeps flex-start).
        LayoutTree("""
        root: width 100; height 10; direction row; justify space-around
          a: width 80 => -30 0 80 10
          b: width 80 => 50 0 80 10
        """).check()
    }

    @Test func spaceBetweenSpreadsItems() {
        LayoutTree("""
        root: width 300; height 10; direction row; justify space-between
          a: width 50 => 0 0 50 10
          b: width 50 => 125 0 50 10
          c: width 50 => 250 0 50 10
        """).check()
    }
}

@Suite struct LayoutWrapTests {
    @Test func wrapWithAlignContentCenter() {
        LayoutTree("""
        root: width 100; height 100; direction row; wrap wrap; alignContent center
          a: width 50; height 20 => 0 30 50 20
          b: width 50; height 20 => 50 30 50 20
          c: width 50; height 20 => 0 50 50 20
        """).check()
    }

    @Test func wrapWithAlignContentSpaceBetween() {
        LayoutTree("""
        root: width 100; height 100; direction row; wrap wrap; alignContent space-between
          a: width 50; height 20 => 0 0 50 20
          b: width 50; height 20 => 50 0 50 20
          c: width 50; height 20 => 0 80 50 20
        """).check()
    }

    @Test func wrapWithAlignContentStretchSharesTheSpareSpace() {
        LayoutTree("""
        root: width 100; height 100; direction row; wrap wrap; alignContent stretch
          a: width 50; height 20 => 0 0 50 20
          b: width 50 => 50 0 50 50
          c: width 50; height 20 => 0 50 50 20
        """).check()
    }

    @Test func wrapReverseStacksLinesFromTheEnd() {
        LayoutTree("""
        root: width 100; height 100; direction row; wrap wrap-reverse
          a: width 50; height 20 => 0 80 50 20
          b: width 50; height 20 => 50 80 50 20
          c: width 50; height 20 => 0 60 50 20
        """).check()
    }
}

@Suite struct LayoutPositionTests {
    @Test func absoluteItemsTakeNoSpaceAndHonourOppositeInsets() {
        LayoutTree("""
        root: width 200; height 100; padding 10; direction row
          a: width 50 => 10 10 50 80
          over: position absolute; left 10; right 20; top 0; bottom 0 => 10 0 170 100
          b: width 50 => 60 10 50 80
        """).check()
    }

    @Test func absolutePercentagesAreOfThePaddingBox() {
        LayoutTree("""
        root: width 200; height 100; padding 10
          a: position absolute; left 10%; top 50%; width 25%; height 10 => 20 50 50 10
        """).check()
    }

    @Test func absoluteWithoutInsetsSitsWhereJustifyAndAlignPutIt() {
        LayoutTree("""
        root: width 100; height 100; padding 10; justify center; alignItems flex-end
          a: position absolute; width 20; height 20 => 70 40 20 20
        """).check()
    }

    @Test func relativeInsetsStayPhysicalInReverseContainers() {
        // Yoga reverses them in row-reverse; CSS (and this engine) does not.
        LayoutTree("""
        root: width 100; height 10; direction row-reverse
          a: width 20; left 5 => 85 0 20 10
        """).check()
    }

    @Test func aspectRatioWithMaxAndMin() {
        LayoutTree("""
        root: width 200; height 200; alignItems flex-start
          a: width 100; aspectRatio 2; maxHeight 40 => 0 0 100 40
          b: height 30; aspectRatio 2; minWidth 80 => 0 40 80 30
          c: width 60; aspectRatio 2 => 0 70 60 30
        """).check()
    }

    @Test func aspectRatioOfAStretchedItem() {
        LayoutTree("""
        root: width 100; height 200
          a: aspectRatio 2 => 0 0 100 50
        """).check()
    }
}

@Suite struct LayoutDirectionTests {
    @Test func rtlMirrorsRows() {
        LayoutTree("""
        root: width 300; height 50; direction row; writingDirection rtl
          a: width 50 => 250 0 50 50
          b: width 100 => 150 0 100 50
        """).check()
    }

    @Test func rtlKeepsPaddingPhysicalAndMakesStartTheRight() {
        LayoutTree("""
        root: width 300; height 50; direction row; writingDirection rtl; padding 0 0 0 10
          a: width 50 => 240 0 50 50
          b: position absolute; start 5; width 20; height 20 => 275 0 20 20
          c: position absolute; left 5; width 20; height 20 => 5 0 20 20
        """).check()
    }

    @Test func rtlIsInheritedByDescendants() {
        LayoutTree("""
        root: width 300; height 50; writingDirection rtl
          inner: direction row; height 50 => 0 0 300 50
            a: width 50 => 250 0 50 50
        """).check()
    }

    @Test func columnReverseStartsAtTheBottom() {
        LayoutTree("""
        root: width 100; height 100; direction column-reverse
          a: height 10 => 0 90 100 10
          b: height 20 => 0 70 100 20
        """).check()
    }
}

@Suite struct LayoutDisplayTests {
    @Test func displayNoneTakesNoSpaceAndZeroesItsSubtreeWhileHiddenKeepsItsSpace() {
        let tree = LayoutTree("""
        root: width 100; height 100
          gone: height 20; display none => 0 0 0 0
            inner: height 10 => 0 0 0 0
          b: height 30 => 0 0 100 30
          hidden: height 20; hidden => 0 30 100 20
          d: height 10 => 0 50 100 10
        """)
        tree.check()
        #expect(!tree["gone"].isHittable)
    }

    @Test func displayNoneShownAgainGetsItsFramesBack() {
        let tree = LayoutTree("""
        root: width 100; height 100
          a: height 20
            inner: height 10 => 0 0 100 10
          b: height 30 => 0 20 100 30
        """).layOut()
        tree["a"].style.display = .none
        tree.layOut()
        #expect(tree["inner"].frame == .zero)
        #expect(tree["b"].frame == rect(0, 0, 100, 30))
        tree["a"].style.display = .flex
        tree.layOut()
        #expect(tree.mismatches == [])
    }
}

@Suite struct LayoutRoundingTests {
    @Test func roundingOfFractionalEdgesKeepsSizesAddingUp() {
        // Thirds of 100: 33.33 each; edges round to 0, 33, 67, 100.
        LayoutTree("""
        root: width 100; height 10; direction row
          a: grow 1 => 0 0 33 10
          b: grow 1 => 33 0 34 10
          c: grow 1 => 67 0 33 10
        """).check()
    }

    @Test func halvesRoundUp() {
        LayoutTree("""
        root: width 101; height 10; direction row
          a: grow 1 => 0 0 51 10
          b: grow 1 => 51 0 50 10
        """).check()
    }

    @Test func widthsComeFromRoundedAbsoluteEdges() {
        // inner sits at 33.33; c at 0.27 within it, so at 33.60 in the window (→ 34), and its right
        // edge at 44.40 (→ 44): c is 10 wide although 10.8 alone would round to 11.
        LayoutTree("""
        root: width 100; height 10; direction row
          a: grow 1; basis 0 => 0 0 33 10
          inner: grow 2; basis 0; direction row; padding 0 0.27 0 0 => 33 0 67 10
            c: width 10.8 => 0 0 10 10
        """).check()
    }
}

@Suite struct LayoutMeasureTests {
    @Test func baselineAlignsTwoLabelsOfDifferentFontSizes() {
        // Fake metrics: baselines at 9 (10 pt) and 18 (20 pt) from the top; the smaller label moves down 9.
        LayoutTree("""
        root: width 200; height 100; direction row; alignItems baseline
          small: text 5; fontSize 10 => 0 9 25 12
          large: text 5; fontSize 20 => 25 0 50 24
        """).check()
    }

    @Test func labelledButtonMeasuresItsTextPlusContentInsets() {
        let root = Node(name: "root")
        root.layout = FlexLayout(alignItems: .flexStart)
        let button = ButtonNode(name: "pay")
        button.label = "aaaaa"
        let plain = Node(name: "plain")
        root.addSubnode(button)
        root.addSubnode(plain)
        root.layoutIfNeeded(size: Size(width: 200, height: 200), measurer: FakeMeasurer())
        // 5 glyphs of 7 pt by 16.8 pt, plus 12 pt left and right and 8 pt top and bottom.
        #expect(button.frame == rect(0, 0, 59, 33))
        #expect(plain.frame == rect(0, 33, 0, 0))
    }

    @Test func textWrapsAtTheWidthItIsOffered() {
        // 4 words of 35 pt (with 7 pt spaces) in 100 pt: two per line, 2 lines of 16.8.
        LayoutTree("""
        root: width 100; height 200; alignItems flex-start
          t: text 20 => 0 0 77 34
        """).check()
    }

    @Test func layoutThatFitsGivesTheContentSizeWithinTheRange() {
        let tree = LayoutTree("""
        root: direction row; padding 5
          a: width 30; height 10
          b: width 40; height 20
        """)
        let measurer = FakeMeasurer()
        #expect(tree.root.layoutThatFits(.unconstrained, measurer: measurer) == Size(width: 80, height: 30))
        #expect(tree.root.calculatedSize == Size(width: 80, height: 30))
        let range = SizeRange(min: Size(width: 100, height: 0), max: Size(width: 200, height: 25))
        #expect(tree.root.layoutThatFits(range, measurer: measurer) == Size(width: 100, height: 25))
    }

    @Test func containerWithoutSizeWrapsItsContent() {
        LayoutTree("""
        root: width 300; height 300; alignItems flex-start
          box: direction row; padding 10 => 0 0 100 50
            a: width 30; height 30 => 10 10 30 30
            b: width 50; height 20 => 40 10 50 20
        """).check()
    }
}

@Suite struct LayoutSpecTests {
    @Test func stackInsetCenterOverlayAndBackgroundAreFlexboxShorthands() {
        let card = Node(name: "card")
        card.layout = .stack(.row, spacing: 10, alignItems: .center)
        let icon = Node(name: "icon")
        icon.style = .ratio(1)
        icon.style.width = 20
        let title = Node(name: "title")
        title.style.width = 50
        title.style.height = 10
        card.addSubnode(icon)
        card.addSubnode(title)
        let background = Node(name: "background")
        card.addBackground(background)
        let badge = Node(name: "badge")
        card.addOverlay(badge)
        let pinned = Node(name: "pinned")
        pinned.style = .absolute(at: Point(x: 5, y: 6), size: Size(width: 7, height: 8))
        card.addSubnode(pinned)
        card.layoutIfNeeded(size: Size(width: 200, height: 40), measurer: nil)
        #expect(card.subnodes.first === background)
        #expect(background.frame == rect(0, 0, 200, 40))
        #expect(badge.frame == rect(0, 0, 200, 40))
        #expect(icon.frame == rect(0, 10, 20, 20))
        #expect(title.frame == rect(30, 15, 50, 10))
        #expect(pinned.frame == rect(5, 6, 7, 8))

        let centered = Node(name: "centered")
        centered.layout = .center
        let dot = Node(name: "dot")
        dot.style.width = 10
        dot.style.height = 10
        centered.addSubnode(dot)
        let inset = Node(name: "inset")
        inset.layout = .inset(EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        let content = Node(name: "content")
        content.style.grow = 1
        inset.addSubnode(content)
        centered.layoutIfNeeded(size: Size(width: 100, height: 50), measurer: nil)
        inset.layoutIfNeeded(size: Size(width: 100, height: 50), measurer: nil)
        #expect(dot.frame == rect(45, 20, 10, 10))
        #expect(content.frame == rect(2, 1, 94, 46))
    }
}
