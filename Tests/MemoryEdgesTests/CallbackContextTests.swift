import Foundation
import Testing
import MemoryEdges

/// Swift objects passing through C as untyped pointers (libpng's row callback, the image
/// decoders' row sink, pixman's glyph cache keys): a lent context names its object while lent.
@Suite struct CallbackContextTests {
    final class Box {
        var value: Int
        init(_ value: Int) { self.value = value }
    }

    final class Other {}

    @Test func aLentContextGivesBackTheObjectItWasMadeFrom() {
        let box = Box(7)
        let value = CallbackContext.lend(box) { context in
            CallbackContext.object(at: context, as: Box.self).value
        }
        #expect(value == 7)
    }

    @Test func oneObjectLentTwiceAtOnceStaysReadableUntilTheLastLendEnds() {
        let box = Box(3)
        CallbackContext.lend(box) { outer in
            CallbackContext.lend(box) { inner in
                #expect(inner == outer)
                #expect(CallbackContext.object(at: inner, as: Box.self) === box)
            }
            #expect(CallbackContext.object(at: outer, as: Box.self) === box)
        }
    }

    @Test func keysTellLiveObjectsApartAndStayTheSameForOneObject() {
        let first = Box(1), second = Box(2)
        #expect(CallbackContext.key(for: first) == CallbackContext.key(for: first))
        #expect(CallbackContext.key(for: first) != CallbackContext.key(for: second))
    }

    #if DEBUG
    @Test func aContextReadAfterItsLendReturnsTrapsInDebugBuilds() async {
        await #expect(processExitsWith: .failure) {
            let box = Box(1)
            let context = CallbackContext.lend(box) { $0 }
            withExtendedLifetime(box) { _ = CallbackContext.object(at: context, as: Box.self) }
        }
    }

    @Test func aContextReadAsAnotherClassTrapsInDebugBuilds() async {
        await #expect(processExitsWith: .failure) {
            let box = Box(1)
            CallbackContext.lend(box) { context in
                _ = CallbackContext.object(at: context, as: Other.self)
            }
        }
    }
    #endif
}
