import Testing
@testable import NodeCore

/// The `unowned(unsafe)` links up the tree (hardening): cleared by their owners, and in
/// debug builds a read that would dangle traps instead of reading freed memory.
@Suite struct TreeLinkTests {
    @Test func aParentThatGoesAwayClearsItsChildrensSupernode() {
        let child = Node(name: "child")
        do {
            let parent = Node(name: "parent")
            parent.addSubnode(child)
            #expect(child.supernode === parent)
        }
        #expect(child.supernode == nil)
    }

    @Test func aWindowThatGoesAwayClearsItsRootsWindow() {
        let root = Node(name: "root")
        do {
            let window = Window(root: root, size: Size(width: 10, height: 10))
            #expect(root.window === window)
        }
        #expect(root.window == nil)
    }

    @Test func aRootMovedToAnotherWindowKeepsItWhenTheFirstGoesAway() {
        let root = Node(name: "root")
        let second = Window(root: Node(name: "other"), size: Size(width: 10, height: 10))
        do {
            let first = Window(root: root, size: Size(width: 10, height: 10))
            second.root = root
            _ = first
        }
        #expect(root.window === second)
    }

    #if DEBUG
    @Test func aDanglingSupernodeTrapsInDebugBuilds() async {
        await #expect(processExitsWith: .failure) {
            let child = Node(name: "child")
            do {
                // Linked behind the parent's back: it never learns of the child, so its deinit leaves the link.
                let parent = Node(name: "parent")
                child.supernode = parent
            }
            _ = child.supernode
        }
    }
    #endif
}
