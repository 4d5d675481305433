import Testing
@testable import NodeCore

// behaviour.md §9 "Audit": scrolled content is audited where a scroll brings it into
// view; out of view but reachable is a note, never reachable is a finding.

@Suite struct ScrollAuditTests {
    /// A 300 × 200 list of 100 × 60 buttons (content 300 × 1000), and a carousel at
    /// content y 700 holding a button at its content x 600.
    struct Scene {
        let window: Window
        let list = ScrollNode(name: "list", frame: rect(0, 0, 300, 200))
        let top = ButtonNode(name: "top", frame: rect(0, 0, 100, 60))
        let below = ButtonNode(name: "below", frame: rect(0, 500, 100, 60))
        let carousel = ScrollNode(name: "carousel", frame: rect(0, 700, 300, 100))
        let far = ButtonNode(name: "far", frame: rect(600, 20, 100, 60))

        init() {
            list.contentSize = Size(width: 300, height: 1000)
            carousel.contentSize = Size(width: 800, height: 100)
            list.addSubnode(top)
            list.addSubnode(below)
            list.addSubnode(carousel)
            carousel.addSubnode(far)
            let root = Node(name: "root", frame: rect(0, 0, 300, 400))
            root.addSubnode(list)
            window = Window(root: root, size: Size(width: 300, height: 400))
        }

        func entry(_ name: String) -> AuditEntry {
            Audit.run(window: window).entries.first { $0.name == name }!
        }
    }

    @Test func aControlInTheContentButOutOfViewIsReachableByScrollingANoteNotAFinding() {
        let s = Scene()
        let below = s.entry("below")
        #expect(below.reachableByScrolling == ["list"])
        #expect(below.findings.isEmpty)
        // Its area is where it would be once scrolled into view: the bottom of the list.
        #expect(below.tappable == rect(0, 140, 100, 60))
    }

    @Test func aControlInViewNeedsNoScrolling() {
        let s = Scene()
        #expect(s.entry("top").reachableByScrolling.isEmpty)
        #expect(s.entry("top").isInScrollContent)
        #expect(s.entry("top").findings.isEmpty)
    }

    @Test func nestedScrollNodesScrollInnermostFirst() {
        let s = Scene()
        #expect(s.entry("far").reachableByScrolling == ["carousel", "list"])
        #expect(s.entry("far").findings.isEmpty)
    }

    @Test func aControlThatNoOffsetBringsIntoViewIsNeverReachable() {
        let s = Scene()
        s.below.frame = rect(0, 1100, 100, 60)      // past the end of the content
        #expect(s.entry("below").findings == [.neverReachable])
        #expect(s.entry("below").reachableByScrolling.isEmpty)
    }

    @Test func aPartlyVisibleRowIsAuditedWholeWithoutANote() {
        let s = Scene()
        s.list.contentOffset = pt(0, 470)           // "below" shows its top 30 pt
        let below = s.entry("below")
        #expect(below.reachableByScrolling.isEmpty)
        #expect(below.limitedEdges.isEmpty)
        #expect(below.findings.isEmpty)
    }

    @Test func theAuditLeavesTheOffsetsAlone() {
        let s = Scene()
        _ = Audit.run(window: s.window)
        #expect(s.list.contentOffset == .zero && s.carousel.contentOffset == .zero)
    }
}
