import EPUBContract

/// The table of contents as a tree, each entry with the spine item it opens; the page list and
/// landmarks after it. An entry that leads outside the spine says so.
extension HTMLReportFormatter {
    static func contents(_ contract: ReaderContract, into page: inout HTMLPage) {
        page.raw("<section id=\"contents\"><h2>Contents</h2>")
        page.raw("<p class=\"note\">From \(escape(contract.tocSource.rawValue))\(contract.navDocument.map { " (" + escape($0) + ")" } ?? "").</p>")
        if contract.toc.isEmpty {
            page.raw("<p>No table of contents.</p>")
        } else {
            tree(contract.toc, into: &page, cssClass: "toc")
        }
        if !contract.pageList.isEmpty {
            page.raw("<details><summary>Page list (\(contract.pageList.count))</summary>")
            tree(contract.pageList, into: &page, cssClass: "pages")
            page.raw("</details>")
        }
        if !contract.landmarks.isEmpty {
            page.raw("<h3>Landmarks</h3><table class=\"list\"><tr><th>type</th><th>title</th><th>target</th></tr>")
            for landmark in contract.landmarks {
                page.raw("<tr><td>\(escape(landmark.type))</td><td>\(escape(landmark.title))</td><td>\(target(landmark.href, landmark.spineIndex))</td></tr>")
            }
            page.raw("</table>")
        }
        page.raw("</section>\n")
    }

    private static func tree(_ entries: [TocEntry], into page: inout HTMLPage, cssClass: String) {
        page.raw("<ol class=\"\(cssClass)\">")
        for entry in entries {
            let spine = entry.spineIndex.map { " data-spine=\"\($0)\"" } ?? ""
            page.raw("<li\(spine)><span class=\"label\">\(escape(entry.title.isEmpty ? "(no label)" : entry.title))</span> ")
            page.raw(target(entry.href, entry.spineIndex) + (entry.position.map { " <span class=\"pos\">position \($0)</span>" } ?? ""))
            if !entry.children.isEmpty { tree(entry.children, into: &page, cssClass: cssClass) }
            page.raw("</li>")
        }
        page.raw("</ol>")
    }

    /// Where an entry leads: its spine item, or why it leads nowhere in the reading order.
    private static func target(_ href: String?, _ spineIndex: Int?) -> String {
        guard let href else { return "<span class=\"pos none\">heading only</span>" }
        let place = spineIndex.map { "→ spine \($0)" } ?? "outside the spine"
        return "<span class=\"pos\(spineIndex == nil ? " none" : "")\" title=\"\(escape(href))\">\(place)</span>"
    }
}
