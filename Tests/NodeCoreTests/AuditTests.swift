import Testing
@testable import NodeCore

private func window(_ children: Node...) -> Window {
    let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 300, height: 300))
    for child in children { root.addSubnode(child) }
    return Window(root: root, size: Size(width: 300, height: 300))
}

private func button(_ name: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
                    slop: Double = 0) -> ButtonNode {
    let b = ButtonNode(name: name, frame: Rect(x: x, y: y, width: w, height: h))
    b.hitTestSlop = EdgeInsets(all: -slop)
    return b
}

@Suite struct AuditTests {
    @Test func controlSmallerThanTheMinimumIsUndersizedAndNamesTheGuidelinesItFails() throws {
        let report = Audit.run(window: window(button("small", 10, 10, 30, 30), button("big", 100, 100, 50, 50)))
        let small = try #require(report.entries.first { $0.name == "small" })
        #expect(small.isUndersized)
        #expect(small.failedGuidelines == [.appleHIG, .materialDesign])
        #expect(small.findings == [.undersized])
        let big = try #require(report.entries.first { $0.name == "big" })
        #expect(!big.isUndersized && big.failedGuidelines.isEmpty && big.findings.isEmpty)
        #expect(report.hasFindings)
        #expect(report.findingCount == 1)
    }

    @Test func slopCountsTowardsTheSize() {
        let report = Audit.run(window: window(button("padded", 50, 50, 30, 30, slop: 7)))
        #expect(report.entries[0].tappable.width == 44)
        #expect(!report.entries[0].isUndersized)
        #expect(!report.hasFindings)
    }

    @Test func minimumSizeIsConfigurable() {
        let report = Audit.run(window: window(button("b", 10, 10, 30, 30)), minimumSize: 24)
        #expect(!report.entries[0].isUndersized)
        #expect(report.entries[0].failedGuidelines == [.appleHIG, .materialDesign])
        #expect(Audit.defaultMinimumSize == 44)
    }

    @Test func tinyControlFailsEveryGuidelineIncludingWCAG() {
        let report = Audit.run(window: window(button("tiny", 10, 10, 20, 20)))
        #expect(report.entries[0].failedGuidelines == [.appleHIG, .materialDesign, .wcag258])
    }

    @Test func overlappingControlsReportTheSharedAreaAndTheFrontmostAsWinner() throws {
        let report = Audit.run(window: window(button("back", 10, 10, 50, 50), button("front", 40, 40, 50, 50)))
        let back = try #require(report.entries.first { $0.name == "back" })
        let front = try #require(report.entries.first { $0.name == "front" })
        let expected = AuditOverlap(other: "front", area: Rect(x: 40, y: 40, width: 20, height: 20), winner: "front")
        #expect(back.overlaps == [expected])
        #expect(front.overlaps == [AuditOverlap(other: "back", area: expected.area, winner: "front")])
        #expect(back.findings == [.overlapsOtherControls])
    }

    @Test func nestedControlWinsOverItsControlAncestor() throws {
        let outer = button("outer", 10, 10, 100, 100)
        outer.addSubnode(button("inner", 10, 10, 50, 50))
        let report = Audit.run(window: window(outer))
        let entry = try #require(report.entries.first { $0.name == "outer" })
        #expect(entry.overlaps.map(\.winner) == ["inner"])
    }

    @Test func sideLimitedByAnAncestorIsReportedWithTheAncestorsName() throws {
        let toolbar = Node(name: "toolbar", frame: Rect(x: 0, y: 100, width: 300, height: 60))
        toolbar.addSubnode(button("play", 0, 8, 44, 44, slop: 10))
        let report = Audit.run(window: window(toolbar))
        let play = try #require(report.entries.first)
        #expect(play.limitedEdges == [.top, .left, .bottom])
        #expect(play.limitingAncestors == [.top: "toolbar", .left: "toolbar", .bottom: "toolbar"])
        #expect(play.findings == [.limitedByAncestor])
    }

    @Test func partlyClippedTappableAreaIsReportedButIsNoFinding() throws {
        let scroller = Node(name: "scroller", frame: Rect(x: 0, y: 0, width: 200, height: 200))
        scroller.clipsToBounds = true
        scroller.hitTestSlop = EdgeInsets(all: -20)
        scroller.addSubnode(button("edge", 170, 50, 44, 44))
        let report = Audit.run(window: window(scroller))
        let edge = try #require(report.entries.first)
        #expect(edge.clippedEdges == .right)
        #expect(edge.clippingAncestors == [.right: "scroller"])
        #expect(edge.findings.isEmpty)
    }

    @Test func unreachableControlIsAFindingOfItsOwn() throws {
        let holder = Node(name: "holder", frame: Rect(x: 0, y: 0, width: 50, height: 50))
        holder.addSubnode(button("lost", 60, 0, 44, 44))
        let report = Audit.run(window: window(holder))
        #expect(report.entries.first?.findings == [.unreachable])
    }

    @Test func onlyHittableControlsAreAudited() {
        let disabled = button("disabled", 0, 0, 10, 10)
        disabled.isEnabled = false
        let hidden = button("hidden", 0, 0, 10, 10)
        hidden.isHidden = true
        let report = Audit.run(window: window(disabled, hidden, Node(name: "plain", frame: Rect(x: 0, y: 0, width: 5, height: 5))))
        #expect(report.entries.isEmpty)
        #expect(!report.hasFindings)
    }

    @Test func kindNamesFollowTheSceneFormat() {
        #expect(Audit.kind(of: ButtonNode(name: "b")) == "button")
        #expect(Audit.kind(of: ToggleNode(name: "t")) == "toggle")
        #expect(Audit.kind(of: SliderNode(name: "s")) == "slider")
        #expect(Audit.kind(of: ControlNode(name: "c")) == "control")
    }
}
