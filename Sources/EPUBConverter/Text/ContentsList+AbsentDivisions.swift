/// Divisions a contents list names that the text never prints (第三帝国的兴亡 as downloaded: its list
/// groups `第一章` … `第四章` under `第一编 阿道夫·希特勒的兴起`, and the body goes from `致谢` straight to
/// `　　第一章 第三帝国的诞生`). The list is the book's own outline: each division opens where its
/// first listed chapter does, and its chapters nest in it, as a division's line run on into its first
/// chapter's does (`Found.division`).
extension ContentsList {
    /// `found` with each division the list names given to the chapter the list sets first under it,
    /// where the text prints no division at all: two such divisions at least, each placed on a
    /// chapter the text has, in the list's order.
    static func absentDivisions(_ found: [TextBookParser.Found], _ regions: [Range<Int>], _ lines: [Substring]) -> [TextBookParser.Found] {
        guard !regions.isEmpty, !found.contains(where: { $0.heading.level == .volume || $0.division != nil }) else { return found }
        // The list's divisions, each with the first chapter listed under it.
        var pairs: [(division: Heading, chapter: Heading)] = []
        var open: Heading?
        for region in regions {
            for k in region where !TextLines.isBlank(lines[k]) {
                guard let heading = entry(TextLines.trim(lines[k])), heading.number != nil, heading.section == nil else { continue }
                if heading.level == .volume {
                    open = heading
                } else if let division = open {
                    pairs.append((division, heading))
                    open = nil
                }
            }
        }
        guard pairs.count >= 2 else { return found }
        // Each first chapter among the text's chapters, by its level and number, in order.
        var out = found
        var from = 0
        var placed = 0
        for (division, chapter) in pairs {
            let wanted = key(chapter)
            guard let k = out[from...].firstIndex(where: { $0.heading.level == .chapter && !$0.isSubsection && key($0.heading) == wanted }) else { return found }
            out[k].division = Heading(level: .volume, title: HeadingMatcher.collapse(withoutPage(Substring(division.title))), name: division.name,
                                      number: division.number)
            out[k].divisionEvidence = "listed-in-contents"
            from = k + 1
            placed += 1
        }
        return placed >= 2 ? out : found
    }
}
