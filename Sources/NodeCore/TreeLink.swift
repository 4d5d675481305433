/// A link up the node tree (a node's supernode, a root's window) stored `unowned(unsafe)`:
/// no reference counting on the paths that read it. Its owner clears it before the target
/// goes away, so it never dangles. Debug builds, which run the tests, also keep a weak
/// witness and trap on a read that would dangle, so a broken invariant fails loudly
/// instead of reading freed memory; release builds keep only the plain pointer.
struct TreeLink<Target: AnyObject> {
    private unowned(unsafe) var stored: Target?
    #if DEBUG
    private weak var witness: Target?
    #endif

    init() {}

    var target: Target? {
        @inline(__always) get {
            #if DEBUG
            if stored != nil, witness == nil {
                preconditionFailure("dangling tree link: the \(Target.self) it named was deallocated while still linked")
            }
            #endif
            return stored
        }
        @inline(__always) set {
            stored = newValue
            #if DEBUG
            witness = newValue
            #endif
        }
    }

    /// Whether the link names `object`, by identity and without the debug check: for the
    /// target's own `deinit`, where weak references to it already read nil.
    func names(_ object: Target) -> Bool {
        guard let stored else { return false }
        return ObjectIdentifier(stored) == ObjectIdentifier(object)
    }
}
