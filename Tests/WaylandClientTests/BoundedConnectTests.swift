import Foundation
import Testing
import WaylandClient

@Suite struct BoundedConnectTests {
    // Issue 13, item 15: a socket that accepts and never answers.
    @Test func aSocketThatNeverAnswersFailsWithinTheSetupTimeout() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("touchstone-mute-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/mute-0"
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in path.utf8.enumerated() { raw[i] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0 && listen(listener, 4) == 0)
        // The kernel completes the connection from the backlog; nobody ever reads or answers.
        let started = ContinuousClock.now
        #expect(throws: ConnectionError.display(.noAnswer(display: path, seconds: WaylandDisplay.setupTimeout))) {
            _ = try WaylandConnection(displayName: path)
        }
        #expect(ContinuousClock.now - started < .seconds(WaylandDisplay.setupTimeout + 5))
    }
}
