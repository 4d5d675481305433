import Testing
@testable import NodeCore

// behaviour.md §2: ordered subnodes (last = frontmost), weak supernode, subnode management.

@Suite struct HierarchyTests {
    func names(_ node: Node) -> [String] { node.subnodes.map(\.name) }

    func parent(with children: String...) -> Node {
        let p = Node(name: "p")
        for c in children { p.addSubnode(Node(name: c)) }
        return p
    }

    @Test func addSubnodeAppendsAsFrontmostAndSetsTheSupernode() {
        let p = Node(name: "p")
        let a = Node(name: "a"), b = Node(name: "b")
        p.addSubnode(a)
        p.addSubnode(b)
        #expect(names(p) == ["a", "b"])
        #expect(a.supernode === p)
        #expect(b.supernode === p)
    }

    @Test func addingAnExistingSubnodeAgainMovesItToTheFront() {
        let p = parent(with: "a", "b", "c")
        p.addSubnode(p.subnodes[0])
        #expect(names(p) == ["b", "c", "a"])
    }

    @Test func addingANodeFromAnotherParentRemovesItThere() {
        let p = parent(with: "a", "b")
        let q = Node(name: "q")
        let a = p.subnodes[0]
        q.addSubnode(a)
        #expect(names(p) == ["b"])
        #expect(names(q) == ["a"])
        #expect(a.supernode === q)
    }

    @Test func insertAtIndexPlacesTheNodeThere() {
        let p = parent(with: "a", "b", "c")
        p.insertSubnode(Node(name: "x"), at: 1)
        #expect(names(p) == ["a", "x", "b", "c"])
        p.insertSubnode(Node(name: "y"), at: 0)
        #expect(names(p) == ["y", "a", "x", "b", "c"])
    }

    @Test func insertAtAnOutOfRangeIndexIsClamped() {
        let p = parent(with: "a", "b")
        p.insertSubnode(Node(name: "front"), at: 99)
        p.insertSubnode(Node(name: "back"), at: -3)
        #expect(names(p) == ["back", "a", "b", "front"])
    }

    @Test func insertAboveGoesJustInFrontOfTheSibling() {
        let p = parent(with: "a", "b", "c")
        p.insertSubnode(Node(name: "x"), above: p.subnodes[0])
        #expect(names(p) == ["a", "x", "b", "c"])
        p.insertSubnode(Node(name: "y"), above: p.subnodes[3])
        #expect(names(p) == ["a", "x", "b", "c", "y"])
    }

    @Test func insertBelowGoesJustBehindTheSibling() {
        let p = parent(with: "a", "b", "c")
        p.insertSubnode(Node(name: "x"), below: p.subnodes[2])
        #expect(names(p) == ["a", "b", "x", "c"])
        p.insertSubnode(Node(name: "y"), below: p.subnodes[0])
        #expect(names(p) == ["y", "a", "b", "x", "c"])
    }

    @Test func insertAboveOrBelowAForeignSiblingFallsBackToFrontOrBack() {
        let p = parent(with: "a", "b")
        let stranger = Node(name: "stranger")
        p.insertSubnode(Node(name: "x"), above: stranger)
        p.insertSubnode(Node(name: "y"), below: stranger)
        #expect(names(p) == ["y", "a", "b", "x"])
    }

    @Test func reorderingAnExistingSubnodeAboveAndBelowSiblings() {
        let p = parent(with: "a", "b", "c", "d")
        let a = p.subnodes[0], c = p.subnodes[2], d = p.subnodes[3]
        p.insertSubnode(a, above: c)
        #expect(names(p) == ["b", "c", "a", "d"])
        p.insertSubnode(d, below: p.subnodes[0])
        #expect(names(p) == ["d", "b", "c", "a"])
        p.insertSubnode(a, below: p.subnodes[1])
        #expect(names(p) == ["d", "a", "b", "c"])
        p.insertSubnode(d, above: c)
        #expect(names(p) == ["a", "b", "c", "d"])
        p.insertSubnode(c, above: c)
        #expect(names(p) == ["a", "b", "c", "d"])
    }

    @Test func moveToAnIndexCountsThePositionBeforeTheMove() {
        // Moving to index i puts the node in front of the node that was at i.
        let p = parent(with: "a", "b", "c", "d")
        p.insertSubnode(p.subnodes[0], at: 3)
        #expect(names(p) == ["b", "c", "a", "d"])
        p.insertSubnode(p.subnodes[3], at: 0)
        #expect(names(p) == ["d", "b", "c", "a"])
    }

    @Test func removeFromSupernodeDetaches() {
        let p = parent(with: "a", "b")
        let a = p.subnodes[0]
        a.removeFromSupernode()
        #expect(names(p) == ["b"])
        #expect(a.supernode == nil)
        a.removeFromSupernode()  // no-op when detached
        #expect(a.supernode == nil)
    }

    @Test func replaceSubnodeTakesTheOldPosition() {
        let p = parent(with: "a", "b", "c")
        let b = p.subnodes[1]
        let x = Node(name: "x")
        p.replaceSubnode(b, with: x)
        #expect(names(p) == ["a", "x", "c"])
        #expect(b.supernode == nil)
        #expect(x.supernode === p)
    }

    @Test func replaceWithAnExistingSiblingMovesItIntoThePlace() {
        let p = parent(with: "a", "b", "c")
        p.replaceSubnode(p.subnodes[2], with: p.subnodes[0])
        #expect(names(p) == ["b", "a"])
        let q = parent(with: "a", "b", "c")
        q.replaceSubnode(q.subnodes[0], with: q.subnodes[2])
        #expect(names(q) == ["c", "b"])
    }

    @Test func replacingANonSubnodeDoesNothing() {
        let p = parent(with: "a")
        let x = Node(name: "x")
        p.replaceSubnode(Node(name: "stranger"), with: x)
        #expect(names(p) == ["a"])
        #expect(x.supernode == nil)
    }

    @Test func movingASubtreeKeepsItsChildren() {
        let p = parent(with: "a")
        let q = Node(name: "q")
        let a = p.subnodes[0]
        a.addSubnode(Node(name: "a1"))
        q.addSubnode(a)
        #expect(names(a) == ["a1"])
        #expect(a.subnodes[0].rootNode === q)
    }

    @Test func supernodeIsWeak() {
        let child = Node(name: "child")
        let grandchild = Node(name: "grandchild")
        child.addSubnode(grandchild)
        weak var gone: Node?
        do {
            let p = Node(name: "p")
            gone = p
            p.addSubnode(child)
            #expect(child.supernode != nil)
        }
        #expect(gone == nil)
        #expect(child.supernode == nil)
        #expect(child.nextResponder == nil)
        #expect(grandchild.rootNode === child)
        #expect(grandchild.originInWindow == child.frame.origin)
    }

    @Test func ancestryAndLookup() {
        let (window, root) = makeWindow(Node(name: "a"))
        let a = root.subnodes[0]
        let a1 = Node(name: "a1")
        a.addSubnode(a1)
        #expect(root.isAncestor(of: a1))
        #expect(a1.isAncestor(of: a1))
        #expect(!a1.isAncestor(of: root))
        #expect(a1.rootNode === root)
        #expect(a1.window === window)
        #expect(root.node(named: "a1") === a1)
        #expect(root.node(named: "nope") == nil)
        a.removeFromSupernode()
        #expect(a1.window == nil)
        #expect(a1.rootNode === a)
    }

    @Test func replacingTheWindowRootDetachesTheOldTree() {
        let (window, oldRoot) = makeWindow(Node(name: "a"))
        let newRoot = Node(name: "new", frame: rect(0, 0, 400, 400))
        window.root = newRoot
        #expect(oldRoot.window == nil)
        #expect(newRoot.window === window)
        #expect(window.hitTest(pt(1, 1)) === newRoot)
    }

    @Test func forEachInSubtreeVisitsParentsFirstBackToFront() {
        let p = parent(with: "a", "b")
        p.subnodes[0].addSubnode(Node(name: "a1"))
        var seen: [String] = []
        p.forEachInSubtree { seen.append($0.name) }
        #expect(seen == ["p", "a", "a1", "b"])
    }
    /// Answers whether `version` changed since it was last asked (or since this call).
    static func changes(of version: @escaping () -> Int) -> () -> Bool {
        var seen = version()
        return {
            defer { seen = version() }
            return version() != seen
        }
    }

    @Test func theWindowsStructureVersionChangesWithInsertsRemovalsAndANewRootOnly() {
        let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let window = Window(root: root, size: Size(width: 100, height: 100))
        let changed = Self.changes { window.structureVersion }
        let a = Node(name: "a"), b = Node(name: "b"), deep = Node(name: "deep")
        root.addSubnode(a)
        #expect(changed(), "insert")
        a.addSubnode(deep)
        #expect(changed(), "insert below the root")
        a.frame = Rect(x: 5, y: 5, width: 10, height: 10)
        a.isHidden = true
        a.alpha = 0.5
        #expect(!changed(), "geometry and visibility are not structure")
        b.addSubnode(Node(name: "detached"))
        #expect(!changed(), "a tree outside the window")
        root.addSubnode(b)
        #expect(changed(), "a subtree joins")
        root.insertSubnode(b, at: 0)
        #expect(changed(), "a reorder")
        deep.removeFromSupernode()
        #expect(changed(), "a removal")
        window.root = Node(name: "other")
        #expect(changed(), "a new root")
    }

    @Test func theWindowsImageVersionChangesOnlyWhenImagesJoinOrLeaveTheTree() {
        let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let window = Window(root: root, size: Size(width: 100, height: 100))
        let changed = Self.changes { window.imageStructureVersion }
        let row = Node(name: "row"), plain = Node(name: "plain")
        row.addSubnode(ImageNode(name: "picture"))
        root.addSubnode(plain)
        #expect(!changed(), "a node without images")
        root.addSubnode(row)
        #expect(changed(), "a subtree holding an image joins")
        plain.removeFromSupernode()
        #expect(!changed(), "a node without images leaves")
        row.removeFromSupernode()
        #expect(changed(), "the image leaves with its subtree")
        plain.addSubnode(row)
        #expect(!changed(), "a tree outside the window")
        root.addSubnode(plain)
        #expect(changed(), "an image below what joins")
        window.root = Node(name: "other")
        #expect(changed(), "a new root")
    }
}

