/// An object in the responder chain: receives touches it does not consume from
/// the responder before it, and can handle actions sent with a nil target.
open class Responder {
    public init() {}

    /// The next object in the chain; a node's supernode, the root's window,
    /// the window's application, the application's none.
    open var nextResponder: Responder? { nil }

    /// A touch bound to this responder began. The default passes it on.
    open func touchBegan(_ touch: Touch) { nextResponder?.touchBegan(touch) }
    /// A touch bound to this responder moved. The default passes it on.
    open func touchMoved(_ touch: Touch) { nextResponder?.touchMoved(touch) }
    /// A touch bound to this responder ended. The default passes it on.
    open func touchEnded(_ touch: Touch) { nextResponder?.touchEnded(touch) }
    /// A touch bound to this responder was cancelled. The default passes it on.
    open func touchCancelled(_ touch: Touch) { nextResponder?.touchCancelled(touch) }

    /// Performs `action` if this responder handles it and returns true; the
    /// default handles nothing. Nil-target actions stop at the first `true`.
    open func perform(_ action: Action, sender: ControlNode, event: ActionEvent) -> Bool { false }
}

/// The top of the responder chain, above every window.
open class Application: Responder {
    public override init() { super.init() }
}
