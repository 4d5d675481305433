import Testing
@testable import NodeCore

/// NodeCore's unretained walks and unchecked downcasts (TreeEdges.swift) behave as their
/// safe equivalents, including when the walk's body changes the tree where that is allowed.
@Suite struct TreeWalkTests {
    /// root > list (scroll) > row > button, and a sibling of the list.
    private func chain() -> (root: Node, list: ScrollNode, row: Node, button: ButtonNode) {
        let root = Node(name: "root", frame: rect(0, 0, 400, 400))
        let list = ScrollNode(name: "list", frame: rect(0, 0, 400, 300))
        let row = Node(name: "row", frame: rect(0, 0, 400, 50))
        let button = ButtonNode(name: "button", frame: rect(10, 5, 100, 40))
        root.addSubnode(list)
        root.addSubnode(Node(name: "sibling", frame: rect(0, 300, 400, 100)))
        list.addSubnode(row)
        row.addSubnode(button)
        return (root, list, row, button)
    }

    @Test func ancestorsAreWalkedInnermostFirstAndTheWalkStopsWhenAsked() {
        let (root, _, _, button) = chain()
        var names: [String] = []
        button.forEachAncestor { names.append($0.name); return true }
        #expect(names == ["row", "list", "root"])
        #expect(button.ancestors.map(\.name) == ["row", "list", "root"])
        names.removeAll()
        button.forEachAncestor(includingSelf: true) { names.append($0.name); return $0.name != "list" }
        #expect(names == ["button", "row", "list"], "the walk stops at the node the body returns false for")
        #expect(root.ancestors.map(\.name).isEmpty)
        var visited = 0
        root.forEachAncestor { _ in visited += 1; return true }
        #expect(visited == 0)
    }

    @Test func theUncheckedDowncastsAnswerAsDynamicCasts() {
        let (root, list, row, button) = chain()
        let listNode = ListNode(name: "rows", frame: rect(0, 0, 100, 100), rowExtent: 20)
        let toggle = ToggleNode(name: "toggle", frame: rect(0, 0, 60, 30))
        for node in [root, list, row, button, listNode, toggle] as [Node] {
            #expect(node.asScrollNode === (node as? ScrollNode), "\(node.name)")
            #expect(node.asControlNode === (node as? ControlNode), "\(node.name)")
        }
    }

    /// Image nodes of NodeCore's own class, and only those, are cast without a dynamic cast
    /// (`hitTestsBySlopRect`): a subclass may override `pointInside`.
    @Test func theExactClassCastAnswersOnlyForThatVeryClass() {
        final class Photo: ImageNode {}
        let image = ImageNode(name: "image", frame: rect(0, 0, 40, 40))
        let photo = Photo(name: "photo", frame: rect(0, 0, 40, 40))
        #expect(image.ifExactly(ImageNode.self) === image)
        #expect(photo.ifExactly(ImageNode.self) == nil)
        #expect(photo.ifExactly(Photo.self) === photo)
        #expect(Node(name: "plain", frame: .zero).ifExactly(ImageNode.self) == nil)
        #expect(image.hitTestsBySlopRect && !photo.hitTestsBySlopRect)
        image.hitTestAlpha = true
        #expect(!image.hitTestsBySlopRect)
    }

    /// Layout casts a node to the scroll node whose content it sizes only when it is one.
    @Test func theContentSizingCastAnswersForLaidOutScrollNodesWithoutAContentSize() {
        let scroll = ScrollNode(name: "scroll", frame: rect(0, 0, 100, 100))
        #expect(scroll.asContentSizingScrollNode == nil, "no layout: the content size is the frame's")
        scroll.layout = FlexLayout()
        #expect(scroll.asContentSizingScrollNode === scroll)
        scroll.contentSize = Size(width: 100, height: 500)
        #expect(scroll.asContentSizingScrollNode == nil, "an explicit content size wins")
        let laidOut = Node(name: "box", frame: rect(0, 0, 100, 100))
        laidOut.layout = FlexLayout()
        #expect(laidOut.asContentSizingScrollNode == nil)
    }

    #if DEBUG
    /// Debug builds check the one unchecked downcast: a class that lies trips it.
    @Test func anUncheckedDowncastOfTheWrongClassTrapsInDebugBuilds() async {
        await #expect(processExitsWith: .failure) {
            let node = Node(name: "plain", frame: .zero)
            node.isScrollNode = true
            _ = node.asScrollNode
        }
    }
    #endif

    /// The walk lends each subnode from the caller's copy of the array, so a body that takes
    /// nodes out of the tree (and drops the last other reference to them) still gets every one.
    @Test func aSubnodeWalkVisitsEveryChildBackToFrontEvenWhenTheBodyRemovesThem() {
        let parent = Node(name: "parent", frame: rect(0, 0, 100, 100))
        for i in 0..<40 { parent.addSubnode(Node(name: "n\(i)", frame: rect(0, Double(i), 10, 1))) }
        var names: [String] = []
        parent.forEach(in: parent.subnodes) { child in
            names.append(child.name)
            child.removeFromSupernode()
        }
        #expect(names == (0..<40).map { "n\($0)" })
        #expect(parent.subnodes.isEmpty)
        for i in 0..<3 { parent.addSubnode(Node(name: "m\(i)", frame: .zero)) }
        #expect(parent.with(parent.subnodes, 2) { $0.name } == "m2")
    }

    #if DEBUG
    /// Debug builds trap when an ancestor walk's body moves a node it has yet to leave.
    @Test func anAncestorWalkWhoseBodyMovesTheNodeTrapsInDebugBuilds() async {
        await #expect(processExitsWith: .failure) {
            let root = Node(name: "root", frame: .zero)
            let middle = Node(name: "middle", frame: .zero)
            let leaf = Node(name: "leaf", frame: .zero)
            root.addSubnode(middle)
            middle.addSubnode(leaf)
            leaf.forEachAncestor { node in
                if node === middle { root.addSubnode(Node(name: "other", frame: .zero)); Node(name: "new", frame: .zero).addSubnode(middle) }
                return true
            }
        }
    }
    #endif
}
