// NodeCore's memory-safety edges, in one place: the links up the tree stored unretained
// (`TreeLink`), the nodes plain layout data holds unretained (`UnretainedNode`), the walks
// over the tree that skip reference counting (hit testing, invalidation and painting run
// through them on every frame) and the downcasts that skip the dynamic cast. Each says what
// makes it sound; debug builds, which run the tests, check it. The hot stored properties of
// `Node` and `ControlNode` are `@exclusivity(unchecked)` where they are declared (an attribute
// cannot move): nothing in NodeCore holds an `inout` access to one of them across a call.

extension Node {
    /// The window whose tree holds this node, if any.
    public final var window: Window? {
        unretainedRoot._withUnsafeGuaranteedRef { $0.hostWindow }
    }

    /// The topmost ancestor (self when detached).
    public final var rootNode: Node {
        unretainedRoot.takeUnretainedValue()
    }

    /// The topmost ancestor, reached without reference counting: each node on the way is
    /// kept alive by its parent, and this one by the caller (read on every invalidation).
    final var unretainedRoot: Unmanaged<Node> {
        var root = Unmanaged.passUnretained(self)
        forEachAncestor { node in
            root = Unmanaged.passUnretained(node)
            return true
        }
        return root
    }

    /// Calls `body` with each of `children` (this node's subnodes, as read by the caller),
    /// back to front, with no retain or release per child.
    ///
    /// Sound because `children` is the caller's own copy of the array: its buffer holds a
    /// reference to every element for the whole walk, whatever `body` does to the tree
    /// (a change to `subnodes` copies the array, it never frees the caller's buffer), so each
    /// element can be lent to `body` unretained. Debug builds count the visits
    /// (`subnodeVisits`), so tests can pin how many subnodes a frame looks at.
    @inline(__always)
    final func forEach(in children: [Node], _ body: (Node) -> Void) {
        #if DEBUG
        subnodeVisits += children.count
        #endif
        Node.forEachUnretained(in: children, body)
    }

    /// `forEach(in:_:)` without the debug count, for walks that are not a frame's.
    @inline(__always)
    static func forEachUnretained(in children: [Node], _ body: (Node) -> Void) {
        children.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let raw = UnsafeRawPointer(base)
            for i in 0..<buffer.count {
                raw.load(fromByteOffset: i * MemoryLayout<Node>.stride, as: Unmanaged<Node>.self)._withUnsafeGuaranteedRef(body)
            }
        }
    }

    /// Calls `body` with `children[i]` (this node's subnodes, as read by the caller) with no
    /// retain or release, for the same reason as `forEach(in:_:)`; traps when `i` is out of range.
    @inline(__always)
    final func with<Result>(_ children: [Node], _ i: Int, _ body: (Node) -> Result) -> Result {
        precondition(i >= 0 && i < children.count)
        #if DEBUG
        subnodeVisits += 1
        #endif
        return children.withUnsafeBufferPointer { buffer in
            UnsafeRawPointer(buffer.baseAddress!).load(fromByteOffset: i * MemoryLayout<Node>.stride, as: Unmanaged<Node>.self)
                ._withUnsafeGuaranteedRef(body)
        }
    }

    /// Calls `body` with each ancestor, innermost first (this node first when `includingSelf`),
    /// until it returns false, with no reference counting on the way up.
    ///
    /// Sound because each node on the way is kept alive by its parent's `subnodes` (and this
    /// one by the caller), as long as `body` leaves the tree above it as it is: a node is
    /// only ever freed after its parent let go of it. Debug builds hold each node while
    /// `body` runs and trap if `body` moved it, rather than read a parent link that may dangle.
    @inline(__always)
    final func forEachAncestor(includingSelf: Bool = false, _ body: (Node) -> Bool) {
        var next = includingSelf ? Unmanaged.passUnretained(self) : supernodeLink.unretained
        while let link = next {
            #if DEBUG
            let held = link.retain()
            defer { held.release() }
            let parent = link._withUnsafeGuaranteedRef { $0.supernodeLink.unretained?.toOpaque() }
            #endif
            next = link._withUnsafeGuaranteedRef { node in
                guard body(node) else { return nil }
                #if DEBUG
                precondition(node.supernodeLink.unretained?.toOpaque() == parent,
                             "forEachAncestor: the body moved \(node.name) in the tree during the walk")
                #endif
                return node.supernodeLink.unretained
            }
        }
    }

    /// This node's ancestors, innermost first. Each step retains the node it yields: for
    /// walks off the hot paths (`forEachAncestor` is the unretained walk).
    public final var ancestors: some Sequence<Node> {
        sequence(state: supernode) { (next: inout Node?) -> Node? in
            defer { next = next?.supernode }
            return next
        }
    }

    /// This node as a `ScrollNode` when it is one, without a dynamic cast: sound because
    /// `isScrollNode` is set by `ScrollNode.init` only.
    @inline(__always)
    final var asScrollNode: ScrollNode? { isScrollNode ? unchecked(as: ScrollNode.self) : nil }

    /// This node as a `ControlNode` when it is one, without a dynamic cast: sound because
    /// `isControlNode` is set by `ControlNode.init` only.
    @inline(__always)
    final var asControlNode: ControlNode? { isControlNode ? unchecked(as: ControlNode.self) : nil }

    /// A scroll node whose content size comes from its layout (layout's scroll content,
    /// behaviour.md §15.2), or nil: the one cast layout makes on every laid-out node.
    @inline(__always)
    final var asContentSizingScrollNode: ScrollNode? {
        guard let scroll = asScrollNode, scroll.sizesContentByLayout else { return nil }
        return scroll
    }

    /// This node as `T` when its class is exactly `T` (not a subclass), without a dynamic
    /// cast: sound because the object's own class is `T`, compared by metatype identity.
    @inline(__always)
    final func ifExactly<T: Node>(_ type: T.Type) -> T? {
        ObjectIdentifier(Swift.type(of: self)) == ObjectIdentifier(T.self) ? unchecked(as: T.self) : nil
    }

    /// The one unchecked downcast of NodeCore, for the accessors above, each of which has
    /// proven the class first. Debug builds check it and trap with the two classes.
    @inline(__always)
    private final func unchecked<T: Node>(as type: T.Type) -> T {
        #if DEBUG
        precondition(self is T, "NodeCore downcast: \(Swift.type(of: self)) is not a \(T.self)")
        #endif
        return unsafeDowncast(self, to: T.self)
    }
}

/// A link up the node tree (a node's supernode, a root's window) stored unretained
/// (`Unmanaged`): no reference counting on the paths that read it, and none at all on
/// walks up the tree that go through `unretained`. Its owner clears it before the target
/// goes away, so it never dangles. Debug builds, which run the tests, also keep a weak
/// witness and trap on a read that would dangle, so a broken invariant fails loudly
/// instead of reading freed memory; release builds keep only the plain pointer.
struct TreeLink<Target: AnyObject> {
    private var stored: Unmanaged<Target>?
    #if DEBUG
    private weak var witness: Target?
    #endif

    init() {}

    var target: Target? {
        @inline(__always) get { unretained?.takeUnretainedValue() }
        @inline(__always) set {
            stored = newValue.map { Unmanaged.passUnretained($0) }
            #if DEBUG
            witness = newValue
            #endif
        }
    }

    /// The target without taking a reference: for reading through
    /// `_withUnsafeGuaranteedRef` while its owner keeps it alive. An open class's
    /// `unowned(unsafe)` reads still cost a retain and a release each.
    var unretained: Unmanaged<Target>? {
        @inline(__always) get {
            #if DEBUG
            if stored != nil, witness == nil {
                preconditionFailure("dangling tree link: the \(Target.self) it named was deallocated while still linked")
            }
            #endif
            return stored
        }
    }

    /// Whether the link names `object`, by identity and without the debug check: for the
    /// target's own `deinit`, where weak references to it already read nil.
    func names(_ object: Target) -> Bool {
        guard let stored else { return false }
        return stored.toOpaque() == Unmanaged.passUnretained(object).toOpaque()
    }
}

/// A node held without a reference by plain data that lives shorter than the tree keeping
/// the node alive (a flex container's items, for one layout): no reference counting and no
/// value-witness copies where the data is moved. Debug builds also hold the node weakly and
/// trap on a read after it went, as `TreeLink` does.
struct UnretainedNode {
    private unowned(unsafe) let stored: Node
    #if DEBUG
    private weak var witness: Node?
    #endif

    init(_ node: Node) {
        stored = node
        #if DEBUG
        witness = node
        #endif
    }

    var node: Node {
        @inline(__always) get {
            #if DEBUG
            precondition(witness != nil, "an UnretainedNode read after its node was deallocated")
            #endif
            return stored
        }
    }
}
