/// The levels set-apart titles take once found: a title with no text of its own over what
/// follows is a division, a poem's bare numerals its parts, a group's end where a title is set as
/// far apart as the group's own, the book's closing matter after its last division.
extension IsolatedTitles {
    /// Set-apart titles under a numbered subsection (`1．反动的社会主义` over `(甲)封建的社会主义`, then
    /// `(乙)…`, `(丙)…`; `第四节　农民王`, its opening paragraph, then `建国王罗莫路`, `第二届王弩玛`, a
    /// 罗马人的故事 as a forum kept it): the subsection's parts, one level below it, up to the next
    /// numbered heading; under a bare number (a poem's `52`) or a numbered line only right below it. Under a chapter,
    /// titles are chapters' business (`raiseDivisions`).
    static func partsOfSubsections(_ found: inout [TextBookParser.Found], isolated: Set<Int>, _ lines: [Substring]) {
        var k = 0
        while k + 1 < found.count {
            defer { k += 1 }
            // A bare number's text runs to the next title (`SONG OF MYSELF`'s `52`, then the next poem):
            // only a subsection labelled with its unit (`第四节`) may open with its own text.
            guard found[k].isSubsection, found[k].heading.number != nil, isolated.contains(found[k + 1].line), found[k + 1].heading.number == nil,
                  found[k + 1].heading.level == .chapter,
                  !found[k].numeral && !found[k].isNumberedLine || TextBookParser.isEmptyBetween(found[k], found[k + 1], lines) else { continue }
            let depth = found[k].outlineDepth + 1
            var j = k + 1
            while j < found.count, isolated.contains(found[j].line), found[j].heading.number == nil, found[j].heading.level == .chapter {
                found[j].isSubsection = true
                found[j].outlineDepth = depth
                j += 1
            }
            k = j - 1
        }
    }

    /// A title with no text of its own before the next heading heads what follows: a division
    /// (`INSCRIPTIONS` over its poems, `THE VOYAGE OF LIFE` over its parts), one level up. A title
    /// over bare numerals from one (`SONG OF THE ANSWERER` over `I.`, `II.`) is a poem in parts:
    /// the numerals are its subsections, and the title after them (`OUR OLD FEUILLAGE`) its sibling.
    static func raiseDivisions(_ found: inout [TextBookParser.Found], isolated: Set<Int>, _ lines: [Substring]) {
        for k in found.indices.dropLast() where isolated.contains(found[k].line) && found[k + 1].heading.level == .chapter
            && TextBookParser.isEmptyBetween(found[k], found[k + 1], lines) {
            if bareNumber(found[k + 1]) == 1 {
                let afterParts = markParts(&found, of: k)
                if isGroupsSibling(found, k, after: afterParts, isolated: isolated, lines) { found[k].topLevel = true }
            } else {
                found[k].heading.level = .volume
                endGroup(&found, raisedAt: k, isolated: isolated)
            }
        }
        restartDivisions(&found, isolated: isolated)
        raiseFrontDivision(&found, isolated: isolated)
        // A contents list that indents its entries says more: a least-indented entry over more
        // indented ones is a division, one without them a chapter outside any division.
        let listed = ContentsList.indentation(lines, headings: Set(found.map(\.line)))
        guard !listed.isEmpty else { return }
        // Each heading takes its title's placements in turn: the second heading of a title the
        // list gives twice, its second placement (the last one for any later heading).
        var seen: [String: Int] = [:]
        let entries: [ContentsList.Placement?] = found.map { candidate in
            let key = ContentsList.normalized(Substring(candidate.heading.title))
            guard let placements = listed[key] else { return nil }
            defer { seen[key, default: 0] += 1 }
            return placements[min(seen[key, default: 0], placements.count - 1)]
        }
        for k in found.indices where isolated.contains(found[k].line) {
            guard let entry = entries[k] else { continue }
            if entry.rank == 0 {
                found[k].heading.level = entry.heads ? .volume : .chapter
                found[k].topLevel = !entry.heads
            } else {
                found[k].heading.level = .chapter
                found[k].topLevel = false
            }
        }
        // A heading by its form that the list sets over more indented titles (`Preface` over
        // `Conventions Used in This Book`) heads them as well.
        for k in found.indices.dropLast() where !isolated.contains(found[k].line) && found[k].heading.level == .chapter
            && isolated.contains(found[k + 1].line) {
            guard let entry = entries[k], entry.rank == 0, entry.heads, entries[k + 1]?.rank == 1 else { continue }
            found[k].heading.level = .volume
        }
    }

    /// Where the book's labelled divisions (`BOOK 1.`) hold titles set apart, a front-matter
    /// heading before the first of them (`Preface`) over titles set apart the same way
    /// (`Conventions Used in This Book`, `Acknowledgments`) holds them as a division does: one
    /// form, one level.
    static func raiseFrontDivision(_ found: inout [TextBookParser.Found], isolated: Set<Int>) {
        guard let firstVolume = found.firstIndex(where: { $0.heading.level == .volume && $0.origin == .form }),
              firstVolume + 1 < found.count, isolated.contains(found[firstVolume + 1].line), found[firstVolume + 1].heading.level == .chapter,
              let k = found[..<firstVolume].lastIndex(where: { !isolated.contains($0.line) }), k + 1 < firstVolume,
              found[k].heading.level == .chapter, found[k].heading.number == nil,
              HeadingMatcher.unnumbered.contains(ContentsList.normalized(Substring(found[k].heading.title))),
              found[(k + 1)..<firstVolume].allSatisfy({ isolated.contains($0.line) && $0.heading.level == .chapter })
        else { return }
        found[k].heading.level = .volume
    }

    /// A poem in parts at `k` (a title with no text of its own over `I.`, `II.`) set as far apart
    /// as the untitled group above it (`INSCRIPTIONS` over its poems, then `STARTING FROM
    /// PAUMANOK` over its parts, every title four blank lines down): two titles that head what
    /// follows, set alike, are of one rank, so the poem is the group's sibling, not its last
    /// poem, when what follows its parts heads something too (`SONG OF MYSELF` over its parts,
    /// a group's title) or nothing does: a poem with text of its own after them (`A WOMAN WAITS
    /// FOR ME` after `I SING THE BODY ELECTRIC`'s parts) says the group goes on. A labelled
    /// division above (`PART ONE`) or a title set closer keeps it inside; a contents list that
    /// indents it says so, and has the last word (`raiseDivisions`).
    /// `next`: the heading after the poem's parts, as `markParts` found them.
    static func isGroupsSibling(_ found: [TextBookParser.Found], _ k: Int, after next: Int, isolated: Set<Int>, _ lines: [Substring]) -> Bool {
        guard !found[k].isSubsection, let group = found[..<k].lastIndex(where: { $0.heading.level == .volume }),
              isolated.contains(found[group].line), !found[group].isSubsection else { return false }
        return next >= found.count || next + 1 < found.count && isolated.contains(found[next].line)
            && TextBookParser.isEmptyBetween(found[next], found[next + 1], lines)
    }

    /// The bare numerals from one below the title at `k` (`I.`, `II.` under `SONG OF THE
    /// ANSWERER`): its parts, one level below it, two below a group when it is a group's section.
    /// Returns the index of the heading after the parts.
    @discardableResult

    static func markParts(_ found: inout [TextBookParser.Found], of k: Int) -> Int {
        var j = k + 1
        while j < found.count, bareNumber(found[j]) == j - k {
            found[j].isSubsection = true
            if found[k].isSubsection { found[j].outlineDepth = 1 }
            j += 1
        }
        return j
    }

    /// Titles set apart after the book's last numbered heading, with as many blank lines above
    /// them as its divisions get and more than its chapters get (Les Misérables' `LETTER TO M.
    /// DAELLI` four blank lines below volume V's last chapter, whose chapters get three): the
    /// book's closing matter, outside its last division, as `isBackMatter`'s words are.
    static func closingTitles(_ found: inout [TextBookParser.Found], isolated: Set<Int>, blocks: [Block]) {
        guard let lastNumbered = found.lastIndex(where: { $0.heading.number != nil }), lastNumbered + 1 < found.count else { return }
        let headingLines = Set(found.map(\.line))
        let gaps = Dictionary(blocks.lazy.filter { headingLines.contains($0.line) }.map { ($0.line, $0.gapBefore) }, uniquingKeysWith: { a, _ in a })
        let divisionGaps = found.filter { $0.heading.level == .volume && !$0.isSubdivision }.compactMap { gaps[$0.line] }
        let chapterGaps = found.filter { $0.heading.level == .chapter && $0.heading.number != nil && !$0.isSubsection }.compactMap { gaps[$0.line] }.sorted()
        guard let divisionGap = divisionGaps.min(), !chapterGaps.isEmpty, divisionGap > chapterGaps[chapterGaps.count / 2] else { return }
        for k in (lastNumbered + 1)..<found.count where isolated.contains(found[k].line) && found[k].heading.level == .chapter
            && !found[k].isSubsection && (gaps[found[k].line] ?? 0) >= divisionGap {
            found[k].topLevel = true
        }
    }

    /// A division raised at `k` whose titles are set closer than chapters (`INSCRIPTIONS` over its
    /// poems, two at least, as `closerSections` reads them, and their numbered parts) ends at the
    /// first title set as far apart as itself (`STARTING FROM PAUMANOK`). Numbered titles, by a
    /// number or a label's (`CHAPTER 10 APPENDIX P`), take their places from their numbers.
    static func endGroup(_ found: inout [TextBookParser.Found], raisedAt k: Int, isolated: Set<Int>) {
        func isUnnumbered(_ j: Int) -> Bool {
            isolated.contains(found[j].line) && SectionNumbers.number(of: found[j].heading) == nil
                && HeadingMatcher.match(Substring(found[j].heading.title))?.number == nil
        }
        var next = k + 1, titled = 0
        while next < found.count, found[next].isSubsection && isUnnumbered(next) || bareNumber(found[next]) != nil {
            if bareNumber(found[next]) == nil { titled += 1 }
            next += 1
        }
        if titled >= 2, next < found.count, found[next].heading.level == .chapter, isUnnumbered(next), isUnnumbered(k) {
            found[next].topLevel = true
        }
    }

    /// The number of a heading that is a numeral alone on its line (`I.`, `2`), set apart or in
    /// the numerals' sequence (a verse right below it may have been read as its title).
    static func bareNumber(_ found: TextBookParser.Found) -> Int? {
        if found.isBareNumeral { return found.heading.number }
        guard found.titleLine == nil, let numeral = HeadingMatcher.numeral(Substring(found.heading.title)), numeral.name.isEmpty else { return nil }
        return numeral.number
    }

    /// A numbering that starts again at 1 (a collection of documents, each numbering its chapters
    /// `1. Overview`, `2. …` anew) opens a division at each start: the title set apart right above
    /// each `1.` heads the chapters up to the next, and its numbered headings are chapters,
    /// whatever an empty body made of them. Titles set apart that the documents repeat between
    /// their title and their `1.` (a specification's `Latest version`, `Previous version`) are
    /// boilerplate, no headings.
    static func restartDivisions(_ found: inout [TextBookParser.Found], isolated: Set<Int>) {
        let starts = found.indices.filter { found[$0].heading.section == nil && SectionNumbers.leadingNumber(found[$0].heading.title) == 1 }
        guard starts.count >= 2 else { return }
        var counts: [String: Int] = [:]
        for candidate in found where isolated.contains(candidate.line) { counts[candidate.heading.title, default: 0] += 1 }
        var dropped = Set<Int>()
        for (n, start) in starts.enumerated() {
            var above = start - 1
            while above >= 0, isolated.contains(found[above].line), counts[found[above].heading.title, default: 0] >= 2 {
                dropped.insert(above)
                above -= 1
            }
            guard above >= 0, above > (n > 0 ? starts[n - 1] : -1), isolated.contains(found[above].line), found[above].heading.section == nil,
                  SectionNumbers.leadingNumber(found[above].heading.title) == nil else {
                dropped.subtract(above + 1..<start)
                continue
            }
            found[above].heading.level = .volume
            let end = n + 1 < starts.count ? starts[n + 1] : found.count
            for k in start..<end where found[k].heading.section == nil && SectionNumbers.leadingNumber(found[k].heading.title) != nil {
                found[k].heading.level = .chapter
            }
        }
        found = found.indices.filter { !dropped.contains($0) }.map { found[$0] }
    }
}
