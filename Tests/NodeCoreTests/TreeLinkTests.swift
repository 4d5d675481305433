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

/// The node a layout item holds unretained: read while its tree keeps it, and in debug
/// builds a read after it went traps instead of reading freed memory.
@Suite struct UnretainedNodeTests {
    @Test func aNodeHeldUnretainedReadsBackWhileItLives() {
        let node = Node(name: "item")
        let held = UnretainedNode(node)
        #expect(held.node === node)
    }

    #if DEBUG
    @Test func aReadAfterTheNodeWentTrapsInDebugBuilds() async {
        await #expect(processExitsWith: .failure) {
            var node: Node? = Node(name: "item")
            let held = UnretainedNode(node!)
            node = nil
            _ = held.node
        }
    }
    #endif
}

/// A window freed with touches down frees them and its tree (no reference cycle left behind).
@Suite struct WindowLifetimeTests {
    @Test func aWindowFreedWithAControlTrackingATouchFreesTheControlAndTheTouch() {
        weak var control: ButtonNode?
        weak var touch: Touch?
        do {
            let button = ButtonNode(name: "button", frame: Rect(x: 0, y: 0, width: 50, height: 50))
            let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100))
            root.addSubnode(button)
            let window = Window(root: root, size: Size(width: 100, height: 100))
            touch = window.touchDown(.finger(1), at: Point(x: 10, y: 10), time: 0)
            control = button
            #expect(button.isTracking)
        }
        #expect(control == nil, "the tracking control outlived its window")
        #expect(touch == nil, "the touch outlived its window")
    }

    @Test func aWindowFreedWhileAScrollNodeDeceleratesFreesTheNodeAndTheClock() {
        weak var list: ScrollNode?
        weak var clock: Clock?
        do {
            let bench = ScrollBench()
            bench.down(200, 500, at: 0)
            bench.move(200, 480, at: 10)
            bench.move(200, 400, at: 90)
            bench.up(at: 90)
            #expect(bench.list.isDecelerating)
            list = bench.list
            clock = bench.window.clock
        }
        #expect(list == nil, "the decelerating scroll node outlived its window")
        #expect(clock == nil, "the clock outlived its window")
    }
}
