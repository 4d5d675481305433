import NodeCore

/// The rows of a scene's list: nodes decoded from the row template with `{i}` replaced
/// by the row index, and the simulated data source of `fetch` (docs/behaviour.md,
/// Lists): each fetch appends `batch` rows `delay` ms after it began, on the window's
/// clock, until the list has `total` rows.
final class SceneListSource: ListDataSource, ListBatchFetchingDelegate {
    struct Fetch {
        var batch: Int
        var delay: Double
        var total: Int
    }

    let template: JSONNode
    let file: String
    private(set) var count: Int
    let fetch: Fetch?
    /// The template's names, to check other scene names against.
    let namePatterns: [RowNamePattern]

    init(template: JSONNode, file: String, count: Int, fetch: Fetch?) {
        self.template = template
        self.file = file
        self.count = count
        self.fetch = fetch
        var patterns: [RowNamePattern] = []
        template.forEachName { patterns.append(RowNamePattern($0)) }
        namePatterns = patterns
    }

    func numberOfRows(in list: ListNode) -> Int { count }

    func list(_ list: ListNode, nodeForRowAt index: Int) -> Node {
        var names: [String: Int] = [:]
        let row = template.substitutingRowIndex(String(index))
        // The template decoded for row 0 at load, and an index changes no key or type.
        return (try? SceneDecoder.decodeNode(row, file: file, path: "rows.template", names: &names))
            ?? Node(name: "row-\(index)")
    }

    func shouldBatchFetch(for list: ListNode) -> Bool {
        guard let fetch else { return false }
        return count < fetch.total
    }

    func list(_ list: ListNode, willBeginBatchFetchWith context: BatchFetchContext) {
        guard let fetch, let clock = list.window?.clock else { return }
        clock.schedule(at: context.beginTime + fetch.delay) { [weak self, weak list] time in
            guard let self, let list, context.isFetching else { return }
            let added = max(0, min(fetch.batch, fetch.total - count))
            count += added
            list.appendRows(added)
            list.report(.batchFetchCompleted, at: time)
            context.completeBatchFetching(true)
        }
    }
}

/// A template name such as `row-{i}-like`: which concrete names a row can take.
struct RowNamePattern {
    let prefix: Substring
    let suffix: Substring

    init(_ name: String) {
        let range = name.firstRange(of: SceneDecoder.rowIndexPlaceholder)!
        prefix = name[..<range.lowerBound]
        suffix = name[range.upperBound...]
    }

    /// Whether `name` is this pattern with a row index (decimal digits) in place of `{i}`.
    func matches(_ name: String) -> Bool {
        guard name.count > prefix.count + suffix.count, name.hasPrefix(prefix), name.hasSuffix(suffix) else { return false }
        let middle = name.dropFirst(prefix.count).dropLast(suffix.count)
        return middle.allSatisfy { $0.isASCII && $0.isNumber }
    }
}

extension JSONNode {
    /// Calls `body` with every `name` string in this template, its children's included.
    func forEachName(_ body: (String) -> Void) {
        switch value {
        case .object(let members):
            for member in members {
                if member.key == "name", case .string(let s) = member.value.value { body(s) }
                if member.key == "children" { member.value.forEachName(body) }
            }
        case .array(let items):
            for item in items { item.forEachName(body) }
        default:
            break
        }
    }
}
