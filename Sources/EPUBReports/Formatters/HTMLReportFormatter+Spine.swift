import EPUBContract

/// The spine drawn as a reader would lay it out on a two-page display: spreads as facing pages
/// (left page on the left whatever the direction), centre pages alone, the strip running right to
/// left for right-to-left books; then each item's layout, viewport and writing mode as a table.
extension HTMLReportFormatter {
    static func spine(_ contract: ReaderContract, labels: [Int: String] = [:], thumbnails: [Int: PageThumbnail] = [:], into page: inout HTMLPage) {
        let direction = contract.inferred.readingProgression
        let why: MessageText = contract.pageProgression == .default ? .htmlInferred(contract.inferred.readingProgressionReason.rawValue) : .htmlDeclared
        let count: MessageText = contract.spine.count == 1 ? .htmlSpineOneItem : .htmlSpineItems(contract.spine.count)
        let runs = MessageText.htmlPagesRun(count, direction == .rtl ? MessageText.htmlRightToLeft : .htmlLeftToRight, why)
        page.raw("<section id=\"spine\"><h2>\(page.say(.htmlSpine))</h2><p class=\"note\">\(page.say(runs)) ")
        page.raw("\(page.say(.htmlSpineLegend))" + (thumbnails.isEmpty ? "" : " " + page.say(.htmlThumbnailLegend)) + "</p>")
        let tiles = Tiles(labels: labels, thumbnails: thumbnails, compact: contract.spine.count > 60)
        // Long spines are drawn at half size, so the strip still shows the book's shape at a glance.
        page.raw("<div class=\"strip \(direction.rawValue)\(tiles.compact ? " compact" : "")\" data-progression=\"\(direction.rawValue)\">")
        var groupOf: [Int: Int] = [:]
        for (number, group) in contract.spreads.enumerated() {
            for index in group.indices where groupOf[index] == nil { groupOf[index] = number }
        }
        var drawn = Set<Int>()
        for entry in contract.spine {
            if let number = groupOf[entry.index] {
                if drawn.insert(number).inserted { spread(contract.spreads[number], contract, tiles, into: &page) }
            } else {
                page.raw("<div class=\"spread alone\" data-indices=\"\(entry.index)\">")
                pageBox(entry, side: "alone", contract, tiles, into: &page)
                page.raw("</div>")
            }
        }
        page.raw("</div>")
        items(contract, into: &page)
        page.raw("</section>\n")
    }

    /// What the tiles show beside the contract: labels, thumbnails, and the strip's size.
    struct Tiles {
        var labels: [Int: String]
        var thumbnails: [Int: PageThumbnail]
        var compact: Bool
    }

    /// One spread: a centre page alone, or a left and a right page (a blank frame for the missing one).
    private static func spread(_ group: SpreadGroup, _ contract: ReaderContract, _ tiles: Tiles, into page: inout HTMLPage) {
        let indices = group.indices.map(String.init).joined(separator: " ")
        func entry(_ index: Int?) -> SpineEntry? { index.flatMap { contract.spine.indices.contains($0) ? contract.spine[$0] : nil } }
        if let center = entry(group.center) {
            page.raw("<div class=\"spread center\" data-indices=\"\(indices)\">")
            pageBox(center, side: "center", contract, tiles, into: &page)
        } else {
            page.raw("<div class=\"spread pair\" data-indices=\"\(indices)\">")
            if let left = entry(group.left) { pageBox(left, side: "left", contract, tiles, into: &page) } else { blank(beside: entry(group.right), tiles.compact, into: &page) }
            if let right = entry(group.right) { pageBox(right, side: "right", contract, tiles, into: &page) } else { blank(beside: entry(group.left), tiles.compact, into: &page) }
        }
        page.raw("</div>")
    }

    /// A page's width for its viewport at the strip's height (reflowable pages get a book's shape).
    private static func width(of entry: SpineEntry, _ compact: Bool) -> Int {
        let height = compact ? 55.0 : 110.0
        guard entry.effective.layout == .prePaginated, let w = entry.viewport?.width, let h = entry.viewport?.height, w > 0, h > 0 else { return Int(height * 0.67) }
        return min(max(Int((height * w / h).rounded()), Int(height / 3)), Int(height * 2.2))
    }

    /// One page; its writing mode is the item's own (from its CSS), else the publication's. A
    /// fixed-layout page with a thumbnail shows it, its number over it and its label in the
    /// tooltip; a drawn preview says so.
    private static func pageBox(_ entry: SpineEntry, side: String, _ contract: ReaderContract, _ tiles: Tiles, into page: inout HTMLPage) {
        // What the page is (its contents entry or first heading), the file name in the tooltip.
        let name = tiles.labels[entry.index] ?? entry.href.split(separator: "/").last.map(String.init) ?? entry.href
        let own = entry.writingMode.flatMap { $0 == .unspecified ? nil : $0 }
        let mode = own ?? contract.writingMode
        let thumbnail = tiles.thumbnails[entry.index]
        var classes = "page \(side) \(entry.effective.layout.rawValue)"
        if !entry.linear { classes += " nonlinear" }
        if mode.isVertical { classes += " vertical" }
        if let thumbnail { classes += " pictured" + (thumbnail.kind == .image ? "" : " preview") }
        var title = "\(entry.href) — \(entry.effective.layout.rawValue)"
        if let spread = entry.properties.pageSpread { title += ", page-spread-\(spread.rawValue)" }
        if let v = entry.viewport, let w = v.width, let h = v.height { title += ", \(number(w))×\(number(h))" }
        if mode != .unspecified { title += ", \(mode.rawValue)" + (own == nil ? " " + MessageText.htmlPublicationWide.rendered(in: page.locale) : "") }
        if thumbnail != nil, tiles.labels[entry.index] != nil { title = name + "\n" + title }
        page.raw("<div class=\"\(classes)\" data-spine=\"\(entry.index)\" data-side=\"\(side)\" data-layout=\"\(entry.effective.layout.rawValue)\" "
            + "data-writing-mode=\"\(mode.rawValue)\" style=\"width:\(width(of: entry, tiles.compact))px\" title=\"\(escape(title))\">")
        if let thumbnail {
            page.raw("<img class=\"thumb\" alt=\"\" src=\"\(thumbnail.dataURL)\" width=\"\(thumbnail.width)\" height=\"\(thumbnail.height)\" "
                + "data-kind=\"\(thumbnail.kind.rawValue)\" data-source=\"\(escape(thumbnail.source))\">")
            if thumbnail.kind != .image { page.raw("<i class=\"mark\">\(page.say(.htmlPreview))</i>") }
            page.raw("<b>\(entry.index)</b></div>")
        } else {
            page.raw("<b>\(entry.index)</b><span class=\"name\">\(escape(name))</span></div>")
        }
    }

    /// The empty half of a spread whose other page stands alone on its side.
    private static func blank(beside entry: SpineEntry?, _ compact: Bool, into page: inout HTMLPage) {
        let size = entry.map { width(of: $0, compact) } ?? (compact ? 37 : 74)
        page.raw("<div class=\"page blank\" style=\"width:\(size)px\" title=\"\(page.say(.htmlLeftBlank))\"></div>")
    }

    /// Each item's own values, after inheriting the publication's.
    private static func items(_ contract: ReaderContract, into page: inout HTMLPage) {
        let columns: [MessageText] = [.htmlColumnFile, .htmlColumnLinear, .htmlColumnLayout, .htmlColumnSpread, .htmlColumnOrientation, .htmlColumnPageSpread,
                                      .htmlColumnViewport, .htmlColumnWritingMode, .htmlColumnOverlay, .htmlColumnPositions]
        page.raw("<details><summary>\(page.say(.htmlItems(contract.spine.count)))</summary><table class=\"list\"><tr><th>#</th>"
            + columns.map { "<th>\(page.say($0))</th>" }.joined() + "</tr>")
        for entry in contract.spine {
            let viewport = entry.viewport.flatMap { v in v.width.flatMap { w in v.height.map { "\(number(w))×\(number($0))" } } } ?? ""
            let positions = entry.positions.map { $0.count == 1 ? "\($0.first)" : "\($0.first)–\($0.first + $0.count - 1)" } ?? ""
            let cells = [String(entry.index), entry.href, (entry.linear ? MessageText.htmlYes : .htmlNo).rendered(in: page.locale), entry.effective.layout.rawValue, entry.effective.spread.rawValue,
                         entry.effective.orientation.rawValue, entry.properties.pageSpread?.rawValue ?? "", viewport,
                         entry.writingMode?.rawValue ?? "", entry.mediaOverlay ?? "", positions]
            page.raw("<tr>" + cells.map { "<td>\(escape($0))</td>" }.joined() + "</tr>")
        }
        page.raw("</table></details>")
    }
}
