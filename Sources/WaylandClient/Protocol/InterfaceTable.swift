package import CWaylandClient
#if canImport(Glibc)
import Glibc
#endif

/// One message of a non-core interface, as the generated code describes it.
package struct MessageSpec {
    package enum TypeRef {
        case none
        case local(Int)
        case external(() -> UnsafePointer<wl_interface>)
    }
    let name: String
    let signature: String
    let types: [TypeRef]

    package init(name: String, signature: String, types: [TypeRef]) {
        self.name = name
        self.signature = signature
        self.types = types
    }
}

/// One non-core interface, as the generated code describes it.
package struct InterfaceSpec {
    let name: String
    let version: Int32
    let requests: [MessageSpec]
    let events: [MessageSpec]

    package init(name: String, version: Int32, requests: [MessageSpec], events: [MessageSpec]) {
        self.name = name
        self.version = version
        self.requests = requests
        self.events = events
    }
}

/// The `wl_interface` tables of one protocol, created once and never freed (libwayland keeps
/// pointers to them for the life of the process).
///
/// Immutable after init, hence `@unchecked Sendable`.
package final class ProtocolInterfaceTable: @unchecked Sendable {
    package let pointers: [UnsafePointer<wl_interface>]

    /// Core protocol: libwayland-client exports `<name>_interface` for each; no second copies.
    package init(exportedBy names: [String]) {
        let process = dlopen(nil, RTLD_NOW)
        pointers = names.map { name in
            guard let symbol = dlsym(process, name + "_interface") else {
                fatalError("libwayland-client does not export \(name)_interface")
            }
            return UnsafePointer(symbol.assumingMemoryBound(to: wl_interface.self))
        }
    }

    /// Non-core protocol: builds the tables with static lifetime.
    package init(building specs: [InterfaceSpec]) {
        let base = UnsafeMutablePointer<wl_interface>.allocate(capacity: max(specs.count, 1))
        // Allocate all interfaces first so messages can point at any of them (cycles are common).
        func messages(_ list: [MessageSpec]) -> UnsafePointer<wl_message>? {
            guard !list.isEmpty else { return nil }
            let array = UnsafeMutablePointer<wl_message>.allocate(capacity: list.count)
            for (i, m) in list.enumerated() {
                let types = UnsafeMutablePointer<UnsafePointer<wl_interface>?>.allocate(capacity: max(m.types.count, 1))
                for (j, t) in m.types.enumerated() {
                    switch t {
                    case .none: types[j] = nil
                    case let .local(index): types[j] = UnsafePointer(base + index)
                    case let .external(lookup): types[j] = lookup()
                    }
                }
                if m.types.isEmpty { types[0] = nil }
                (array + i).initialize(to: wl_message(name: UnsafePointer(strdup(m.name)),
                                                      signature: UnsafePointer(strdup(m.signature)),
                                                      types: types))
            }
            return UnsafePointer(array)
        }
        for (i, spec) in specs.enumerated() {
            (base + i).initialize(to: wl_interface(
                name: UnsafePointer(strdup(spec.name)), version: spec.version,
                method_count: Int32(spec.requests.count), methods: messages(spec.requests),
                event_count: Int32(spec.events.count), events: messages(spec.events)))
        }
        pointers = specs.indices.map { UnsafePointer(base + $0) }
    }
}
