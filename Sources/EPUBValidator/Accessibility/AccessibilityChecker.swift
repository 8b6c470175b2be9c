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
        case unusable(String)
    }

    public static func check(path: String, limits: ContainerLimits = .init()) -> Outcome {
        let start = DispatchTime.now()
        let session: PublicationSession
        do {
            session = try PublicationSession(path: path, limits: limits, digest: false)
        } catch {
            return .unusable(error.description)
        }
        var report = check(session)
        report.elapsedMilliseconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000
        return .report(report)
    }

    public static func check(_ session: PublicationSession) -> AccessibilityReport {
        var facts = PublicationAccessibilityRules.ContentFacts()
        var found: [(AccessibilityRule, AccessibilityReport.Place)] = []
        var checked = 0
        let sheets = DisplayCascade.Sheets(session)
        for item in session.package.manifest where item.mediaType == "application/xhtml+xml" {
            guard let path = item.path, let document = session.xml(at: path)?.document, !document.isRecovered else { continue }
            let model = ContentDocument(document)
            checked += 1
            for (rule, number) in ContentAccessibilityRules(model, sheets: sheets).check(facts: &facts) {
                let element = model.elements[number]
                found.append((rule, .init(path: path, line: element.line, cfi: model.cfiPath(of: number), element: element.localName)))
            }
        }
        found = PublicationAccessibilityRules.check(session, facts: facts).map { ($0.rule, $0.place) } + found
        return AccessibilityReport(source: session.sourcePath, metadata: session.metadata.accessibility, violations: group(found),
                                   documentsChecked: checked, elapsedMilliseconds: 0)
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
