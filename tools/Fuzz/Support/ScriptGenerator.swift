/// Generates input scripts from their grammar (behaviour.md §7.2, §9): touches, frames,
/// cancels, pointer buttons, motion and axis events, keys; times mostly rising by a few
/// ms, touch ids reused or ever new, coordinates inside the window and past its edges;
/// and the lines of text editing (behaviour.md §16): keys by keysym name with modifiers,
/// key repeat, input-method preedit, commit and delete.
struct ScriptGenerator {
    var random: FuzzRandom

    init(random: FuzzRandom) { self.random = random }

    mutating func script(size: (Double, Double)) -> String {
        var lines: [String] = []
        var t = 0.0
        var nextID = 1
        var down: [Int] = []
        let count = random.chance(0.05) ? random.int(2000 ... 20_000) : random.int(0 ... 60)
        let freshIDs = random.chance(0.3)
        func point(_ r: inout FuzzRandom) -> String {
            let x = r.chance(0.9) ? Double(r.int(-10 ... Int(max(size.0, 1)) + 10)) : r.number(typical: 0 ... 100)
            let y = r.chance(0.9) ? Double(r.int(-10 ... Int(max(size.1, 1)) + 10)) : r.number(typical: 0 ... 100)
            return "\"x\":\(JSONText.number(x)),\"y\":\(JSONText.number(y))"
        }
        for _ in 0 ..< count {
            t += random.chance(0.05) ? random.pick([0, 1e6, 9_007_199_254_740_991 - t]) : Double(random.int(0 ... 40))
            t = min(t, 9_007_199_254_740_991)
            let head = "{\"t\":\(JSONText.number(t)),\"type\":"
            switch random.int(0 ... 15) {
            case 0, 1:
                let id = freshIDs ? nextID : random.int(1 ... 4)
                nextID += 1
                down.append(id)
                lines.append(head + "\"touch.down\",\"id\":\(id),\(point(&random))}")
            case 2, 3, 4:
                let id = down.isEmpty ? random.int(1 ... 4) : random.pick(down)
                lines.append(head + "\"touch.motion\",\"id\":\(id),\(point(&random))}")
            case 5, 6:
                let id = down.isEmpty ? random.int(1 ... 4) : random.pick(down)
                down.removeAll { $0 == id }
                lines.append(head + "\"touch.up\",\"id\":\(id)}")
            case 7: lines.append(head + "\"touch.frame\"}")
            case 8:
                down.removeAll()
                lines.append(head + (random.chance(0.3) ? "\"touch.cancel\"}" : "\"touch.frame\"}"))
            case 9: lines.append(head + "\"pointer.motion\",\(point(&random))}")
            case 10:
                lines.append(head + "\"pointer.button\",\"button\":\"\(random.pick(["left", "right", "middle"]))\",\"state\":\"\(random.pick(["pressed", "released"]))\"}")
            case 11:
                let value = random.number(typical: -200 ... 200)
                lines.append(head + "\"pointer.axis\",\"axis\":\"\(random.pick(["vertical", "horizontal"]))\",\"value\":\(JSONText.number(value)),\"source\":\"\(random.pick(["wheel", "finger", "continuous"]))\"}")
            case 12: lines.append(head + "\"pointer.axis_stop\",\"axis\":\"\(random.pick(["vertical", "horizontal"]))\"}")
            case 13:
                lines.append(head + "\"key\",\"key\":\"\(random.pick(["d", "t", "p", "c", "x", "q"]))\",\"state\":\"\(random.pick(["pressed", "released"]))\"}")
            default:
                lines.append(head + editingLine())
            }
        }
        return lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")
    }

    /// A key by any keysym name (some unknown), or a key repeat or input-method line.
    private mutating func editingLine() -> String {
        switch random.int(0 ... 9) {
        case 0:
            return "\"key.repeat\",\"rate\":\(random.pick([0, 1, 25, 1000])),\"delay\":\(random.pick([0, 1, 600, 60_000]))}"
        case 1:
            let text = random.text()
            let cursor = random.chance(0.8) ? ",\"cursor\":\(random.int(0 ... 3))" : ""
            return "\"text.preedit\",\"text\":\(JSONText.string(text))\(cursor)}"
        case 2: return "\"text.commit\",\"text\":\(JSONText.string(random.text()))}"
        case 3: return "\"text.delete\",\"before\":\(random.int(0 ... 20)),\"after\":\(random.int(0 ... 20))}"
        default:
            let keys = ["a", "Z", "1", "space", "BackSpace", "Delete", "Return", "KP_Enter", "Escape", "Tab", "Left", "Right",
                        "Up", "Down", "Home", "End", "dead_acute", "dead_grave", "dead_diaeresis", "e", "u", "Multi_key",
                        "Hangul", "Shift_L", "Control_L", "F5", "eacute", "hebrew_alef", "not-a-keysym", ""]
            let modifiers = random.chance(0.3)
                ? ",\"modifiers\":[" + (0 ..< random.int(1 ... 2)).map { _ in "\"\(random.pick(["shift", "ctrl", "alt", "logo"]))\"" }.joined(separator: ",") + "]"
                : ""
            return "\"key\",\"key\":\(JSONText.string(random.pick(keys))),\"state\":\"\(random.pick(["pressed", "pressed", "released"]))\"\(modifiers)}"
        }
    }
}
