import CWaylandServer
import Testing
@testable import WaylandClient

/// The generated Swift for protocols/touchstone-test.xml, exercised against a real
/// libwayland-server peer that demarshals with the generated interface tables.
@Suite struct GeneratedBindingsTests {
    @Test func requestsCarryTheirOpcodeAndEveryArgumentKind() throws {
        let server = try LoopbackServer(echoVersion: 3)
        let (_, echo) = try server.bindEcho(version: 3)
        echo.sendValues(i: -5, u: 7, f: 1.5, s: "héllo", maybe: nil, mode: .loud, flags: [.first, .second])
        echo.sendBytes(data: [1, 2, 3, 250])
        try server.pump()
        #expect(server.received == [
            ReceivedRequest(interface: "tst_echo", opcode: 1, values: [
                .int(-5), .uint(7), .fixed(384), .string("héllo"), .string(nil), .uint(1), .uint(3),
            ]),
            ReceivedRequest(interface: "tst_echo", opcode: 2, values: [.bytes([1, 2, 3, 250])]),
        ])
    }

    @Test func destructorRequestSendsItsOpcodeAndMarksTheObjectDestroyed() throws {
        let server = try LoopbackServer(echoVersion: 3)
        let (_, echo) = try server.bindEcho(version: 3)
        echo.destroy()
        try server.pump()
        #expect(echo.isDestroyed)
        #expect(server.received == [ReceivedRequest(interface: "tst_echo", opcode: 0, values: [])])
        #expect(server.echoResources.isEmpty)
    }

    @Test func newIDRequestReturnsATypedChildThatGetsItsOwnEvents() throws {
        let server = try LoopbackServer(echoVersion: 3)
        let (_, echo) = try server.bindEcho(version: 3)
        let child = echo.makeChild(tag: 9)
        try server.pump()
        #expect(server.received.last == ReceivedRequest(interface: "tst_echo", opcode: 3,
                                                        values: [.newID(child.objectID), .uint(9)]))
        #expect(child.version == 3, "children inherit the parent's version")
        var hellos: [UInt32] = []
        child.onEvent = { event in
            if case let .hello(tag) = event { hellos.append(tag) }
        }
        let resource = try #require(server.childResources.first)
        server.post(resource, opcode: 0, [wl_argument(u: 41)])
        try server.pump()
        #expect(hellos == [41])
    }

    @Test func eventsDecodeEveryArgumentKindAndFindExistingObjects() throws {
        let server = try LoopbackServer(echoVersion: 3)
        let (_, echo) = try server.bindEcho(version: 3)
        let child = echo.makeChild(tag: 1)
        try server.pump()
        var events: [TstEcho.Event] = []
        echo.onEvent = { events.append($0) }
        let resource = try #require(server.echoResources.first)
        let text = "ünïcode"
        let childResource = try #require(server.childResources.first)
        text.withCString { s in
            server.post(resource, opcode: 0, [wl_argument(i: -3), wl_argument(u: 99), wl_argument(f: -640),
                                              wl_argument(s: s), wl_argument(s: nil), wl_argument(u: 2), wl_argument(u: 2)])
            var bytes: [UInt8] = [9, 8, 7]
            bytes.withUnsafeMutableBytes { raw in
                var array = wl_array(size: 3, alloc: 3, data: raw.baseAddress)
                withUnsafeMutablePointer(to: &array) { server.post(resource, opcode: 1, [wl_argument(a: $0)]) }
                server.post(resource, opcode: 2, [wl_argument(o: childResource), wl_argument(u: 5)])
            }
            server.post(resource, opcode: 2, [wl_argument(o: nil), wl_argument(u: 6)])
        }
        try server.pump()
        #expect(events.count == 4)
        guard events.count == 4 else { return }
        guard case let .values(i, u, f, s, maybe, mode, flags) = events[0] else { Issue.record("\(events[0])"); return }
        #expect(i == -3 && u == 99 && f == -2.5 && s == text && maybe == nil)
        #expect(mode == ._2d, "entry names starting with a digit get an underscore")
        #expect(flags == .second)
        guard case let .bytes(data) = events[1] else { Issue.record("\(events[1])"); return }
        #expect(data == [9, 8, 7])
        guard case let .childSaid(said, tag) = events[2] else { Issue.record("\(events[2])"); return }
        #expect(said === child, "object arguments resolve to the existing Swift object")
        #expect(tag == 5)
        guard case let .childSaid(none, _) = events[3] else { Issue.record("\(events[3])"); return }
        #expect(none == nil)
    }

    @Test func requestsNewerThanTheBoundVersionThrowAndSendNothing() throws {
        let server = try LoopbackServer(echoVersion: 3)
        let (_, echo) = try server.bindEcho(version: 1)
        #expect(throws: ProxyVersionError(request: "tst_echo.poke", required: 2, actual: 1)) {
            try echo.poke(child: nil)
        }
        let child = echo.makeChild(tag: 0)
        try server.pump()
        #expect(server.received.map(\.opcode) == [3], "only make_child reached the server")
        // Dropping the last reference sends the destructor request.
        withExtendedLifetime(child) {}
        try server.pump()
    }

    @Test func requestsAtTheirVersionAreSent() throws {
        let server = try LoopbackServer(echoVersion: 3)
        let (_, echo) = try server.bindEcho(version: 2)
        let child = echo.makeChild(tag: 0)
        try echo.poke(child: child)
        try server.pump()
        #expect(server.received.last == ReceivedRequest(interface: "tst_echo", opcode: 4, values: [.object(child.objectID)]))
    }

    @Test func eventsNewerThanTheBoundVersionAreNotDelivered() throws {
        let server = try LoopbackServer(echoVersion: 3)
        let (_, old) = try server.bindEcho(version: 1)
        var oldEvents = 0
        old.onEvent = { _ in oldEvents += 1 }
        let oldResource = try #require(server.echoResources.first)
        server.post(oldResource, opcode: 3, [])
        try server.pump()
        #expect(oldEvents == 0)

        let (_, current) = try server.bindEcho(version: 2)
        var poked = false
        current.onEvent = { if case .poked = $0 { poked = true } }
        server.post(try #require(server.echoResources.last), opcode: 3, [])
        try server.pump()
        #expect(poked)
    }

    @Test func generatedMetadataMatchesTheXML() {
        #expect(TstEcho.interfaceName == "tst_echo")
        #expect(TstEcho.maxVersion == 3)
        #expect(String(cString: TstEcho.interface.pointee.name) == "tst_echo")
        #expect(TstEcho.interface.pointee.method_count == 5)
        #expect(TstEcho.interface.pointee.event_count == 4)
        #expect(String(cString: TstEcho.interface.pointee.methods[4].signature) == "2?o")
        // A reference to a core interface points at libwayland's own table.
        #expect(TstChild.interface.pointee.methods[1].types[0] == WlSurface.interface)
        #expect(TstEcho.Flags([.first, .second]).rawValue == 3)
    }
}
