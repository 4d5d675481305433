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
}
