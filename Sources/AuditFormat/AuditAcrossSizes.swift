public import NodeCore

/// One window size's audit, for `audit --sizes` (behaviour.md §15.1).
public struct SizedAudit: Sendable {
    public var size: Size
    public var report: AuditReport
    public var textNotes: [AuditTextNote]

    public init(size: Size, report: AuditReport, textNotes: [AuditTextNote] = []) {
        self.size = size
        self.report = report
        self.textNotes = textNotes
    }
}

/// The audits of one scene at several window sizes, merged: each finding once, with the
/// sizes where it occurs, in the order first met (sizes in the order given, controls
/// from back to front). A finding is a control, a kind of problem and its description,
/// so an undersized button is one finding at the sizes where it has the same size.
public struct AuditAcrossSizes: Sendable {
    /// One finding and where it occurs.
    public struct Finding: Sendable {
        public var control: String
        public var kind: String
        public var finding: AuditFinding
        /// As the single-size table describes it (`undersized 38 × 48 pt (fails …)`).
        public var detail: String
        public var sizes: [Size]
    }

    /// One text note and where it occurs.
    public struct Note: Sendable {
        public var note: AuditTextNote
        public var sizes: [Size]
    }

    public let minimumSize: Double
    public let sizes: [Size]
    public let findings: [Finding]
    public let notes: [Note]
    /// The distinct controls met at any size.
    public let controlCount: Int

    public init(_ audits: [SizedAudit]) {
        minimumSize = audits.first?.report.minimumSize ?? Audit.defaultMinimumSize
        sizes = audits.map(\.size)
        var findings: [Finding] = []
        var findingIndex: [[String]: Int] = [:]
        var notes: [Note] = []
        var noteIndex: [AuditTextNote: Int] = [:]
        var controls = Set<String>()
        for audit in audits {
            for entry in audit.report.entries {
                controls.insert(entry.name)
                for (finding, detail) in zip(entry.findings, AuditTableFormatter.describe(entry)) {
                    let key = [entry.name, finding.rawValue, detail]
                    if let i = findingIndex[key] {
                        findings[i].sizes.append(audit.size)
                    } else {
                        findingIndex[key] = findings.count
                        findings.append(Finding(control: entry.name, kind: entry.kind, finding: finding, detail: detail,
                                                sizes: [audit.size]))
                    }
                }
            }
            for note in audit.textNotes {
                if let i = noteIndex[note] {
                    notes[i].sizes.append(audit.size)
                } else {
                    noteIndex[note] = notes.count
                    notes.append(Note(note: note, sizes: [audit.size]))
                }
            }
        }
        self.findings = findings
        self.notes = notes
        controlCount = controls.count
    }

    /// Whether any size has a finding (the `audit` command then exits with status 3).
    public var hasFindings: Bool { !findings.isEmpty }

    /// `1280×800`, for the table.
    public static func name(_ size: Size) -> String {
        "\(AuditTableFormatter.number(size.width))×\(AuditTableFormatter.number(size.height))"
    }

    /// `1280x800`, as `--size` takes it, for JSON.
    public static func argument(_ size: Size) -> String {
        "\(AuditTableFormatter.number(size.width))x\(AuditTableFormatter.number(size.height))"
    }
}
