#if DEBUG
import Synchronization
#endif

/// Render's one memory-safety edge with C callbacks: a Swift object passed to C as an
/// untyped context pointer (libpng's row callback) or as an identity key (pixman's glyph
/// cache), and turned back into the object in the callback. Every `Unmanaged` in Render is here.
///
/// The invariant that makes it sound: a context is made by `lend` and read only inside its
/// `body` (the C call that takes it is synchronous and keeps no copy after it returns), so the
/// object it names is alive while `object(at:as:)` reads it; and it is read as the class it
/// was made from. Debug builds check both: a context read while no `lend` lends that address,
/// or as another class than the lent object's, traps.
enum CallbackContext {
    /// Runs `body` with `object` as a context pointer for C, unretained: `object` stays alive
    /// until `body` returns, and the pointer must not be used after that.
    static func lend<T: AnyObject, R>(_ object: T, _ body: (UnsafeMutableRawPointer) -> R) -> R {
        let context = Unmanaged.passUnretained(object).toOpaque()
        #if DEBUG
        Lent.register(context, T.self)
        defer { Lent.unregister(context) }
        #endif
        return withExtendedLifetime(object) { body(context) }
    }

    /// The object behind a context that `lend` made and still lends, as the class `T` it was made from.
    static func object<T: AnyObject>(at context: UnsafeRawPointer?, as type: T.Type) -> T {
        guard let context else { preconditionFailure("a C callback was handed no context") }
        #if DEBUG
        Lent.check(context, T.self)
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
    /// The contexts `lend` lends now, with their class and how many lends of each are open
    /// (the same object may be lent on several threads at once).
    private enum Lent {
        static let open = Mutex<[Int: (type: ObjectIdentifier, count: Int)]>([:])

        static func register(_ context: UnsafeMutableRawPointer, _ type: AnyObject.Type) {
            open.withLock { open in
                let key = Int(bitPattern: context)
                open[key] = (ObjectIdentifier(type), (open[key]?.count ?? 0) + 1)
            }
        }

        static func unregister(_ context: UnsafeMutableRawPointer) {
            open.withLock { open in
                let key = Int(bitPattern: context)
                guard let entry = open[key] else { return }
                open[key] = entry.count > 1 ? (entry.type, entry.count - 1) : nil
            }
        }

        static func check(_ context: UnsafeRawPointer, _ type: AnyObject.Type) {
            let entry = open.withLock { $0[Int(bitPattern: context)] }
            precondition(entry != nil, "a C callback context read outside the lend that made it")
            precondition(entry?.type == ObjectIdentifier(type), "a C callback context read as \(type), not its own class")
        }
    }
    #endif
}
