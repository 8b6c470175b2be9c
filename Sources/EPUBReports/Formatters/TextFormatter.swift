import EPUBContract

/// Human-readable report: one line per message and location, then a summary, in the report's
/// locale (the English lines are EPUBCheck's). Colour only when asked.
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
        let locale = report.locale
        var lines: [String] = [MessageText.reportValidating(report.sourcePath).rendered(in: locale)]
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
            if let suggestion = message.localizedSuggestion { lines.append(MessageText.reportSuggestion(suggestion).rendered(in: locale)) }
        }
        let finished = MessageText.reportCheckFinished(report.count(.fatal), report.count(.error), report.count(.warning), report.count(.usage), report.count(.info))
        lines.append(finished.rendered(in: locale) + hidden(report, full))
        let whole = full ?? report
        let verdict: MessageText = whole.hasErrors ? .reportHasErrors : whole.count(.warning) > 0 ? .reportWarningsOnly : .reportClean
        lines.append(verdict.rendered(in: locale))
        return lines.joined(separator: "\n")
    }

    /// What the filters left out, by severity ("" when nothing was).
    private static func hidden(_ shown: ValidationReport, _ full: ValidationReport?) -> String {
        guard let full else { return "" }
        let left = Diagnostic.Severity.allCases.compactMap { severity -> MessageArgument? in
            let n = full.count(severity) - shown.count(severity)
            guard n > 0 else { return nil }
            switch severity {
            case .fatal: return .countFatal(n)
            case .error: return n == 1 ? .countError(n) : .countErrors(n)
            case .warning: return n == 1 ? .countWarning(n) : .countWarnings(n)
            case .usage: return n == 1 ? .countUsage(n) : .countUsages(n)
            case .info: return n == 1 ? .countInfo(n) : .countInfos(n)
            }
        }
        return left.isEmpty ? "" : MessageText.reportFilteredOut(MessageArgument.list(left, .none)).rendered(in: shown.locale)
    }
}
