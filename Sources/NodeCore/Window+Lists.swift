extension Window {
    /// The window was first shown at `time` (time 0 of a replay, the first configure of a
    /// live window): every list in the tree lays out its rows and checks for a batch fetch.
    public final func appear(at time: Double) {
        clock.advance(to: time)
        var lists: [ListNode] = []
        root.forEachInSubtree { node in
            if let list = node as? ListNode { lists.append(list) }
        }
        for list in lists { list.didAppear(at: time) }
    }

    /// Measures the rows of every self-sizing list in the tree that were made before the
    /// first layout pass (behaviour.md §15.3); rows made later are measured as they come.
    final func measureSelfSizingRows() {
        var lists: [ListNode] = []
        root.forEachInSubtree { node in
            if let list = node as? ListNode, list.hasSelfSizingRows { lists.append(list) }
        }
        for list in lists { list.measureRowsIfNeeded() }
    }
}
