import FileOutput
import JSONOutput
public import NodeCore
package import TouchstoneApp

/// `touchstone layout`'s output (behaviour.md §15.1): every node's frame in its parent's
/// coordinates, depth first, children in order; as JSON lines or as an indented tree.
public enum LayoutListing {
    /// Writes the listing of the tree under `root` to `sink` in chunks.
    package static func write(_ root: Node, json: Bool, to sink: LineSink) throws(OutputError) {
        var output = ChunkedOutput(sink: sink)
        write(root, json: json, to: &output)
        try output.finish()
    }

    /// The whole listing as text.
    public static func format(_ root: Node, json: Bool) -> String {
        var text = ""
        write(root, json: json, to: &text)
        return text
    }

    /// `{"node": "pay", "frame": [1100, 736, 160, 48]}`, or `  pay  1100, 736, 160 × 48`
    /// indented two spaces a level.
    static func write<Output: TextOutputStream>(_ root: Node, json: Bool, to out: inout Output) {
        func visit(_ node: Node, depth: Int) {
            let f = node.frame
            let numbers = [f.minX, f.minY, f.width, f.height].map(number)
            if json {
                out.write("{\"node\": \(JSONWriting.quote(node.name)), \"frame\": [\(numbers.joined(separator: ", "))]}\n")
            } else {
                let indent = String(repeating: "  ", count: depth)
                out.write("\(indent)\(TerminalText.escaped(node.name))  \(numbers[0]), \(numbers[1]), \(numbers[2]) × \(numbers[3])\n")
            }
            for child in node.subnodes { visit(child, depth: depth + 1) }
        }
        visit(root, depth: 0)
    }

    /// `12`, `12.5`: rounded to 0.001 as in the event log, whole numbers without a fraction.
    private static func number(_ v: Double) -> String {
        let rounded = (v * 1000).rounded() / 1000
        return JSONWriting.integral(rounded.isFinite ? (rounded == 0 ? 0 : rounded) : v)
    }
}
