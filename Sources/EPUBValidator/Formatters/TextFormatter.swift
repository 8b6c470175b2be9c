import EPUBContract

/// Human-readable report: one line per message and location, then a summary. Colour only when asked.
public enum TextFormatter {
    /// `full`: the report before `-e`/`-w`/`-u` filtered it, so the summary can say what was left out.
    public static func format(_ report: ValidationReport, full: ValidationReport? = nil, colour: Bool) -> String {
        func paint(_ text: String, _ severity: Diagnostic.Severity) -> String {
            guard colour else { return text }
            let code: String
            switch severity {
            case .fatal, .error: code = "31"
            case .warning: code = "33"
            case .usage, .info: code = "36"
            }
            return "\u{1B}[\(code)m\(text)\u{1B}[0m"
        }
        // Named first: in a loop over many books each report says which book it is.
        var lines: [String] = ["Validating \(report.sourcePath)"]
        for message in report.messages {
            let label = paint("\(message.severity.rawValue.uppercased())(\(message.id))", message.severity)
            let places = message.locations.isEmpty ? [nil] : message.locations.map(Optional.some)
            for place in places {
                var where_ = ""
                if let place {
                    where_ = place.path
                    if let line = place.line { where_ += "(\(line)\(place.column.map { ",\($0)" } ?? ""))" }
                    where_ += ": "
                }
                lines.append("\(label): \(where_)\(message.localizedMessage)")
            }
            if let suggestion = message.localizedSuggestion { lines.append("  suggestion: \(suggestion)") }
        }
        lines.append("Check finished: \(report.count(.fatal)) fatal, \(report.count(.error)) errors, \(report.count(.warning)) warnings, \(report.count(.usage)) usages, \(report.count(.info)) infos." + hidden(report, full))
        let whole = full ?? report
        lines.append(whole.hasErrors ? "The publication has errors." : whole.count(.warning) > 0 ? "No errors; warnings found." : "No errors or warnings.")
        return lines.joined(separator: "\n")
    }

    /// What the filters left out, by severity ("" when nothing was).
    private static func hidden(_ shown: ValidationReport, _ full: ValidationReport?) -> String {
        guard let full else { return "" }
        let names: [(Diagnostic.Severity, String)] = [(.fatal, "fatal"), (.error, "error"), (.warning, "warning"), (.usage, "usage"), (.info, "info")]
        let left = names.compactMap { severity, name -> String? in
            let n = full.count(severity) - shown.count(severity)
            return n > 0 ? "\(n) \(name)\(n == 1 || severity == .fatal ? "" : "s")" : nil
        }
        return left.isEmpty ? "" : " Filtered out: " + left.joined(separator: ", ") + " (-u shows usages; -e and -w hide warnings and infos)."
    }
}
