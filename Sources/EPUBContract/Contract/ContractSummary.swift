/// A few human lines about a contract, for `inspect` without `--json`, in any locale of the
/// catalog (the English lines are aligned labels; the book's values are shown as written).
public enum ContractSummary {
    public static func text(_ c: ReaderContract, locale: MessageLocale = .english) -> String {
        let m = c.metadata
        let none = MessageText.summaryNone
        var lines: [MessageText] = []
        lines.append(.summaryTitle(m.title.map { MessageArgument.text($0) } ?? none.messageArgument))
        if let subtitle = m.subtitle { lines.append(.summarySubtitle(subtitle)) }
        lines.append(.summaryAuthors(names(authors(m)) ?? none.messageArgument))
        if let others = names(others(m)) { lines.append(.summaryContributors(others)) }
        if !m.publishers.isEmpty { lines.append(.summaryPublisher(MessageArgument.list(m.publishers.map { .text($0.value) }, .semicolons))) }
        lines.append(.summaryLanguage(m.languages.first.map { MessageArgument.text($0) } ?? none.messageArgument))
        lines.append(.summaryEPUB(c.package.version ?? "?", c.package.path))
        let r = c.rendition
        lines.append(.summaryLayout(r.layout.rawValue, r.flow.rawValue, r.spread.rawValue, r.orientation.rawValue))
        if c.pageProgression == .default {
            lines.append(.summaryProgressionRead(c.pageProgression.rawValue, c.inferred.readingProgression.rawValue,
                                                 c.inferred.readingProgressionReason.rawValue))
        } else {
            lines.append(.summaryProgression(c.pageProgression.rawValue))
        }
        lines.append(.summaryWritingMode(c.writingMode.rawValue))
        lines.append(.summarySpine(c.spine.count, c.spine.filter(\.linear).count))
        lines.append(.summaryContents(navigation(c)))
        if !c.mediaOverlays.isEmpty { lines.append(.summaryOverlays(overlays(c))) }
        if let cover = m.cover { lines.append(.summaryCover(cover.href)) }
        lines.append(.summaryManifest(c.manifest.count))
        return (lines.map { $0.rendered(in: locale) } + diagnostics(c, locale)).joined(separator: "\n")
    }

    /// Creators who are authors: no role, or `aut` among theirs (a translator listed as creator is not one).
    private static func authors(_ m: PublicationMetadata) -> [PublicationMetadata.Contributor] {
        m.creators.filter { $0.roles.isEmpty || $0.roles.contains("aut") }
    }

    /// Everyone else, with their roles shown.
    private static func others(_ m: PublicationMetadata) -> [PublicationMetadata.Contributor] {
        m.creators.filter { !($0.roles.isEmpty || $0.roles.contains("aut")) } + m.contributors
    }

    /// People with their roles, separated as lists of lists are (their roles are a list of their own).
    private static func names(_ people: [PublicationMetadata.Contributor]) -> MessageArgument? {
        guard !people.isEmpty else { return nil }
        return .list(people.map { person in
            let roles = person.roles.filter { $0 != "aut" }.map { roleNames[$0]?.messageArgument ?? .text($0) }
            return roles.isEmpty ? .text(person.name) : .phrase(.summaryPersonWithRoles(person.name, MessageArgument.list(roles, .none)))
        }, .semicolons)
    }

    /// The MARC relators books use most, in words; other codes are shown as written.
    private static let roleNames: [String: MessageText] = [
        "trl": .roleTranslator, "ill": .roleIllustrator, "edt": .roleEditor, "nrt": .roleNarrator, "aui": .roleIntroduction,
        "aft": .roleAfterword, "ann": .roleAnnotator, "cov": .roleCoverDesigner, "pht": .rolePhotographer,
        "bkp": .roleBookProducer, "mrk": .roleMarkupEditor, "pbl": .rolePublisher, "ctb": .roleContributor, "art": .roleArtist, "adp": .roleAdapter,
    ]

    private static func navigation(_ c: ReaderContract) -> MessageArgument {
        func count(_ entries: [TocEntry]) -> Int { entries.reduce(0) { $0 + 1 + count($1.children) } }
        var parts: [MessageArgument] = [.phrase(.summaryTOC(count(c.toc), c.tocSource.rawValue))]
        if !c.pageList.isEmpty { parts.append(.phrase(.summaryPageList(c.pageList.count))) }
        if !c.landmarks.isEmpty { parts.append(.phrase(.summaryLandmarks(c.landmarks.count))) }
        return .list(parts, .none)
    }

    private static func overlays(_ c: ReaderContract) -> MessageText {
        let duration = c.mediaOverlay?.duration ?? c.mediaOverlays.compactMap(\.declaredDuration).reduce(0, +)
        if let narrator = c.mediaOverlay?.narrator { return .summaryOverlayCountNarrator(c.mediaOverlays.count, clock(duration), narrator) }
        return .summaryOverlayCount(c.mediaOverlays.count, clock(duration))
    }

    /// `h:mm:ss` for a duration in seconds.
    private static func clock(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let (h, m, s) = (total / 3600, total / 60 % 60, total % 60)
        return h > 0 ? "\(h):" + (m < 10 ? "0" : "") + "\(m):" + (s < 10 ? "0" : "") + "\(s)" : "\(m):" + (s < 10 ? "0" : "") + "\(s)"
    }

    private static func diagnostics(_ c: ReaderContract, _ locale: MessageLocale) -> [String] {
        guard !c.diagnostics.isEmpty else { return [] }
        var lines = [MessageText.summaryDiagnostics(c.diagnostics.count).rendered(in: locale)]
        for d in c.diagnostics.prefix(10) {
            let place = d.location.map { loc in [loc.path, loc.line.map(String.init), loc.column.map(String.init)].compactMap { $0 }.joined(separator: ":") } ?? ""
            let message = d.text?.rendered(in: locale) ?? d.message
            let parts = [d.severity.rawValue.uppercased(), d.id, place.isEmpty ? nil : place + ":", message]
            lines.append("  " + parts.compactMap { $0 }.joined(separator: " "))
        }
        if c.diagnostics.count > 10 { lines.append("  " + MessageText.summaryMoreDiagnostics(c.diagnostics.count - 10).rendered(in: locale)) }
        return lines
    }
}
