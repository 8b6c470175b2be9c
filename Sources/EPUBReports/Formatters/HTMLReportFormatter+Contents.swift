import EPUBContract

/// The table of contents as a tree, each entry with the spine item it opens; the page list and
/// landmarks after it. An entry that leads outside the spine says so.
extension HTMLReportFormatter {
    static func contents(_ contract: ReaderContract, into page: inout HTMLPage) {
        page.raw("<section id=\"contents\"><h2>\(page.say(.htmlContents))</h2>")
        let from = contract.navDocument.map { MessageText.htmlFromDocument(contract.tocSource.rawValue, $0) } ?? .htmlFrom(contract.tocSource.rawValue)
        page.raw("<p class=\"note\">\(page.say(from))</p>")
        if contract.toc.isEmpty {
            page.raw("<p>\(page.say(.htmlNoTOC))</p>")
        } else {
            tree(contract.toc, into: &page, cssClass: "toc")
        }
        if !contract.pageList.isEmpty {
            page.raw("<details><summary>\(page.say(.htmlPageList(contract.pageList.count)))</summary>")
            tree(contract.pageList, into: &page, cssClass: "pages")
            page.raw("</details>")
        }
        if !contract.landmarks.isEmpty {
            page.raw("<h3>\(page.say(.htmlLandmarks))</h3><table class=\"list\"><tr><th>\(page.say(.htmlColumnType))</th><th>\(page.say(.htmlColumnTitle))</th><th>\(page.say(.htmlColumnTarget))</th></tr>")
            for landmark in contract.landmarks {
                page.raw("<tr><td>\(escape(landmark.type))</td><td>\(escape(landmark.title))</td><td>\(target(landmark.href, landmark.spineIndex, page.locale))</td></tr>")
            }
            page.raw("</table>")
        }
        page.raw("</section>\n")
    }

    private static func tree(_ entries: [TocEntry], into page: inout HTMLPage, cssClass: String) {
        page.raw("<ol class=\"\(cssClass)\">")
        for entry in entries {
            let spine = entry.spineIndex.map { " data-spine=\"\($0)\"" } ?? ""
            page.raw("<li\(spine)><span class=\"label\">\(entry.title.isEmpty ? page.say(.htmlNoLabel) : escape(entry.title))</span> ")
            page.raw(target(entry.href, entry.spineIndex, page.locale) + (entry.position.map { " <span class=\"pos\">\(page.say(.htmlPosition($0)))</span>" } ?? ""))
            if !entry.children.isEmpty { tree(entry.children, into: &page, cssClass: cssClass) }
            page.raw("</li>")
        }
        page.raw("</ol>")
    }

    /// Where an entry leads: its spine item, or why it leads nowhere in the reading order.
    private static func target(_ href: String?, _ spineIndex: Int?, _ locale: MessageLocale) -> String {
        guard let href else { return "<span class=\"pos none\">\(escape(MessageText.htmlHeadingOnly.rendered(in: locale)))</span>" }
        let place = escape((spineIndex.map { MessageText.htmlToSpine($0) } ?? .htmlOutsideSpine).rendered(in: locale))
        return "<span class=\"pos\(spineIndex == nil ? " none" : "")\" title=\"\(escape(href))\">\(place)</span>"
    }
}
