// One machine-readable line per figure, so `tools/benchmarks --report` can put every
// benchmark's figures in docs/performance.md without reading its free-form text.

/// What a figure must reach: a bound on its ratio when it has one, else on its value.
public enum FigureTarget: Equatable, Sendable {
    case atMost(Double)
    case atLeast(Double)

    /// Whether `figure` meets the bound.
    public func isMet(by figure: Double) -> Bool {
        switch self {
        case .atMost(let bound): figure <= bound
        case .atLeast(let bound): figure >= bound
        }
    }
}

/// One figure as a benchmark reports it: which table, what, how much, against what.
public struct BenchmarkResult: Equatable, Sendable {
    /// The line's first field, which no free-form output of a benchmark starts with.
    public static let prefix = "BENCHMARK-RESULT"

    public var table: String
    public var figure: String
    public var value: Double
    public var unit: String
    /// The baseline the ratio is against, named with its own figure ("weston-simple-touch 0.41 ms").
    public var baseline: String
    public var ratio: Double?
    public var target: FigureTarget?

    public init(table: String, figure: String, value: Double, unit: String,
                baseline: String = "", ratio: Double? = nil, target: FigureTarget? = nil) {
        self.table = table
        self.figure = figure
        self.value = value
        self.unit = unit
        self.baseline = baseline
        self.ratio = ratio
        self.target = target
    }

    /// Whether the target is met (nil without one); the target bounds the ratio when there is one.
    public var isMet: Bool? {
        target.map { $0.isMet(by: ratio ?? value) }
    }

    /// The line: the prefix and seven tab-separated fields (table, figure, value, unit, baseline,
    /// ratio, target as `<=1.3` or `>=1`), empty where there is none.
    public var line: String {
        let targetField: String
        switch target {
        case .atMost(let bound): targetField = "<=\(bound)"
        case .atLeast(let bound): targetField = ">=\(bound)"
        case nil: targetField = ""
        }
        let fields = [table, figure, String(value), unit, baseline, ratio.map { String($0) } ?? "", targetField]
        return ([Self.prefix] + fields.map(Self.oneField)).joined(separator: "\t")
    }

    /// Parses `line`: nil when it is not a result line, the reason when it is one but malformed.
    public static func parse(_ line: Substring) -> Result<BenchmarkResult, ResultLineError>? {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.first == prefix else { return nil }
        guard fields.count == 8 else {
            return .failure(ResultLineError("expected 7 tab-separated fields after \(prefix), found \(fields.count - 1)"))
        }
        guard let value = Double(fields[3]) else {
            return .failure(ResultLineError("value '\(fields[3])' is not a number"))
        }
        var ratio: Double?
        if !fields[6].isEmpty {
            guard let parsed = Double(fields[6]) else { return .failure(ResultLineError("ratio '\(fields[6])' is not a number")) }
            ratio = parsed
        }
        var target: FigureTarget?
        let targetField = fields[7]
        if !targetField.isEmpty {
            let bound = Double(targetField.dropFirst(2))
            switch (targetField.prefix(2), bound) {
            case ("<=", let bound?): target = .atMost(bound)
            case (">=", let bound?): target = .atLeast(bound)
            default: return .failure(ResultLineError("target '\(targetField)' is not <=NUMBER or >=NUMBER"))
            }
        }
        return .success(BenchmarkResult(table: fields[1], figure: fields[2], value: value, unit: fields[4],
                                        baseline: fields[5], ratio: ratio, target: target))
    }

    /// `text` with tabs and line breaks as spaces, so it stays one field of one line.
    private static func oneField(_ text: String) -> String {
        String(text.map { $0 == "\t" || $0.isNewline ? " " : $0 })
    }
}

/// Why a result line could not be read.
public struct ResultLineError: Error, Equatable, Sendable {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
}

/// Prints `result`'s machine-readable line for `tools/benchmarks --report`; call it next to the
/// benchmark's own summary print of the same figure.
public func reportFigure(table: String, figure: String, value: Double, unit: String,
                         baseline: String = "", ratio: Double? = nil, target: FigureTarget? = nil) {
    print(BenchmarkResult(table: table, figure: figure, value: value, unit: unit,
                          baseline: baseline, ratio: ratio, target: target).line)
}
