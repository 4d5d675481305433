import Testing
@testable import WaylandClient

/// A request newer than its object's version is reported to the window's error handler
/// (`ProxyVersionError.reporting`, `WindowError.request`), not dropped.
@Suite struct RequestErrorRoutingTests {
    @Test func aRefusedRequestReachesTheErrorHandlerAndSendsNothing() throws {
        let server = try LoopbackServer(echoVersion: 3)
        let (_, echo) = try server.bindEcho(version: 1)
        var reported: [WindowError] = []
        let onError: (WindowError) -> Void = { reported.append($0) }
        ProxyVersionError.reporting(to: { onError(.request($0)) }) { () throws(ProxyVersionError) in
            try echo.poke(child: nil)
        }
        try server.pump()
        #expect(reported == [.request(ProxyVersionError(request: "tst_echo.poke", required: 2, actual: 1))])
        #expect(server.received.isEmpty)
        #expect(reported.first?.description == "cannot update the window: tst_echo.poke needs version 2, but the object has version 1")
    }

    @Test func aRequestTheObjectKnowsIsSentAndReportsNothing() throws {
        let server = try LoopbackServer(echoVersion: 3)
        let (_, echo) = try server.bindEcho(version: 3)
        var reported: [ProxyVersionError] = []
        ProxyVersionError.reporting(to: { reported.append($0) }) { () throws(ProxyVersionError) in
            try echo.poke(child: nil)
        }
        try server.pump()
        #expect(reported.isEmpty)
        #expect(server.received.map(\.interface) == ["tst_echo"])
    }
}
