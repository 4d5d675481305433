import Testing
@testable import NodeCore

@Suite struct HardeningTests {
    // Issue 13, item 16.
    @Test func aSecondFingersCancelCarriesTheSecondFingersTime() {
        let root = Node(name: "root", frame: rect(0, 0, 300, 300))
        let button = ButtonNode(name: "b", frame: rect(100, 100, 100, 100))
        root.addSubnode(button)
        let window = Window(root: root, size: Size(width: 300, height: 300))
        var sends: [(String, Double?)] = []
        button.addAction(for: .allEvents) { _, event in sends.append((event.event.name, event.time)) }
        let input = InputDispatcher(window: window)
        input.handle(.touchDown(id: 1, location: pt(150, 150)), at: 2000)
        input.handle(.touchFrame, at: 2000)
        input.handle(.touchDown(id: 2, location: pt(160, 160)), at: 2030)
        input.handle(.touchFrame, at: 2030)
        #expect(sends.map(\.0) == ["touchDown", "touchCancel"])
        #expect(sends.map(\.1) == [2000, 2030])
        // The cancel still reports the tracked touch (finger 1), whose own time is unchanged.
        #expect(window.touch(withID: .finger(1))?.timestamp == 2000)
    }

    // Issue 13, item 6: lookups by id in O(1), begin order kept through removals.
    @Test func activeTouchesKeepBeginOrderThroughManyRemovals() {
        let root = Node(name: "root", frame: rect(0, 0, 100, 100))
        let window = Window(root: root, size: Size(width: 100, height: 100))
        let input = InputDispatcher(window: window)
        for id in 0 ..< 1000 { input.handle(.touchDown(id: id, location: pt(50, 50)), at: 0) }
        input.handle(.touchFrame, at: 0)
        for id in stride(from: 0, to: 1000, by: 3) { input.handle(.touchUp(id: id), at: 1) }
        input.handle(.touchFrame, at: 1)
        let expected = (0 ..< 1000).filter { $0 % 3 != 0 }
        #expect(window.activeTouches.map(\.id) == expected.map { .finger($0) })
        #expect(input.activeFingerIDs == expected)
        #expect(window.touch(withID: .finger(998))?.id == .finger(998))
        #expect(window.touch(withID: .finger(999)) == nil)
        input.handle(.touchDown(id: 0, location: pt(50, 50)), at: 2)
        input.handle(.touchFrame, at: 2)
        #expect(window.activeTouches.last?.id == .finger(0))
        input.handle(.touchCancel, at: 3)
        #expect(window.activeTouches.isEmpty && input.activeFingerIDs.isEmpty)
    }

    /// Edits an `OrderedTable` and an array of pairs alike, `steps` times, with keys below
    /// `keyCount` from a seeded LCG: a key the table lacks is appended to both with the step
    /// as its value, one it holds goes to `edit`; `check` runs after each step, and at the end
    /// both hold the same keys and values in the same order.
    private func editAlike(seed: UInt64, steps: Int, keyCount: Int,
                           heldKey edit: (_ key: Int, _ step: Int, inout OrderedTable<Int, Int>, inout [(Int, Int)]) -> Void,
                           check: (OrderedTable<Int, Int>, [(Int, Int)]) -> Void) {
        var table = OrderedTable<Int, Int>()
        var reference: [(Int, Int)] = []
        var state = seed
        for step in 0 ..< steps {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let key = Int(state >> 33) % keyCount
            if table.contains(key) {
                edit(key, step, &table, &reference)
            } else {
                table.append(step, for: key)
                reference.append((key, step))
            }
            check(table, reference)
        }
        #expect(table.keys == reference.map(\.0))
        #expect(table.values == reference.map(\.1))
    }

    @Test func orderedTableMatchesAnArrayUnderRandomEdits() {
        editAlike(seed: 42, steps: 5000, keyCount: 200) { key, _, table, reference in
            table.remove(key)
            reference.removeAll { $0.0 == key }
        } check: { table, reference in
            #expect(table.count == reference.count)
        }
    }

    /// A few keys are found by a scan and many through an index: edits that cross between
    /// the two (up to a dozen keys, the scan's limit being 8) keep order, lookup and updates.
    @Test func orderedTableKeepsOrderAcrossTheScanAndTheIndex() {
        editAlike(seed: 7, steps: 3000, keyCount: 12) { key, step, table, reference in
            if step % 3 == 0 {
                table.update(key) { $0 += 1 }
                if let index = reference.firstIndex(where: { $0.0 == key }) { reference[index].1 += 1 }
            } else {
                #expect(table.remove(key) == reference.first { $0.0 == key }?.1)
                reference.removeAll { $0.0 == key }
            }
        } check: { table, reference in
            #expect(table.count == reference.count)
            for probe in 0 ..< 12 { #expect(table[probe] == reference.first { $0.0 == probe }?.1) }
        }
    }

    // Issue 13, item 5 / issue 15: overlap counts without comparing every pair.
    @Test func overlapCountsMatchThePairwiseCountOnRandomRects() {
        var state: UInt64 = 7
        func next(_ bound: Int) -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(Int(state >> 33) % bound)
        }
        for round in 0 ..< 20 {
            // Small integer grids give many shared edges and equal coordinates.
            let rects = (0 ..< 60 + round).map { _ in
                Rect(x: next(20), y: next(20), width: next(8) + 1, height: next(8) + 1)
            }
            let overlaps = RectOverlaps(rects)
            let counts = overlaps.counts()
            for i in rects.indices {
                let pairwise = rects.indices.filter { $0 != i && rects[$0].intersects(rects[i]) }
                #expect(counts[i] == pairwise.count)
                #expect(overlaps.overlapping(i) == pairwise)
            }
        }
    }

    @Test func auditSummarizesAControlWithManyOverlapsInsteadOfListingThem() {
        let root = Node(name: "root", frame: rect(0, 0, 300, 300))
        for i in 0 ..< 20 { root.addSubnode(ButtonNode(name: "b\(i)", frame: rect(100, 100, 50, 50))) }
        let lone = ButtonNode(name: "lone", frame: rect(140, 140, 100, 100))
        root.addSubnode(lone)
        root.addSubnode(ButtonNode(name: "far", frame: rect(0, 0, 50, 50)))
        let report = Audit.run(window: Window(root: root, size: Size(width: 300, height: 300)))
        let b0 = report.entries.first { $0.name == "b0" }!
        #expect(b0.overlapCount == 20 && b0.overlaps.isEmpty)
        #expect(b0.findings.contains(.overlapsOtherControls))
        let entry = report.entries.first { $0.name == "lone" }!
        #expect(entry.overlapCount == 20 && entry.overlaps.isEmpty)
        let far = report.entries.first { $0.name == "far" }!
        #expect(far.overlapCount == 0 && far.findings.isEmpty)
    }
}
