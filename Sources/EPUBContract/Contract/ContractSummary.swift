/// A few human lines about a contract, for `inspect` without `--json`.
public enum ContractSummary {
    public static func text(_ c: ReaderContract) -> String {
        var lines: [String] = []
        lines.append("Title:        \(c.metadata.title ?? "(none)")")
        let authors = c.metadata.creators.map(\.name)
        lines.append("Authors:      \(authors.isEmpty ? "(none)" : authors.joined(separator: "; "))")
        lines.append("Language:     \(c.metadata.languages.first ?? "(none)")")
        lines.append("EPUB:         \(c.package.version ?? "?") (\(c.package.path))")
        lines.append("Layout:       \(c.rendition.layout.rawValue)")
        var progression = "\(c.pageProgression.rawValue)"
        if c.pageProgression == .default {
            progression += " (read as \(c.inferred.readingProgression.rawValue): \(c.inferred.readingProgressionReason.rawValue))"
        }
        lines.append("Progression:  \(progression)")
        lines.append("Writing mode: \(c.writingMode.rawValue)")
        let linear = c.spine.filter(\.linear).count
        lines.append("Spine:        \(c.spine.count) items (\(linear) linear)")
        lines.append("Manifest:     \(c.manifest.count) items")
        if !c.diagnostics.isEmpty {
            lines.append("Diagnostics:  \(c.diagnostics.count)")
            for d in c.diagnostics.prefix(10) {
                let place = d.location.map { loc in [loc.path, loc.line.map(String.init), loc.column.map(String.init)].compactMap { $0 }.joined(separator: ":") } ?? ""
                lines.append("  \(d.severity.rawValue.uppercased()) \(d.id) \(place.isEmpty ? "" : place + ": ")\(d.message)")
            }
            if c.diagnostics.count > 10 { lines.append("  … \(c.diagnostics.count - 10) more (use --json)") }
        }
        return lines.joined(separator: "\n")
    }
}
