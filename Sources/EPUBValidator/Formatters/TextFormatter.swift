import EPUBContract

/// Human-readable report: one line per message and location, then a summary. Colour only when asked.
public enum TextFormatter {
    public static func format(_ report: ValidationReport, colour: Bool) -> String {
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
        var lines: [String] = []
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
                lines.append("\(label): \(where_)\(message.message)")
            }
            if let suggestion = message.suggestion { lines.append("  suggestion: \(suggestion)") }
        }
        lines.append("Check finished: \(report.count(.fatal)) fatal, \(report.count(.error)) errors, \(report.count(.warning)) warnings, \(report.count(.usage)) usages, \(report.count(.info)) infos.")
        lines.append(report.hasErrors ? "The publication has errors." : report.count(.warning) > 0 ? "No errors; warnings found." : "No errors or warnings.")
        return lines.joined(separator: "\n")
    }
}
