package import CWaylandClient
import Glibc

/// Base of every generated protocol object: owns one `wl_proxy` and destroys it when dropped.
///
/// Generated subclasses add typed requests and an `onEvent` handler; this class holds what
/// they share (marshalling through `wl_proxy_marshal_array_flags`, version checks, lifetime).
open class WaylandProxy {
    /// The underlying `wl_proxy *`.
    package let proxy: OpaquePointer
    /// The version this object was created or bound with; gates requests and events.
    public let version: UInt32
    /// True once a destructor request was sent or the proxy was destroyed.
    public private(set) var isDestroyed = false
    private let destructorOpcode: UInt32?
    private let owning: Bool

    package init(adopting proxy: OpaquePointer, version: UInt32, destructorOpcode: UInt32?, owning: Bool) {
        self.proxy = proxy
        self.version = version
        self.destructorOpcode = destructorOpcode
        self.owning = owning
    }

    deinit {
        guard owning, !isDestroyed else { return }
        if let destructorOpcode {
            var none: [wl_argument] = []
            _ = wl_proxy_marshal_array_flags(proxy, destructorOpcode, nil, version, UInt32(WL_MARSHAL_FLAG_DESTROY), &none)
        } else {
            wl_proxy_destroy(proxy)
        }
    }

    /// Keeps the connection open while this object exists (every object holds its display).
    package var keepAlive: AnyObject?

    /// Wraps a proxy created through this one; it keeps the same connection alive.
    package func adoptChild<T: WaylandInterface>(_ type: T.Type, _ pointer: OpaquePointer, version: UInt32) -> T {
        let child = T(adopting: pointer, version: version)
        child.keepAlive = keepAlive
        return child
    }

    /// The protocol object id, as shown in WAYLAND_DEBUG traces.
    public var objectID: UInt32 { wl_proxy_get_id(proxy) }

    package func requireVersion(_ since: UInt32, for request: String) throws(ProxyVersionError) {
        guard version >= since else {
            throw ProxyVersionError(request: request, required: since, actual: version)
        }
    }

    /// Sends request `opcode`. `arguments` points at the request's arguments in order:
    /// nil for none, else one `wl_argument` or a tuple of them (laid out like a C array).
    package func marshal<Arguments>(opcode: UInt32, arguments: UnsafeMutablePointer<Arguments>?) {
        precondition(!isDestroyed, "request on a destroyed \(String(cString: wl_proxy_get_class(proxy)))")
        wl_proxy_marshal_array_flags(proxy, opcode, nil, version, 0, Self.argumentArray(arguments))
    }

    package func marshalConstructor<Arguments>(opcode: UInt32, interface: UnsafePointer<wl_interface>, version: UInt32,
                                               arguments: UnsafeMutablePointer<Arguments>?) -> OpaquePointer {
        precondition(!isDestroyed, "request on a destroyed \(String(cString: wl_proxy_get_class(proxy)))")
        guard let created = wl_proxy_marshal_array_flags(proxy, opcode, interface, version, 0, Self.argumentArray(arguments)) else {
            fatalError("libwayland could not create a proxy (out of memory)")
        }
        return created
    }

    package func marshalDestructor<Arguments>(opcode: UInt32, arguments: UnsafeMutablePointer<Arguments>?) {
        guard !isDestroyed else { return }
        isDestroyed = true
        wl_proxy_marshal_array_flags(proxy, opcode, nil, version, UInt32(WL_MARSHAL_FLAG_DESTROY), Self.argumentArray(arguments))
    }

    private static func argumentArray<Arguments>(_ arguments: UnsafeMutablePointer<Arguments>?) -> UnsafeMutablePointer<wl_argument>? {
        assert(MemoryLayout<Arguments>.stride % MemoryLayout<wl_argument>.stride == 0, "arguments must be wl_argument values")
        return UnsafeMutableRawPointer(arguments)?.assumingMemoryBound(to: wl_argument.self)
    }
}

/// What every generated protocol class provides, so generic code (binding globals) can build them.
package protocol WaylandInterface: WaylandProxy {
    static var interface: UnsafePointer<wl_interface> { get }
    static var interfaceName: String { get }
    static var maxVersion: UInt32 { get }
    init(adopting proxy: OpaquePointer, version: UInt32)
}

/// A request newer than the object's bound version.
public struct ProxyVersionError: Error, Equatable, CustomStringConvertible {
    /// `interface.request`
    public var request: String
    public var required: UInt32
    public var actual: UInt32

    public var description: String {
        "\(request) needs version \(required), but the object has version \(actual)"
    }

    /// Sends `request`, one that needs a newer object version than 1; a refusal goes to
    /// `report` (a window's error handler) rather than being dropped.
    package static func reporting(to report: ((ProxyVersionError) -> Void)?,
                                  _ request: () throws(ProxyVersionError) -> Void) {
        do { try request() } catch { report?(error) }
    }
}

/// Keeps C copies of request strings and arrays alive until the request is marshalled.
package final class ArgumentArena {
    private var allocations: [UnsafeMutableRawPointer] = []

    package init() {}

    deinit {
        for allocation in allocations { free(allocation) }
    }

    package func string(_ value: String) -> UnsafePointer<CChar> {
        let copy = strdup(value)!
        allocations.append(copy)
        return UnsafePointer(copy)
    }

    package func array(_ bytes: [UInt8]) -> UnsafeMutablePointer<wl_array> {
        let header = malloc(MemoryLayout<wl_array>.size)!.bindMemory(to: wl_array.self, capacity: 1)
        allocations.append(UnsafeMutableRawPointer(header))
        let data = malloc(max(bytes.count, 1))!
        allocations.append(data)
        bytes.withUnsafeBytes { if let base = $0.baseAddress { data.copyMemory(from: base, byteCount: $0.count) } }
        header.pointee = wl_array(size: bytes.count, alloc: max(bytes.count, 1), data: data)
        return header
    }
}

/// `wl_fixed_t` (24.8 signed fixed point) → Double.
package func waylandFixedToDouble(_ value: Int32) -> Double { Double(value) / 256 }

/// Double → `wl_fixed_t`, rounded to the nearest 1/256.
package func waylandDoubleToFixed(_ value: Double) -> Int32 { Int32((value * 256).rounded()) }

/// Copies a `wl_array` event argument into Swift.
package func waylandArrayBytes(_ array: UnsafeMutablePointer<wl_array>?) -> [UInt8] {
    guard let array, let data = array.pointee.data, array.pointee.size > 0 else { return [] }
    return Array(UnsafeRawBufferPointer(start: data, count: array.pointee.size))
}
