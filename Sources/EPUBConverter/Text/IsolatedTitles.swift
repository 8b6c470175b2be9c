/// Headings without a label (`THE VOYAGE OF LIFE`, `Loomings.`, `INSCRIPTIONS`), found by how the
/// book sets its headings apart rather than by their words. Project Gutenberg and the sites that
/// copy its layout put more blank lines before a heading than between paragraphs (four or three
/// where paragraphs have one). The decision is the book's, not the line's: the gap headings get
/// is read from the headings found by their form (`CHAPTER I.`), or, in a book that has none,
/// must stand clearly above the paragraphs' gap; a line is a heading when it has that gap, stands
/// alone, and reads as a title.
enum IsolatedTitles {
    /// A block of text between blank lines: its first line, its line count, and the blank lines
    /// before and after it (a block at the start of the text has a large gap before it).
    struct Block {
        var line: Int
        var count: Int
        var gapBefore: Int
        var gapAfter: Int
        /// Characters in the first line, trimmed, counted up to 60: a heading's is short, a
        /// paragraph's on one line long.
        var firstLength = 0
    }

    /// Titles standing alone with a heading's gap, not among `known` headings or in `excluded`
    /// lines (contents lists), nor the book's own title and byline.
    /// `blocks`: the text's blocks as `blocks(_:)` reads them, read once by the caller.
    /// `lineParagraphs`: the text puts each paragraph on a line of its own, blank lines aside.
    static func find(_ lines: [Substring], blocks: [Block], known: [TextBookParser.Found], excluded: [Range<Int>], bookTitle: String?,
                     bookAuthor: String? = nil, lineParagraphs: Bool = false, emphasised: Set<Int> = []) -> [TextBookParser.Found] {
        let found = titles(lines, blocks: blocks, known: known, excluded: excluded, bookTitle: bookTitle, bookAuthor: bookAuthor, lineParagraphs: lineParagraphs)
        guard !emphasised.isEmpty else { return found }
        return dropEmphasisedLines(found, known: Set(known.map(\.line)).union(known.compactMap(\.titleLine)), emphasised: emphasised, lines)
    }

    /// `find`'s titles, set apart by blank lines or by indentation, before the text's own italic lines are left out.
    static func titles(_ lines: [Substring], blocks: [Block], known: [TextBookParser.Found], excluded: [Range<Int>], bookTitle: String?,
                       bookAuthor: String?, lineParagraphs: Bool) -> [TextBookParser.Found] {
        // Set apart by blank lines, or else by indentation.
        // The title page's lines and a chapter's notes are set apart as headings are, and head no section.
        // `chapters`: the chapters set apart by the gap, which hold titles set as paragraphs are as
        // labelled chapters do (袁氏当国's essays over their `　　采用美国制度为蓝本`).
        func byIndentation(chapters: [TextBookParser.Found]) -> [TextBookParser.Found] {
            let headings = (known + chapters).sorted { $0.line < $1.line }
            var unpunctuated = unpunctuatedTitles(lines, known: headings, excluded: excluded, bookTitle: bookTitle)
            // Set as paragraphs are inside a labelled chapter (`　　阿道夫·希特勒的出世` under `第一章
            // 第三帝国的诞生`): one of its sections, one level below it.
            for k in unpunctuated.indices {
                guard let above = headings.last(where: { $0.line < unpunctuated[k].line }), above.origin == .form, !above.isSubsection,
                      above.heading.level == .chapter, above.heading.number != nil, above.heading.section == nil else { continue }
                unpunctuated[k].isSubsection = true
            }
            let set = unindented(lines, known: known, excluded: excluded, bookTitle: bookTitle)
                + setInLikeHeadings(lines, known: known, excluded: excluded, bookTitle: bookTitle) + unpunctuated
            return UnheadedMatter.drop(set.sorted { $0.line < $1.line }, known: known, excluded: excluded, lines)
        }
        var byGap: [TextBookParser.Found] = []
        if let threshold = headingGap(blocks, known: known, lines: lines) {
            byGap = apart(lines, blocks: blocks, threshold: threshold, known: known, excluded: excluded, bookTitle: bookTitle, bookAuthor: bookAuthor,
                          lineParagraphs: lineParagraphs)
        }
        let indented = byIndentation(chapters: byGap.filter { !$0.isSubsection })
        // A CJK book may set a title apart both ways (`附属書` unindented over text indented by
        // `　　`, as CJK paragraphs are; `感谢盟主` two blank lines below its chapter's text): each
        // cue finds its own. Latin verse is indented too, so there the gap alone speaks.
        if !byGap.isEmpty {
            let gapLines = Set(byGap.map(\.line))
            var cjk = indented.filter { !gapLines.contains($0.line) && isCJKTitle(Substring($0.heading.title)) }
            // A title set as a paragraph is (`　　采用美国制度为蓝本`) under a chapter set apart by the
            // gap (`孙文创制 宣统退位 袁氏当国`, five blank lines down) is set closer than it: one level below.
            let all = (known + byGap).sorted { $0.line < $1.line }
            for k in cjk.indices where cjk[k].origin == .unpunctuated {
                guard let above = all.last(where: { $0.line < cjk[k].line }), above.origin == .setApart, !above.isSubsection else { continue }
                cjk[k].isSubsection = true
            }
            return (byGap + cjk).sorted { $0.line < $1.line }
        }
        // Where paragraphs are lines, blank lines part no paragraphs: when nothing else has found a
        // heading, blocks two or more blank lines apart are the book's divisions, each under its
        // title (a Mahabharata's `आदि पर्व अध्याय १` right over its verses, four blank lines above).
        guard indented.isEmpty, lineParagraphs, known.isEmpty, let paragraphGap = paragraphGap(blocks) else { return indented }
        if paragraphGap >= 2 {
            return apart(lines, blocks: blocks, threshold: 2, known: known, excluded: excluded, bookTitle: bookTitle, bookAuthor: bookAuthor)
        }
        return titledBlocks(lines, blocks: blocks, excluded: excluded, bookTitle: bookTitle)
    }

    /// Titles at the margin without the author's name on the title page (`老舍` under `骆驼祥子`, over
    /// chapter `一`), which stands as a title does. A story's title over its numbered parts reads the
    /// same (`狂人日记` under `呐喊`, over its `一`): where another title at the margin stands over a
    /// chapter 1 too, the book is stories in parts and the name is kept as the first story's title.
    static func withoutAuthor(_ found: [TextBookParser.Found], _ author: String?, _ lines: [Substring]) -> [TextBookParser.Found] {
        // However the name is spaced (`夏目 漱石` in the header, `夏目漱石` over a biography).
        func compact(_ text: String) -> String { ContentsList.normalized(Substring(text)).filter { $0 != " " } }
        guard let author = author.map(compact), let k = found.firstIndex(where: { compact($0.heading.title) == author }) else { return found }
        // The next line with text says chapter 1 (`一`, `I.`, `CHAPTER I`), whatever the sequence made of it.
        func headsChapterOne(_ title: TextBookParser.Found) -> Bool {
            guard let next = lines[(title.line + 1)...].prefix(6).first(where: { !TextLines.isBlank($0) }) else { return false }
            let line = TextLines.trim(next)
            return (HeadingMatcher.match(line) ?? HeadingMatcher.numeral(line) ?? HeadingMatcher.chineseNumeral(line))?.number == 1
        }
        if found.indices.contains(where: { $0 != k && headsChapterOne(found[$0]) }) { return found }
        return found.enumerated().filter { $0.offset != k }.map(\.element)
    }

    /// Where paragraphs are lines and a blank line stands only before a title (a site's export:
    /// `自序（1）` right over its first paragraph, `5.我想开糖果连锁店（2）` over the next page of the
    /// chapter), each block of text is a section under its first line. The decision is the
    /// book's, read over all its blocks: four or more of two lines or more after the first (the
    /// title page's), nine in ten of them opening with a title over prose. A book that parts
    /// scenes or paragraphs by blank lines opens its blocks with prose.
    static func titledBlocks(_ lines: [Substring], blocks: [Block], excluded: [Range<Int>], bookTitle: String?) -> [TextBookParser.Found] {
        let title = bookTitle.map { ContentsList.normalized(Substring($0)) }
        let text = blocks.dropFirst().filter { block in block.count >= 2 && !excluded.contains { $0.contains(block.line) } }
        guard text.count >= 4 else { return [] }
        let titled = text.filter { opensWithTitle($0, lines) && ContentsList.normalized(TextLines.trim(lines[$0.line])) != title }
        guard titled.count * 10 >= text.count * 9 else { return [] }
        return titled.map { block in
            let name = HeadingMatcher.collapse(TextLines.trim(lines[block.line]))
            return TextBookParser.Found(line: block.line, heading: Heading(level: .chapter, title: name, name: name), titleLine: nil, origin: .setApart)
        }
    }

    /// A block's first line is a title over its text: a title (CJK, or Latin of a few words with no
    /// sentence's end), not a list's or a label, with a line of prose (40 characters or more, or a
    /// sentence's end) among the three below it (a byline, `◇ 熊晓鸽`, may come first).
    static func opensWithTitle(_ block: Block, _ lines: [Substring]) -> Bool {
        let first = TextLines.trim(lines[block.line])
        let normalized = ContentsList.normalized(first)
        guard isCJKTitle(first) || first.count <= 60 && isTitle(first) && !ParagraphStyle.endsSentence(first),
              !isListTitle(normalized), !MetadataGuesser.notTitles.contains(normalized), !HeadingMatcher.isContentsEntry(first) else { return false }
        return lines[(block.line + 1)..<(block.line + min(block.count, 4))].contains { line in
            let text = TextLines.trim(line)
            return text.count >= 40 || ParagraphStyle.endsSentence(text)
        }
    }

    /// `lineParagraphs`: the text puts each paragraph on a line of its own, so its paragraphs are
    /// set apart by no blank line, and one blank line already sets a title apart.
    static func apart(_ lines: [Substring], blocks: [Block], threshold: Int, known: [TextBookParser.Found], excluded: [Range<Int>],
                      bookTitle: String?, bookAuthor: String?, lineParagraphs: Bool = false) -> [TextBookParser.Found] {
        let knownLines = Set(known.map(\.line)).union(known.compactMap(\.titleLine))
        let authors = bylineNames(lines, bookAuthor: bookAuthor)
        let title = (bookTitle.map { Substring($0) } ?? firstTitleText(blocks, lines)).map(ContentsList.normalized)
        let firstEntries = listsFirstEntries(blocks, lines)
        let entries = ContentsList.entryTexts(excluded, lines)
        let firstKnown = knownLines.min() ?? lines.count
        // The block after each block: what a title would head.
        var after: [Int: Block] = [:]
        for (block, next) in zip(blocks, blocks.dropFirst()) { after[block.line] = next }
        // A block heads no text when nothing follows, or a heading does (known, or a line set apart as one).
        func headsNothing(_ block: Block) -> Bool {
            guard let next = after[block.line] else { return true }
            return knownLines.contains(next.line) || next.count == 1 && next.gapBefore >= threshold
        }
        // A block right below a heading, or below the heading and one short line under it (a
        // letter's `_To Mrs. Saville, England._`): the head of the text that heading opens.
        func opensHeadedText(_ block: Block) -> Bool {
            guard let first = lines[..<block.line].lastIndex(where: { !TextLines.isBlank($0) }), block.line - first <= 6 else { return false }
            if knownLines.contains(first) { return true }
            guard TextLines.trim(lines[first]).count <= 60, let second = lines[..<first].lastIndex(where: { !TextLines.isBlank($0) }) else { return false }
            return first - second <= 6 && knownLines.contains(second)
        }
        // A paragraph of text right below the block: what a story's title heads, and no title page.
        func headsProse(_ block: Block) -> Bool {
            guard let next = after[block.line], !knownLines.contains(next.line) else { return false }
            let first = TextLines.trim(lines[next.line])
            return (next.count >= 2 || first.count >= 50) && !TextLines.isCentred(lines[next.line]) && !isTitle(first)
        }
        // The book's title again: a half-title or the title page, unless it is the title's first
        // words over a story's text (`THE HAPPY PRINCE`, first of The Happy Prince and Other Tales).
        // A contents list tells nothing here: lists often open with the book's title.
        let author = bookAuthor.map { ContentsList.normalized(Substring($0)) }
        func repeatsBookTitle(_ normalized: String, _ block: Block) -> Bool {
            guard let title else { return false }
            if normalized == title { return true }
            if isHalfTitle(normalized, of: title) { return !headsProse(block) }
            // Over the author's byline (`FAIRY TALES` / `By The Brothers Grimm`), or the title's and
            // the author's words over nothing but the first story (`THE BROTHERS GRIMM FAIRY TALES`).
            if let author, let next = after[block.line], ContentsList.normalized(TextLines.trim(lines[next.line])) == "by " + author { return true }
            return isTitleAndAuthor(normalized, title: title, author: author) && headsNothing(block)
        }
        // `loose`: a line alone may read as an essay's title (`isEssayTitle`) too.
        func candidate(_ block: Block, loose: Bool) -> TextBookParser.Found? {
            // A contents list's region may run past the book's first heading (a verse prologue is
            // no prose to end it); its own entries never have a heading's gap.
            guard !knownLines.contains(block.line), !(block.line..<(block.line + block.count)).contains(where: knownLines.contains),
                  !isPictureCaption(block.line, lines),
                  // Above the book's first heading, a line wholly in book-title marks is the book's title.
                  !(isBookTitleMarked(TextLines.trim(lines[block.line])) && block.line < firstKnown),
                  !TextLines.isSetRight(lines[block.line]),
                  let (text, titleLine) = titleText(of: block, lines) ?? listedTitle(of: block, lines, entries: entries)
                    ?? (loose && block.count == 1 && isEssayTitle(TextLines.trim(lines[block.line])) ? (TextLines.trim(lines[block.line]), nil) : nil)
            else { return nil }
            let normalized = ContentsList.normalized(text)
            guard !repeatsBookTitle(normalized, block), !isListTitle(normalized),
                  !isByline(normalized),
                  !isEndMark(normalized), !isImprint(normalized), !authors.contains(normalized),
                  // A date closing the text above it (a preface's `1981年1月于美国`) heads nothing; a
                  // diary's dates head their entries.
                  // A letter's place and date under its heading (`Letter 1` / `St. Petersburgh, Dec.
                  // 11th, 17—.`) heads no text of its own either.
                  !(isDateline(text) && (headsNothing(block) || opensHeadedText(block))) else { return nil }
            return TextBookParser.Found(line: block.line, heading: Heading(level: .chapter, title: HeadingMatcher.collapse(text), name: HeadingMatcher.collapse(text)),
                                        titleLine: titleLine, origin: .setApart)
        }
        // The text's first block is its title, set apart as a heading is.
        func candidate(_ block: Block) -> TextBookParser.Found? { candidate(block, loose: false) }
        var candidates = blocks.dropFirst().filter { $0.gapBefore >= threshold && !firstEntries.contains($0.line) }.compactMap(candidate)
        // Right below a heading with no text between (a group's `INSCRIPTIONS`, then its first
        // poem), a title lacks the paragraph's blank line a heading after text has: one blank line
        // less will do, when that is more than headings leave above their own text, and the title
        // heads text (over it, or closer to it than to a heading): titles stacked over one another
        // as closely are a list's entries.
        candidates = withTitlesRightBelowHeadings(candidates, known: knownLines, blocks: blocks, threshold: threshold, lines, candidate: candidate)
        // Where paragraphs run on line after line with no blank line between, a title between
        // blank lines in a chapter's text (`　　德清县的石匠们`, 叫魂 as downloaded) is set closer
        // than chapters and further than paragraphs.
        let paragraphGap = lineParagraphs && paragraphsRunTogether(blocks, lines) && isCJKText(lines) ? 0 : paragraphGap(blocks)
        if let paragraphGap {
            // A contents list's entries, spaced as they may be, are no sections.
            let outsideLists = blocks.filter { block in !excluded.contains { $0.contains(block.line) } }
            candidates = closerSections(candidates, known: knownLines, lines, blocks: outsideLists, threshold: threshold, paragraphGap: paragraphGap,
                                        candidate: candidate(_:loose:))
        }
        candidates = dropTextLabels(candidates, blocks: blocks, paragraphGap: paragraphGap ?? 1, lines)
        // A caption a list of illustrations names (`Tail Piece`) stands alone under its picture: no heading.
        let captions = illustrationCaptions(lines)
        let titles = captions.isEmpty ? candidates : candidates.filter { !captions.contains(ContentsList.normalized(Substring($0.heading.title))) }
        let out = UnheadedMatter.drop(titles, known: known, excluded: excluded, lines)
        // One title alone is no evidence of a layout (the title page's lines left out).
        return out.count >= 2 || !known.isEmpty ? out : []
    }

    /// `candidates` and the titles right below a heading with no text between (see `apart`): one
    /// blank line less than the heading gap will do, when that is more than headings leave above
    /// their own text, and the title heads text.
    static func withTitlesRightBelowHeadings(_ candidates: [TextBookParser.Found], known: Set<Int>, blocks: [Block], threshold: Int,
                                             _ lines: [Substring], candidate: (Block) -> TextBookParser.Found?) -> [TextBookParser.Found] {
        var headingBlocks = known.union(candidates.map(\.line))
        let below = max(2, threshold - 1, textGap(blocks, headings: headingBlocks, lines) + 1)
        guard below < threshold else { return candidates }
        var out = candidates
        for (previous, block) in zip(blocks, blocks.dropFirst())
        where block.gapBefore >= below && block.gapBefore < threshold && previous.count == 1 && headingBlocks.contains(previous.line)
            && (block.count >= 2 || block.gapAfter < below) {
            guard let found = candidate(block) else { continue }
            out.append(found)
            headingBlocks.insert(block.line)
        }
        return out.sorted { $0.line < $1.line }
    }

    /// The text's first block that reads as a title, which is where a title stands (a half-title
    /// repeats it); a transcription's credit or note above it is prose. A title broken over two
    /// lines (`WORLD CULTURES AND` / `GEOGRAPHY`) is the block's two lines.
    static func firstTitleText(_ blocks: [Block], _ lines: [Substring]) -> Substring? {
        blocks.lazy.filter { $0.count <= 3 }
            .first { block in
                let line = TextLines.trim(lines[block.line])
                // Its first line may end where the title breaks (`CREATIVE COMMONS -` / `A SHARED CULTURE`).
                // A CJK title has no capitals to show (`ガリ版の話` over `津野海太郎 著`).
                return IllustrationMarkers.placeholderText(line) == nil
                    && (isTitle(line) || isCJKTitle(line) && line.contains(where: \.isLetter) || titleText(of: block, lines) != nil)
            }
            .map { titleText(of: $0, lines)?.0 ?? TextLines.trim(lines[$0.line]) }
    }

    /// The author's name standing alone (`T.S. Eliot` on the title page), normalized: the one the
    /// frame gives, or one a `by` line near the top gives (`BY` alone over the name too).
    static func bylineNames(_ lines: [Substring], bookAuthor: String?) -> Set<String> {
        var authors = Set([bookAuthor].compactMap { $0 }.map { ContentsList.normalized(Substring($0)) })
        for (k, line) in lines.prefix(200).enumerated() {
            let trimmed = TextLines.trim(line)
            if trimmed.count <= 60, trimmed.lowercased().hasPrefix("by ") { authors.insert(ContentsList.normalized(trimmed.dropFirst(3))) }
            if trimmed.count == 2, trimmed.lowercased() == "by",
               let name = lines[(k + 1)...].prefix(3).first(where: { !TextLines.isBlank($0) }) {
                authors.insert(ContentsList.normalized(TextLines.trim(name)))
            }
        }
        return authors
    }

    /// The block right below each `CONTENTS` line: the list's first entry, however far below it stands.
    static func listsFirstEntries(_ blocks: [Block], _ lines: [Substring]) -> Set<Int> {
        var firstEntries: Set<Int> = []
        for (previous, block) in zip(blocks, blocks.dropFirst())
        where previous.count == 1 && ContentsList.words.contains(ContentsList.normalized(TextLines.trim(lines[previous.line]))) {
            firstEntries.insert(block.line)
        }
        return firstEntries
    }

    /// A line of the text set in italics, a sentence's stop closing it (a journal's `_Mina Murray's
    /// Journal._`, `_Varna to Whitby._` under a ship's log's title, Dracula), set apart after the
    /// book's first heading: the text's own line where the book sets its headings in roman (an
    /// italic one aside, Dracula's `_Letter from Miss Mina Murray to Miss Lucy Westenra._` under
    /// `CHAPTER V`), no section. `known`: the form headings' lines, title lines included;
    /// `emphasised`: the lines whose emphasis marks `HeadingDecoration.rewrite` took off.
    static func dropEmphasisedLines(_ candidates: [TextBookParser.Found], known: Set<Int>, emphasised: Set<Int>,
                                    _ lines: [Substring]) -> [TextBookParser.Found] {
        func isEmphasisedSentence(_ found: TextBookParser.Found) -> Bool {
            found.titleLine == nil && emphasised.contains(found.line) && TextLines.trim(lines[found.line]).last == "."
        }
        guard let first = known.min(), candidates.contains(where: { $0.line > first && isEmphasisedSentence($0) }) else { return candidates }
        let headingLines = known.union(candidates.map(\.line))
        guard headingLines.intersection(emphasised).count * 2 < headingLines.count else { return candidates }
        return candidates.filter { !($0.line > first && isEmphasisedSentence($0)) }
    }

    /// A title the book sets again and again as the first line of a paragraph in the flow of its
    /// text (a play's `PRINCE.` over his speeches, two blank lines above it now and then where a
    /// page ended; `LUCIO.`, `FAL.`): a label of the text, not a heading. Three such paragraphs
    /// make it one; a title repeated where each time it is set apart (`EPUB2` under each part)
    /// stays a heading.
    static func dropTextLabels(_ candidates: [TextBookParser.Found], blocks: [Block], paragraphGap: Int,
                               _ lines: [Substring]) -> [TextBookParser.Found] {
        guard !candidates.isEmpty else { return candidates }
        let texts = Set(candidates.map { TextLines.trim(lines[$0.line]) })
        let longest = texts.map(\.utf8.count).max() ?? 0
        var counts: [Substring: Int] = [:]
        // One pass over the text's paragraphs; most first lines are too long to be a title at all.
        for block in blocks where block.gapBefore <= paragraphGap && block.count >= 2 && lines[block.line].utf8.count <= longest + 40 {
            let first = TextLines.trim(lines[block.line])
            if texts.contains(first) { counts[first, default: 0] += 1 }
        }
        guard !counts.isEmpty else { return candidates }
        return candidates.filter { counts[TextLines.trim(lines[$0.line]), default: 0] < 3 }
    }

    /// Sections set apart less than chapters and more than paragraphs, as Distributed Proofreaders
    /// sets them (two blank lines before a section, four before a chapter): after the first
    /// chapter, titles with such a gap are one level below the heading above them. Two such
    /// titles at least: one alone may be a stray line. `known`: the lines of the headings found by
    /// their form, title lines included; `candidate` reads a block as a title, or nil.
    static func closerSections(_ chapters: [TextBookParser.Found], known: Set<Int>, _ lines: [Substring], blocks: [Block], threshold: Int,
                               paragraphGap: Int, candidate reading: (Block, Bool) -> TextBookParser.Found?) -> [TextBookParser.Found] {
        func candidate(_ block: Block) -> TextBookParser.Found? { reading(block, false) }
        guard threshold - paragraphGap >= 2 else { return chapters }
        let taken = Set(chapters.map(\.line))
        guard let first = taken.union(known).min() else { return chapters }
        var sections: [TextBookParser.Found] = []
        var belowHeadings: [Block] = []
        for (previous, block) in zip(blocks, blocks.dropFirst()) where block.line > first && !taken.contains(block.line) && !known.contains(block.line)
            && block.gapBefore > paragraphGap && block.gapBefore < threshold {
            if known.contains(previous.line) || taken.contains(previous.line) {
                belowHeadings.append(block)
            } else if var found = candidate(block) {
                found.isSubsection = true
                sections.append(found)
            }
        }
        // Right below a heading, a block is its text unless set further from it than the book
        // sets text from headings: as the headings over text show it, or, where fewer than two of
        // them stand over text, as the sections do (a Mahabharata's parva titles stand over
        // their first chapters, two blank lines down, each chapter one line over its verses;
        // only the title page's `Second Edition` stands over text).
        let overText = textGapCounts(blocks, headings: taken.union(known), lines)
        let textGap = overText.reduce(0, +) < 2 && sections.count >= 2
            ? self.textGap(blocks, headings: Set(sections.map(\.line)), lines) : mostCommonGap(overText)
        for block in belowHeadings where block.gapBefore > max(paragraphGap, textGap) {
            guard var found = candidate(block) else { continue }
            found.isSubsection = true
            sections.append(found)
        }
        if paragraphGap == 0 {
            sections += runTogetherSections(sections, blocks: blocks, taken: taken, known: known, threshold: threshold, lines, candidate: reading)
        }
        sections.sort { $0.line < $1.line }
        // One alone may be a stray line, unless it is set as every chapter's title is, in
        // capitals, over prose in mixed case (`BACKGROUND` under `THE VOYAGE OF LIFE`, then
        // `CHILDHOOD`, `YOUTH` …; a picture between them aside).
        func inCapitals(_ title: String) -> Bool { title.contains(where: \.isUppercase) && !title.contains(where: \.isLowercase) }
        func overProse(_ section: TextBookParser.Found) -> Bool {
            let start = (section.titleLine ?? section.line) + 1
            return lines[min(start, lines.count)...].prefix(12).first { line in
                !TextLines.isBlank(line) && IllustrationMarkers.placeholderText(TextLines.trim(line)) == nil
            }.map { TextLines.trim($0).count >= 60 && TextLines.trim($0).contains(where: \.isLowercase) } == true
        }
        guard sections.count >= 2 || sections.count == 1 && chapters.count >= 3 && overProse(sections[0])
                && (chapters.map(\.heading.title) + [sections[0].heading.title]).allSatisfy(inCapitals) else { return chapters }
        // A heading's first section right below it stands closer to it than a chapter to the text
        // above it (a part's first chapter has a chapter's blank lines, and the part's below them).
        let byLine = Dictionary(blocks.map { ($0.line, $0) }, uniquingKeysWith: { a, _ in a })
        var headingEnds = Set(blocks.filter { taken.contains($0.line) || known.contains($0.line) }.map { $0.line + $0.count })
        let afterText = chapters.compactMap { byLine[$0.line] }.filter { !headingEnds.contains($0.line - $0.gapBefore) }.map(\.gapBefore).sorted()
        let chapterGap = afterText.isEmpty ? threshold : max(threshold, afterText[afterText.count / 4])
        var out = chapters
        for k in out.indices {
            guard let block = byLine[out[k].line], block.gapBefore < chapterGap, headingEnds.contains(block.line - block.gapBefore) else { continue }
            out[k].isSubsection = true
            headingEnds.remove(block.line + block.count)
        }
        return (out + sections).sorted { $0.line < $1.line }
    }

    /// A heading by an unnumbered label (`Preface Note to 2nd Annex`) set as closely as the
    /// sections right after it (two blank lines, where chapters get four) is one of them, not the
    /// chapter they belong to.
    static func closerLabels(_ found: [TextBookParser.Found], blocks: [Block]) -> [TextBookParser.Found] {
        let headingLines = Set(found.map(\.line))
        let gaps = Dictionary(blocks.lazy.filter { headingLines.contains($0.line) }.map { ($0.line, $0.gapBefore) }, uniquingKeysWith: { a, _ in a })
        var out = found
        for k in out.indices.dropLast() where out[k].origin == .form && out[k].heading.level == .chapter && out[k].heading.number == nil
            && out[k].heading.section == nil && !out[k].isSubsection && out[k + 1].isSubsection && out[k + 1].origin == .setApart {
            guard let gap = gaps[out[k].line], gap == gaps[out[k + 1].line],
                  let above = out[..<k].last(where: { !$0.isSubsection }).flatMap({ gaps[$0.line] }), above > gap else { continue }
            out[k].isSubsection = true
        }
        return out
    }

    /// The title a block set apart gives, and the line its second half stands on: the block
    /// alone, one or two lines (`THE VOYAGE` / `OF LIFE`), or the block's first line with its
    /// text right below it, no blank line between (`MINERALS` / `The mineral resources of …`).
    static func titleText(of block: Block, _ lines: [Substring]) -> (Substring, Int?)? {
        let first = TextLines.trim(lines[block.line])
        // A picture right below a title (`Background` / `[Illustration: portrait …]`) is no part of it.
        if block.count >= 2, IllustrationMarkers.placeholderText(TextLines.trim(lines[block.line + 1])) != nil {
            return isTitle(first) ? (first, nil) : nil
        }
        if block.gapAfter >= 1, block.count <= 2 {
            // A title in capitals over a line of text, not in capitals, with a comma or a
            // sentence's end (`BIBLIOGRAPHY` / `Alden, Raymond Macdonald, Why the Chimes Rang.`),
            // is a title over its text: a title broken over two lines keeps its case (`THE VOYAGE`
            // / `OF LIFE`) or goes on as a title does (`EPUB` / `Accessibility 1.1`).
            let second = block.count == 2 ? TextLines.trim(lines[block.line + 1]) : ""
            if block.count == 2, first.count <= 60, TextBookParser.isCapitalsOverText(first, second),
               second.contains(",") || ParagraphStyle.endsSentence(second), isTitle(first) {
                return (first, nil)
            }
            let text = block.count == 1 ? first : Substring(first + " " + TextLines.trim(lines[block.line + 1]))
            if isTitle(text) || block.count == 2 && isSubtitled(first, by: TextLines.trim(lines[block.line + 1])) {
                return (text, block.count == 2 ? block.line + 1 : nil)
            }
            // A CJK title reads as one by its length and punctuation; it has words (a picture's
            // placeholder, a row of `＊`, does not).
            if block.count == 1, isCJKTitle(first), first.contains(where: \.isLetter), IllustrationMarkers.placeholderText(first) == nil,
               !MetadataGuesser.notTitles.contains(ContentsList.normalized(first)) {
                return (first, nil)
            }
        }
        guard block.count >= 2, isTightTitle(lines[block.line], over: lines[block.line + 1]) else { return nil }
        return (first, nil)
    }

    /// A title over its subtitle, which together run longer than a title alone may (`Small the
    /// Theme of My Chant` / `(From the 1867 edition “L. of G.”)`, `Nay, Tell Me Not To-day the
    /// Publish’d Shame` / `Winter of 1873, Congress in Session`, in Leaves of Grass): each line
    /// short, the first a title, the second one too or a note in brackets.
    static func isSubtitled(_ title: Substring, by subtitle: Substring) -> Bool {
        guard title.count <= 60, subtitle.count <= 60, isTitle(title) else { return false }
        return subtitle.hasPrefix("(") && subtitle.hasSuffix(")") || isTitle(subtitle)
    }

    /// A block's first line set apart that the book's contents list names word for word, in
    /// sentence case or with a lower-case name in it (`10. Processing structural semantics`,
    /// `B. epubReadingSystem object`), alone or right over its text (`12. Backward compatibility`
    /// over `[=Reading systems=] MUST …`), which `isTitle` and `isTightTitle` alone would read as
    /// prose: the list is the evidence, however many words it has. It still starts as a title
    /// does, has words (a poem's part `2`, listed under its title, is no title) and is no sentence.
    /// So is a long title the list gives on one line and the heading wraps over two to four
    /// (`DESCRIPTION OF THE METHODS ADOPTED BY THE DUKE VALENTINO WHEN MURDERING` / `VITELLOZZO
    /// VITELLI, …` / `DI GRAVINA ORSINI`, The Prince): the block's lines together.
    static func listedTitle(of block: Block, _ lines: [Substring], entries: Set<String>) -> (Substring, Int?)? {
        let text = TextLines.trim(lines[block.line])
        // A script without capitals starts a title as it starts anything (`宦官、女后、外戚和朋党`, which
        // its list names though its `、` would make it a clause alone).
        guard !entries.isEmpty, let first = text.first, text.contains(where: \.isLetter),
              first.isUppercase || first.isNumber || isCaseless(first)
                || text.unicodeScalars.contains(where: TextLines.isIdeograph) && !TextLines.isMostlyLatin(text) else { return nil }
        if text.count <= (block.count == 1 ? 90 : 60), !ParagraphStyle.endsSentence(text), entries.contains(ContentsList.normalized(text)) {
            return (text, nil)
        }
        guard (2...4).contains(block.count) else { return nil }
        let joined = (block.line..<(block.line + block.count)).map { TextLines.trim(lines[$0]) }.joined(separator: " ")
        guard joined.count <= 250, entries.contains(ContentsList.normalized(Substring(joined))) else { return nil }
        return (Substring(joined), block.line + block.count - 1)
    }

    /// A title set right over its text: it reads as a title, short, and the line below starts
    /// with a capital (or in a script without them) and opens prose (a long line, a sentence of
    /// six words or more) or a block indented under the title (a poem's verse, a dedication). So
    /// a letter's `Netherfield, Tuesday.` over `My dear Lizzy,`, or a stanza's first line, stays text.
    /// A title centred over text that is not (`   TO A HISTORIAN` / `You who celebrate bygones,`)
    /// is set apart by its place on the page. A CJK title over a long line of CJK prose is one too.
    static func isTightTitle(_ firstLine: Substring, over nextLine: Substring) -> Bool {
        // Emphasis marks around the title (`_A FOUR-LEAVED CLOVER_`) are not part of it.
        let trimmed = TextLines.trim(firstLine), next = TextLines.trim(nextLine)
        let first = HeadingDecoration.undecorated(trimmed, alone: true) ?? trimmed
        // A CJK title (`賢治の夢の世界`) has no capitals to show: short and unpunctuated over a long line of CJK prose.
        if let head = first.unicodeScalars.first, head.value >= 0x3000, !TextLines.isMostlyLatin(first) {
            return first.count <= 20 && isCJKTitle(first) && first.contains(where: \.isLetter) && next.count >= 40 && !TextLines.isMostlyLatin(next)
        }
        guard first.count <= 60, isTitle(first), let head = next.first,
              head.isUppercase || head.isNumber || isCaseless(head) || "\"“‘'_(".contains(head) else { return false }
        return next.count >= 40 || ParagraphStyle.endsSentence(next) && next.split(separator: " ").count >= 6
            || TextLines.indentation(nextLine).count >= TextLines.indentation(firstLine).count + 2
            || TextLines.isCentred(firstLine) && !TextLines.isCentred(nextLine)
    }

    /// The entries of a list of illustrations (a line `ILLUSTRATIONS` and the lines below it, up
    /// to two blank lines in a row), without page numbers.
    static func illustrationCaptions(_ lines: [Substring]) -> Set<String> {
        var out: Set<String> = []
        for (k, line) in lines.prefix(4000).enumerated() {
            let trimmed = TextLines.trim(line)
            guard !trimmed.isEmpty, trimmed.utf8.count <= 24, illustrationListWords.contains(ContentsList.normalized(trimmed)) else { continue }
            var j = k + 1
            while j < lines.count, j < k + 400, !(TextLines.isBlank(lines[j]) && j + 1 < lines.count && TextLines.isBlank(lines[j + 1])) {
                let entry = TextLines.trim(lines[j])
                if !entry.isEmpty { out.insert(ContentsList.normalized(ContentsList.withoutPage(entry))) }
                j += 1
            }
        }
        return out
    }

    /// Titles in a book that indents its paragraphs (`　　宮沢賢治は…`) and not its headings: an
    /// unindented short line that reads as a title, with an indented paragraph below it. The
    /// cue holds where nearly every line of text is indented and the headings found by their
    /// form, if any, are not.
    static func unindented(_ lines: [Substring], known: [TextBookParser.Found], excluded: [Range<Int>], bookTitle: String?) -> [TextBookParser.Found] {
        // One pass: how much of the text is indented, and the unindented lines no form took.
        var text = 0, indentedCount = 0
        var unindentedLines: [Int] = []
        let knownLines = Set(known.map(\.line)).union(known.compactMap(\.titleLine))
        for (k, line) in lines.enumerated() where !TextLines.isBlank(line) {
            text += 1
            if isIndented(line) { indentedCount += 1 } else if !knownLines.contains(k) { unindentedLines.append(k) }
        }
        guard text >= 20, indentedCount * 10 >= text * 8 else { return [] }
        guard known.filter({ isIndented(lines[$0.line]) }).count * 2 <= known.count else { return [] }
        let title = bookTitle.map { ContentsList.normalized(Substring($0)) }
        // Before the first paragraph stand the title page's lines (title, author, banners): only
        // a line alone in its block right above that paragraph may be a heading there.
        let firstParagraph = lines.firstIndex { !TextLines.isBlank($0) && isIndented($0) } ?? lines.count
        var frontHeading: Int?
        // A bracketed title there, with or without its byline (`【草枕】（夏目 漱石 著）`), is the book's
        // when it is the first line that reads as a title; below the book's title (`长夜行` /
        // `作者：某某` over `『雨落』`) it is the first chapter's, in the form of the others.
        let firstTitleLine = unindentedLines.first { isTitle(TextLines.trim(lines[$0])) || isCJKTitle(TextLines.trim(lines[$0])) }
        if let above = lines[..<firstParagraph].lastIndex(where: { !TextLines.isBlank($0) }), above > 0, TextLines.isBlank(lines[above - 1]),
           MetadataGuesser.bracketedTitle(String(TextLines.trim(lines[above]))) == nil || firstTitleLine.map({ $0 < above }) == true {
            frontHeading = above
        }
        func isCandidate(_ k: Int) -> Bool {
            let trimmed = TextLines.trim(lines[k])
            let normalized = ContentsList.normalized(trimmed)
            // A line with dot leaders or a page number is a contents list's entry (`आदि पर्व ..... 1`),
            // found or not as a list.
            return !excluded.contains(where: { $0.contains(k) }) && (isTitle(trimmed) || isCJKTitle(trimmed)) && normalized != title
                && !HeadingMatcher.isContentsEntry(trimmed)
                && !isListTitle(normalized) && !MetadataGuesser.notTitles.contains(normalized) && !isEndMark(normalized)
                && !trimmed.contains("：") && !trimmed.contains(":") && MetadataGuesser.creditedName(String(trimmed)) == nil
                && !isPictureCaption(k, lines)
        }
        func nextText(after k: Int, within: Int) -> Int? {
            lines.indices[(k + 1)...].prefix(within).first { !TextLines.isBlank(lines[$0]) }
        }
        var titled = Set<Int>()
        for k in unindentedLines where k >= firstParagraph || k == frontHeading {
            guard let next = nextText(after: k, within: 3), isIndented(lines[next]), isCandidate(k) else { continue }
            titled.insert(k)
        }
        // A title right above another one, a few blank lines apart, over its paragraph: a
        // division's title over its first chapter's (`आदि पर्व` over `आदि पर्व अध्याय १`), the
        // first of them above the book's first paragraph. A paragraph's line right above it ends
        // that paragraph as a blank line would (a book that indents paragraphs and leaves no blank lines).
        // Above the first paragraph, the book's own title (the first line that reads as one, when
        // no title is known) is no division.
        let firstTitle = firstTitleLine.map { TextLines.trim(lines[$0]) }
        let bookTitleLine = title ?? firstTitle.map(ContentsList.normalized)
        for k in unindentedLines where !titled.contains(k) {
            guard let next = nextText(after: k, within: 6), titled.contains(next) || knownLines.contains(next),
                  k >= firstParagraph || next == frontHeading && ContentsList.normalized(TextLines.trim(lines[k])) != bookTitleLine
                    && !isBookTitleMarked(TextLines.trim(lines[k])),
                  k == 0 || TextLines.isBlank(lines[k - 1]) || isIndented(lines[k - 1]), isCandidate(k),
                  // A date over the next heading signs the text above it (a preface's `1981年1月于美国`).
                  !isDateline(lines[k]) else { continue }
            titled.insert(k)
        }
        let out = titled.sorted().map { k in
            let trimmed = TextLines.trim(lines[k])
            return TextBookParser.Found(line: k, heading: Heading(level: .chapter, title: HeadingMatcher.collapse(trimmed),
                                                                 name: HeadingMatcher.collapse(trimmed)), titleLine: nil, origin: .setApart)
        }
        return out.count >= 2 || !known.isEmpty ? out : []
    }

    /// Indented by full-width spaces, a tab or two spaces: how such books start a paragraph.
    static func isIndented(_ line: Substring) -> Bool {
        guard let first = line.unicodeScalars.first else { return false }
        if first == "\u{3000}" || first == "\t" { return true }
        return first == " " && line.unicodeScalars.dropFirst().first == " "
    }

    /// The line under a title that notes a picture (`童年时光(1)(图)` over `卓别林`, the rules around
    /// the title and blank lines between): the picture's caption.
    static func isPictureCaption(_ line: Int, _ lines: [Substring]) -> Bool {
        guard let above = lines[..<line].lastIndex(where: { !TextLines.isBlank($0) && !HeadingDecoration.isRule(TextLines.trim($0), of: HeadingDecoration.ruleMarks, atLeast: 3) }),
              line - above <= 6 else { return false }
        return IllustrationMarkers.withoutPictureNote(TextLines.trim(lines[above])) != nil
    }

    /// The text's blocks, each with the blank lines around it. `blanked`: lines cleaning emptied.
    static func blocks(_ lines: [Substring], blanked: Set<Int> = []) -> [Block] {
        var out: [Block] = []
        var gap = 10
        var k = 0
        // A line cleaning blanked (a site's address) stood in its block: it parts none.
        func isBlank(_ k: Int) -> Bool { TextLines.isBlank(lines[k]) && !blanked.contains(k) }
        while k < lines.count {
            if isBlank(k) { gap += 1; k += 1; continue }
            let start = k
            while k < lines.count, !isBlank(k) { k += 1 }
            if !out.isEmpty { out[out.count - 1].gapAfter = min(gap, 10) }
            out.append(Block(line: start, count: k - start, gapBefore: min(gap, 10), gapAfter: 10, firstLength: TextLines.trim(lines[start]).prefix(60).count))
            gap = 0
        }
        if !out.isEmpty, gap < 10 { out[out.count - 1].gapAfter = max(gap, 1) }
        return out
    }

    /// The blank lines most headings alone in their block leave above their text: none where
    /// headings sit right over it (in the heading's own block). `headings`: their lines (a
    /// label's title line below it, `XXXVI.` / `THE QUARTER-DECK`, is the heading's too).
    /// A heading counts only over text: a block that no heading starts, of two lines or more or
    /// a long one (a paragraph on one line).
    static func textGap(_ blocks: [Block], headings: Set<Int>, _ lines: [Substring]) -> Int {
        mostCommonGap(textGapCounts(blocks, headings: headings, lines))
    }

    /// How many of the headings stand over their text with each gap (0 to 10 blank lines).
    static func textGapCounts(_ blocks: [Block], headings: Set<Int>, _ lines: [Substring]) -> [Int] {
        var histogram = [Int](repeating: 0, count: 11)
        for (block, next) in zip(blocks, blocks.dropFirst()) where headings.contains(block.line) {
            let alone = (block.line..<(block.line + block.count)).allSatisfy(headings.contains)
            let overText = !headings.contains(next.line) && (next.count >= 2 || TextLines.trim(lines[next.line]).unicodeScalars.count >= 80)
            if !alone { histogram[0] += 1 } else if overText { histogram[block.gapAfter] += 1 }
        }
        return histogram
    }

    /// The gap most often counted, the smaller on a tie.
    static func mostCommonGap(_ histogram: [Int]) -> Int {
        histogram.indices.max { histogram[$0] < histogram[$1] || histogram[$0] == histogram[$1] && $0 > $1 } ?? 0
    }

    /// The blank lines a heading has before it in this book, or nil when headings are not set
    /// apart by them. Paragraphs' gap is the most common one (a book without blank lines between
    /// paragraphs gives no cue). With headings found by form, their gap (the lower quartile, so a
    /// few tighter ones do not lower it) must exceed the paragraphs'; without, a title needs two
    /// blank lines more than a paragraph.
    /// `lines`: the text, where pictures set over headings are seen; without it, the blocks' gaps alone.
    static func headingGap(_ blocks: [Block], known: [TextBookParser.Found], lines: [Substring]? = nil) -> Int? {
        guard let paragraphGap = paragraphGap(blocks) else { return nil }
        // A heading under a picture set close above it, below text or another picture (an
        // illustrated edition's head-piece over each chapter's `IV.`, The Scarlet Letter), is as far
        // from the text above as the picture is: else every heading seems set as close as a paragraph.
        var byLine = Dictionary(blocks.map { ($0.line, $0.gapBefore) }, uniquingKeysWith: { a, _ in a })
        if let lines {
            for k in blocks.indices.dropFirst() where blocks[k].gapBefore <= 1 && isPicture(blocks[k - 1], lines)
                && (k < 2 || isPicture(blocks[k - 2], lines) || !isShortLine(blocks[k - 2], lines)) {
                byLine[blocks[k].line] = max(blocks[k].gapBefore, blocks[k - 1].gapBefore)
            }
        }
        // A heading right under another one (a volume's first chapter) stands as close to it as
        // the book sets a title over its text: only a heading after text shows the heading gap.
        let knownLines = Set(known.flatMap { [$0.line] + ($0.titleLine.map { [$0] } ?? []) })
        let underHeading = Set(zip(blocks, blocks.dropFirst()).compactMap { previous, block in
            (previous.line..<(previous.line + previous.count)).contains(where: knownLines.contains) ? block.line : nil
        })
        // A label set only as far apart as paragraphs (a dictionary's entry `Introduction`), or a
        // numbered section run in as closely (`A.1 Opening brackets`, its numbering the evidence),
        // tells nothing of how the book sets its titles.
        func gapsBefore(_ headings: [TextBookParser.Found]) -> [Int] {
            headings.filter { $0.heading.level == .chapter }.compactMap { found -> Int? in
                guard let gap = byLine[found.line], !((isUnnumberedLabel(found) || found.heading.section != nil) && gap <= paragraphGap) else { return nil }
                return gap
            }.sorted()
        }
        // Too few after text to tell (a play's second scenes), all of them speak.
        let afterText = gapsBefore(known.filter { !underHeading.contains($0.line) })
        let gaps = afterText.count >= 3 ? afterText : gapsBefore(known)
        // Two or fewer headings by form tell nothing of the layout (they may be a sub-heading's
        // `II.` and `III.`): titles then need two blank lines more than a paragraph.
        guard gaps.count >= 3 else {
            if let lines, titlesOpenEveryBlock(blocks, gap: paragraphGap + 1, lines) { return paragraphGap + 1 }
            return paragraphGap + 2
        }
        let quartile = gaps[gaps.count / 4]
        return quartile > paragraphGap ? quartile : nil
    }

    /// Whether the blocks set `gap` blank lines below the text (one more than its paragraphs
    /// get) open with a title, alone or right over its text (`　　賢治の夢の世界` over its first
    /// paragraph, two blank lines above, one between paragraphs), three at least and three in
    /// four (`著者について` over a name is no title by its form): the book's headings, taken
    /// together. A scene break's extra line opens a paragraph of prose, and such blocks make the
    /// gap no heading's.
    static func titlesOpenEveryBlock(_ blocks: [Block], gap: Int, _ lines: [Substring]) -> Bool {
        // The title page's blocks stand apart too: only blocks from the first that holds a line of
        // prose count (a title over its first paragraph is one).
        guard let prose = blocks.firstIndex(where: { block in
            (block.line..<(block.line + block.count)).contains { TextLines.trim(lines[$0]).count >= 50 }
        }) else { return false }
        let apart = blocks[prose...].filter { $0.gapBefore == gap }
        let titled = apart.filter { titleText(of: $0, lines) != nil }.count
        return titled >= 3 && titled * 4 >= apart.count * 3
    }

    /// A block of one picture's placeholder.
    static func isPicture(_ block: Block, _ lines: [Substring]) -> Bool {
        block.count == 1 && IllustrationMarkers.placeholderText(TextLines.trim(lines[block.line])) != nil
    }

    /// A block of one short line: a title's, or a label's.
    static func isShortLine(_ block: Block, _ lines: [Substring]) -> Bool {
        block.count == 1 && TextLines.trim(lines[block.line]).count < 60
    }

    /// A label without a number (`Introduction`, `Conclusion: Sixty men …`) inside the run of the
    /// book's other headings (numbered, or titles set apart) that stands only as far apart as the
    /// book's paragraphs, in a book that sets those headings further apart, is a word of the text
    /// (a dictionary's entry `Introduction` under its letter I), not a heading. Before the first of
    /// them or after the last it keeps its place however it is set (Tom Sawyer's `CONCLUSION`, one
    /// blank line below the text), and right under a division's label it opens the division.
    static func dropUnsetLabels(_ found: [TextBookParser.Found], blocks: [Block]) -> [TextBookParser.Found] {
        guard found.contains(where: isUnnumberedLabel) else { return found }
        let others = found.filter { !isUnnumberedLabel($0) }
        // A heading gap, when there is one, always stands above the paragraphs' gap.
        guard let paragraphGap = paragraphGap(blocks), headingGap(blocks, known: others) != nil else { return found }
        let byLine = Dictionary(blocks.map { ($0.line, $0.gapBefore) }, uniquingKeysWith: { a, _ in a })
        guard let first = others.first?.line, let last = others.last?.line else { return found }
        // A division's label block (`ACT II.`, or its last line, the title under it): a label
        // right below it opens the division (`PROLOGUE.`), as close as its paragraphs or not.
        let divisionEnds = Set(others.filter { $0.heading.level == .volume }.map { $0.titleLine ?? $0.line })
        var blockAbove: [Int: Int] = [:]
        if !divisionEnds.isEmpty {
            for (above, block) in zip(blocks, blocks.dropFirst()) { blockAbove[block.line] = above.line + above.count - 1 }
        }
        return found.filter { candidate in
            guard isUnnumberedLabel(candidate),
                  first < candidate.line, candidate.line < last, let gap = byLine[candidate.line] else { return true }
            if let above = blockAbove[candidate.line], divisionEnds.contains(above) { return true }
            return gap > paragraphGap
        }
    }

    /// The blank lines most blocks have before them: the paragraphs' gap; nil when paragraphs
    /// have no blank line between them (then gaps give no cue).
    static func paragraphGap(_ blocks: [Block]) -> Int? {
        var histogram = [Int](repeating: 0, count: 11)
        // Blocks of three lines or more are text, never a heading: where there are enough of them,
        // theirs is the gap (a book of verse, a chapter's text one block under each title, has as
        // many titles as blocks of text). A heading set right over its text (`CHAPTER 1` / `AT THE
        // ADMIRAL BENBOW` / its first paragraph) opens such a block with a short line: its gap is the
        // heading's, and paragraphs on a line each, a line of prose alone in its block, say theirs.
        let text = blocks.dropFirst().filter { $0.count >= 3 && $0.firstLength >= 20 || $0.firstLength >= 60 }
        for block in text.count >= 20 ? text : Array(blocks.dropFirst()) { histogram[block.gapBefore] += 1 }
        guard let gap = histogram.indices.max(by: { histogram[$0] < histogram[$1] }), gap >= 1 else { return nil }
        return gap
    }

    /// Paragraphs a line each set one under another with no blank line between: blocks of three
    /// lines or more hold nine in ten of the text's lines of prose (twenty characters or more),
    /// five lines long on average. Titles are short and stand alone whatever the sections' length
    /// (走出帝制's `“辛亥观”的演变` over a few paragraphs each), so only prose counts. A text that
    /// parts such paragraphs by blank lines has blocks of a line or two.
    static func paragraphsRunTogether(_ blocks: [Block], _ lines: [Substring]) -> Bool {
        func prose(_ block: Block) -> Int {
            lines[block.line..<min(block.line + block.count, lines.count)].reduce(0) { $0 + (TextLines.trim($1).count >= 20 ? 1 : 0) }
        }
        let text = blocks.dropFirst()
        let proseLines = text.reduce(0) { $0 + prose($1) }
        let long = text.filter { $0.count >= 3 }
        let inLong = long.reduce(0) { $0 + $1.count }
        let proseInLong = long.reduce(0) { $0 + prose($1) }
        return proseLines >= 40 && proseInLong * 10 >= proseLines * 9 && inLong >= 5 * long.count
    }

    /// A CJK text: of its first hundred lines of twenty characters or more, most hold ideographs.
    /// Verse in a Latin or Hebrew script sets its stanzas as such a text sets paragraphs, and a
    /// stanza's line alone is no title.
    static func isCJKText(_ lines: [Substring]) -> Bool {
        let long = lines.lazy.filter { $0.count >= 20 }.prefix(100)
        let cjk = long.filter { $0.unicodeScalars.contains(where: TextLines.isIdeograph) }.count
        return cjk * 2 > long.count
    }

    static func isUnnumberedLabel(_ found: TextBookParser.Found) -> Bool {
        found.origin == .form && found.heading.number == nil && found.heading.section == nil && found.heading.level == .chapter
    }
}
