import CWaylandClient
import CWaylandServer
import Glibc
@testable import WaylandClient
import SystemCalls

/// A value as the server decoded it from the wire.
enum WireValue: Equatable {
    case int(Int32), uint(UInt32), fixed(Int32), string(String?), object(UInt32?), newID(UInt32), bytes([UInt8]), fd
}

/// A request the server received.
struct ReceivedRequest: Equatable {
    var interface: String
    var opcode: UInt32
    var values: [WireValue]
}

/// A real libwayland-server peer on one end of a socketpair, driven step by step from the
/// test thread (no threads, no sleeps). It advertises `tst_echo` using the generated table,
/// so the server demarshals our requests with the signatures the scanner produced.
final class LoopbackServer {
    let server: OpaquePointer
    let client: WaylandDisplay
    var received: [ReceivedRequest] = []
    var echoResources: [OpaquePointer] = []
    var childResources: [OpaquePointer] = []

    init(echoVersion: Int32) throws {
        server = wl_display_create()
        var fds: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0 else {
            throw SystemCallError(call: "socketpair")
        }
        _ = wl_client_create(server, fds[0])
        client = try WaylandDisplay(fileDescriptor: fds[1])
        let me = Unmanaged.passUnretained(self).toOpaque()
        _ = wl_global_create(server, serverInterface(TstEcho.interface), echoVersion, me) { client, data, version, id in
            guard let client, let data else { return }
            let this = Unmanaged<LoopbackServer>.fromOpaque(data).takeUnretainedValue()
            this.createResource(client: client, interface: TstEcho.interface, version: Int32(version), id: id)
        }
    }

    deinit {
        // wl_display_destroy leaves its clients (and their resources) allocated.
        wl_display_destroy_clients(server)
        wl_display_destroy(server)
    }

    private func serverInterface(_ pointer: UnsafePointer<CWaylandClient.wl_interface>) -> UnsafePointer<CWaylandServer.wl_interface> {
        UnsafeRawPointer(pointer).assumingMemoryBound(to: CWaylandServer.wl_interface.self)
    }

    @discardableResult
    func createResource(client: OpaquePointer, interface: UnsafePointer<CWaylandClient.wl_interface>, version: Int32,
                        id: UInt32) -> OpaquePointer? {
        guard let resource = wl_resource_create(client, serverInterface(interface), version, id) else { return nil }
        let me = Unmanaged.passUnretained(self).toOpaque()
        wl_resource_set_dispatcher(resource, { implementation, target, opcode, message, arguments in
            guard let implementation, let target, let message else { return -1 }
            let this = Unmanaged<LoopbackServer>.fromOpaque(implementation).takeUnretainedValue()
            this.record(resource: OpaquePointer(target), opcode: opcode, message: message, arguments: arguments)
            return 0
        }, me, me, nil)
        if interface == TstEcho.interface { echoResources.append(resource) } else { childResources.append(resource) }
        return resource
    }

    private func record(resource: OpaquePointer, opcode: UInt32, message: UnsafePointer<CWaylandServer.wl_message>,
                        arguments: UnsafeMutablePointer<CWaylandServer.wl_argument>?) {
        let interfaceName = String(cString: wl_resource_get_class(resource))
        var values: [WireValue] = []
        var index = 0
        var nullable = false
        for character in String(cString: message.pointee.signature) {
            if character.isNumber { continue }
            if character == "?" { nullable = true; continue }
            defer { nullable = false; index += 1 }
            guard let arguments else { break }
            let argument = arguments[index]
            switch character {
            case "i": values.append(.int(argument.i))
            case "u": values.append(.uint(argument.u))
            case "f": values.append(.fixed(argument.f))
            case "s": values.append(.string(argument.s.map { String(cString: $0) }))
            case "o": values.append(.object(argument.o.map { wl_resource_get_id($0) }))
            case "n": values.append(.newID(argument.n))
            case "a":
                let bytes = argument.a.map { array in
                    Array(UnsafeRawBufferPointer(start: array.pointee.data, count: array.pointee.size))
                } ?? []
                values.append(.bytes(bytes))
            case "h": values.append(.fd)
            default: break
            }
            _ = nullable
        }
        received.append(ReceivedRequest(interface: interfaceName, opcode: opcode, values: values))
        // make_child: create the child's server object so it can receive events.
        if interfaceName == "tst_echo", opcode == 3, case let .newID(id)? = values.first {
            createResource(client: wl_resource_get_client(resource), interface: TstChild.interface,
                           version: wl_resource_get_version(resource), id: id)
        }
        if message.pointee.name.map({ String(cString: $0) }) == "destroy" {
            wl_resource_destroy(resource)
            echoResources.removeAll { $0 == resource }
            childResources.removeAll { $0 == resource }
        }
    }

    /// Sends one event from the server side with the array marshaller.
    func post(_ resource: OpaquePointer, opcode: UInt32, _ arguments: [CWaylandServer.wl_argument]) {
        var arguments = arguments
        wl_resource_post_event_array(resource, opcode, &arguments)
    }

    /// Moves everything queued in either direction across and dispatches it. Each step only
    /// handles bytes already written, so it never waits.
    func pump() throws {
        for _ in 0 ..< 2 {
            _ = try client.flush()
            wl_event_loop_dispatch(wl_display_get_event_loop(server), 0)
            wl_display_flush_clients(server)
            while !client.prepareRead() { try client.dispatchPending() }
            var descriptor = pollfd(fd: client.fileDescriptor, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 0) > 0 { try client.readEvents() } else { client.cancelRead() }
            try client.dispatchPending()
        }
    }

    /// Gets the registry and binds `tst_echo` at `version`.
    func bindEcho(version: UInt32) throws -> (registry: WlRegistry, echo: TstEcho) {
        let registry = client.object.getRegistry()
        var name: UInt32?
        registry.onEvent = { event in
            if case let .global(globalName, interface, _) = event, interface == TstEcho.interfaceName { name = globalName }
        }
        try pump()
        let globalName = try #require(name)
        let echo = registry.bind(name: globalName, as: TstEcho.self, version: version)
        try pump()
        return (registry, echo)
    }
}

import Testing
