import EPUBContract

/// The messages grouped by severity, most severe first, each with every place it was found.
extension HTMLReportFormatter {
    static func diagnostics(_ report: ValidationReport, into page: inout HTMLPage) {
        let counts = Diagnostic.Severity.allCases.map { "\(report.count($0)) \($0.rawValue)" }.joined(separator: ", ")
        page.raw("<section id=\"diagnostics\"><h2>Diagnostics</h2><p class=\"note\">\(counts).</p>")
        for severity in Diagnostic.Severity.allCases {
            let messages = report.messages.filter { $0.severity == severity }
            guard !messages.isEmpty else { continue }
            page.raw("<details class=\"severity \(severity.rawValue)\" data-severity=\"\(severity.rawValue)\" open><summary>\(severity.rawValue.capitalized) (\(messages.count))</summary>")
            page.raw("<table class=\"list\"><tr><th>ID</th><th>message</th><th>where</th></tr>")
            for message in messages { row(message, into: &page) }
            page.raw("</table></details>")
        }
        page.raw("</section>\n")
    }

    private static func row(_ message: ValidationMessage, into page: inout HTMLPage) {
        let places = message.locations.map { location -> String in
            var place = location.path
            if let line = location.line { place += ":\(line)" + (location.column.map { ":\($0)" } ?? "") }
            return escape(place)
        }
        let shown = places.prefix(5).joined(separator: "<br>") + (places.count > 5 ? "<br>and \(places.count - 5) more" : "")
        let suggestion = message.localizedSuggestion.map { "<div class=\"hint\">\(escape($0))</div>" } ?? ""
        page.raw("<tr data-id=\"\(escape(message.id))\"><td class=\"id\">\(escape(message.id))</td><td>\(escape(message.localizedMessage))\(suggestion)</td><td class=\"where\">\(shown)</td></tr>")
    }
}
