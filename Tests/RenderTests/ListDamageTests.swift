import Testing
import NodeCore
import Render
import SceneFormat

// Lists repaint only what changes on screen (behaviour.md §10.1): rows a fetch adds out
// of view damage nothing; rows scrolling in are painted where they show.

@Suite struct ListDamageTests {
    func scene(rows: Int) throws -> (Window, ListNode, Renderer) {
        let text = #"{"size":[300,200],"root":{"name":"root","frame":[0,0,300,200],"children":[{"name":"list","kind":"list","frame":[0,0,300,200],"#
            + ##""rows":{"count":\##(rows),"extent":50,"template":{"name":"row-{i}","frame":[0,0,300,50],"color":"#3366CC","borderColor":"#000000","borderWidth":1}}}]}}"##
        let decoded = try SceneDecoder.decode(Array(text.utf8), file: "list.json")
        let window = decoded.makeWindow()
        let list = try #require(decoded.root.node(named: "list") as? ListNode)
        return (window, list, try Renderer(window: window, background: .white))
    }

    @Test func rowsAddedOutOfViewRepaintNothing() throws {
        let (_, list, renderer) = try scene(rows: 20)
        _ = renderer.takeDamage()
        list.appendRows(10)
        #expect(list.numberOfRows == 30)
        #expect(renderer.takeDamage().isEmpty)
    }

    @Test func scrollingPaintsTheRowsThatComeIntoViewLikeAFullRepaint() throws {
        let (_, list, renderer) = try scene(rows: 1000)
        let canvas = try renderer.renderImage()
        _ = renderer.takeDamage()
        for step in 1...40 {
            list.contentOffset.y = Double(step) * 37
            renderer.render(damage: renderer.takeDamage(), into: canvas)
        }
        let full = try renderer.renderImage()
        #expect(samePixels(canvas, full))
    }
}
