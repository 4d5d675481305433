/// Generates scene files from the scene grammar (behaviour.md §7.1, §9, §10.3, §12.4):
/// trees of every node kind with keys drawn from ordinary values and from the edges of
/// what the loader accepts (and sometimes just past them).
struct SceneGenerator {
    var random: FuzzRandom
    private var nameCount = 0
    private var nodeBudget = 0
    /// The image files the scene names (`@case@` stands for the case's name): `png`, `jpg`.
    private(set) var imageFiles: Set<String> = []

    init(random: FuzzRandom) { self.random = random }

    /// A whole scene file and the window size it declares.
    mutating func scene() -> (text: String, size: (Double, Double)) {
        // Mostly phone to desktop sizes; now and then a window at a side's limit, kept thin so
        // that an unoptimized, sanitized build paints it well inside the time limit.
        var width = random.chance(0.9) ? Double(random.int(1 ... 1200)) : random.value([16_384, 1, 4096], invalid: [16_385, 0])
        var height = random.chance(0.9) ? Double(random.int(1 ... 900)) : random.value([4096, 1, 0.5], invalid: [16_384 * 8])
        if width > 2048, height > 2048 { height = 64 }
        if width * height > 1_000_000 { width = (1_000_000 / height).rounded(.down) }
        nodeBudget = random.chance(0.05) ? 3000 : random.int(1 ... 40)
        var children: [String] = []
        let rootLayout = random.chance(0.15)
        while nodeBudget > 0, children.count < 200 {
            children.append(node(depth: 0, inTemplate: false, size: (width, height), inLayout: rootLayout))
        }
        // A laid-out root fills the window: it has no frame.
        var rootMembers = [("name", JSONText.string("root"))]
        rootMembers.append(rootLayout ? ("layout", layoutContainer()) : ("frame", JSONText.array([0, 0, width, height])))
        rootMembers.append(("children", "[" + children.joined(separator: ",\n") + "]"))
        let root = JSONText.object(rootMembers)
        var members = [("size", JSONText.array([width, height])), ("root", root)]
        if random.chance(0.2) { members.insert(("background", JSONText.string(color())), at: 1) }
        return (JSONText.object(members) + "\n", (width, height))
    }

    private mutating func color() -> String {
        let digits = Array("0123456789abcdef")
        let count = random.chance(0.3) ? 8 : 6
        return "#" + String((0 ..< count).map { _ in random.pick(digits) })
    }

    private mutating func name(inTemplate: Bool) -> String {
        nameCount += 1
        return inTemplate ? "r\(nameCount)-{i}" : "n\(nameCount)"
    }

    private mutating func frame(in size: (Double, Double)) -> [Double] {
        let w = abs(random.number(typical: 1 ... max(size.0, 1))), h = abs(random.number(typical: 1 ... max(size.1, 1)))
        return [random.number(typical: -20 ... max(size.0, 1)), random.number(typical: -20 ... max(size.1, 1)), w, h]
    }

    private mutating func node(depth: Int, inTemplate: Bool, size: (Double, Double), inLayout: Bool = false) -> String {
        nodeBudget -= 1
        var kinds = ["node", "control", "button", "toggle", "slider", "text", "textField", "image"]
        if depth < 3 { kinds += ["scroll", "list", "node", "node"] }
        if nodeBudget > 1000 { kinds = ["button"] }  // many controls: the audit's scaling
        let kind = random.pick(kinds)
        var m: [(String, String)] = [("name", JSONText.string(name(inTemplate: inTemplate)))]
        if kind != "node" || random.chance(0.3) { m.append(("kind", JSONText.string(kind))) }
        var f = frame(in: size)
        let shaped = random.chance(0.2) && kind != "list"
        if shaped, random.chance(0.9) {
            // Sampled shapes cost their on-screen area per pixel: most stay button-sized.
            f[2] = min(f[2], 300)
            f[3] = min(f[3], 300)
        }
        // A laid-out parent places its children: they have no frame.
        if inLayout { m += layoutItem() } else { m.append(("frame", JSONText.array(f))) }
        let isLayout = (kind == "node" || kind == "scroll") && random.chance(0.25)
        if isLayout { m.append(("layout", layoutContainer())) }
        if random.chance(0.3) { m.append(("slop", JSONText.array((0 ..< 4).map { _ in -random.number(typical: 0 ... 30) }))) }
        if random.chance(0.1) { m.append(("alpha", JSONText.number(random.value([0, 0.005, 0.5, 1], invalid: [9_007_199_254_740_991, -1])))) }
        if random.chance(0.05) { m.append(("hidden", random.chance(0.5) ? "true" : "false")) }
        if random.chance(0.05) { m.append(("interactive", random.chance(0.5) ? "true" : "false")) }
        if random.chance(0.2) { m.append(("clips", "true")) }
        if random.chance(0.4) { m.append(("color", JSONText.string(color()))) }
        if random.chance(0.3) { m.append(("label", JSONText.string(random.text()))) }
        if shaped {
            m.append(("shape", random.chance(0.6) ? JSONText.string("circle")
                      : "{\"bands\":[" + (0 ..< random.int(1 ... 4)).map { _ in JSONText.array(frame(in: (max(f[2], 1), max(f[3], 1)))) }.joined(separator: ",") + "]}"))
        }
        if kind == "textField" { m += textFieldKeys() }
        if kind == "image" { m += imageKeys() }
        if ["control", "button", "toggle", "slider", "text", "textField", "image"].contains(kind) {
            if random.chance(0.1) { m.append(("enabled", random.chance(0.5) ? "true" : "false")) }
            if random.chance(0.1) { m.append(("dragTolerance", JSONText.number(random.number(typical: 0 ... 100)))) }
        }
        if kind == "slider", random.chance(0.5) { m.append(("value", JSONText.number(random.number(typical: 0 ... 1)))) }
        if kind == "text" {
            m.append(("text", JSONText.string(random.text())))
            if random.chance(0.3) { m.append(("fontSize", JSONText.number(random.value([1, 14, 40, 1000], invalid: [0.5])))) }
            if random.chance(0.3) { m.append(("alignment", JSONText.string(random.pick(["leading", "center", "trailing", "left", "right"])))) }
            if random.chance(0.3) { m.append(("lines", JSONText.number(Double(random.int(0 ... 4))))) }
        }
        if kind == "scroll" || kind == "list" { m += scrollKeys(list: kind == "list", size: (f[2], f[3])) }
        if kind == "list" {
            m += listKeys(size: (f[2], f[3]))
        } else if kind == "node" || kind == "scroll", depth < 4, nodeBudget > 0 {
            var children: [String] = []
            for _ in 0 ..< random.int(0 ... 4) where nodeBudget > 0 {
                children.append(node(depth: depth + 1, inTemplate: inTemplate, size: (max(f[2], 1), max(f[3], 1)), inLayout: isLayout))
            }
            if !children.isEmpty { m.append(("children", "[" + children.joined(separator: ",") + "]")) }
        }
        return JSONText.object(m)
    }

    private mutating func scrollKeys(list: Bool, size: (Double, Double)) -> [(String, String)] {
        var m: [(String, String)] = []
        if !list, random.chance(0.8) {
            m.append(("contentSize", JSONText.array([abs(random.number(typical: 0 ... 3 * max(size.0, 1))),
                                                     abs(random.number(typical: 0 ... 3 * max(size.1, 1)))])))
        }
        if random.chance(0.2) { m.append(("contentOffset", JSONText.array([random.number(typical: -50 ... 200), random.number(typical: -50 ... 200)]))) }
        if random.chance(0.1) { m.append(("contentInset", JSONText.array((0 ..< 4).map { _ in random.number(typical: 0 ... 40) }))) }
        if random.chance(0.2) { m.append(("bounces", random.chance(0.5) ? "true" : "false")) }
        if random.chance(0.2) { m.append(("decelerationRate", random.chance(0.5) ? "\"fast\"" : JSONText.number(random.value([0.5, 0.998, 0.01], invalid: [0, 1])))) }
        if random.chance(0.1) { m.append(("delaysContentTouches", random.chance(0.5) ? "true" : "false")) }
        return m
    }

    private mutating func listKeys(size: (Double, Double)) -> [(String, String)] {
        var rows: [(String, String)] = [
            ("count", JSONText.number(random.chance(0.9) ? Double(random.int(0 ... 200)) : random.value([1_000_000, 100_000_000], invalid: [2_147_483_647]))),
            ("extent", JSONText.number(random.chance(0.9) ? Double(random.int(1 ... 120)) : random.value([1, 1000], invalid: [1e9, 1e300, 0.5]))),
        ]
        nodeBudget -= 3
        rows.append(("template", node(depth: 3, inTemplate: true, size: (max(size.0, 1), 60))))
        var m: [(String, String)] = [("rows", JSONText.object(rows))]
        if random.chance(0.3) { m.append(("inverted", "true")) }
        if random.chance(0.2) { m.append(("horizontal", "true")) }
        if random.chance(0.3) { m.append(("leadingScreens", JSONText.number(random.value([0, 1, 2, 100], invalid: [101, 1e300])))) }
        if random.chance(0.5) {
            m.append(("fetch", JSONText.object([
                ("batch", JSONText.number(random.value([1, 5, 20, 2_147_483_647], invalid: []))),
                ("delay", JSONText.number(random.value([1, 16, 400, 3_600_000], invalid: [0, 1e300]))),
                ("total", JSONText.number(random.value([0, 10, 100, 10_000], invalid: [2_147_483_647]))),
            ])))
        }
        return m
    }

    /// A flex container's keys (behaviour.md §15), values at and past the edges now and then.
    private mutating func layoutContainer() -> String {
        var m: [(String, String)] = [("direction", JSONText.string(random.pick(["row", "column", "row-reverse", "column-reverse"])))]
        if random.chance(0.4) { m.append(("justifyContent", JSONText.string(random.pick(["flex-start", "center", "flex-end", "space-between", "space-around", "space-evenly"])))) }
        if random.chance(0.4) { m.append(("alignItems", JSONText.string(random.pick(["flex-start", "center", "flex-end", "stretch", "baseline"])))) }
        if random.chance(0.2) { m.append(("alignContent", JSONText.string(random.pick(["flex-start", "center", "stretch", "space-between"])))) }
        if random.chance(0.3) { m.append(("wrap", JSONText.string(random.pick(["wrap", "nowrap", "wrap-reverse"])))) }
        if random.chance(0.4) { m.append(("padding", random.chance(0.5) ? JSONText.number(abs(random.number(typical: 0 ... 40))) : JSONText.array((0 ..< 4).map { _ in abs(random.number(typical: 0 ... 40)) }))) }
        if random.chance(0.4) { m.append((random.pick(["gap", "rowGap", "columnGap"]), JSONText.number(abs(random.number(typical: 0 ... 30))))) }
        if random.chance(0.1) { m.append(("writingDirection", JSONText.string(random.pick(["ltr", "rtl", "inherit"])))) }
        return JSONText.object(m)
    }

    /// A flex item's keys: sizes in points, percents or auto, grow and shrink, margins, position.
    private mutating func layoutItem() -> [(String, String)] {
        func dimension(_ r: inout FuzzRandom) -> String {
            switch r.int(0 ... 3) {
            case 0: return JSONText.string("auto")
            case 1: return JSONText.string("\(r.int(0 ... 150))%")
            default: return JSONText.number(abs(r.number(typical: 0 ... 300)))
            }
        }
        var m: [(String, String)] = []
        for key in ["width", "height", "minWidth", "minHeight", "maxWidth", "maxHeight", "basis"] where random.chance(0.2) {
            m.append((key, dimension(&random)))
        }
        if random.chance(0.4) { m.append(("grow", JSONText.number(random.value([0, 1, 2, 1e6], invalid: [-1])))) }
        if random.chance(0.3) { m.append(("shrink", JSONText.number(random.value([0, 1, 3], invalid: [-1])))) }
        if random.chance(0.2) { m.append(("margin", random.chance(0.7) ? JSONText.number(random.number(typical: -10 ... 30)) : JSONText.string("auto"))) }
        if random.chance(0.1) { m.append(("aspectRatio", JSONText.number(random.value([0.5, 1, 16.0 / 9], invalid: [0, -1])))) }
        if random.chance(0.1) {
            m.append(("position", JSONText.string("absolute")))
            m.append((random.pick(["left", "top", "right", "bottom", "start", "end"]), JSONText.number(random.number(typical: -20 ... 200))))
        }
        if random.chance(0.05) { m.append(("display", JSONText.string(random.pick(["none", "flex"])))) }
        if random.chance(0.1) { m.append(("alignSelf", JSONText.string(random.pick(["auto", "center", "stretch", "flex-end"])))) }
        return m
    }

    /// A text field's keys (behaviour.md §16).
    private mutating func textFieldKeys() -> [(String, String)] {
        var m: [(String, String)] = []
        let type = random.chance(0.3) ? random.pick(["text", "number", "pin", "email", "url", "phone", "password"]) : nil
        let digitsOnly = type == "number" || type == "pin" || type == "phone"
        // A field's text keeps its own rules (its type's characters, maxLength) or the scene is rejected.
        let text = digitsOnly ? String(repeating: "7", count: random.int(0 ... 12)) : random.text()
        if random.chance(0.5) { m.append(("text", JSONText.string(text))) }
        if random.chance(0.3) { m.append(("placeholder", JSONText.string(random.text()))) }
        if random.chance(0.2) { m.append(("secure", "true")) }
        if let type { m.append(("contentType", JSONText.string(type))) }
        if random.chance(0.3) {
            let length = Double(text.count)
            m.append(("maxLength", JSONText.number(random.value([length, length + 3, 10_000], invalid: [-1, 1e12]))))
        }
        if random.chance(0.2) { m.append(("fontSize", JSONText.number(random.value([1, 17, 200], invalid: [0])))) }
        return m
    }

    /// An image node's keys (behaviour.md §17): a generated PNG, a repository JPEG, or a file
    /// that is not there.
    private mutating func imageKeys() -> [(String, String)] {
        let src: String
        switch random.int(0 ... 29) {
        case 0: src = "missing-image.png"
        case 1 ... 8:
            src = "@case@.image.jpg"
            imageFiles.insert("jpg")
        default:
            src = "@case@.image.png"
            imageFiles.insert("png")
        }
        var m: [(String, String)] = [("src", JSONText.string(src))]
        if random.chance(0.5) { m.append(("contentMode", JSONText.string(random.pick(["scaleToFill", "aspectFit", "aspectFill", "center"])))) }
        if random.chance(0.4) { m.append(("cornerRadius", JSONText.number(random.number(typical: 0 ... 60)))) }
        if random.chance(0.2) { m.append(("placeholderColor", JSONText.string(color()))) }
        if random.chance(0.4) { m.append(("hitTestAlpha", random.chance(0.5) ? "true" : "false")) }
        return m
    }
}
