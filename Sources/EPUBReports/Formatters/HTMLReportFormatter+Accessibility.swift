import EPUBAccessibility
import EPUBContract
import EPUBMessages

extension HTMLReportFormatter {
    /// The accessibility section: the metadata as a reading system's accessibility summary shows
    /// it, the fields of the W3C's Accessibility Metadata Display Guide for Digital Publications 2.1
    /// (`DisplayGuide`), then the violations grouped by rule with their places.
    static func accessibility(_ report: AccessibilityReport, images: [String: Image], into page: inout HTMLPage) {
        page.raw("<section id=\"accessibility\"><h2>\(page.say(.htmlAccessibility))</h2>")
        page.table(guideRows(report.displayGuide, locale: page.locale), attributes: "aria-label=\"\(page.say(.htmlAccessibilitySummary))\"")
        inventory(report.inventory, images: images, into: &page)
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

    /// The display guide's fields as rows: the descriptive statements (a page is read at leisure),
    /// the detailed conformance information under its own heading with the certifier's report as a
    /// link, and the summary in the language it is written in.
    static func guideRows(_ guide: DisplayGuide, locale: MessageLocale) -> [(label: MessageText, value: String)] {
        func list(_ statements: [DisplayGuide.Statement]) -> String {
            "<ul class=\"guide\">" + statements.map { "<li>" + escape($0.text(.descriptive, in: locale)) + "</li>" }.joined() + "</ul>"
        }
        return guide.sections.map { section in
            var value = section.text.map { text in
                section.language.map { "<p lang=\"\(escape($0))\">\(escape(text))</p>" } ?? "<p>\(escape(text))</p>"
            } ?? list(section.statements)
            if !section.details.isEmpty {
                value += "<p>" + escape(DisplayGuide.detailsTitle(in: locale)) + "</p>"
                var details = list(section.details)
                if let link = section.link, let report = section.details.first(where: { $0.id == "conformance-details-certifier-report" }) {
                    let text = escape(report.text(.descriptive, in: locale))
                    details = details.replacingOccurrences(of: "<li>\(text)</li>", with: "<li><a href=\"\(escape(link))\">\(text)</a></li>")
                }
                value += details
            }
            return (MessageText.shownAsIs(section.field.title(in: locale)), value)
        }
    }
}
