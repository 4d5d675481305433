import JSONOutput
public import NodeCore

/// A check case's optional `check.json` (behaviour.md §19): how its final frame is
/// compared and what its audit must find.
public struct CheckConfig: Sendable, Equatable {
    /// The buffer scale of `final.png` (nil: 1, and no PNG is made unless `final.png` exists).
    public var scale: Double?
    /// The largest per-channel difference (0...255) that still counts as equal.
    public var tolerance = 0
    /// How many pixels may differ beyond `tolerance`.
    public var maxDifferingPixels = 0
    public var audit: AuditExpectation?

    /// `"audit": {"minSize": 44, "sizes": ["320x568"], "findings": 0}`.
    public struct AuditExpectation: Sendable, Equatable {
        public var minSize: Double
        /// The window sizes to audit at (empty: the scene's own size).
        public var sizes: [Size]
        /// The number of findings expected over all sizes.
        public var findings: Int
        /// The line of each of `sizes` in the file, for messages about a size.
        public var sizeLines: [Int]

        public init(minSize: Double, sizes: [Size], findings: Int, sizeLines: [Int] = []) {
            self.minSize = minSize
            self.sizes = sizes
            self.findings = findings
            self.sizeLines = sizeLines
        }
    }

    public init(scale: Double? = nil, tolerance: Int = 0, maxDifferingPixels: Int = 0, audit: AuditExpectation? = nil) {
        self.scale = scale
        self.tolerance = tolerance
        self.maxDifferingPixels = maxDifferingPixels
        self.audit = audit
    }

    static let keys = "scale, tolerance, maxDifferingPixels, audit"

    /// Decodes `check.json`; errors name the file, line and key.
    public static func decode(_ bytes: [UInt8], file: String) throws(FormatError) -> CheckConfig {
        let json: JSONNode
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            throw FormatError(file: file, line: error.line, key: nil, message: error.message)
        }
        var r = try ObjectReader(json, file: file, path: "")
        var config = CheckConfig()
        config.scale = try r.number("scale", in: 1...4)
        config.tolerance = try r.integer("tolerance") ?? 0
        guard (0...255).contains(config.tolerance) else { throw r.fail("tolerance", "must be 0...255, got \(config.tolerance)") }
        config.maxDifferingPixels = try r.integer("maxDifferingPixels") ?? 0
        guard config.maxDifferingPixels >= 0 else { throw r.fail("maxDifferingPixels", "must be at least 0, got \(config.maxDifferingPixels)") }
        if let node = r.raw("audit") {
            var a = try ObjectReader(node, file: file, path: "audit")
            let minSize = try a.number("minSize", in: FileLimits.lengths) ?? Audit.defaultMinimumSize
            var sizes: [Size] = [], lines: [Int] = []
            if let list = a.raw("sizes") {
                guard case .array(let items) = list.value else { throw a.fail("sizes", "expected a list of \"WxH\" strings, got \(list.typeName)") }
                for item in items {
                    guard case .string(let text) = item.value, let size = Self.size(text) else {
                        throw a.fail("sizes", "expected \"WIDTHxHEIGHT\" in points (e.g. \"320x568\"), got \(item.typeName)", line: item.line)
                    }
                    sizes.append(size)
                    lines.append(item.line)
                }
            }
            let findings = try a.required("findings") { (r: inout ObjectReader, k: String) throws(FormatError) in try r.integer(k) }
            guard findings >= 0 else { throw a.fail("findings", "must be at least 0, got \(findings)") }
            try a.finish(allowed: "minSize, sizes, findings")
            config.audit = AuditExpectation(minSize: minSize, sizes: sizes, findings: findings, sizeLines: lines)
        }
        try r.finish(allowed: keys)
        return config
    }

    /// `320x568` as a size; nil unless both sides are positive numbers.
    public static func size(_ text: String) -> Size? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w > 0, h > 0,
              w <= FileLimits.maximumSceneSide, h <= FileLimits.maximumSceneSide else { return nil }
        return Size(width: w, height: h)
    }

    /// The file's text, as `--update` writes it back.
    public func encoded() -> String {
        var members: [String] = []
        if let scale { members.append("\"scale\": \(JSONWriting.integral(scale))") }
        if tolerance != 0 { members.append("\"tolerance\": \(tolerance)") }
        if maxDifferingPixels != 0 { members.append("\"maxDifferingPixels\": \(maxDifferingPixels)") }
        if let audit {
            var inner = ["\"minSize\": \(JSONWriting.integral(audit.minSize))"]
            if !audit.sizes.isEmpty {
                inner.append("\"sizes\": [" + audit.sizes.map { "\"\(JSONWriting.integral($0.width))x\(JSONWriting.integral($0.height))\"" }
                    .joined(separator: ", ") + "]")
            }
            inner.append("\"findings\": \(audit.findings)")
            members.append("\"audit\": {" + inner.joined(separator: ", ") + "}")
        }
        return "{" + members.joined(separator: ", ") + "}\n"
    }
}
