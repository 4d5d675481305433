import CWaylandClient

// WaylandClient's own memory-safety edge: every `Unmanaged` and `unsafeDowncast` in the module
// is here (its handlers' unowned references and its threads' starts are MemoryEdges' `Unowned`
// and `ThreadStart`). A protocol object is its own proxy's dispatcher data and user data,
// unretained. Sound because the object destroys its proxy when it goes (`WaylandProxy.deinit`),
// so libwayland never dispatches to, nor hands back, a freed object; the generated dispatcher
// keeps the object alive while its handler runs. Debug builds check the class of each object
// handed back.

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
