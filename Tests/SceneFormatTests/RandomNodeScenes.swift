@testable import SceneFormat

/// Random scenes whose nodes have random keys in random order, values mostly valid and
/// sometimes of the wrong type, out of range, escaped or repeated: what the stream's plain
/// node reading must either read as the general reading does or leave to it.
struct RandomNodeScenes {
    var random: ParserFuzzTests.Mutator
    /// One value in this many is wrong, up to `maximumFaults` per scene.
    var faultOdds = 5
    var maximumFaults = 1
    private var faults = 0
    private var nodes = 0

    init(seed: UInt64) { random = ParserFuzzTests.Mutator(state: seed) }

    /// One scene of at most `maximumNodes` nodes.
    mutating func scene(maximumNodes: Int) -> [UInt8] {
        nodes = 0
        faults = 0
        let root = node(depth: 0, budget: maximumNodes)
        let members = shuffled([#""size": [400, 300]"#, ##""background": "#101010""##, #""root": "# + root])
        return Array(("{" + members.joined(separator: ", ") + "}\n").utf8)
    }

    /// Whether to put a fault here.
    private mutating func fault() -> Bool {
        guard faults < maximumFaults, random.next(faultOdds) == 0 else { return false }
        faults += 1
        return true
    }

    private mutating func pick<T>(_ choices: [T]) -> T { choices[random.next(choices.count)] }

    private mutating func shuffled(_ items: [String]) -> [String] {
        var items = items
        for i in items.indices.reversed() { items.swapAt(i, random.next(i + 1)) }
        return items
    }

    /// A value for `key`: a valid one, or one time in `faultOdds` a wrong one (of the wrong
    /// type, out of range, malformed or escaped).
    private mutating func value(_ key: String) -> String {
        let (valid, invalid) = Self.values(key)
        guard valid.isEmpty || fault() else { return pick(valid) }
        return invalid.isEmpty || random.next(2) == 0 ? pick(Self.wrongTypes) : pick(invalid)
    }

    private static let wrongTypes = ["\"x\"", "-1", "2e9", "true", "null", "[1, 2, 3]", "[]", "{}", "0.5", "\"#12345\"",
                                     "\"\\u0023FF0000\"", "1.0e", "tru"]

    private static func values(_ key: String) -> (valid: [String], invalid: [String]) {
        switch key {
        case "kind": (["\"node\"", "\"button\"", "\"toggle\"", "\"slider\"", "\"control\"", "\"scroll\"", "\"text\""],
                      ["\"Button\"", "\"but\\u0074on\"", "\"list\""])
        case "frame": (["[0, 0, 10, 10]", "[1.5, -2, 30.25, 0]", "[ 0 ,\n 1 , 2 , 3 ]", "[-0, 0.1, 1E2, 4]", "[1e9, 0, 1, 1]"],
                       ["[0,0,-1,1]", "[1.1e9, 0, 1, 1]", "[0, 0, 1, 1, 1]", "[0, 0, 1]", "[0, 0, \"1\", 1]"])
        case "slop": (["[-4, -4, -4, -4]", "[1, 2, 3, 4]"], ["[0, 0, 0, 2e9]", "[0, 0, 0]"])
        case "hidden", "interactive", "clips", "enabled", "selected": (["true", "false"], [])
        case "alpha", "value": (["0", "0.25", "1", "-0"], ["1.5", "-0.1"])
        case "borderWidth", "dragTolerance": (["0", "2", "1e9"], ["-1", "1e10"])
        case "labelFontSize": (["1", "14", "17.5", "1000"], ["0", "1001", "\"14\""])
        case "label": (["\"Go\"", "\"é\"", "\"a\\nb\"", "\"\""], [])
        case "shape": (["\"circle\"", "{\"bands\": [[0, 0, 4, 4]]}"], ["\"square\"", "{\"bands\": []}"])
        case "contentSize": (["[100, 1000]"], [])
        case "bogus": ([], ["1"])
        default: (["\"#3366CC\"", "\"#3366cc80\""], ["\"#GG0000\"", "\"#FFF\""])
        }
    }

    private mutating func node(depth: Int, budget: Int) -> String {
        nodes += 1
        // Another kind's keys only among the faults.
        let kind = random.next(3) == 0 ? nil : pick(["node", "button", "toggle", "slider", "control", "scroll", "text"])
        var keys = ["slop", "hidden", "alpha", "interactive", "clips", "color", "borderColor", "borderWidth", "label",
                    "labelColor", "labelFontSize", "shape"]
        let controlKeys = ["enabled", "selected", "dragTolerance", "highlightedColor", "disabledColor", "selectedColor",
                           "labelHighlightedColor", "labelSelectedColor", "labelDisabledColor"]
        let faulty = fault()
        if faulty || ![nil, "node", "scroll"].contains(kind) { keys += controlKeys }
        if faulty || kind == "slider" { keys.append("value") }
        if faulty || kind == "scroll" { keys.append("contentSize") }
        if faulty { keys.append("bogus") }
        var members: [String] = []
        if let kind { members.append("\"kind\": " + (fault() ? pick(Self.values("kind").invalid) : "\"\(kind)\"")) }
        let name = fault() ? pick(["\"dup\"", "\"\"", "\"n\\u00e9\"", "3"]) : "\"n\(nodes)\""
        if random.next(4) > 0 || !fault() { members.append("\"name\": " + name) }
        if random.next(4) > 0 || !fault() { members.append("\"frame\": " + value("frame")) }
        var picked: Set<String> = []
        for _ in 0 ..< random.next(5) {
            let key = pick(keys)
            // A key twice only among the faults.
            if picked.insert(key).inserted || faulty { members.append("\"\(key)\": \(value(key))") }
        }
        if random.next(6) == 0, fault() {
            members.append(random.next(2) == 0 || members.isEmpty ? #""n\u0061me": "escaped""# : members[0])
        }
        let fanOut = depth < 4 ? random.next(4) : 0
        if budget > 1, fanOut > 0 || random.next(6) == 0 {
            var children: [String] = []
            for _ in 0 ..< fanOut where nodes < budget { children.append(node(depth: depth + 1, budget: budget)) }
            members.append("\"children\": [" + children.joined(separator: ",\n") + "]")
        }
        return "{" + shuffled(members).joined(separator: pick([", ", ",\n  ", ","])) + "}"
    }
}
