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
