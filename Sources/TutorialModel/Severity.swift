/// How serious a finding or a reader's diagnostic is; the order is that of LSP's `DiagnosticSeverity`
/// (error first). The LSP and SARIF forms are mapped by functions where those reports are written.
public enum Severity: String, Sendable, Codable, CaseIterable, Comparable {
    case error, warning, information, hint

    private var rank: Int {
        switch self {
        case .error: return 0
        case .warning: return 1
        case .information: return 2
        case .hint: return 3
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}
