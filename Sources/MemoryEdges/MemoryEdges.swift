package import Glibc
#if DEBUG
import Synchronization
#endif

// The memory-safety edges that Render, WaylandClient, TouchstoneApp, SceneFormat, ImageDecoding
// and Session share: every `unowned(unsafe)` of those modules is here, and every `Unmanaged` but
// WaylandClient's proxy dispatcher data (its own edge file, with SceneFormat's node cast:
// docs/architecture.md "Memory-safety edges"). Each API states the invariant that makes it
// sound; debug builds check it on every use, release builds cost only the unchecked operation.

/// A reference that neither retains its object nor, in release builds, checks it: what a
/// handler holds of the object that registered it, so an event costs no reference counting.
///
/// The invariant that makes it sound: whoever holds an `Unowned` drops it before the object
/// goes — the object removes its handlers in its deinit or teardown, or owns what holds them.
/// Debug builds also hold the object weakly and trap on a read after it has gone.
package struct Unowned<Object: AnyObject> {
    @usableFromInline unowned(unsafe) let unchecked: Object
    #if DEBUG
    @usableFromInline weak var checked: Object?
    #endif

    @inlinable package init(_ object: Object) {
        unchecked = object
        #if DEBUG
        checked = object
        #endif
    }

    /// The object; debug builds trap when it has gone (the holder broke the invariant).
    @inlinable package var object: Object {
        #if DEBUG
        precondition(checked != nil, "an Unowned<\(Object.self)> read after its object was freed")
        #endif
        return unchecked
    }
}

/// A Swift object passed to C as an untyped context pointer (libpng's row callback, the image
/// decoders' row sink) or as an identity key (pixman's glyph cache), and turned back into the
/// object in the callback.
///
/// The invariant that makes it sound: a context is made by `lend` and read only inside its
/// `body` (the C call that takes it is synchronous and keeps no copy after it returns), so the
/// object it names is alive while `object(at:as:)` reads it; and it is read as the class it
/// was made from. Debug builds check both: a context read while no `lend` on the same thread
/// (or task) lends that address, or as another class than the lent object's, traps. The lends are
/// kept per thread because a lend and its callbacks share one: no lock, nothing shared to race on.
package enum CallbackContext {
    /// Runs `body` with `object` as a context pointer for C, unretained: `object` stays alive
    /// until `body` returns, and the pointer must not be used after that.
    @inlinable package static func lend<T: AnyObject, R>(_ object: T, _ body: (UnsafeMutableRawPointer) -> R) -> R {
        let context = Unmanaged.passUnretained(object).toOpaque()
        #if DEBUG
        return recording(Lend(address: Int(bitPattern: context), type: ObjectIdentifier(T.self))) {
            withExtendedLifetime(object) { body(context) }
        }
        #else
        return withExtendedLifetime(object) { body(context) }
        #endif
    }

    /// The object behind a context that `lend` made and still lends, as the class `T` it was made from.
    @inlinable package static func object<T: AnyObject>(at context: UnsafeRawPointer?, as type: T.Type) -> T {
        guard let context else { preconditionFailure("a C callback was handed no context") }
        #if DEBUG
        check(Lend(address: Int(bitPattern: context), type: ObjectIdentifier(T.self)), as: "\(T.self)")
        #endif
        return Unmanaged<T>.fromOpaque(context).takeUnretainedValue()
    }

    /// A key that tells `object` apart from every other live object, for a C table keyed by
    /// pointers that are never dereferenced. Unique only while `object` lives: the table must
    /// not outlive it (Render's FontCollection destroys its glyph cache before its faces).
    @inlinable package static func key(for object: AnyObject) -> UnsafeMutableRawPointer {
        Unmanaged.passUnretained(object).toOpaque()
    }

    #if DEBUG
    /// A context lent now, with the class of the object it names.
    @usableFromInline struct Lend: Sendable {
        let address: Int
        let type: ObjectIdentifier

        @usableFromInline init(address: Int, type: ObjectIdentifier) {
            self.address = address
            self.type = type
        }
    }

    /// The contexts lent on this thread (or task) now, innermost last.
    @TaskLocal private static var lent: [Lend] = []

    @usableFromInline static func recording<R>(_ lend: Lend, _ body: () -> R) -> R {
        $lent.withValue(lent + [lend]) { body() }
    }

    @usableFromInline static func check(_ read: Lend, as typeName: @autoclosure () -> String) {
        let lend = lent.last { $0.address == read.address }
        precondition(lend != nil, "a C callback context read outside the lend that made it")
        precondition(lend?.type == read.type, "a C callback context read as \(typeName()), not its own class")
    }
    #endif
}

/// Starting a POSIX thread that runs a Swift closure: the closure goes to the thread as its
/// start routine's argument, retained, and is taken back exactly once: by the thread, which
/// releases it when the closure returns, or by `start` when no thread could be made. Debug
/// builds trap on a second take.
package enum ThreadStart {
    /// Runs `body` on a new thread, detached (nobody joins it) when asked; returns the thread,
    /// or nil when none could be made (`body` has not run and never will).
    package static func start(detached: Bool, _ body: @escaping () -> Void) -> pthread_t? {
        let context = Handoff.give(Work(body))
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        if detached { pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED)) }
        var thread = pthread_t()
        guard pthread_create(&thread, &attributes, { context in
            Handoff.take(context!).body()
            return nil
        }, context) == 0 else {
            _ = Handoff.take(context)
            return nil
        }
        return thread
    }

    private final class Work {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// A `Work` handed to C retained, to be taken back once.
    private enum Handoff {
        #if DEBUG
        /// The contexts given and not yet taken.
        static let outstanding = Mutex<Set<Int>>([])
        #endif

        static func give(_ work: Work) -> UnsafeMutableRawPointer {
            let context = Unmanaged.passRetained(work).toOpaque()
            #if DEBUG
            outstanding.withLock { _ = $0.insert(Int(bitPattern: context)) }
            #endif
            return context
        }

        static func take(_ context: UnsafeMutableRawPointer) -> Work {
            #if DEBUG
            let given = outstanding.withLock { $0.remove(Int(bitPattern: context)) != nil }
            precondition(given, "a thread's work taken back twice, or never handed over")
            #endif
            return Unmanaged<Work>.fromOpaque(context).takeRetainedValue()
        }
    }
}
