/// A few human lines about a contract, for `inspect` without `--json`.
public enum ContractSummary {
    public static func text(_ c: ReaderContract) -> String {
        let m = c.metadata
        var lines: [String] = []
        lines.append("Title:        \(m.title ?? "(none)")")
        if let subtitle = m.subtitle { lines.append("Subtitle:     \(subtitle)") }
        lines.append("Authors:      \(names(authors(m)) ?? "(none)")")
        if let others = names(others(m)) { lines.append("Contributors: \(others)") }
        if !m.publishers.isEmpty { lines.append("Publisher:    \(m.publishers.map(\.value).joined(separator: "; "))") }
        lines.append("Language:     \(m.languages.first ?? "(none)")")
        lines.append("EPUB:         \(c.package.version ?? "?") (\(c.package.path))")
        let r = c.rendition
        lines.append("Layout:       \(r.layout.rawValue) (flow \(r.flow.rawValue), spread \(r.spread.rawValue), orientation \(r.orientation.rawValue))")
        var progression = "\(c.pageProgression.rawValue)"
        if c.pageProgression == .default {
            progression += " (read as \(c.inferred.readingProgression.rawValue): \(c.inferred.readingProgressionReason.rawValue))"
        }
        lines.append("Progression:  \(progression)")
        lines.append("Writing mode: \(c.writingMode.rawValue)")
        let linear = c.spine.filter(\.linear).count
        lines.append("Spine:        \(c.spine.count) items (\(linear) linear)")
        lines.append("Contents:     \(navigation(c))")
        if !c.mediaOverlays.isEmpty { lines.append("Overlays:     \(overlays(c))") }
        if let cover = m.cover { lines.append("Cover:        \(cover.href)") }
        lines.append("Manifest:     \(c.manifest.count) items")
        lines += diagnostics(c)
        return lines.joined(separator: "\n")
    }

    /// Creators who are authors: no role, or `aut` among theirs (a translator listed as creator is not one).
    private static func authors(_ m: PublicationMetadata) -> [PublicationMetadata.Contributor] {
        m.creators.filter { $0.roles.isEmpty || $0.roles.contains("aut") }
    }

    /// Everyone else, with their roles shown.
    private static func others(_ m: PublicationMetadata) -> [PublicationMetadata.Contributor] {
        m.creators.filter { !($0.roles.isEmpty || $0.roles.contains("aut")) } + m.contributors
    }

    private static func names(_ people: [PublicationMetadata.Contributor]) -> String? {
        guard !people.isEmpty else { return nil }
        return people.map { person in
            let roles = person.roles.filter { $0 != "aut" }.map { roleNames[$0] ?? $0 }
            return roles.isEmpty ? person.name : "\(person.name) (\(roles.joined(separator: ", ")))"
        }.joined(separator: "; ")
    }

    /// The MARC relators books use most, in words; other codes are shown as written.
    private static let roleNames = [
        "trl": "translator", "ill": "illustrator", "edt": "editor", "nrt": "narrator", "aui": "author of introduction",
        "aft": "author of afterword", "ann": "annotator", "cov": "cover designer", "pht": "photographer",
        "bkp": "book producer", "mrk": "markup editor", "pbl": "publisher", "ctb": "contributor", "art": "artist", "adp": "adapter",
    ]

    private static func navigation(_ c: ReaderContract) -> String {
        func count(_ entries: [TocEntry]) -> Int { entries.reduce(0) { $0 + 1 + count($1.children) } }
        var parts = ["table of contents \(count(c.toc)) entries (from \(c.tocSource.rawValue))"]
        if !c.pageList.isEmpty { parts.append("page list \(c.pageList.count)") }
        if !c.landmarks.isEmpty { parts.append("landmarks \(c.landmarks.count)") }
        return parts.joined(separator: ", ")
    }

    private static func overlays(_ c: ReaderContract) -> String {
        let duration = c.mediaOverlay?.duration ?? c.mediaOverlays.compactMap(\.declaredDuration).reduce(0, +)
        return "\(c.mediaOverlays.count) media overlay(s), \(clock(duration))" + (c.mediaOverlay?.narrator.map { ", read by \($0)" } ?? "")
    }

    /// `h:mm:ss` for a duration in seconds.
    private static func clock(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let (h, m, s) = (total / 3600, total / 60 % 60, total % 60)
        return h > 0 ? "\(h):" + (m < 10 ? "0" : "") + "\(m):" + (s < 10 ? "0" : "") + "\(s)" : "\(m):" + (s < 10 ? "0" : "") + "\(s)"
    }

    private static func diagnostics(_ c: ReaderContract) -> [String] {
        guard !c.diagnostics.isEmpty else { return [] }
        var lines = ["Diagnostics:  \(c.diagnostics.count)"]
        for d in c.diagnostics.prefix(10) {
            let place = d.location.map { loc in [loc.path, loc.line.map(String.init), loc.column.map(String.init)].compactMap { $0 }.joined(separator: ":") } ?? ""
            lines.append("  \(d.severity.rawValue.uppercased()) \(d.id) \(place.isEmpty ? "" : place + ": ")\(d.message)")
        }
        if c.diagnostics.count > 10 { lines.append("  … \(c.diagnostics.count - 10) more (use --json)") }
        return lines
    }
}
