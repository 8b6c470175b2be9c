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
        let session: PublicationSession
        do {
            session = try PublicationSession(path: path, limits: limits, digest: false)
        } catch {
            return .unusable(error.text)
        }
        var report = check(session)
        report.elapsedMilliseconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000
        return .report(report)
    }

    public static func check(_ session: PublicationSession) -> AccessibilityReport {
        let sheets = StyleResolver.Sheets(loader: session.resources)
        let package = session.package
        let paths = package.manifest.filter { $0.mediaType == "application/xhtml+xml" }.compactMap(\.path)
        // Documents are independent: checked on all cores, each tree let go once checked (as
        // `validate` does), so a book's trees are never all alive at once.
        let outcomes = ParallelMap.map(paths) { document(at: $0, session, sheets) }
        var facts = PublicationAccessibilityRules.ContentFacts()
        var found: [(AccessibilityRule, AccessibilityReport.Place)] = []
        for outcome in outcomes.compactMap({ $0 }) {
            facts.pageBreaks += outcome.facts.pageBreaks
            facts.pageBreakMarkers += outcome.facts.pageBreakMarkers
            facts.imagesWithoutAlt += outcome.facts.imagesWithoutAlt
            facts.usesSSML = facts.usesSSML || outcome.facts.usesSSML
            found += outcome.found
        }
        // The inventory in reading order: the spine's documents, then the manifest's others.
        let spine = package.spine.compactMap { package.item(id: $0.idref)?.path }
        let rank = Dictionary(spine.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var inventory = AccessibilityInventory()
        for index in paths.indices.sorted(by: { (rank[paths[$0]] ?? Int.max, $0) < (rank[paths[$1]] ?? Int.max, $1) }) {
            if let outcome = outcomes[index] { inventory.append(outcome.inventory) }
        }
        found = PublicationAccessibilityRules.check(session, facts: facts).map { ($0.rule, $0.place) } + found
        return AccessibilityReport(source: session.sourcePath, metadata: session.metadata.accessibility, displayGuide: DisplayGuide(session), inventory: inventory, violations: group(found),
                                   documentsChecked: outcomes.compactMap { $0 }.count, elapsedMilliseconds: 0)
    }

    /// One document's failures and counts; nil when it is missing or not well-formed.
    private static func document(at path: String, _ session: PublicationSession, _ sheets: StyleResolver.Sheets)
        -> (found: [(AccessibilityRule, AccessibilityReport.Place)], facts: PublicationAccessibilityRules.ContentFacts, inventory: AccessibilityInventory)? {
        guard let document = session.wellFormedTree(at: path) else { return nil }
        defer { session.releaseTree(at: path) }
        // Nothing here reads the source again: its bytes need not be alive beside the model.
        session.releaseBytes(at: path)
        let model = ContentDocument(document)
        var facts = PublicationAccessibilityRules.ContentFacts()
        let intrinsic: (Int) -> (width: Double, height: Double)? = { number in
            guard let src = LibXMLNode.attribute(model.elements[number].node, "src"), let file = HrefResolver.path(src, against: path) else { return nil }
            return ImageSize.of(prefixes: { session.data(at: file, prefix: $0) })
        }
        let rules = ContentAccessibilityRules(model, sheets: sheets, intrinsicSize: intrinsic)
        let found = rules.check(facts: &facts).map { rule, number in
            let element = model.elements[number]
            return (rule, AccessibilityReport.Place(path: path, line: element.line, cfi: model.cfiPath(of: number), element: element.localName))
        }
        return (found, facts, rules.inventory(path: path))
    }

    /// One violation per rule, its places in the order found; rules in order of first failure.
    static func group(_ found: [(AccessibilityRule, AccessibilityReport.Place)]) -> [AccessibilityReport.Violation] {
        var order: [String] = []
        var byRule: [String: AccessibilityReport.Violation] = [:]
        for (rule, place) in found {
            if byRule[rule.id] == nil {
                order.append(rule.id)
                byRule[rule.id] = .init(rule: rule.id, impact: rule.impact, tags: rule.tags, help: rule.help, needsReview: rule.needsReview, places: [])
            }
            byRule[rule.id]?.places.append(place)
        }
        return order.compactMap { byRule[$0] }
    }
}
