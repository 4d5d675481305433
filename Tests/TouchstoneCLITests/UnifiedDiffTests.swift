import Foundation
import Session
import Testing

@Suite struct UnifiedDiffTests {
    @Test func changedLineIsRemovedThenAddedWithThreeLinesOfContext() {
        let old = (1...9).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let new = old.replacingOccurrences(of: "line 5", with: "line five")
        #expect(UnifiedDiff.text(expected: old, actual: new, expectedName: "a", actualName: "b") == """
        --- a
        +++ b
        @@ -2,7 +2,7 @@
         line 2
         line 3
         line 4
        -line 5
        +line five
         line 6
         line 7
         line 8

        """)
    }

    @Test func distantChangesMakeTwoHunksAndEqualTextsNone() {
        let lines = (1...20).map { "\($0)" }
        let old = lines.joined(separator: "\n") + "\n"
        var changed = lines
        changed[1] = "two"
        changed.remove(at: 18)
        let new = changed.joined(separator: "\n") + "\n"
        let diff = UnifiedDiff.text(expected: old, actual: new, expectedName: "a", actualName: "b")
        #expect(diff.components(separatedBy: "\n@@ ").count == 3)
        #expect(diff.contains("@@ -1,5 +1,5 @@\n 1\n-2\n+two\n 3\n"))
        #expect(diff.contains("@@ -16,5 +16,4 @@\n 16\n 17\n 18\n-19\n 20\n"))
        #expect(UnifiedDiff.text(expected: old, actual: old, expectedName: "a", actualName: "b") == "")
    }
}
