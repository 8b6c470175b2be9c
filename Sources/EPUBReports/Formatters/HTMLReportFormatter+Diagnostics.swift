import EPUBContract

/// The messages grouped by severity, most severe first, each with every place it was found.
extension HTMLReportFormatter {
    static func diagnostics(_ report: ValidationReport, into page: inout HTMLPage) {
        let counts = MessageArgument.list(Diagnostic.Severity.allCases.map { .phrase(.htmlSeverityCount(report.count($0), word($0))) }, .none)
        page.raw("<section id=\"diagnostics\"><h2>\(page.say(.htmlDiagnostics))</h2><p class=\"note\">\(page.say(.htmlSeverityCounts(counts)))</p>")
        for severity in Diagnostic.Severity.allCases {
            let messages = report.messages.filter { $0.severity == severity }
            guard !messages.isEmpty else { continue }
            page.raw("<details class=\"severity \(severity.rawValue)\" data-severity=\"\(severity.rawValue)\" open><summary>\(page.say(.htmlCounted(title(severity), messages.count)))</summary>")
            page.raw("<table class=\"list\"><tr><th>ID</th><th>\(page.say(.htmlColumnMessage))</th><th>\(page.say(.htmlColumnWhere))</th></tr>")
            for message in messages { row(message, into: &page) }
            page.raw("</table></details>")
        }
        page.raw("</section>\n")
    }

    /// A severity in the page's words (`3 error`), and as a heading (`Error (3)`).
    private static func word(_ severity: Diagnostic.Severity) -> MessageText {
        switch severity {
        case .fatal: return .htmlSeverityFatal
        case .error: return .htmlSeverityError
        case .warning: return .htmlSeverityWarning
        case .usage: return .htmlSeverityUsage
        case .info: return .htmlSeverityInfo
        }
    }

    private static func title(_ severity: Diagnostic.Severity) -> MessageText {
        switch severity {
        case .fatal: return .htmlSeverityFatalTitle
        case .error: return .htmlSeverityErrorTitle
        case .warning: return .htmlSeverityWarningTitle
        case .usage: return .htmlSeverityUsageTitle
        case .info: return .htmlSeverityInfoTitle
        }
    }

    private static func row(_ message: ValidationMessage, into page: inout HTMLPage) {
        let places = message.locations.map { location -> String in
            var place = location.path
            if let line = location.line { place += ":\(line)" + (location.column.map { ":\($0)" } ?? "") }
            return escape(place)
        }
        let shown = places.prefix(5).joined(separator: "<br>") + (places.count > 5 ? "<br>" + page.say(.htmlAndMore(places.count - 5)) : "")
        let suggestion = message.localizedSuggestion.map { "<div class=\"hint\">\(escape($0))</div>" } ?? ""
        page.raw("<tr data-id=\"\(escape(message.id))\"><td class=\"id\">\(escape(message.id))</td><td>\(escape(message.localizedMessage))\(suggestion)</td><td class=\"where\">\(shown)</td></tr>")
    }
}
