/// Render's one memory-safety edge with C callbacks: a Swift object passed to C as an
/// untyped context pointer (libpng's row callback) or as an identity key (pixman's glyph
/// cache), and turned back into the object in the callback. Every `Unmanaged` in Render is here.
///
/// The invariant that makes it sound: a context is made by `lend` and read only inside its
/// `body` (the C call that takes it is synchronous and keeps no copy after it returns), so the
/// object it names is alive while `object(at:as:)` reads it; and it is read as the class it
/// was made from. Debug builds check both: a context read while no `lend` on the same thread
/// (or task) lends that address, or as another class than the lent object's, traps. The lends are
/// kept per thread because a lend and its callbacks share one: no lock, nothing shared to race on.
enum CallbackContext {
    /// Runs `body` with `object` as a context pointer for C, unretained: `object` stays alive
    /// until `body` returns, and the pointer must not be used after that.
    static func lend<T: AnyObject, R>(_ object: T, _ body: (UnsafeMutableRawPointer) -> R) -> R {
        let context = Unmanaged.passUnretained(object).toOpaque()
        #if DEBUG
        let lend = Lend(address: Int(bitPattern: context), type: ObjectIdentifier(T.self))
        return $lent.withValue(lent + [lend]) { withExtendedLifetime(object) { body(context) } }
        #else
        return withExtendedLifetime(object) { body(context) }
        #endif
    }

    /// The object behind a context that `lend` made and still lends, as the class `T` it was made from.
    static func object<T: AnyObject>(at context: UnsafeRawPointer?, as type: T.Type) -> T {
        guard let context else { preconditionFailure("a C callback was handed no context") }
        #if DEBUG
        let lend = lent.last { $0.address == Int(bitPattern: context) }
        precondition(lend != nil, "a C callback context read outside the lend that made it")
        precondition(lend?.type == ObjectIdentifier(T.self), "a C callback context read as \(T.self), not its own class")
        #endif
        return Unmanaged<T>.fromOpaque(context).takeUnretainedValue()
    }

    /// A key that tells `object` apart from every other live object, for a C table keyed by
    /// pointers that are never dereferenced. Unique only while `object` lives: the table must
    /// not outlive it (FontCollection destroys its glyph cache before its faces).
    static func key(for object: AnyObject) -> UnsafeMutableRawPointer {
        Unmanaged.passUnretained(object).toOpaque()
    }

    #if DEBUG
    /// A context lent now, with the class of the object it names.
    private struct Lend: Sendable {
        let address: Int
        let type: ObjectIdentifier
    }

    /// The contexts lent on this thread (or task) now, innermost last.
    @TaskLocal private static var lent: [Lend] = []
    #endif
}
