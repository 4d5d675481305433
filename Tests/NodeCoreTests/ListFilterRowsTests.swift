import SeededRandom
import Testing
@testable import NodeCore

// behaviour.md §16.8: a filtered list matches its rows' lowercased texts; a query that extends
// the previous one looks only at the rows that one let through.

private let results = (0 ..< 1000).map { "Result \($0)" }

/// The rule as behaviour.md states it, matched afresh row by row: lowercase both, then
/// prefix or contains by whole characters, as the standard library's `hasPrefix` and
/// `contains` in NodeCore do. (Foundation, which this module sees, has a `contains` of its
/// own that matches scalars, so the search is written out over characters.)
private func reference(_ rule: ListFilter, _ texts: [String], _ query: String) -> [Int]? {
    guard !query.isEmpty else { return nil }
    let wanted = query.lowercased()
    return texts.indices.filter {
        let row = texts[$0].lowercased()
        return rule.match == .prefix ? row.hasPrefix(wanted) : Array(row).firstRange(of: Array(wanted)) != nil
    }
}

@Suite struct ListFilterRowsTests {
    @Test func aQueryThatExtendsTheLastLooksOnlyAtTheRowsItLetThrough() {
        var rows = ListFilterRows(ListFilter(match: .contains), texts: results)
        let one = rows.rows(matching: "1") ?? []
        #expect(rows.comparisons == 1000)
        #expect(one.count == 271)
        let fifteen = rows.rows(matching: "15") ?? []
        #expect(rows.comparisons == 1000 + one.count)
        #expect(fifteen == reference(rows.filter, results, "15"))
        _ = rows.rows(matching: "15 ")
        #expect(rows.comparisons == 1000 + one.count + fifteen.count)
    }

    @Test func aQueryThatDoesNotExtendTheLastLooksAtEveryRow() {
        var rows = ListFilterRows(ListFilter(match: .prefix), texts: results)
        _ = rows.rows(matching: "result 1")
        _ = rows.rows(matching: "result 12")
        let before = rows.comparisons
        #expect(rows.rows(matching: "result 1") == reference(rows.filter, results, "result 1"))
        #expect(rows.comparisons == before + 1000)
        _ = rows.rows(matching: "")
        _ = rows.rows(matching: "r")
        #expect(rows.comparisons == before + 2000)
    }

    @Test func theSameQueryAgainMatchesNoRow() {
        var rows = ListFilterRows(ListFilter(match: .contains), texts: results)
        let first = rows.rows(matching: "SULT 9")
        #expect(rows.rows(matching: "sult 9") == first)
        #expect(rows.comparisons == 1000)
    }

    @Test func aLetterThatACombiningMarkJoinsIsNotExtended() {
        let texts = ["cafe", "café", "cafe\u{301}s", "cafes"]
        var rows = ListFilterRows(ListFilter(match: .contains), texts: texts)
        #expect(rows.rows(matching: "cafe") == [0, 3])
        #expect(rows.rows(matching: "cafe\u{301}") == [1, 2])
        #expect(rows.comparisons == 8)
    }

    /// Typing and deleting seeded random text over seeded random rows, from an alphabet of
    /// letters that case, combining marks, precomposed letters, CR LF and flags, shows the
    /// rows the rule matched afresh would.
    @Test func typingShowsTheRowsTheRuleMatchedAfreshWould() {
        let alphabet = ["a", "A", "e", "é", "\u{301}", "E\u{301}", "ß", "ẞ", "İ", "i", "\u{307}", "\r", "\n", "🇫", "🇷", " "]
        var random = SplitMix64(seed: 30)
        for rule in ListFilter.Match.allCases {
            let texts = (0 ..< 200).map { _ in
                (0 ..< Int.random(in: 0 ... 6, using: &random)).map { _ in alphabet.randomElement(using: &random)! }.joined()
            }
            var rows = ListFilterRows(ListFilter(match: rule), texts: texts)
            var query = ""
            for _ in 0 ..< 400 {
                if query.unicodeScalars.count > 4 || !query.isEmpty && Int.random(in: 0 ..< 3, using: &random) == 0 {
                    query.unicodeScalars.removeLast()
                } else {
                    query += alphabet.randomElement(using: &random)!
                }
                #expect(rows.rows(matching: query) == reference(rows.filter, texts, query), "\(rule) \(Array(query.unicodeScalars))")
            }
        }
    }
}
