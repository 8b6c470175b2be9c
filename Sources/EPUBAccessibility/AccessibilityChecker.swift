import EPUBContract
import Foundation

/// `epubcontract accessibility`: reads the publication once (the session) and checks the
/// package's accessibility metadata against the publication, then each XHTML content document's
/// markup, rule by rule, from the content-document model. Nothing is fetched or rendered.
public enum AccessibilityChecker {
    /// A report, or why the input is no publication at all.
    public enum Outcome: Sendable {
        case report(AccessibilityReport)
        /// The input is no publication at all; the reason as one line.
        case unusable(MessageText)
    }

    public static func check(path: String, limits: ContainerLimits = .init()) -> Outcome {
        let start = DispatchTime.now()
        let prepared = prepare()
        let session: PublicationSession
        do {
            session = try PublicationSession(path: path, limits: limits, digest: false)
        } catch {
            return .unusable(error.text)
        }
        var report = check(session, prepared: prepared)
        report.elapsedMilliseconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000
        return .report(report)
    }

    /// Documents checked at a time: their findings are grouped before the next are checked, so a
    /// book's places are held once (grouped), not also per document (Mahabharata fails `region`
    /// at 231,839 elements).
    static let slice = 64

    /// What a check needs that no book decides, started on another core: the user agent's style
    /// rules for the properties the rules read. Call it before reading the book, and pass it to
    /// `check(_:prepared:)`.
    package static func prepare() -> BackgroundValue<StyleResolver.KeptRules> {
        BackgroundValue { StyleResolver.userAgentRules(only: ContentAccessibilityRules.styleProperties) }
    }

    public static func check(_ session: PublicationSession) -> AccessibilityReport {
        check(session, prepared: nil)
    }

    /// `prepared`: `prepare()`'s work, started before the session was read (nil: done here).
    package static func check(_ session: PublicationSession, prepared: BackgroundValue<StyleResolver.KeptRules>?) -> AccessibilityReport {
        let sheets = StyleResolver.Sheets(loader: session.resources, userAgent: prepared.map { ahead in { ahead.value } })
        let package = session.package
        let paths = package.manifest.filter { $0.mediaType == "application/xhtml+xml" }.compactMap(\.path)
        var facts = PublicationAccessibilityRules.ContentFacts()
        var inventories = [AccessibilityInventory?](repeating: nil, count: paths.count)
        var content = AccessibilityFindings.Groups()
        for start in stride(from: 0, to: paths.count, by: slice) {
            let range = start..<min(start + slice, paths.count)
            // Documents are independent: checked on all cores, each tree let go once checked (as
            // `validate` does), so a book's trees are never all alive at once.
            let outcomes = ParallelMap.map(Array(paths[range])) { document(at: $0, session, sheets) }
            for (index, outcome) in zip(range, outcomes) {
                guard let outcome else { continue }
                facts.pageBreaks += outcome.facts.pageBreaks
                facts.pageBreakMarkers += outcome.facts.pageBreakMarkers
                facts.imagesWithoutAlt += outcome.facts.imagesWithoutAlt
                facts.usesSSML = facts.usesSSML || outcome.facts.usesSSML
                inventories[index] = outcome.inventory
                content.add(outcome.found)
            }
        }
        // The inventory in reading order: the spine's documents, then the manifest's others.
        let spine = package.spine.compactMap { package.item(id: $0.idref)?.path }
        let rank = Dictionary(spine.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var inventory = AccessibilityInventory()
        for index in paths.indices.sorted(by: { (rank[paths[$0]] ?? Int.max, $0) < (rank[paths[$1]] ?? Int.max, $1) }) {
            if let found = inventories[index] { inventory.append(found) }
        }
        // The package's findings come first, as they are reported.
        var publication = AccessibilityFindings()
        for finding in PublicationAccessibilityRules.check(session, facts: facts) { publication.append(finding.rule, finding.place) }
        var first = AccessibilityFindings.Groups()
        first.add(publication)
        return AccessibilityReport(source: session.sourcePath, metadata: session.metadata.accessibility, displayGuide: DisplayGuide(session), inventory: inventory,
                                   violations: content.after(first), documentsChecked: inventories.compactMap { $0 }.count, elapsedMilliseconds: 0)
    }

    /// One document's failures and counts; nil when it is missing or not well-formed.
    private static func document(at path: String, _ session: PublicationSession, _ sheets: StyleResolver.Sheets)
        -> (found: AccessibilityFindings, facts: PublicationAccessibilityRules.ContentFacts, inventory: AccessibilityInventory)? {
        guard let document = session.wellFormedTree(at: path) else { return nil }
        // Nothing asks for the document's ids once it is checked.
        defer { session.releaseTree(at: path, keepIDs: false) }
        // Nothing here reads the source again: its bytes need not be alive beside the model.
        session.releaseBytes(at: path)
        let model = ContentDocument(document)
        var facts = PublicationAccessibilityRules.ContentFacts()
        let intrinsic: (Int) -> (width: Double, height: Double)? = { number in
            guard let src = LibXMLNode.attribute(model.elements[number].node, "src"), let file = HrefResolver.path(src, against: path) else { return nil }
            return ImageSize.of(prefixes: { session.data(at: file, prefix: $0) })
        }
        let duration: (String) -> Double? = { src in
            guard let file = HrefResolver.path(src, against: path) else { return nil }
            return MediaDuration.of(prefixes: { session.data(at: file, prefix: $0) })
        }
        let rules = ContentAccessibilityRules(model, sheets: sheets, intrinsicSize: intrinsic, mediaDuration: duration)
        var found = AccessibilityFindings()
        for (rule, number) in rules.check(facts: &facts) {
            let element = model.elements[number]
            found.append(rule, AccessibilityReport.Place(path: path, line: element.line, cfi: model.cfiPath(of: number), element: element.localName))
        }
        return (found, facts, rules.inventory(path: path))
    }
}
