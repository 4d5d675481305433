import Foundation
import Testing

/// What the shipped `touchstone` binary is made of (docs/architecture.md).
@Suite struct ShippedBinaryTests {
    /// Every Swift symbol carries its module's name, so a linked module's name is in the
    /// binary's symbol table; the driver `demo --headless` uses is, test support is not.
    @Test func theBinaryLinksTheWestonDriverButNoTestSupport() throws {
        let binary = try Data(contentsOf: CLIRun.executable, options: .alwaysMapped)
        #expect(binary.firstRange(of: Data("WestonControl".utf8)) != nil)
        #expect(binary.firstRange(of: Data("WestonHarness".utf8)) == nil)
    }

    /// The command uses FoundationEssentials (through swift-argument-parser) but nothing of
    /// Foundation itself, whose static copy (CoreFoundation, ICU) cost start-up a third of
    /// its relocations and protocol conformances (docs/performance.md).
    @Test func theBinaryUsesNothingOfFoundationItself() throws {
        let binary = try Data(contentsOf: CLIRun.executable, options: .alwaysMapped)
        #expect(binary.firstRange(of: Data("$s10Foundation".utf8)) == nil)
    }
}
