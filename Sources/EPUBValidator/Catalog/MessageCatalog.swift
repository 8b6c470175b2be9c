import EPUBContract

/// One catalog for every message ID a report may carry: EPUBCheck 5.3.0's (with its default
/// severities, so pipelines keyed on IDs keep working) and our own `EC-` checks (docs/messages.md).
public enum MessageCatalog {
    /// Our own checks of reading semantics, with their severities.
    static let own: [String: Diagnostic.Severity] = [
        "EC-NAV-001": .info,
        "EC-MO-001": .warning,
        "EC-EXP-001": .warning,
        "EC-EXP-002": .error,
    ]

    public enum Lookup: Equatable, Sendable {
        case unknown
        /// Known, and switched off by default (EPUBCheck's SUPPRESSED).
        case suppressed
        case severity(Diagnostic.Severity)
    }

    public static func lookup(_ id: String) -> Lookup {
        if let severity = own[id] { return .severity(severity) }
        guard let entry = EPUBCheckCatalog.severities[id] else { return .unknown }
        return entry.map(Lookup.severity) ?? .suppressed
    }

    /// Every ID the catalog knows.
    public static var allIDs: [String] {
        (Array(EPUBCheckCatalog.severities.keys) + Array(own.keys)).sorted()
    }
}
