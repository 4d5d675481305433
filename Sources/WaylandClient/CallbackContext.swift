package import CWaylandClient
import Glibc
#if DEBUG
import Synchronization
#endif

// WaylandClient's memory-safety edges with C callbacks: every `Unmanaged` in the module is
// here. A Swift object goes to C as an untyped pointer in two ways:
//
// - A protocol object is its own proxy's dispatcher data and user data, unretained. Sound
//   because the object destroys its proxy when it goes (`WaylandProxy.deinit`), so libwayland
//   never dispatches to, nor hands back, a freed object; the generated dispatcher keeps the
//   object alive while its handler runs. Debug builds check the class of each object handed back.
// - A thread's work is handed to the new thread retained and taken back exactly once: by the
//   thread, or by the caller when no thread could be made. Debug builds trap on a second take.

extension WaylandProxy {
    /// This object as its proxy's dispatcher and user data (set by the generated bindings).
    package var dispatcherContext: UnsafeMutableRawPointer {
        Unmanaged.passUnretained(self).toOpaque()
    }

    /// The object of class `T` whose `dispatcherContext` libwayland hands a dispatcher.
    /// The generated bindings' one cast: each interface has one class here; debug builds check it.
    package static func dispatched<T: WaylandProxy>(_ context: UnsafeRawPointer, as type: T.Type) -> T {
        let proxy = Unmanaged<WaylandProxy>.fromOpaque(context).takeUnretainedValue()
        #if DEBUG
        precondition(proxy is T, "Wayland dispatcher: \(Swift.type(of: proxy)) is not a \(T.self)")
        #endif
        return unsafeDowncast(proxy, to: T.self)
    }

    /// Finds the Swift object for a proxy this runtime created, or nil for foreign/unknown proxies.
    package static func existing(_ pointer: OpaquePointer?) -> WaylandProxy? {
        guard let pointer else { return nil }
        // Our proxies use the Swift object as both dispatcher data and user data.
        guard let data = wl_proxy_get_user_data(pointer),
              let listener = wl_proxy_get_listener(pointer),
              UnsafeRawPointer(data) == listener else { return nil }
        return Unmanaged<WaylandProxy>.fromOpaque(data).takeUnretainedValue()
    }

    /// The Swift object for an event's object argument of interface `T`, without a dynamic
    /// cast. Sound because libwayland rejects an event whose object has another interface and
    /// each interface has one class here; debug builds check it.
    package static func existing<T: WaylandProxy>(_ pointer: OpaquePointer?, as type: T.Type) -> T? {
        guard let proxy = existing(pointer) else { return nil }
        #if DEBUG
        precondition(proxy is T, "Wayland event argument: \(Swift.type(of: proxy)) is not a \(T.self)")
        #endif
        return unsafeDowncast(proxy, to: T.self)
    }
}

/// Starting a POSIX thread that runs a Swift closure: the closure goes to the thread as its
/// start routine's argument, retained, and the thread releases it when the closure returns.
enum ThreadStart {
    /// Runs `body` on a new thread, detached (nobody joins it) when asked; returns the thread,
    /// or nil when none could be made (`body` has not run and never will).
    static func start(detached: Bool, _ body: @escaping () -> Void) -> pthread_t? {
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
