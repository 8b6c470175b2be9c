import EPUBAccessibility
import EPUBContract

extension HTMLReportFormatter {
    /// The accessibility section: the metadata as a reading system's accessibility summary shows
    /// it, under the headings of the W3C's Accessibility Metadata Display Guide for Digital
    /// Publications 2.0 (ways of reading, conformance, navigation, rich content, hazards, summary,
    /// legal considerations), then the violations grouped by rule with their places.
    static func accessibility(_ report: AccessibilityReport, into page: inout HTMLPage) {
        let m = report.metadata
        page.raw("<section id=\"accessibility\"><h2>\(page.say(.htmlAccessibility))</h2>")
        page.table(summary(m).map { (label: MessageText.shownAsIs($0.0), value: escape($0.1)) }, attributes: "aria-label=\"\(page.say(.htmlAccessibilitySummary))\"")
        if report.violations.isEmpty {
            page.raw("<p class=\"ok\">\(page.say(.htmlNoViolation(report.documentsChecked)))</p>")
        }
        for violation in report.violations {
            let label = violation.needsReview ? MessageText.htmlNeedsReview(violation.impact.rawValue).rendered(in: page.locale) : violation.impact.rawValue
            page.raw("<details class=\"a11y \(violation.impact.rawValue)\"><summary><code>\(escape(violation.rule))</code> <span class=\"impact\">\(escape(label))</span> ")
            page.raw("\(escape(violation.help.rendered(in: page.locale))) <span class=\"count\">\(violation.places.count)</span></summary><ul>")
            for place in violation.places.prefix(200) {
                let at = place.line.map { "\(place.path):\($0)" } ?? place.path
                let element = place.element.map { " &lt;\(escape($0))&gt;" } ?? ""
                let value = place.value.map { " “\(escape($0))”" } ?? ""
                page.raw("<li><code>\(escape(at))</code>\(element)\(place.cfi.map { " <span class=\"cfi\">\(escape($0))</span>" } ?? "")\(value)</li>")
            }
            if violation.places.count > 200 { page.raw("<li>\(page.say(.a11yMorePlaces(violation.places.count - 200)))</li>") }
            page.raw("</ul></details>")
        }
        page.raw("</section>\n")
    }

    /// The display guide's statements, from the metadata as declared.
    static func summary(_ m: PublicationMetadata.Accessibility) -> [(String, String)] {
        let features = Set(m.features), sufficient = m.accessModesSufficient.map(Set.init)
        func has(_ names: String...) -> Bool { names.contains(where: features.contains) }
        var ways: [String] = []
        ways.append(has("displayTransformability") ? "Appearance can be modified" : "No information about appearance modifiability")
        ways.append(sufficient.contains([ "textual"]) ? "Readable in read aloud or dynamic braille"
                    : m.accessModes.isEmpty ? "No information about nonvisual reading" : "May not be fully readable in read aloud or dynamic braille")
        if has("synchronizedAudioText") { ways.append("Prerecorded audio synchronized with text") }
        var navigation: [String] = []
        if has("tableOfContents") { navigation.append("Table of contents") }
        if has("index") { navigation.append("Index") }
        if has("structuralNavigation") { navigation.append("Headings") }
        if has("pageNavigation", "printPageNumbers") { navigation.append("Go to page") }
        var rich: [String] = []
        if has("MathML", "latex", "describedMath") { rich.append("Math as " + (has("MathML") ? "MathML" : has("latex") ? "LaTeX" : "described text")) }
        if has("ChemML", "MathML-chemistry", "latex-chemistry") { rich.append("Chemical formulas in accessible form") }
        if has("longDescription") { rich.append("Information-rich images are described by extended descriptions") }
        if has("closedCaptions", "openCaptions", "transcript") { rich.append("Videos have captions or transcripts") }
        let hazards = Set(m.hazards)
        let hazard = m.hazards.isEmpty ? "No information is available"
            : hazards.contains("none") || hazards.isSuperset(of: ["noFlashingHazard", "noMotionSimulationHazard", "noSoundHazard"]) ? "No hazards"
            : m.hazards.joined(separator: ", ")
        var rows: [(String, String)] = [("Ways of reading", ways.joined(separator: "; "))]
        rows.append(("Conformance", conformance(m)))
        rows.append(("Navigation", navigation.isEmpty ? "No information is available" : navigation.joined(separator: "; ")))
        rows.append(("Rich content", rich.isEmpty ? "No information is available" : rich.joined(separator: "; ")))
        rows.append(("Hazards", hazard))
        rows.append(("Accessibility summary", m.summary ?? "No information is available"))
        if !m.exemptions.isEmpty { rows.append(("Legal considerations", "Claims an accessibility exemption: " + m.exemptions.joined(separator: ", "))) }
        return rows
    }

    private static func conformance(_ m: PublicationMetadata.Accessibility) -> String {
        guard let statement = m.conformsTo.first(where: AccessibilityVocabulary.isConformance) else {
            return m.conformsTo.isEmpty ? "No information is available" : "Conformance stated as: " + m.conformsTo.joined(separator: "; ")
        }
        let level = statement.hasSuffix("AAA") || statement.hasSuffix("#wcag-aaa") ? "exceeds"
            : statement.hasSuffix("AA") || statement.hasSuffix("#wcag-aa") ? "meets" : "minimum"
        let text = level == "minimum" ? "This publication meets minimum accessibility standards"
            : level == "meets" ? "This publication meets accepted accessibility standards" : "This publication exceeds accepted accessibility standards"
        return text + " (" + statement + ")" + (m.certifiedBy.map { "; certified by " + $0 } ?? "")
    }
}
