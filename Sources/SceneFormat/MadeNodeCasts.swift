import NodeCore

// SceneFormat's one memory-safety edge: nodes it made itself are downcast without a
// dynamic cast (a scene of 10^5 nodes, or a list's rows refilled on every scroll frame,
// would pay one per node and key).

extension Node {
    /// This node as `T`, without a dynamic cast. Sound only for a node SceneFormat made from a
    /// description whose kind makes a `T` (`NodeDescription.makeBareNode`), or a row's node
    /// made from the same template: its kind fixed its class. Debug builds check it.
    @inline(__always)
    func madeAs<T: Node>(_ type: T.Type) -> T {
        #if DEBUG
        precondition(self is T, "SceneFormat downcast: \(Swift.type(of: self)) is not a \(T.self)")
        #endif
        return unsafeDowncast(self, to: T.self)
    }
}
