/// Lines set apart as headings are that head nothing a reader would open: the lower half of the
/// printed title page and its dedication, and the notes a chapter gathers at its end. Real
/// transcriptions keep both (`WITH ILLUSTRATIONS` over `LONDON` / `MACMILLAN AND CO.` / `1899`;
/// `TO` / `MY WIFE`; `FOOTNOTES:` over `[2] Assuming I’ve met that threshold, …`), with the gap a
/// heading has. A section is opened for its text: these have none of their own, or belong to
/// the chapter above.
enum UnheadedMatter {
    /// `isolated` without the titles that head no section of their own. `known`: the headings
    /// found by their form; `excluded`: the contents lists' lines.
    static func drop(_ isolated: [TextBookParser.Found], known: [TextBookParser.Found], excluded: [Range<Int>],
                     _ lines: [Substring]) -> [TextBookParser.Found] {
        guard !isolated.isEmpty else { return isolated }
        let all = (known + isolated).sorted { $0.line < $1.line }
        let starts = Set(all.map(\.line))
        // Where each heading's own lines end: at the next heading or a contents list (or a line
        // saying `Contents` or `List of Illustrations` over a list the scan did not read as one),
        // whichever comes first.
        func body(_ k: Int) -> Range<Int> {
            let from = min(lines.count, (all[k].titleLine ?? all[k].line) + 1)
            var to = k + 1 < all.count ? all[k + 1].line : lines.count
            if let list = excluded.first(where: { $0.lowerBound >= from && $0.lowerBound < to }) { to = list.lowerBound }
            if from < to, let said = lines[from..<to].firstIndex(where: isContentsLine) { to = said }
            return from..<max(from, to)
        }
        let firstWithText = all.indices.first { hasText(lines[body($0)]) }.map { all[$0].line } ?? lines.count
        let firstByForm = known.first { $0.origin == .form }?.line ?? lines.count
        let marginHeadings = headingsAtMargin(known, lines)
        var dropped = Set<Int>()
        for k in all.indices where all[k].origin == .setApart {
            let own = body(k)
            let title = ContentsList.normalized(Substring(all[k].heading.title))
            if all[k].line < firstWithText && isTitlePage(title, body: own, endsAtHeading: starts.contains(own.upperBound), lines)
                || all[k].line < firstByForm && (isDedication(all[k], lines) || marginHeadings && isDisplay(all[k], body: own, lines))
                || isIndexEntry(k, all, lines) {
                dropped.insert(all[k].line)
            } else if noteTitles.contains(title), let above = all[..<k].lastIndex(where: { !IsolatedTitles.isUnnumberedLabel($0) }),
                      isChapterNotes(body: own, chapter: body(above).lowerBound..<all[k].line, lines) {
                dropped.insert(all[k].line)
            }
        }
        return dropped.isEmpty ? isolated : isolated.filter { !dropped.contains($0.line) }
    }

    /// The book's headings by their form, two or more, all set at the margin (`PREFACE.`,
    /// `CHAPTER I.`): then a line centred above the first of them (`HISTORICAL WORKS FOR
    /// SCHOOLS.` over the publisher's list of its series, `_Epochs of Modern History_` on the
    /// title page, `SIXTEENTH IMPRESSION`) is the printed front's display, set as no heading of
    /// the book is, and opens no section.
    static func headingsAtMargin(_ known: [TextBookParser.Found], _ lines: [Substring]) -> Bool {
        let byForm = known.filter { $0.origin == .form }
        return byForm.count >= 2 && byForm.allSatisfy { lines[$0.line].first.map { $0 != " " && $0 != "\t" } ?? false }
    }

    /// A line centred as the title page's are, over no prose set at the margin as a section's
    /// text is: over more centred lines, a list indented under it, a picture (its placeholder,
    /// caption and all). A centred title over paragraphs (a preface's) opens a section.
    static func isDisplay(_ found: TextBookParser.Found, body: Range<Int>, _ lines: [Substring]) -> Bool {
        guard TextLines.isCentred(lines[found.line]) else { return false }
        return !lines[body].contains { line in
            guard let first = line.unicodeScalars.first, first != " ", first != "\t", first != IllustrationMarkers.placeholder else { return false }
            return isText(TextLines.trim(line))
        }
    }

    /// A title set apart inside an index (`Caen, Girondist sentiments prevail at, 157` opening the
    /// letter C two blank lines down): an entry, its page numbers at the end. `k`: its place in
    /// `all`, whose nearest heading above is the index's (`INDEX.`).
    static func isIndexEntry(_ k: Int, _ all: [TextBookParser.Found], _ lines: [Substring]) -> Bool {
        guard let above = all[..<k].last(where: { !isLocated(Substring($0.heading.title)) }),
              indexTitles.contains(ContentsList.normalized(Substring(above.heading.title))) else { return false }
        return isLocated(Substring(all[k].heading.title))
    }

    static let indexTitles: Set<String> = ["index", "general index", "index of names", "index of persons", "index of subjects"]

    /// Ends in an index's locators: a comma, then page numbers (`, 157`, `, 1–5`, `, 149, 172`),
    /// a semicolon or full stop after them if any.
    static func isLocated(_ title: Substring) -> Bool {
        var rest = title
        while let last = rest.last, last == ";" || last == "." || last == " " { rest = rest.dropLast() }
        guard let comma = rest.lastIndex(of: ",") else { return false }
        let locator = rest[rest.index(after: comma)...].filter { $0 != " " }
        guard !locator.isEmpty, locator.first?.isNumber == true else { return false }
        return locator.allSatisfy { ($0.isASCII && $0.isNumber) || $0 == "–" || $0 == "-" }
    }

    /// Above the book's first heading with text (so `body` holds none): a title over the
    /// publisher's imprint (lines ending in the year, `LONDON` / `MACMILLAN AND CO.` / `1899`), over
    /// nothing but a contents list or the end, or a dedication (`TO MY WIFE`). A title over a
    /// picture, or over a dedication's own lines (`Dedication` over `To` / `His Royal Highness` …),
    /// heads a page a reader opens.
    static func isTitlePage(_ title: String, body: Range<Int>, endsAtHeading: Bool, _ lines: [Substring]) -> Bool {
        let own = lines[body].lazy.map(TextLines.trim).filter { !$0.isEmpty }
        let dedication = title == "to" || title.hasPrefix("to ")
        if own.isEmpty { return !endsAtHeading || dedication }
        return dedication || own.contains(where: isYear)
    }

    /// `CONTENTS`, `LIST OF ILLUSTRATIONS`: a list starts, which is none of a title's own lines.
    static func isContentsLine(_ line: Substring) -> Bool {
        let trimmed = TextLines.trim(line)
        guard !trimmed.isEmpty, trimmed.utf8.count <= 24 else { return false }
        return ContentsList.saysContents(trimmed) || IsolatedTitles.illustrationListWords.contains(ContentsList.normalized(trimmed))
    }

    /// A dedication set as title pages set it, `TO` alone over the name (`TO` / `J. M. B.`), above
    /// the book's first heading by its form: whatever text follows it before that heading (an
    /// epigraph) is front matter, not a section the dedication heads. A preface titled `TO THE
    /// READER` stands on one line.
    static func isDedication(_ found: TextBookParser.Found, _ lines: [Substring]) -> Bool {
        guard TextLines.trim(lines[found.line]).lowercased() == "to", found.line + 1 < lines.count else { return false }
        return !TextLines.isBlank(lines[found.line + 1])
    }

    /// A year alone on its line, as an imprint ends (`1899`, `1899.`, `MDCCCXCIX.`).
    static func isYear(_ line: Substring) -> Bool {
        let bare = line.hasSuffix(".") ? line.dropLast() : line
        if bare.count == 4, bare.allSatisfy({ $0.isASCII && $0.isNumber }), let year = Int(bare) { return (1450...2099).contains(year) }
        return bare.count >= 6 && bare.hasPrefix("M") && bare.allSatisfy { "MDCLXVI".contains($0) }
    }

    /// Under a notes title (`FOOTNOTES:`, `NOTES`, one of `noteTitles`), notes `[2] …` whose first
    /// marker `[2]` stands in the chapter above (from the heading above that is more than a word of
    /// the text set as a label, a dictionary's `Introduction`): that chapter's notes. Notes gathered
    /// at the book's end answer markers all through the book, and stay a section.
    static func isChapterNotes(body: Range<Int>, chapter: Range<Int>, _ lines: [Substring]) -> Bool {
        guard let first = lines[body].first(where: { !TextLines.isBlank($0) }).map(TextLines.trim),
              let marker = noteMarker(first) else { return false }
        return lines[chapter].contains { $0.contains(marker) }
    }

    static let noteTitles: Set<String> = ["notes", "footnotes", "footnote", "note", "endnotes"]

    /// `[2]` at the start of a note (`[2] Assuming …`, `[Footnote 2: …]` gives `[2]` too): a
    /// number, or a capital letter or two as Distributed Proofreaders also mark notes (`[A]`,
    /// `[Footnote A: …]`), or `*`, `†`.
    static func noteMarker(_ line: Substring) -> String? {
        var rest = line
        guard rest.first == "[" else { return nil }
        rest = rest.dropFirst()
        if rest.lowercased().hasPrefix("footnote ") { rest = rest.dropFirst(9) }
        var mark = rest.prefix { $0.isASCII && $0.isNumber }
        if mark.isEmpty { mark = rest.prefix { $0.isASCII && $0.isUppercase } }
        if mark.isEmpty { mark = rest.prefix { $0 == "*" || $0 == "†" } }
        guard !mark.isEmpty, mark.count <= (mark.first?.isNumber == true ? 4 : 2), let after = rest.dropFirst(mark.count).first,
              after == "]" || after == ":" else { return nil }
        return "[\(mark)]"
    }

    /// Text of a section's own: a line of six words or more not all in capitals, a long line in
    /// a script without capitals or spaces (`宮沢賢治は一九二一年一月に上京して…`), or one that
    /// ends a sentence after a lower-case letter or such a script's letter. A title page's lines
    /// (`HARPER & BROTHERS, PUBLISHERS`, `1896`) have none.
    static func hasText(_ lines: ArraySlice<Substring>) -> Bool {
        lines.contains { isText(TextLines.trim($0)) }
    }

    /// `hasText` of one trimmed line. Words have letters: dot leaders and page numbers are none.
    static func isText(_ line: Substring) -> Bool {
        guard !line.isEmpty else { return false }
        let uncased = { (c: Character) in c.isLetter && !c.isUppercase }
        if line.contains(where: uncased), line.split(separator: " ").lazy.filter({ $0.contains(where: \.isLetter) }).count >= 6 { return true }
        if line.count >= 20, !line.contains(where: { $0.isCased }) { return true }
        let end = line.reversed().drop { "\"”’'_)」』".contains($0) }
        guard let last = end.first, ".!?。！？".contains(last) else { return false }
        return end.dropFirst().first.map(uncased) ?? false
    }
}
