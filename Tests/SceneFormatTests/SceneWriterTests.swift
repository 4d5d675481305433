import NodeCore
import Testing
@testable import SceneFormat

/// Live trees written as scene files (behaviour.md §19.1): what is written reads back as the
/// same tree, and an app's own classes become the nearest built-in kind.
@Suite struct SceneWriterTests {
    private static let size = Size(width: 320, height: 240)

    /// `root` written and read back.
    private func roundTrip(_ root: Node, background: Color = .white) throws -> (Scene, SceneExport) {
        let export = SceneWriter.export(root: root, size: Self.size, background: background)
        return (try SceneDecoder.decode(export.bytes, file: "/cases/screen/scene.json"), export)
    }

    private func root(_ children: Node...) -> Node {
        let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 320, height: 240))
        for child in children { root.addSubnode(child) }
        return root
    }

    /// Every key a plain node has, set away from its default.
    private func styled<T: Node>(_ node: T) -> T {
        node.hitTestSlop = EdgeInsets(top: -4, left: -6, bottom: -8, right: 2.5)
        node.alpha = 0.75
        node.clipsToBounds = true
        node.backgroundColor = Color(red: 0x33, green: 0x66, blue: 0xCC)
        node.borderColor = Color(red: 1, green: 2, blue: 3, alpha: 128.0 / 255)
        node.borderWidth = 1.5
        node.label = "Go \"now\"\n"
        node.labelColor = .white
        node.labelFontSize = 17.5
        return node
    }

    /// Every key a control has, set away from its default.
    private func styledControl<T: ControlNode>(_ control: T) -> T {
        let control = styled(control)
        control.isEnabled = false
        control.isSelected = true
        control.dragTolerance = 12
        control.highlightedColor = Color(red: 9, green: 8, blue: 7)
        control.disabledColor = Color(red: 6, green: 5, blue: 4)
        control.selectedColor = Color(red: 3, green: 2, blue: 1)
        control.labelHighlightedColor = .black
        control.labelSelectedColor = Color(red: 0xAA, green: 0xBB, blue: 0xCC)
        control.labelDisabledColor = Color(red: 0x11, green: 0x22, blue: 0x33)
        return control
    }

    private func frame(_ x: Double) -> Rect { Rect(x: x, y: 10.1, width: 100.0 / 3, height: 44) }

    @Test(arguments: ["node", "control", "button", "toggle", "slider", "text"])
    func aNodeOfEachPlainKindReadsBackWithEveryPropertyItHad(kind: String) throws {
        let node: Node
        switch kind {
        case "node": node = styled(Node(name: "n", frame: frame(1)))
        case "control": node = styledControl(ControlNode(name: "n", frame: frame(2)))
        case "button": node = styledControl(ButtonNode(name: "n", frame: frame(3)))
        case "toggle": node = styledControl(ToggleNode(name: "n", frame: frame(4)))
        case "slider":
            let slider = styledControl(SliderNode(name: "n", frame: frame(5)))
            slider.value = 0.3
            node = slider
        default:
            let text = styledControl(TextNode(name: "n", frame: frame(6)))
            text.text = "Über"
            text.fontSize = 20
            text.textColor = Color(red: 0x40, green: 0x40, blue: 0x40)
            text.alignment = .center
            text.maximumLines = 2
            node = text
        }
        node.isHidden = true
        node.isUserInteractionEnabled = false
        node.hitShape = .bands([Rect(x: 0, y: 0, width: 10, height: 5), Rect(x: 2.5, y: 5, width: 4, height: 4)])
        node.addSubnode(Node(name: "child", frame: Rect(x: 1, y: 2, width: 3, height: 4)))
        let original = root(node)
        let (scene, _) = try roundTrip(original)
        #expect(snapshot(scene.root) == snapshot(original))
        #expect(scene.size == Self.size)
    }

    @Test func aScrollNodeReadsBackWithItsOffsetAndEveryScrollKey() throws {
        let scroll = styled(ScrollNode(name: "feed", frame: Rect(x: 0, y: 0, width: 320, height: 200)))
        scroll.contentSize = Size(width: 320, height: 2000)
        scroll.contentOffset = Point(x: 0, y: 123.25)
        scroll.contentInset = EdgeInsets(top: 10, left: 0, bottom: 20, right: 0)
        scroll.isScrollEnabled = false
        scroll.bounces = false
        scroll.alwaysBounceVertical = true
        scroll.alwaysBounceHorizontal = true
        scroll.delaysContentTouches = false
        scroll.canCancelContentTouches = false
        scroll.cancelsControlTouches = true
        scroll.decelerationRate = ScrollNode.fastDecelerationRate
        scroll.scrollSlop = 4
        scroll.contentTouchDelay = 90
        scroll.addSubnode(ButtonNode(name: "row", frame: Rect(x: 0, y: 150, width: 320, height: 44)))
        let original = root(scroll)
        let (scene, _) = try roundTrip(original)
        #expect(snapshot(scene.root) == snapshot(original))
    }

    @Test func aTextFieldReadsBackWithItsTextAndEveryFieldKey() throws {
        let field = styledControl(TextFieldNode(name: "pin", frame: Rect(x: 10, y: 10, width: 200, height: 40)))
        field.contentType = .pin
        field.isSecureTextEntry = true
        field.fontSize = 18
        field.textColor = Color(red: 0x20, green: 0x20, blue: 0x20)
        field.placeholder = "PIN"
        field.text = "1234"
        field.maxLength = 6
        let (scene, _) = try roundTrip(root(field))
        let read = try #require(scene.root.node(named: "pin") as? TextFieldNode)
        #expect(snapshot(read) == snapshot(field))
        #expect([read.text, read.placeholder] == ["1234", "PIN"])
        #expect(read.contentType == .pin && read.isSecureTextEntry && read.maxLength == 6)
        #expect(read.fontSize == 18 && read.textColor == field.textColor)
    }

    @Test func anImageFromAFileReadsBackAsAnImageOfThatFile() throws {
        let image = styledControl(ImageNode(name: "photo", frame: Rect(x: 0, y: 0, width: 100, height: 80)))
        image.source = .file(path: "/srv/app/pear.png")
        image.contentMode = .aspectFit
        image.cornerRadius = 8
        image.placeholderColor = Color(red: 0xEE, green: 0xEE, blue: 0xEE)
        image.hitTestAlpha = true
        let (scene, _) = try roundTrip(root(image))
        let read = try #require(scene.root.node(named: "photo") as? ImageNode)
        #expect(snapshot(read) == snapshot(image))
        #expect(read.source == .file(path: "/srv/app/pear.png"))
        #expect(read.contentMode == .aspectFit && read.cornerRadius == 8 && read.hitTestAlpha)
        #expect(read.placeholderColor == image.placeholderColor)
    }

    @Test func anImageFromMemoryIsWrittenAsTheControlItIs() throws {
        let image = ImageNode(name: "avatar", frame: Rect(x: 0, y: 0, width: 40, height: 40))
        image.source = .encoded([0x89, 0x50])
        image.backgroundColor = Color(red: 1, green: 1, blue: 1)
        let (scene, _) = try roundTrip(root(image))
        let read = try #require(scene.root.node(named: "avatar"))
        #expect(type(of: read) == ControlNode.self)
        #expect(read.frame == image.frame && read.backgroundColor == image.backgroundColor)
    }

    @Test func aListIsWrittenAsAScrollNodeWithTheRowsItHolds() throws {
        let list = ListNode(name: "inbox", frame: Rect(x: 0, y: 0, width: 320, height: 240), rowExtent: 60)
        let source = FixedRows(count: 100)
        list.dataSource = source
        let original = root(list)
        let window = Window(root: original, size: Self.size)
        window.appear(at: 0)
        list.contentOffset = Point(x: 0, y: 300)
        let (scene, _) = try roundTrip(original)
        let read = try #require(scene.root.node(named: "inbox") as? ScrollNode)
        #expect(type(of: read) == ScrollNode.self)
        #expect(read.contentSize == list.contentSize && read.contentOffset == Point(x: 0, y: 300))
        #expect(!list.subnodes.isEmpty)
        #expect(read.subnodes.map(\.name) == list.subnodes.map(\.name))
        #expect(read.subnodes.map(\.frame) == list.subnodes.map(\.frame))
    }

    @Test func theWindowSizeAndBackgroundAreTheScenes() throws {
        let (scene, _) = try roundTrip(root(), background: Color(red: 0x10, green: 0x20, blue: 0x30))
        #expect(scene.size == Self.size)
        #expect(scene.background == Color(red: 0x10, green: 0x20, blue: 0x30))
    }

    @Test func randomScenesReadBackAsTheTreeTheyWereWrittenFrom() throws {
        var scenes = RandomNodeScenes(seed: 0x5EED_0019)
        scenes.maximumFaults = 0
        var checked = 0
        for k in 0 ..< 300 {
            let bytes = scenes.scene(maximumNodes: 1 + k % 16)
            guard let first = try? SceneDecoder.decode(bytes, file: "random.json") else { continue }
            let export = SceneWriter.export(root: first.root, size: first.size, background: first.background)
            let second = try SceneDecoder.decode(export.bytes, file: "random.json")
            // A negative zero is written as 0, which no node tells apart.
            let written = snapshot(second.root), read = snapshot(first.root).replacing("-0.0", with: "0.0")
            if written != read {
                let difference = zip(written.split(separator: " | "), read.split(separator: " | ")).enumerated()
                    .first { $0.element.0 != $0.element.1 }
                Issue.record("scene \(k): field \(difference?.offset ?? -1) is \(difference?.element.0 ?? "") instead of \(difference?.element.1 ?? ""): \(String(decoding: bytes, as: UTF8.self))")
            }
            #expect(second.background == first.background)
            checked += 1
        }
        #expect(checked >= 250)
    }

    // MARK: An app's own classes

    /// A control touchable only in the disc inscribed in its bounds (as `examples/RoundButton`).
    final class Disc: ControlNode {
        override func pointInside(_ point: Point) -> Bool {
            let r = bounds.width / 2
            let dx = point.x - bounds.midX, dy = point.y - bounds.midY
            return dx * dx + dy * dy < r * r
        }
    }

    final class Panel: Node {}
    final class Switch: ToggleNode {}

    @Test func appClassesAreWrittenAsTheNearestBuiltInKind() throws {
        let panel = Panel(name: "panel", frame: Rect(x: 0, y: 0, width: 320, height: 240))
        let toggle = Switch(name: "wifi", frame: Rect(x: 10, y: 10, width: 60, height: 30))
        toggle.isOn = true
        panel.addSubnode(toggle)
        let (scene, export) = try roundTrip(root(panel))
        #expect(export.nodes.map(\.kind) == [.node, .node, .toggle])
        #expect(type(of: try #require(scene.root.node(named: "panel"))) == Node.self)
        let read = try #require(scene.root.node(named: "wifi") as? ToggleNode)
        #expect(read.isOn && read.frame == toggle.frame)
        // A class that does not change `pointInside` keeps its plain rect: no shape is written.
        #expect(read.hitShape == nil && scene.root.node(named: "panel")?.hitShape == nil)
    }

    @Test func anOverriddenPointInsideIsWrittenAsBandsThatAnswerAsItDoesAtEveryCellCentre() throws {
        let disc = Disc(name: "round", frame: Rect(x: 90, y: 90, width: 120, height: 120))
        let (scene, _) = try roundTrip(root(disc))
        let read = try #require(scene.root.node(named: "round") as? ControlNode)
        guard case .bands(let bands)? = read.hitShape else {
            Issue.record("no bands: \(String(describing: read.hitShape))")
            return
        }
        // Merged rows: far fewer bands than the disc's 120 rows of runs.
        #expect(bands.count < 120)
        for y in stride(from: -4.5, to: 124, by: 1) {
            for x in stride(from: -4.5, to: 124, by: 1) {
                let point = Point(x: x, y: y)
                #expect(read.pointInside(point) == disc.pointInside(point), "(\(x), \(y))")
            }
        }
        #expect(read.pointInside(Point(x: 60, y: 60)) && !read.pointInside(Point(x: 3, y: 3)))
    }

    @Test func emptyAndRepeatedNamesGetUniqueOnesAndTheExportSaysWhich() throws {
        let first = ButtonNode(name: "ok", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let second = ButtonNode(name: "ok", frame: Rect(x: 20, y: 0, width: 10, height: 10))
        let unnamed = Node(name: "", frame: Rect(x: 40, y: 0, width: 10, height: 10))
        // A later node already holds the name a renamed one would take.
        let taken = Node(name: "ok-2", frame: Rect(x: 60, y: 0, width: 10, height: 10))
        let (scene, export) = try roundTrip(root(first, second, unnamed, taken))
        #expect(export.nodes.map(\.name) == ["root", "ok", "ok-3", "node-1", "ok-2"])
        #expect(export.nodes[2].node === second)
        #expect(scene.root.subnodes.map(\.name) == ["ok", "ok-3", "node-1", "ok-2"])
    }
}

/// A list's rows: a button per row.
private final class FixedRows: ListDataSource {
    let count: Int
    init(count: Int) { self.count = count }
    func numberOfRows(in list: ListNode) -> Int { count }
    func list(_ list: ListNode, nodeForRowAt index: Int) -> Node {
        ButtonNode(name: "row-\(index)", frame: .zero)
    }
}
