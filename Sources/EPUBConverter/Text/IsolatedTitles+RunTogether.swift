/// Essay titles between blank lines where paragraphs run together, a line each with no blank line
/// between (走出帝制 as downloaded: `辛亥革命“成功”了吗？`, `辛亥研究，如今细节是越来越清楚，背景却越来越模糊了`).
/// A blank line there parts sections, never paragraphs, so a line alone between blank lines is in
/// a title's place; once the book's plain titles show that layout (three at least), a title that
/// asks or pauses (`？`, `，`, `：`) in that place is one of the sequence too, and so is a title right
/// under its chapter's heading, though it stands as far from it as the chapter's text would.
extension IsolatedTitles {
    /// Sections `closerSections` adds where paragraphs run together: lines alone in a section
    /// title's place, over text, that read as titles or essay titles (`isEssayTitle`), right
    /// under a heading too. `sections`: the plain titles found so far; `taken`, `known`: the
    /// headings' lines; `candidate(block, loose)` reads a block as a title, loosely or not.
    static func runTogetherSections(_ sections: [TextBookParser.Found], blocks: [Block], taken: Set<Int>, known: Set<Int>, threshold: Int,
                                    _ lines: [Substring], candidate: (Block, Bool) -> TextBookParser.Found?) -> [TextBookParser.Found] {
        guard sections.count >= 3 else { return [] }
        let found = Set(sections.map(\.line))
        var out: [TextBookParser.Found] = []
        for (k, block) in blocks.enumerated().dropFirst()
        where block.count == 1 && block.gapBefore > 0 && block.gapBefore < threshold && block.gapAfter > 0 && block.gapAfter < threshold
            && !found.contains(block.line) && !taken.contains(block.line) && !known.contains(block.line) {
            // Over text: the next block holds paragraphs (run together, or one long one).
            guard k + 1 < blocks.count, blocks[k + 1].count >= 2 || blocks[k + 1].firstLength >= 60,
                  !known.contains(blocks[k + 1].line), !taken.contains(blocks[k + 1].line) else { continue }
            guard var section = candidate(block, true) else { continue }
            section.isSubsection = true
            out.append(section)
        }
        return out
    }
}
