/// Left and Right move the caret on screen, not through the text's memory order
/// (behaviour.md §16.3), as GTK and UIKit do: in "abc אבג" Right from after the space steps
/// into the Hebrew word from its left end, which is the word's last letter.
extension TextEditState {
    /// Carets closer than this, in points, are the same place on screen.
    static let samePlace = 0.01

    /// The caret one place to the left (`toRight` false) or right on screen, where `caretXs[k]`
    /// is where the caret of offset k lies (`TextFieldMetrics.caretXs`). Of offsets at the
    /// same place the one nearest in the text wins (a run's edge is two offsets at one x).
    /// `extending` keeps the anchor (Shift); without it a selection collapses to its end on
    /// that side of the screen.
    public func movingVisually(toRight: Bool, extending: Bool = false, caretXs: [Double]) -> TextEditState {
        guard caretXs.count == length + 1 else {
            return toRight ? movingRight(extending: extending) : movingLeft(extending: extending)
        }
        if !extending, !selection.isEmpty {
            let lower = caretXs[selection.lowerBound], upper = caretXs[selection.upperBound]
            let rightEnd = upper >= lower ? selection.upperBound : selection.lowerBound
            let leftEnd = rightEnd == selection.upperBound ? selection.lowerBound : selection.upperBound
            return placingCaret(toRight ? rightEnd : leftEnd)
        }
        let here = caretXs[caret]
        var target: Double?
        for x in caretXs where toRight ? x > here + Self.samePlace : x < here - Self.samePlace {
            if let best = target, toRight ? x >= best : x <= best { continue }
            target = x
        }
        guard let target else { return movingCaret(to: caret, extending: extending) }
        var chosen = caret
        var distance = Int.max
        for (offset, x) in caretXs.enumerated() where abs(x - target) <= Self.samePlace && abs(offset - caret) < distance {
            chosen = offset
            distance = abs(offset - caret)
        }
        return movingCaret(to: chosen, extending: extending)
    }
}
