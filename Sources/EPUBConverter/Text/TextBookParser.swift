import EPUBOutput
import Foundation

/// Turns decoded text into a `TextBook`: finds headings (or uses `--chapter-pattern`), drops a
/// contents block and repeated titles, nests chapters in volumes, keeps text before the first
/// heading as front matter, and cuts a book without headings at paragraph boundaries.
public enum TextBookParser {
    public static func parse(_ text: String, options: TextBookOptions = .init()) throws(ConversionError) -> TextBook {
        var lines = TextLines.split(text)
        guard lines.contains(where: { !TextLines.isBlank($0) }) else { throw .emptyText }
        let cleaned = cleanSource(&lines, keepLicence: options.keepLicence)
        let frame = cleaned.frame, trailer = cleaned.trailer
        let style = ParagraphStyle.detect(lines)
        let language = options.language ?? LanguageGuesser.guess(text)

        let chosen = try chapterPattern(options, lines)
        var detection = chosen.detection
        let (headingsFound, skippedHeadings) = headings(lines, style: style, pattern: chosen.pattern, partial: chosen.rule != nil,
                                                        bookTitle: options.title ?? frame?.title, bookAuthor: options.author ?? frame?.author,
                                                        blanked: cleaned.blanked, markup: cleaned.markup, emphasised: cleaned.emphasised, &detection)
        let found = headingsFound
        let chosenRule = chosen.rule, skippedRules = chosen.skipped

        var sections: [TextSection] = []
        let firstLine = found.first?.line ?? lines.count
        let front = paragraphs(lines[0..<firstLine], style: style)
        // Blank lines kept: a title page's blocks (title, `by`, author) are told apart by them. A
        // text that opens with its first heading has no title page (a tool's export, `=== 第一章 ===`
        // over the text): the file's name is the title, not a line of the first chapter.
        let frontLines = lines[0..<firstLine].prefix(400).map { String(TextLines.trim($0)) }
        // A site that prints the book's name before every heading (`《血色浪漫》第一章(1)`) names the book.
        let prefixes = found.filter { $0.origin == .sitePrefix }.compactMap { HeadingMatcher.prefixed(TextLines.trim(lines[$0.line]))?.prefix }
        let metadata = MetadataGuesser.guess(frontLines, fileName: options.fileName,
                                             fallbackTitle: frame?.markerTitle ?? cleaned.pageLabelName ?? MetadataGuesser.nameInPrefixes(prefixes, headings: found.count),
                                             notices: cleaned.notices)
        // A site's note names the book with labels: surer than a guess from the front.
        let title = options.title ?? frame?.bookTitle(titlePage: metadata.title, frontLines: frontLines) ?? trailer?.title ?? metadata.title
        let author = options.author ?? frame?.author ?? trailer?.author ?? metadata.author ?? cleaned.creditedAuthor
            ?? found.prefix(3).lazy.compactMap { MetadataGuesser.openingByline(lines[($0.line + 1)...]) }.first

        if found.isEmpty {
            detection = .size
            sections = cut(paragraphs(lines[...], style: style), size: options.partSize, language: language)
        } else {
            if !front.isEmpty { sections.append(TextSection(kind: .frontMatter, title: title, level: 1, paragraphs: front, line: frontStart(lines) + 1)) }
            sections += chapters(found, lines, style: style)
        }
        if !cleaned.licence.isEmpty {
            sections.append(TextSection(kind: .backMatter, title: "Project Gutenberg Licence", level: 1,
                                        paragraphs: paragraphs(cleaned.licence[...], style: style), line: (frame?.licenceStart ?? 0) + 1))
        }
        if options.chapterSplit > 0 { sections = splitLongChapters(sections, size: options.chapterSplit, language: language) }
        var book = TextBook(title: title, author: author, language: language, sections: sections, paragraphStyle: style, detection: detection,
                            noiseLines: cleaned.noise, skippedHeadingLines: skippedHeadings, tocRule: chosenRule?.name, skippedTocRules: skippedRules)
        if options.explain {
            for heading in found {
                let (evidence, sequence) = heading.evidence
                book.explanations[heading.line + 1] = TextSection.Explanation(evidence: evidence, sequence: sequence)
                if let division = heading.division {
                    book.divisionExplanations[heading.line + 1] = TextSection.Explanation(evidence: heading.divisionEvidence,
                                                                                        sequence: division.number.map { "\(formKey(division)) \($0)" })
                }
            }
        }
        return book
    }

    /// The pattern headings are taken by: `--chapter-pattern`, else the first usable rule of
    /// `--toc-rules`, else none (headings are recognised by their form).
    private static func chapterPattern(_ options: TextBookOptions, _ lines: [Substring]) throws(ConversionError)
        -> (pattern: NSRegularExpression?, detection: TextBook.Detection, rule: TocRules.Rule?, skipped: [TocRules.Skipped]) {
        var pattern: NSRegularExpression?
        if let source = options.chapterPattern {
            do { pattern = try NSRegularExpression(pattern: source) } catch {
                throw .badChapterPattern(source, reason: error.localizedDescription)
            }
        }
        if pattern == nil, let rules = options.tocRules {
            let choice = try rules.choose(for: lines)
            return (choice.regex, .tocRules, choice.rule, choice.skipped)
        }
        return (pattern, pattern == nil ? .headings : .pattern, nil, [])
    }

    /// The headings of the text, in order, with how many heading-like lines were passed over
    /// behind prefixes; `detection` becomes `.numberedLines` when only numbered lines were found.
    private static func headings(_ lines: [Substring], style: ParagraphStyle, pattern: NSRegularExpression?, partial: Bool,
                                 bookTitle: String?, bookAuthor: String?, blanked: Set<Int>, markup: [Int: String], emphasised: Set<Int>,
                                 _ detection: inout TextBook.Detection) -> (found: [Found], skipped: Int) {
        // Headings the book's own annotations mark are its headings.
        if pattern == nil, let annotated = AozoraNotation.headings(lines) { return (annotated, 0) }
        // One pass finds the headings and, aside, the numbered lines (`001 标题`, `2、标题`).
        // A printed contents list repeats the headings: its lines are evidence, never headings.
        let contents = pattern == nil ? ContentsList.regions(lines) : []
        let scanned = findHeadings(lines, style: style, pattern: pattern, partial: partial, numberedAside: pattern == nil, contents: contents)
        let listed = { (line: Int) in contents.contains { $0.contains(line) } }
        var found = RunOnDivisions.split(splitRecurringTitles(scanned.filter { !$0.isNumberedLine && !$0.inParagraph && !listed($0.line) }, lines))
        if !contents.isEmpty {
            let known = Set(found.map(\.line))
            let divisions = ContentsList.listedDivisions(contents, lines).filter { !known.contains($0.line) }
            found = (found + divisions.map { Found(line: $0.line, heading: $0.heading, titleLine: nil, origin: .listed) }).sorted { $0.line < $1.line }
            let named = ContentsList.namesOfNumberedEntries(contents, lines, known: Set(found.map(\.line)))
            found = (found + named.map { Found(line: $0.line, heading: $0.heading, titleLine: nil, origin: .listed) }).sorted { $0.line < $1.line }
        }
        let numberedLines = scanned.filter(\.isNumberedLine)
        var skippedHeadings = 0
        // Numbered lines joined a book with no other heading yet: if nothing else joins them, they
        // were found as numbered lines.
        var joinedAlone = false
        if pattern == nil {
            let behindPrefixes = prefixedHeadings(lines, style: style, skipping: Set(found.map(\.line)))
            found = (found + behindPrefixes.found).sorted { $0.line < $1.line }
            let labelled = bodyLabelled(lines, skipping: Set(found.map(\.line)))
            if !labelled.isEmpty { found = (found + labelled).sorted { $0.line < $1.line } }
            skippedHeadings = behindPrefixes.skipped
            // Numbered lines (`001 标题`, `2、标题`) join a book of `第…章` headings where they continue its
            // numbers, and a book whose other headings are its front and back matter and its divisions
            // (三体's `前言`, `1.疯狂年代` … `后记`), or none yet (共产党宣言's `一、资产者和无产者`, the
            // titles set apart, `(甲)封建的社会主义`, found later): numbered lines are its only chapters.
            if found.isEmpty && numberedLines.count >= 3 { joinedAlone = true }
            // Numbered lines that count from one again and again with no division over them are the
            // parts of sections (`一、关于这本书` under 血酬定律's `自序`, `一、命价问题` under `命价考略`),
            // which `NumberedParts` reads once the sections are known; never the book's chapters.
            // Each form counts for itself: `1．` under `三、` is a nested form, no restart.
            let ones = numberedLines.filter { !listed($0.line) && $0.heading.number == 1 }.map { NestedForms.numberStyle($0.heading.title) ?? "" }
            let restartsAlone = Set(ones).count < ones.count && !found.contains { $0.heading.level == .volume }
            if found.filter({ $0.heading.number != nil && !$0.heading.needsSequence }).count >= 3
                || numberedLines.count >= 3 && !restartsAlone
                && found.allSatisfy({ $0.heading.level == .volume || $0.heading.number == nil && $0.heading.section == nil }) {
                let known = Set(found.map(\.line))
                found = (found + numberedLines.filter { !known.contains($0.line) }).sorted { $0.line < $1.line }
            }
            let inParagraphs = scanned.filter { $0.inParagraph && !listed($0.line) }
            found = dropListClusters(repeatedLabels(dropEchoedHeadings(found, lines)), lines)
            found = SectionNumbers.follow(followSequence(NestedForms.mark(ParagraphLabels.fillGaps(found, with: inParagraphs))))
            found = NestedForms.closingDivisions(NestedForms.markDivisions(found, lines), lines)
            found = SectionNumbers.impliedAppendices(SectionNumbers.impliedChapters(found, lines, style: style), lines, style: style)
            let years = ReignYears.find(lines, known: Set(found.map(\.line)))
            if !years.isEmpty { found = (found + years).sorted { $0.line < $1.line } }
            // Titles a CJK book marks with brackets (`〈考城隍〉`), each alone over its text.
            let marked = MarkedTitles.find(lines, known: Set(found.map(\.line)), excluded: contents)
            if !marked.isEmpty { found = (found + marked).sorted { $0.line < $1.line } }
            // Titles without a label, set apart as the book sets its headings apart.
            let blocks = IsolatedTitles.blocks(lines, blanked: blanked)
            // The author a title page names above the first heading (`老舍` under `骆驼祥子`), as the
            // book's metadata reads it: a name, never a division over the chapters.
            let titlePageAuthor = bookAuthor == nil ? found.first.flatMap { first in
                MetadataGuesser.guess(lines[0..<first.line].prefix(400).map { String(TextLines.trim($0)) }, fileName: nil).author
            } : nil
            let isolated = IsolatedTitles.withoutAuthor(IsolatedTitles.find(lines, blocks: blocks, known: found, excluded: contents, bookTitle: bookTitle,
                                                                            bookAuthor: bookAuthor, lineParagraphs: style == .linePerParagraph,
                                                                            emphasised: emphasised),
                                                        titlePageAuthor, lines)
            let setApart = Set(isolated.map(\.line))
            if !isolated.isEmpty {
                found = IsolatedTitles.closerLabels(dropListClusters((found + isolated).sorted { $0.line < $1.line }, lines), blocks: blocks)
                // After the clusters are read: a list's set-apart entries are part of its cluster.
                found = ContentsList.withoutSetApartEntries(found, setApart: setApart, contents: contents, lines)
            }
            // Sections the contents list names that no form marks (`总论`, `钱穆年表` after the last
            // lecture): the lines that say them, where the list's order puts them.
            let unheaded = ContentsList.unheadedEntries(contents, lines, found: found)
            if !unheaded.isEmpty {
                found = (found + unheaded.map { Found(line: $0.line, heading: $0.heading, titleLine: nil, origin: .listed) }).sorted { $0.line < $1.line }
            }
            // Titles without a label, set apart or named by the contents list, take their level
            // from what they head and from the list's indentation.
            let untitled = setApart.union(found.filter { $0.origin == .listed }.map(\.line))
            if !untitled.isEmpty { IsolatedTitles.raiseDivisions(&found, isolated: untitled, lines) }
            if !setApart.isEmpty { IsolatedTitles.partsOfSubsections(&found, isolated: setApart, lines) }
            if !setApart.isEmpty { IsolatedTitles.closingTitles(&found, isolated: setApart, blocks: blocks) }
            if SectionNumbers.raiseAppendices(&found) || !untitled.isEmpty { found = SectionNumbers.depths(found) }
            found = IsolatedTitles.dropUnsetLabels(found, blocks: blocks)
            // The books an omnibus gathers, each under its own title page.
            let books = TitlePages.divisions(lines, found: found)
            if !books.isEmpty {
                let lines = Set(books.map(\.line))
                found = (found.filter { !lines.contains($0.line) } + books).sorted { $0.line < $1.line }
            }
            found = HeadingDecoration.sameMarkup(found, markup: markup, lines, excluded: contents, bookTitle: bookTitle)
            // Parts a chapter numbers in brackets (`（一）关于这本传记`), one level below it.
            let parts = NumberedParts.subsections(found, lines, excluded: contents)
            if !parts.isEmpty { found = (found + parts).sorted { $0.line < $1.line } }
        }
        // Nothing marks the headings but a list of their titles: its entries, said in its order.
        if found.isEmpty && pattern == nil && !contents.isEmpty {
            found = ContentsList.titlesInOrder(contents, lines).map { Found(line: $0.line, heading: $0.heading, titleLine: nil, origin: .listed) }
        }
        if found.isEmpty && pattern == nil {
            found = numberedLines
            if found.count < 3 { found = [] } else { detection = .numberedLines }
        } else if joinedAlone && found.allSatisfy(\.isNumberedLine) {
            detection = .numberedLines
        }
        // Headings by a pattern or numbered lines: a contents list among them is left out the same way.
        if pattern != nil || detection == .numberedLines { found = dropListClusters(found, lines) }
        found = dropMatterInBody(dropRepeatedHeadings(dropIndented(found, lines), lines))
        // Divisions the list names and the text never prints open at their first chapters.
        if pattern == nil { found = ContentsList.absentDivisions(found, contents, lines) }
        return (found, skippedHeadings)
    }

    /// Front and back matter named by its word (`推荐序`, `致谢`, `参考文献`) stands outside the numbered
    /// body: between its first and last numbered headings such a line is the text's (a glossary's
    /// entry, a chapter's own references).
    static func dropMatterInBody(_ found: [Found]) -> [Found] {
        let numbered = found.indices.filter { found[$0].heading.number != nil || found[$0].heading.section != nil }
        guard let first = numbered.first, let last = numbered.last, first < last else { return found }
        return found.enumerated().filter { k, heading in
            !(first < k && k < last && heading.heading.number == nil && HeadingMatcher.matterWords.contains { heading.heading.title.hasPrefix($0) })
        }.map(\.element)
    }

    /// The sections of the headings found: each one's body runs to the next heading; chapters
    /// nest in the volume before them, numbered parts one level deeper.
    static func chapters(_ found: [Found], _ lines: [Substring], style: ParagraphStyle) -> [TextSection] {
        var sections: [TextSection] = []
        var inVolume = false
        var parentLevel = 1
        var divisionLevel = 1
        // Where the book's back matter may start: after its last division and its last numbered heading.
        let lastVolume = found.lastIndex { $0.heading.level == .volume } ?? found.count
        let lastNumbered = found.lastIndex { $0.heading.number != nil || $0.heading.section != nil } ?? -1
        for (k, heading) in found.enumerated() {
            let bodyStart = (heading.titleLine ?? heading.line) + 1
            let bodyEnd = k + 1 < found.count ? found[k + 1].line : lines.count
            var body = bodyStart < bodyEnd ? paragraphs(lines[bodyStart..<bodyEnd], style: style) : []
            // A title repeated as the first line of the body is not a paragraph of its own.
            if let first = body.first, first == heading.heading.title || (!heading.heading.name.isEmpty && first == heading.heading.name) {
                body.removeFirst()
            }
            if let runOn = heading.runOn { body.insert(runOn, at: 0) }
            if let division = heading.division {
                sections.append(TextSection(kind: .volume, title: division.title, level: 1, paragraphs: [], line: heading.line + 1))
                inVolume = true
                divisionLevel = 1
                parentLevel = 1
            }
            let level: Int
            switch heading.heading.level {
            case .volume:
                inVolume = true
                level = heading.isSubdivision ? 2 : 1
                divisionLevel = level
                parentLevel = level
            case .chapter:
                // Back matter after the last division's chapters (`ENDNOTES` after `PART SIX`'s last
                // chapter) is the book's, outside the division, as front matter before the first is.
                if heading.topLevel || k > max(lastVolume, lastNumbered) && !heading.isSubsection
                    && isBackMatter(heading.heading) {
                    inVolume = false
                }
                // A subsection sits one level below the heading it follows (a chapter, or a division).
                level = (heading.isSubsection ? parentLevel + 1 : inVolume ? divisionLevel + 1 : 1) + heading.outlineDepth
                if !heading.isSubsection { parentLevel = level - heading.outlineDepth }
            }
            sections.append(TextSection(kind: heading.heading.level == .volume ? .volume : .chapter, title: withoutLetterSpacing(withoutNoteMark(heading.heading.title)), level: level,
                                        paragraphs: body, line: heading.line + 1))
        }
        return sections
    }

    /// A title without the spaces a layout set between its CJK characters to widen it (`第 十 一 章`,
    /// 白鹿原's labels from the eleventh on; `死 鸟` as wide as its neighbours `刷子李`, 俗世奇人's):
    /// two or more characters each alone between spaces are one word. A space between words stays
    /// (`第一章 雨夜`, `一 青衫磊落险峰行`).
    static func withoutLetterSpacing(_ title: String) -> String {
        // Scalars, not Foundation's search: every section's title is asked (20,000 in a long web novel).
        guard title.unicodeScalars.contains(where: { $0 == " " || $0 == "\u{3000}" }) else { return title }
        let tokens = title.split(whereSeparator: { $0 == " " || $0 == "\u{3000}" })
        func isSpacedLetter(_ token: Substring) -> Bool {
            token.count == 1 && token.unicodeScalars.first.map { (0x3400...0x9FFF).contains($0.value) } == true
        }
        var words: [String] = []
        var k = 0, joined = false
        while k < tokens.count {
            var end = k
            while end < tokens.count, isSpacedLetter(tokens[end]) { end += 1 }
            if end - k >= 2 {
                words.append(tokens[k..<end].joined())
                k = end
                joined = true
            } else {
                words.append(String(tokens[k]))
                k += 1
            }
        }
        return joined ? words.joined(separator: " ") : title
    }

    /// A title without the note reference set after it (`社戏⑴`: an annotated edition numbers its
    /// notes with the parenthesized numerals ⑴ to ⒇, which nothing else writes after a title), or
    /// without a scraped page's note that it holds a picture (`童年时光(1)(图)`).
    static func withoutNoteMark(_ title: String) -> String {
        if let bare = IllustrationMarkers.withoutPictureNote(Substring(title)) { return String(bare) }
        guard let last = title.unicodeScalars.last, (0x2474...0x2487).contains(last.value), title.unicodeScalars.count > 1 else { return title }
        return String(title.unicodeScalars.dropLast()).trimmingCharacters(in: .whitespaces)
    }

    /// The rest of a title in capitals wrapped under a label (Don Quixote's `WHICH TREATS OF …
    /// GENTLEMAN DON` / `QUIXOTE OF LA MANCHA`; Oliver Twist's titles over two to four lines,
    /// `IS A VERY SHORT ONE, AND MAY APPEAR …` / `ITS PLACE, BUT …` / `TO THE LAST, …` / `ARRIVES`):
    /// every line in capitals, every line but the last long (a wrap near the text's width), the
    /// last over a blank line, four lines at most. Nil when line `j` is no such title's first line;
    /// else the lines below it joined, and the title's last line.
    static func wrappedCapitals(below j: Int, _ lines: [Substring]) -> (rest: Substring, end: Int)? {
        func isCapitals(_ line: Substring) -> Bool { line.contains(where: \.isUppercase) && !line.contains(where: \.isLowercase) }
        var end = j
        while end + 1 < lines.count, !TextLines.isBlank(lines[end + 1]), end - j < 3 {
            let line = TextLines.trim(lines[end]), next = TextLines.trim(lines[end + 1])
            guard line.count >= (end == j ? 50 : 45), line.count <= 80, isCapitals(line), isCapitals(next), next.count <= 80,
                  HeadingMatcher.match(next) == nil else { return nil }
            end += 1
        }
        guard end > j, end + 1 == lines.count || TextLines.isBlank(lines[end + 1]) else { return nil }
        return (Substring(lines[(j + 1)...end].map { TextLines.trim($0) }.joined(separator: " ")), end)
    }

    /// Titles of the matter a book ends with, after its last numbered chapter: notes, glossary,
    /// index, bibliography, the producers' colophon and licence (a bibliography may also open a
    /// part, before its chapters; an appendix may head lettered ones); a Chinese book's afterword
    /// (`后记`, `跋`) and a web novel's closing word (`完本感言`), which its last volume does not hold.
    static let backMatterTitles: Set<String> = ["endnotes", "notes", "footnotes", "glossary", "index", "bibliography", "colophon",
                                                "uncopyright", "notes to the text", "transcriber's notes", "transcriber’s notes",
                                                "后记", "後記", "跋", "完本感言"]

    /// Labels of the words that close a book, whatever title follows them (`EPILOGUE. Spoken by a
    /// Dancer.`): after the last division and its last numbered heading, the book's, as a play's
    /// epilogue after its last act is.
    static let closingWords: Set<String> = ["epilogue", "afterword"]

    /// A Chinese book's closing sections by their word, whatever title follows it (`后记 变成神的这种动物`,
    /// `尾声`, as `Epilogue` closes an English one; `致谢`, `参考文献`, `尾注`, `大事年表`): the book's,
    /// never its last part's.
    static let closingSectionWords = ["后记", "後記", "译后记", "譯後記", "编后记", "編後記", "跋", "完本感言", "尾声", "尾聲"]
        + HeadingMatcher.matterWords.filter { !$0.hasSuffix("序") }

    /// Back matter by its whole title (`NOTES`, `后记`) or by a closing label, whatever follows it.
    static func isBackMatter(_ heading: Heading) -> Bool {
        heading.title.utf8.count <= 24 && backMatterTitles.contains(ContentsList.normalized(Substring(heading.title)))
            || closingWords.contains(formKey(heading))
            || closingSectionWords.contains { word in
                heading.title.hasPrefix(word) && (heading.title.dropFirst(word.count).first.map { HeadingMatcher.separators.contains($0) } ?? true
                    || HeadingMatcher.isPartMark(Substring(heading.title).dropFirst(word.count)))
            }
    }

    /// What goes before anything reads the text, line numbers kept as the source's: Project
    /// Gutenberg's header and licence blanked (the licence returned when it is to be kept),
    /// pictures' markers made placeholders, headings' decoration taken off, download sites' lines cleaned or blanked (counted;
    /// the blanked ones returned: a line of text stood there, so they part no blocks); `markup`:
    /// the lines set in a heading's markup, by kind; `emphasised`: the lines whose emphasis marks
    /// were taken off; a site's page labels blanked, the name they repeat returned.
    static func cleanSource(_ lines: inout [Substring], keepLicence: Bool) -> CleanedSource {
        // A text a browser saved as a page: the `<pre>`'s text only.
        let savedPage = HTMLDebris.unwrapSavedPage(&lines)
        let frame = GutenbergFrame.find(lines)
        var licence: [Substring] = []
        if let frame {
            if keepLicence, let start = frame.licenceStart { licence = Array(lines[start...]) }
            for k in lines.indices where !frame.body.contains(k) { lines[k] = "" }
        }
        var blanked: Set<Int> = []
        var noise = NoiseLines.joinAcrossPageBreaks(&lines, blanked: &blanked) + (savedPage ? 1 : 0)
        // A site's markers around the uploaded text, and its statement outside them.
        for k in UploadMarkers.siteLines(lines) {
            lines[k] = ""
            noise += 1
        }
        let trailer = SiteTrailer.find(lines)
        if let trailer {
            for k in trailer.range where !TextLines.isBlank(lines[k]) {
                lines[k] = ""
                noise += 1
            }
        }
        // Tags a site's scrape left (`<span class="right">…</span>`): before a heading in them is read.
        if HTMLDebris.isScrape(lines) {
            let decoys = HTMLDebris.repeatedDecoys(lines)
            for i in lines.indices {
                let cleaned = HTMLDebris.clean(lines[i], decoys: decoys)
                guard cleaned != lines[i] else { continue }
                lines[i] = cleaned
                noise += 1
            }
        }
        IllustrationMarkers.rewrite(&lines, blanked: &blanked)
        // Before the rules under titles are read: the legend's closing rule stands right under its text.
        AozoraNotation.blankLegend(&lines, blanked: &blanked)
        var markup: [Int: String] = [:]
        var emphasised: Set<Int> = []
        HeadingDecoration.rewrite(&lines, blanked: &blanked, markup: &markup, emphasised: &emphasised)
        // Lines a site's words were cut from and something left (`1.推荐使用…阅读器，下载地址：`): the
        // site's notice, however much of it stays.
        var notices: Set<Int> = []
        let noisy = lines.indices.filter { NoiseLines.mayHaveNoise(lines[$0]) || NoiseLines.opensStatement(lines[$0]) }
        let stamps = NoiseLines.repeatedSiteLines(lines, among: noisy)
        for i in noisy {
            // Cleaned whole: what is left of a paragraph's line keeps the paragraph's indentation.
            let cleaned = stamps.contains(i) ? nil : NoiseLines.clean(lines[i])
            if cleaned != lines[i] {
                lines[i] = cleaned ?? ""
                if cleaned == nil { blanked.insert(i) } else { notices.insert(i) }
                noise += 1
            }
        }
        for i in lines.indices where NoiseLines.isChapterMeta(lines[i]) {
            lines[i] = ""
            blanked.insert(i)
            noise += 1
        }
        // A site's page navigation (`上一章目　录下一章`) and the credits it repeats after every page:
        // blank, as the blank lines around them are; right under a paragraph they part nothing.
        // A site's page labels over the book's own numbers (`鼠疫2` over `2`): after the marks between them went.
        let pageLabels = SitePageLabels.find(lines)
        for i in pageLabels?.lines ?? [] {
            lines[i] = ""
            blanked.insert(i)
            noise += 1
        }
        let navigation = lines.indices.filter { NoiseLines.isNavigation(lines[$0]) }
        let credits = NoiseLines.repeatedCredits(lines)
        let site = Set(navigation + credits.lines)
        let inText = site.filter { i in
            i > 0 && !site.contains(i - 1) && !TextLines.isBlank(lines[i - 1]) || i + 1 < lines.count && !site.contains(i + 1) && !TextLines.isBlank(lines[i + 1])
        }
        for i in site {
            lines[i] = ""
            noise += 1
        }
        for i in lines.indices where !site.contains(i) {
            let kept = NoiseLines.withoutTrailingNavigation(lines[i])
            guard kept != lines[i] else { continue }
            lines[i] = kept
            noise += 1
        }
        blanked.formUnion(inText)
        return CleanedSource(frame: frame, licence: licence, noise: noise, blanked: blanked, markup: markup, emphasised: emphasised, trailer: trailer,
                             creditedAuthor: credits.author, notices: notices, pageLabelName: pageLabels?.name)
    }

    /// Chapters over `size` characters (Unicode scalars) cut at paragraph boundaries: the chapter
    /// keeps the first piece, the others follow as parts one level deeper, numbered from 2.
    static func splitLongChapters(_ sections: [TextSection], size: Int, language: String) -> [TextSection] {
        var out: [TextSection] = []
        for section in sections {
            // A chapter of no more UTF-8 bytes than the size has no more characters either: no count needed.
            guard section.kind == .chapter, section.paragraphs.reduce(0, { $0 + $1.utf8.count }) > size else {
                out.append(section)
                continue
            }
            var pieces: [[Substring]] = [[]]
            var length = 0
            for paragraph in section.paragraphs {
                let count = paragraph.unicodeScalars.count
                if length > 0, length + count > size {
                    pieces.append([])
                    length = 0
                }
                pieces[pieces.count - 1].append(paragraph)
                length += count
            }
            guard pieces.count > 1 else { out.append(section); continue }
            let cjk = language.hasPrefix("zh") || language.hasPrefix("ja")
            var first = section
            first.paragraphs = pieces[0]
            out.append(first)
            for (n, piece) in pieces.enumerated().dropFirst() {
                let title = cjk ? "\(section.title)（\(n + 1)）" : "\(section.title) (\(n + 1))"
                out.append(TextSection(kind: .part, title: title, level: section.level + 1, paragraphs: piece))
            }
        }
        return out
    }

    /// Headings behind a prefix that download sites print before every heading line: a prefix
    /// counts when it stands before at least three headings, and the titles leave it out. Lines
    /// behind a rarer prefix are not taken (a sentence may quote a heading), only counted.
    static func prefixedHeadings(_ lines: [Substring], style: ParagraphStyle, skipping known: Set<Int>) -> (found: [Found], skipped: Int) {
        var byPrefix: [String: [Found]] = [:]
        var all: [(prefix: String, found: Found)] = []
        for (i, raw) in lines.enumerated() where !known.contains(i) {
            // A series' name set over the first heading of its block (`汉译世界学术名著丛书` / `出版说明`) is
            // no prose the heading runs on from: a CJK title alone above it, a blank line above that.
            if style == .blankLineSeparated, i > 0, !TextLines.isBlank(lines[i - 1]),
               !(i > 1 && TextLines.isBlank(lines[i - 2]) && IsolatedTitles.isCJKTitle(TextLines.trim(lines[i - 1]))) { continue }
            let line = TextLines.trim(raw)
            // A site's prefix may be Latin (`VIP卷 第101章 …`, a paid volume's name before each heading).
            guard let first = line.unicodeScalars.first, !first.isASCII || first == "[" || first == "(" || first.properties.isAlphabetic,
                  let (prefix, heading) = HeadingMatcher.prefixed(line) else { continue }
            let found = Found(line: i, heading: heading, titleLine: nil, origin: .sitePrefix)
            byPrefix[prefix, default: []].append(found)
            all.append((prefix, found))
        }
        // Prefixes that name divisions, each standing alone over its run (an omnibus's books).
        let divisions = PrefixDivisions.find(all, lines)
        var found: [Found] = divisions.divisions
        var skipped = 0
        for (prefix, list) in byPrefix {
            if list.count >= 3 || divisions.prefixes.contains(prefix) { found += list } else { skipped += list.count }
        }
        let prefixes = byPrefix.filter { $0.value.count >= 3 }.keys
        guard !prefixes.isEmpty else { return (found, skipped) }
        // Behind a prefix the site prints before every chapter, its other headings too (`《书名》引子`,
        // `《书名》尾声(1)`): what follows the prefix is a heading of its own.
        let taken = Set(found.map(\.line))
        for (i, raw) in lines.enumerated() where !known.contains(i) && !taken.contains(i) {
            guard let first = raw.unicodeScalars.first(where: { !TextLines.isSpace($0) }), !first.isASCII || first == "[" || first == "(" else { continue }
            // A series' name set over the first heading of its block (`汉译世界学术名著丛书` / `出版说明`) is
            // no prose the heading runs on from: a CJK title alone above it, a blank line above that.
            if style == .blankLineSeparated, i > 0, !TextLines.isBlank(lines[i - 1]),
               !(i > 1 && TextLines.isBlank(lines[i - 2]) && IsolatedTitles.isCJKTitle(TextLines.trim(lines[i - 1]))) { continue }
            let line = TextLines.trim(raw)
            guard line.count <= 40, let prefix = prefixes.first(where: { line.hasPrefix($0) }) else { continue }
            let rest = line.dropFirst(prefix.count).drop { HeadingMatcher.separators.contains($0) }
            guard let heading = HeadingMatcher.match(rest) ?? HeadingMatcher.specialInParts(rest), heading.number == nil else { continue }
            found.append(Found(line: i, heading: heading, titleLine: nil, origin: .sitePrefix))
        }
        return (found, skipped)
    }

    /// A site that prints `正文` before every heading of the book's body (`正文 郭序`, `正文 出版者言`,
    /// `正文 1.1 『近代中国』始于何时？`, a 天下书库 download): what follows the word is a heading, whatever
    /// its punctuation, where three lines or more are so set (a blank line right below each, 40
    /// characters at most after the word). Labels the scan read already (`正文 第一章`) are left to it.
    static func bodyLabelled(_ lines: [Substring], skipping known: Set<Int>) -> [Found] {
        var out: [Found] = []
        for (i, raw) in lines.enumerated() where !known.contains(i) && raw.unicodeScalars.first(where: { !TextLines.isSpace($0) }) == "正" {
            let line = TextLines.trim(raw)
            guard line.hasPrefix("正文"), let separator = line.dropFirst(2).first, " 　:：".contains(separator),
                  i + 1 >= lines.count || TextLines.isBlank(lines[i + 1]) else { continue }
            let rest = TextLines.trim(line.dropFirst(3))
            guard !rest.isEmpty, rest.count <= 40, !MetadataGuesser.notTitles.contains(String(rest)) else { continue }
            let heading = HeadingMatcher.match(rest) ?? Heading(level: .chapter, title: HeadingMatcher.collapse(rest), name: HeadingMatcher.collapse(rest))
            out.append(Found(line: i, heading: heading, titleLine: nil, origin: .sitePrefix))
        }
        return out.count >= 3 ? out : []
    }

    /// Chapter numbers as evidence. A line that is a heading only if its number continues the
    /// sequence (a long title, a bare numbered line) is kept when it does: the next number, or 1
    /// after a volume heading (numbering may restart in each volume). A clear heading is kept
    /// unless the sequence flows around it: the chapter before and the one after it are
    /// consecutive and its own number does not fit between them (`第三章里他说…` in chapter 12).
    static func followSequence(_ found: [Found]) -> [Found] {
        var out: [Found] = []
        var last: Int?
        var afterVolume = false
        // Where there are parents (keyword chapters, titled numerals like `I. A SCANDAL IN BOHEMIA`),
        // bare numerals number the parts inside each of them, from 1.
        let keywordChapters = found.filter { (!$0.numeral || !$0.heading.name.isEmpty && $0.titleLine == nil) && $0.heading.level == .chapter
            && $0.heading.number != nil }.count >= 2 && found.contains { $0.isBareNumeral }
        var lastPart: Int?
        // The longest run from 1 or 2 of each form, found when a run above 2 asks.
        var rivals: [String: Int] = [:]
        for (k, candidate) in found.enumerated() {
            var candidate = candidate
            let heading = candidate.heading
            // Subsections of another form number their own sequence under each heading (NestedForms).
            if candidate.isSubsection, heading.level == .chapter {
                out.append(candidate)
                continue
            }
            if heading.level == .volume {
                if isStrayCode(found, at: k) { continue }
                // The division's label printed again over its next chapter (`ACT I.` / `SCENE 1.`,
                // then `ACT I.` / `SCENE 2.`, as a play's transcription may set every scene): the
                // same division going on, not a new one.
                if let number = heading.number, let division = out.last(where: { $0.heading.level == .volume }),
                   division.heading.number == number, formKey(division.heading) == formKey(heading),
                   out.last?.heading.level == .chapter { continue }
                out.append(candidate)
                afterVolume = true
                // A division's label over its first chapter's on one line (`ACT IV. SCENE I.
                // CAESAR'S Camp`): the chapters go on from that one (`SCENE II.`).
                if let first = HeadingMatcher.match(Substring(heading.name)), first.level == .chapter, first.number == 1 {
                    last = 1
                    afterVolume = false
                }
                continue
            }
            // Section numbers follow their own numbering (SectionNumbers).
            if heading.section != nil {
                out.append(candidate)
                continue
            }
            guard let number = heading.number else {
                if !heading.needsSequence { out.append(candidate) }
                continue
            }
            // Bare numerals before any numbered parent are the book's own chapters (`I.` over `THE BURIAL OF THE
            // DEAD`, with notes titled `I. THE BURIAL OF THE DEAD` at the end); a `Dedication` before them is none.
            if keywordChapters && candidate.isBareNumeral && out.contains(where: { $0.heading.level == .chapter && !$0.isBareNumeral && $0.heading.number != nil }) {
                guard number == (lastPart ?? 0) + 1 else { continue }
                candidate.isSubsection = true
                out.append(candidate)
                lastPart = number
                continue
            }
            var continues = last.map { number == $0 + 1 } ?? (number <= 2) || (afterVolume && number == 1)
            // A code read as a number (`Chapter MD`) is no chapter, nor the one a misprint left out.
            if !continues, isStrayCode(found, at: k) { continue }
            // A dynastic history numbers each category of its chapters from 1 (`帝纪第十`, then
            // `志第一`, `志第二`; `孝武本纪第十二`, then `三代世表第一`): a new run of named ordinals.
            if !continues, number == 1, let last, last >= 2, HeadingMatcher.nameThenOrdinal(Substring(heading.title)) != nil,
               runLength(found, at: k) >= 2 {
                continues = true
            }
            // A numeral that only its sequence makes a heading needs one: the first of them counts
            // when the next numeral goes on from it (a lone `I` is a letter or a word).
            if continues, last == nil, candidate.numeral, heading.needsSequence,
               found[(k + 1)...].first(where: { $0.numeral && $0.isBareNumeral == candidate.isBareNumeral && $0.heading.level == .chapter })?
                .heading.number != number + 1 {
                continues = false
            }
            // One misprinted number (XXVII where XVII belongs) between two that fit is the missing
            // heading, and the sequence goes on from the number it stands for (Treasure Island's
            // `CHAPTER XXVII.` between XVI and XVIII).
            // One heading the scan missed (`XXV.` lost, `XXVI.` then `XXVII.`): the sequence goes on.
            // A numbering that starts above 2 (a volume of a longer work: an anthology's section
            // numbering its stories `CXC.` to `CCIV.`) starts where three consecutive numbers of
            // the form follow one another, other headings between them or not.
            if !continues, last == nil, number > 2, runLength(found, at: k) >= 3 {
                // …unless the book numbers the form from 1 for longer: a run above 2 before it is a
                // contents list's entries (`VIII.`, `IX.`, `X.` listed before chapter I).
                let form = formKey(heading)
                let rival = rivals[form] ?? found.indices.filter { found[$0].heading.number.map { $0 <= 2 } == true && isSameKind(found[$0], as: candidate) }
                    .map { runLength(found, at: $0) }.max() ?? 0
                rivals[form] = rival
                continues = runLength(found, at: k) > rival
            }
            var skipped = false
            if !continues, candidate.numeral, let last, number == last + 2,
               found[(k + 1)...].first(where: { $0.numeral && $0.heading.level == .chapter && $0.heading.number != nil })?.heading.number == number + 1 {
                continues = true
                skipped = true
            }
            var misprint = false
            if !continues, let last, found[(k + 1)...].first(where: {
                $0.numeral == candidate.numeral && $0.heading.level == .chapter && $0.heading.number != nil
                    && (candidate.numeral || formKey($0.heading) == formKey(heading))
            })?.heading.number == last + 2 {
                continues = true
                misprint = true
            }
            if heading.needsSequence {
                guard continues else { continue }
            } else if !continues, !afterVolume, let previous = established(formKey(heading), in: out), number < previous,
                      !(number == 1 && found[(k + 1)...].first(where: { formKey($0.heading) == formKey(heading) && $0.heading.number != nil })?
                        .heading.number == 2) {
                // A number going back in an established sequence of its form is a reference to a
                // chapter (an index's `Chapter VII “Let your plans be dark…”` after chapter XIII),
                // unless numbering starts again at 1 and goes on.
                continue
            } else if !continues, let last, !isSecondPart(heading, of: out.last?.heading, last: last),
                      let next = found[(k + 1)...].first(where: { $0.heading.number != nil && $0.heading.level == .chapter })?.heading.number,
                      next == last + 1 {
                continue
            }
            out.append(candidate)
            last = continues && !skipped && (candidate.numeral || misprint) ? (last.map { $0 + 1 } ?? number) : number
            if afterVolume && candidate.numeral && number == 1 { last = 1 }
            afterVolume = false
            lastPart = nil
        }
        return out
    }

    /// A label numbered in Roman letters past a hundred, apart from every other of its form (none
    /// a number before or after it): `Chapter MD Matrix Decompositions`, `Part CM Conformal Maps`,
    /// a chapter's code read as 1500 or 900 on a page listing topics, names a chapter and is
    /// none. A lower number alone may be a book's one chapter or part of that form.
    static func isStrayCode(_ found: [Found], at k: Int) -> Bool {
        let candidate = found[k]
        guard let number = candidate.heading.number, number > 100, found.count > 1, isRomanNumbered(candidate.heading) else { return false }
        return !found.indices.contains { j in
            j != k && found[j].heading.level == candidate.heading.level && found[j].numeral == candidate.numeral
                && formKey(found[j].heading) == formKey(candidate.heading) && found[j].heading.number.map { abs($0 - number) == 1 } == true
        }
    }

    /// A label whose number is a Roman numeral (`Chapter MD`, `BOOK XII`): the word after the label.
    static func isRomanNumbered(_ heading: Heading) -> Bool {
        let words = heading.title.split(separator: " ")
        guard words.count >= 2 else { return false }
        let token = words[1].prefix { $0.isLetter }
        return token.count == words[1].filter(\.isLetter).count && HeadingMatcher.roman(token) != nil
    }

    /// Two candidates number the same sequence: both numerals or not, both bare or not,
    /// chapters, of one form.
    static func isSameKind(_ other: Found, as first: Found) -> Bool {
        other.numeral == first.numeral && other.isBareNumeral == first.isBareNumeral && other.heading.level == .chapter
            && formKey(other.heading) == formKey(first.heading)
    }

    /// How many numbers in a row, from the candidate at `k`'s, come in order among the candidates
    /// of its kind after it (others between them or not; a dozen of its kind without the next
    /// number end the run).
    static func runLength(_ found: [Found], at k: Int) -> Int {
        let first = found[k]
        guard var expected = first.heading.number.map({ $0 + 1 }) else { return 0 }
        var length = 1, misses = 0
        for other in found[(k + 1)...] where isSameKind(other, as: first) {
            if other.heading.number == expected {
                length += 1
                expected += 1
                misses = 0
            } else {
                misses += 1
                if misses > 12 { break }
            }
        }
        return length
    }

    /// The last number of a sequence of `form` established among the headings kept (three or
    /// more of them), read backwards only when a heading breaks the sequence: the common path
    /// computes no form at all.
    static func established(_ form: String, in kept: [Found]) -> Int? {
        var count = 0
        var latest: Int?
        // The last few hundred headings are enough to see a sequence; a bound keeps a book of many breaks linear.
        for found in kept.reversed().prefix(400) where found.heading.level == .chapter && found.heading.section == nil {
            guard let number = found.heading.number, formKey(found.heading) == form else { continue }
            if latest == nil { latest = number }
            count += 1
            if count >= 3 { return latest }
        }
        return nil
    }

    /// A heading's form, which numbers a sequence of its own: the unit of a Chinese label (`章`,
    /// `回`, `节`), the word of an English one (`chapter`, `letter`), else `numeral`.
    static func formKey(_ heading: Heading) -> String {
        if let keyword = heading.keyword { return keyword }
        // Scalars, not Characters: this runs on every heading of a 20,000-chapter novel.
        var title = Substring(heading.title).unicodeScalars
        if let first = title.first, HeadingMatcher.openBrackets[Character(first)] != nil { title = title.dropFirst() }
        if title.first == "第" {
            return title.dropFirst().first { !HeadingMatcher.numeralScalars.contains($0) && $0 != " " && $0 != "\u{3000}" }.map(String.init) ?? "第"
        }
        let word = HeadingMatcher.fullWord(String(String.UnicodeScalarView(title.prefix { $0.properties.isAlphabetic })).lowercased())
        return HeadingMatcher.chapterWords.contains(word) || HeadingMatcher.volumeWords.contains(word) ? word : "numeral"
    }

    /// A chapter published in parts under one number (`第二章 乙（上）`, `第二章 乙（下）`; a site's
    /// pages `第一章(7)`, `第一章(8)`): the same number as the last chapter and a title that starts
    /// like its title, or, for pages, a part's mark alone as both names.
    static func isSecondPart(_ heading: Heading, of previous: Heading?, last: Int) -> Bool {
        guard heading.number == last, let previous, !previous.name.isEmpty else { return false }
        if previous.number == last, HeadingMatcher.isPartMark(Substring(heading.name)), HeadingMatcher.isPartMark(Substring(previous.name)) { return true }
        return heading.name.hasPrefix(previous.name.prefix(2))
    }

    /// A heading found on a line, and the line holding its title when that came on the next line.
    struct Found {
        var line: Int
        var heading: Heading
        var titleLine: Int?
        /// Found as a numbered line (`2、标题`), which counts only in some books.
        var isNumberedLine = false
        /// A label opening a short block the text runs on into, which counts only where it fills
        /// its form's sequence (ParagraphLabels).
        var inParagraph = false
        /// A numeral without a keyword (`IV`, `IV. THE RED ROOM`): a chapter, or a part of one.
        var numeral = false
        /// A numeral alone on its line (its title, if any, on the next line).
        var isBareNumeral: Bool { numeral && (heading.name.isEmpty || titleLine != nil && !titleWrapped) }
        /// The title line is the rest of a title wrapped from the heading's line (`XVIII. … DAY’S`
        /// over `FIGHTING`), not a title under a bare label or numeral.
        var titleWrapped = false
        /// A numbered part inside a keyword chapter, or a section set closer than chapters: one
        /// level below the heading above it.
        var isSubsection = false
        /// A division of a form nested under another's (`BOOK FIRST` under `VOLUME I`): one level below it.
        var isSubdivision = false
        /// How deep a numbered section sits under its chapter (`1.2` one level, `1.2.1` two).
        var outlineDepth = 0
        /// A chapter outside any division, as the contents list sets it (no volume above it).
        var topLevel = false
        /// Where the evidence for the heading came from, beyond its own line's form.
        var origin: Origin = .form

        enum Origin {
            /// Its form: a label (`第三章`, `CHAPTER III.`), a numeral, a section number.
            case form
            /// Set apart by blank lines as the book sets its headings (IsolatedTitles).
            case setApart
            /// Set as the book's paragraphs are, a few ideographs without a mark among prose that ends
            /// on marks (IsolatedTitles.unpunctuatedTitles): indented, and a title all the same.
            case unpunctuated
            /// Named by the book's contents list (`ETYMOLOGY.`).
            case listed
            /// Behind a download site's prefix.
            case sitePrefix
            /// Matched by `--chapter-pattern` or a `--toc-rules` rule.
            case pattern
            /// Marked a heading by the book's own annotation (Aozora Bunko's `［＃「一」は中見出し］`).
            case annotated
            /// Set in heading markup the book gives two lines or more (`=== 作品相关 ===`, `## 上架感言`).
            case markup
            /// In a sequence no keyword names, its numbers counted from one (a chronicle's `隐公元年`, ReignYears).
            case sequence
            /// A title page inside an omnibus, a title over its maker's credit (TitlePages).
            case titlePage
        }

        /// Why the line is a heading, and the sequence it belongs to: what `convert --json` tells
        /// a user who wonders (`label`, `章 12`; `section-number`, `section 1.2`; `set-apart`, nil).
        var evidence: (kind: String, sequence: String?) {
            let number = heading.number.map(String.init)
            switch origin {
            case .setApart: return ("set-apart", nil)
            case .unpunctuated: return ("unpunctuated-title", nil)
            case .listed: return ("listed-in-contents", nil)
            case .pattern: return ("pattern", nil)
            case .annotated: return ("annotation", nil)
            case .markup: return ("markup", nil)
            case .titlePage: return ("title-page", nil)
            case .sequence: return ("sequence", number.map { "\(heading.keyword ?? heading.title) \($0)" })
            case .sitePrefix: return ("site-prefix", number.map { "\(TextBookParser.formKey(heading)) \($0)" })
            case .form: break
            }
            if let parts = heading.section { return ("section-number", "section " + parts.map(String.init).joined(separator: ".")) }
            let sequence = number.map { "\(TextBookParser.formKey(heading)) \($0)" }
            if runOn != nil { return ("run-on", sequence) }
            if heading.keyword != nil { return ("label-sequence", sequence) }
            if numeral { return ("numeral-sequence", sequence) }
            if isNumberedLine { return ("numbered-line", sequence) }
            return ("label", sequence)
        }
        /// The chapter's first paragraph, run on after the heading on its line (`第一回 … 滚滚长江…`).
        var runOn: Substring?
        /// The division a chapter's line opens before the chapter, its label run on into the
        /// chapter's (`第一集 斗罗世界 第一章 …`, RunOnDivisions): a section of its own, on the same line.
        /// Or a division the contents list names and the text never prints (ContentsList+AbsentDivisions).
        var division: Heading?
        /// Why `division` was taken, for `convert --json`: `run-on-division` or `listed-in-contents`.
        var divisionEvidence = "run-on-division"
    }

    /// `partial`: the pattern is a legado rule, which finds a heading in the line as written and
    /// whose matched text is the title (a `--chapter-pattern` must match the whole trimmed line).
    /// `numberedAside`: also return the numbered lines among the other lines, marked `isNumberedLine`.
    /// `contents`: the book's contents lists (`ContentsList.regions`), whose entries are no headings.
    static func findHeadings(_ lines: [Substring], style: ParagraphStyle, pattern: NSRegularExpression? = nil, numbered: Bool = false,
                             partial: Bool = false, numberedAside: Bool = false, contents: [Range<Int>] = []) -> [Found] {
        var out: [Found] = []
        var indentedRunOns: [Found] = []
        let wrapWidth = style == .blankLineSeparated ? Self.wrapWidth(lines) : 0
        // Read only where a label has text after it that reads as run on.
        lazy var printedTwice = Self.labelLinesPrintedTwice(lines)
        var i = 0
        while i < lines.count {
            let line = TextLines.trim(lines[i])
            defer { i += 1 }
            guard !line.isEmpty else { continue }
            var numeral = false
            // In hard-wrapped text a heading starts a block; a wrapped line inside prose does not count,
            // nor does a line that begins a wrapped paragraph (`BOOK I. (FOLIO), CHAPTER I. (SPERM WHALE).—This whale, among the`).
            // A series' name set over the first heading of its block (`汉译世界学术名著丛书` / `出版说明`) is
            // no prose the heading runs on from: a CJK title alone above it, a blank line above that.
            if style == .blankLineSeparated, i > 0, !TextLines.isBlank(lines[i - 1]),
               !(i > 1 && TextLines.isBlank(lines[i - 2]) && IsolatedTitles.isCJKTitle(TextLines.trim(lines[i - 1]))) { continue }
            if style == .blankLineSeparated, pattern == nil, !numbered, let wrapped = wrappedTitle(line, at: i, lines, wrapWidth: wrapWidth) {
                out.append(wrapped)
                continue
            }
            if style == .blankLineSeparated, isEmbedded(line, next: i + 1 < lines.count ? lines[i + 1] : nil, wrapWidth: wrapWidth)
                || style == .blankLineSeparated && opensParagraph(line, at: i, lines, wrapWidth: wrapWidth) {
                if numberedAside, let label = ParagraphLabels.candidate(line, at: i, lines) { out.append(label) }
                continue
            }
            var heading: Heading?
            if let pattern, partial {
                heading = ruleHeading(lines[i], pattern)
            } else if let pattern {
                let string = String(line)
                let range = NSRange(string.startIndex..., in: string)
                if let match = pattern.firstMatch(in: string, range: range), match.range == range {
                    // A capture group gives the title (`^\S+ (.+)$` drops a site prefix); else the whole line.
                    let group = match.numberOfRanges > 1 ? Range(match.range(at: 1), in: string).map { string[$0] } : nil
                    let title = group.map(HeadingMatcher.collapse).flatMap { $0.isEmpty ? nil : $0 } ?? HeadingMatcher.collapse(line)
                    heading = Heading(level: .chapter, title: title, name: "")
                }
            } else if numbered {
                heading = HeadingMatcher.numberedLine(line)
            } else {
                heading = HeadingMatcher.match(line)
                // Scalar tests first: these run on every line of a novel that is not a heading.
                let first = line.unicodeScalars.first
                if heading == nil, first?.isASCII == true, let bare = HeadingMatcher.numeral(line) {
                    heading = bare
                    numeral = true
                }
                if heading == nil, let first, HeadingMatcher.cjkNumeralStarts.contains(first), let bare = HeadingMatcher.chineseNumeral(line) {
                    heading = bare
                    numeral = true
                }
                if heading == nil, let first, ("0"..."9").contains(first) || ("A"..."Z").contains(first) { heading = SectionNumbers.heading(line) }
                if heading == nil, let first, first == "第" || first == "正" || HeadingMatcher.specialSectionStarts.contains(first),
                   let (runOnHeading, text) = HeadingMatcher.runOn(line), !printedTwice.contains(Self.spacingKey(line)) {
                    // A label and a sentence on a line indented as paragraphs are (`　　第2章 日本語組版の
                    // 基本では，…`) is a sentence that names a chapter; a title between them makes it a 回目.
                    if !runOnHeading.name.isEmpty || !IsolatedTitles.isIndented(lines[i]) {
                        out.append(Found(line: i, heading: runOnHeading, titleLine: nil, runOn: text))
                    } else {
                        indentedRunOns.append(Found(line: i, heading: runOnHeading, titleLine: nil, runOn: text))
                    }
                    continue
                }
                // A label and its text the book prints twice, line for line (a contents list's entry and
                // the heading, `第二章　战争的起因。爱皮丹努斯事件。波提狄亚事件。`): a title, whatever its
                // marks, for the text a chapter runs on into is never printed again.
                if heading == nil, first == "第", let (runOnHeading, text) = HeadingMatcher.runOn(line) {
                    let name = runOnHeading.name.isEmpty ? String(text) : runOnHeading.name + " " + text
                    heading = Heading(level: runOnHeading.level, title: HeadingMatcher.collapse(line), name: HeadingMatcher.collapse(Substring(name)),
                                      number: runOnHeading.number, needsSequence: true)
                }
                if heading == nil, numberedAside, let numberedLine = HeadingMatcher.numberedLine(line) {
                    out.append(Found(line: i, heading: numberedLine, titleLine: nil, isNumberedLine: true))
                    continue
                }
            }
            guard var found = heading else { continue }
            // In any style, a line whose sentence goes on in lower case on the next line is inside a
            // wrapped paragraph (`BOOK VI., CHAPTER VIII.—which the reader will remember—was written`
            // / `then, and …`); only blank-line paragraphs tell a filled line apart too (above).
            if style != .blankLineSeparated, isEmbedded(line, next: i + 1 < lines.count ? lines[i + 1] : nil, wrapWidth: 0) {
                if numberedAside, let label = ParagraphLabels.candidate(line, at: i, lines) { out.append(label) }
                continue
            }
            // In any style, a line that a long Latin line of prose runs on into, mid-sentence,
            // continues it (`…are described in` / `Appendix C Possibilities for Line-breaking …`);
            // a list's entry above it (`2.1 CHARACTERS AND …`) is no prose.
            if i > 0, continuesSentence(lines[i - 1]) {
                let previous = TextLines.trim(lines[i - 1])
                if previous.first.map({ !$0.isNumber }) == true, HeadingMatcher.match(previous) == nil, !HeadingMatcher.isContentsEntry(previous) { continue }
            }
            // Hard-wrapped text sets a heading apart; a block of headings of one level is a list of them.
            // (A label word alone below a numeral, `XXV.` then `Postscript`, is its title, not a second entry.)
            if style == .blankLineSeparated, pattern == nil, i + 1 < lines.count, !TextLines.isBlank(lines[i + 1]),
               let next = ContentsList.entry(TextLines.trim(lines[i + 1])), next.level == found.level, next.keyword == nil,
               next.number != nil || !next.name.isEmpty, !isTitleInHeadingForm(next, under: found) {
                continue
            }
            var titleLine: Int?
            // "CHAPTER I." then "Down the Rabbit-Hole": the next short line is the title, a blank line
            // below it or its text right below it.
            if pattern == nil, found.wantsTitle, line.unicodeScalars.first?.isASCII == true {
                var j = i + 1
                // Gutenberg sets the title either right below or one blank line below ("CHAPTER I.", "", "A Song").
                while j < lines.count, j <= i + 2, TextLines.isBlank(lines[j]) { j += 1 }
                if j < lines.count {
                    var next = TextLines.trim(lines[j])
                    // A long title in capitals wrapped onto a second line right below (Don Quixote's
                    // `CHAPTER I.` / `WHICH TREATS OF … GENTLEMAN DON` / `QUIXOTE OF LA MANCHA`): both lines.
                    var wrappedEnd = j
                    if let (rest, end) = wrappedCapitals(below: j, lines) {
                        next = Substring(next + " " + rest)
                        wrappedEnd = end
                    }
                    // A centred label's title is centred too: text set at the margin below it is its text.
                    let offCentre = TextLines.isCentred(lines[i]) && !TextLines.isCentred(lines[j])
                    // A word that is a label alone (`XXV.` then `Postscript`) is the numbered chapter's title.
                    let capitals = !next.contains(where: \.isLowercase)
                    if !offCentre, !next.isEmpty, next.count <= (capitals ? (wrappedEnd > j ? 300 : 200) : 80), HeadingMatcher.match(next).map({ $0.number == nil && $0.name.isEmpty || isTitleInHeadingForm($0, under: found) }) ?? true,
                       HeadingMatcher.numeral(next) == nil, !isBracketed(next),
                       IllustrationMarkers.placeholderText(next) == nil, next.split(separator: " ").count <= (capitals ? (wrappedEnd > j ? 50 : 30) : 14),
                       let last = String(next).trimmingCharacters(in: "_").last, !",;:".contains(last), last != "." || IsolatedTitles.isInTitleCase(next) || capitals,
                       !"\"”’'".contains(last) || isQuoted(next),
                       // CJK text under a Latin label (`Chapter 1`, `1` over `萧峰心中一动，说道：…`) is
                       // its title only as CJK titles read: a sentence is the chapter's first paragraph.
                       !next.unicodeScalars.contains(where: TextLines.isIdeograph) || TextLines.isMostlyLatin(next)
                        || IsolatedTitles.isCJKTitle(next),
                       style == .linePerParagraph || wrappedEnd + 1 >= lines.count || TextLines.isBlank(lines[wrappedEnd + 1])
                        || IsolatedTitles.isTightTitle(lines[wrappedEnd], over: lines[wrappedEnd + 1]) {
                        // Emphasis marks are not part of a title (`JOURNAL--_continued_`).
                        let name = HeadingMatcher.collapse(Substring(next.filter { $0 != "_" }))
                        // Joined with one space, as written: "CHAPTER I. Down the Rabbit-Hole"; a bare numeral with a full stop.
                        let separator = numeral && found.title.last?.isLetter == true ? ". " : " "
                        found.title += separator + name
                        found.name = name
                        titleLine = wrappedEnd
                    }
                }
            }
            // A bare label over the same label with its title (`第二章` / `第二章 雪夜`, a site's label
            // line over the book's heading): one heading, the fuller line its title.
            if pattern == nil, titleLine == nil, found.wantsTitle, let number = found.number, i + 1 < lines.count,
               let next = HeadingMatcher.match(TextLines.trim(lines[i + 1])), next.number == number, !next.name.isEmpty,
               next.level == found.level, formKey(next) == formKey(found) {
                found.title = next.title
                found.name = next.name
                titleLine = i + 1
            }
            out.append(Found(line: i, heading: found, titleLine: titleLine, numeral: numeral, origin: pattern == nil ? .form : .pattern))
            // The title's line is the heading's (`BOOK 1.` over `Introduction`), not one of its own.
            if let titleLine { i = titleLine }
        }
        // Labels with text run on, indented as the paragraphs are (`　　第一回 山路を登りながら…`), are
        // sentences naming a chapter, unless with the headings of their form they make the book's
        // whole sequence: 1, 2, 3 … in order, at least three.
        // A contents list's entries (`第一回` … `第十三回` under `目录`) name the chapters and are none.
        if let form = indentedRunOns.first.map({ formKey($0.heading) }) {
            let together = (out.filter { heading in formKey(heading.heading) == form && !contents.contains { $0.contains(heading.line) } } + indentedRunOns)
                .sorted { $0.line < $1.line }
            if isWholeSequence(together) { return LabelTitles.join(dropStackedRunOns((out + indentedRunOns).sorted { $0.line < $1.line }), lines) }
        }
        return pattern == nil ? LabelTitles.join(dropStackedRunOns(out), lines) : dropStackedRunOns(out)
    }

    /// A label word alone taken as the title of two or more labels of one form (`ACT II.` over
    /// `PROLOGUE.`, `ACT III.` over `PROLOGUE.`) is no title: the same part opens each of them, a
    /// heading of its own one level down. Once (`BOOK 1.` over `Introduction`) it is the title.
    static func splitRecurringTitles(_ found: [Found], _ lines: [Substring]) -> [Found] {
        func opening(_ heading: Found) -> Heading? {
            guard let titleLine = heading.titleLine, !heading.titleWrapped, titleLine != heading.line,
                  let part = HeadingMatcher.match(TextLines.trim(lines[titleLine])), part.number == nil, part.name.isEmpty else { return nil }
            return part
        }
        // The label's form and the part's word: `act` and `prologue.`.
        func key(_ heading: Found, _ part: Heading) -> String { formKey(heading.heading) + "\u{0}" + part.title.lowercased() }
        // Read once: the label over each title line, nil where there is none.
        let parts = found.map(opening)
        var counts: [String: Int] = [:]
        for (heading, part) in zip(found, parts) {
            if let part { counts[key(heading, part), default: 0] += 1 }
        }
        let recurring = titlesBelowRecurringParts(found, lines)
        guard counts.values.contains(where: { $0 >= 2 }) || !recurring.isEmpty else { return found }
        var out: [Found] = []
        for (k, (heading, part)) in zip(found, parts).enumerated() {
            // The title set below the recurring part's word (`ARGUMENT.[40]` over `THE CONTENTION OF
            // ACHILLES AND AGAMEMNON.`) is the label's.
            if part == nil, let (title, line) = recurring[k], let label = HeadingMatcher.match(TextLines.trim(lines[heading.line])) {
                var titled = heading
                titled.heading = label
                titled.heading.title += " " + title
                titled.heading.name = title
                titled.titleLine = line
                out.append(titled)
                continue
            }
            guard let part, let titleLine = heading.titleLine, counts[key(heading, part), default: 0] >= 2,
                  let label = HeadingMatcher.match(TextLines.trim(lines[heading.line])) else {
                out.append(heading)
                continue
            }
            var bare = heading
            bare.heading = label
            bare.titleLine = nil
            out.append(bare)
            out.append(Found(line: titleLine, heading: part, titleLine: nil))
        }
        return out
    }

    /// Title lines that say the same words under three labels of one form or more, a note's number
    /// aside, each over a title of its own (`BOOK I.` over `ARGUMENT.[40]` over `THE CONTENTION OF
    /// ACHILLES AND AGAMEMNON.` in Pope's Iliad; `THE ARGUMENT.` under each book of Paradise Lost):
    /// what opens each of those parts, and the title below it the label's. Two in three of the
    /// group over a title, every title its own. A title the chapters share (`JONATHAN HARKER'S
    /// JOURNAL` under Dracula's first chapters), over text or over the same line each time, stays
    /// theirs. The labels' indices, with the title and its line.
    static func titlesBelowRecurringParts(_ found: [Found], _ lines: [Substring]) -> [Int: (String, Int)] {
        func words(_ heading: Found) -> String? {
            guard let titleLine = heading.titleLine, titleLine != heading.line, !heading.titleWrapped, heading.heading.section == nil else { return nil }
            var text = TextLines.trim(lines[titleLine])
            // A note's number after the words (`[40]`, `(3)`).
            if let last = text.last, "])".contains(last), let open = text.lastIndex(where: { "[(".contains($0) }),
               text[text.index(after: open)..<text.index(before: text.endIndex)].allSatisfy(\.isNumber) {
                text = text[..<open]
            }
            let key = text.lowercased().filter { $0.isLetter || $0.isNumber || $0 == " " }
            return key.isEmpty ? nil : formKey(heading.heading) + "\u{0}" + key
        }
        let keys = found.map(words)
        var groups: [String: [Int]] = [:]
        for (k, key) in keys.enumerated() { if let key { groups[key, default: []].append(k) } }
        var out: [Int: (String, Int)] = [:]
        for members in groups.values where members.count >= 3 {
            let titles = members.compactMap { k in found[k].titleLine.flatMap { titleBelowPart($0, lines) }.map { (k, $0) } }
            guard titles.count * 3 >= members.count * 2, Set(titles.map(\.1.0)).count == titles.count else { continue }
            for (k, title) in titles { out[k] = title }
        }
        return out
    }

    /// A title set under a part's word, two blank lines below it at most: a short line in capitals
    /// or in title case, set apart by a blank line below, ending in no comma or colon.
    static func titleBelowPart(_ partLine: Int, _ lines: [Substring]) -> (String, Int)? {
        var j = partLine + 1
        while j < lines.count, j <= partLine + 3, TextLines.isBlank(lines[j]) { j += 1 }
        guard j > partLine + 1, j < lines.count, j + 1 == lines.count || TextLines.isBlank(lines[j + 1]) else { return nil }
        let next = TextLines.trim(lines[j])
        guard (2...120).contains(next.count), let last = next.last, !",;:".contains(last), HeadingMatcher.match(next) == nil,
              !next.contains(where: \.isLowercase) || IsolatedTitles.isInTitleCase(next) else { return nil }
        return (HeadingMatcher.collapse(next), j)
    }

    /// The lines that start with `第` and stand twice or more in the text, as `spacingKey` reads them.
    static func labelLinesPrintedTwice(_ lines: [Substring]) -> Set<String> {
        var seen = Set<String>(), twice = Set<String>()
        for line in lines {
            let trimmed = TextLines.trim(line)
            guard trimmed.unicodeScalars.first == "第" else { continue }
            let key = spacingKey(trimmed)
            if !seen.insert(key).inserted { twice.insert(key) }
        }
        return twice
    }

    /// A line with its spaces, ASCII or ideographic, one ASCII space wherever they stand.
    static func spacingKey(_ line: Substring) -> String {
        line.split(whereSeparator: { $0 == " " || $0 == "　" }).joined(separator: " ")
    }

    /// Labels with text run on, on lines right after one another (`第2章 日本語組版の基本では，…`,
    /// `第3章 行の組版処理では，…`), are sentences naming chapters in paragraphs a line each: a
    /// chapter runs on into text that goes on below it, not into the next chapter. Unless the book
    /// sets its chapters so: where run-on labels standing alone are the many (three or more, more
    /// than the stacked ones), stacked ones of their form are chapters of one paragraph
    /// (`第五十二回：… 话说…` right over `第五十三回：…`), and the book's sequence decides which
    /// of them it takes.
    static func dropStackedRunOns(_ found: [Found]) -> [Found] {
        let runOnLines = Set(found.filter { $0.runOn != nil }.map(\.line))
        guard runOnLines.count >= 2 else { return found }
        func stacked(_ heading: Found) -> Bool {
            heading.runOn != nil && (runOnLines.contains(heading.line - 1) || runOnLines.contains(heading.line + 1))
        }
        var alone: [String: Int] = [:], piled: [String: Int] = [:]
        for heading in found where heading.runOn != nil {
            if stacked(heading) { piled[formKey(heading.heading), default: 0] += 1 } else { alone[formKey(heading.heading), default: 0] += 1 }
        }
        return found.filter { heading in
            guard stacked(heading) else { return true }
            let form = formKey(heading.heading)
            return alone[form, default: 0] >= 3 && alone[form, default: 0] > piled[form, default: 0]
        }
    }

    /// A title that reads as a heading of the label's own form but can be no next heading of it
    /// (`CHAPTER II.` over `Chapter V Vectors`, `PART I.` over `Part C Core`: a book that codes
    /// its chapters by letters): a title after its number, which neither continues the label's
    /// numbering, nor starts one, nor says the label's number again. A list's next entry
    /// (`CHAPTER III.`) continues it; a division's first chapter (`PART I.` over `CHAPTER I.`)
    /// is another form.
    static func isTitleInHeadingForm(_ next: Heading, under label: Heading) -> Bool {
        guard let number = next.number, let above = label.number, !next.name.isEmpty, next.keyword == nil, label.keyword == nil,
              next.level == label.level, formKey(next) == formKey(label) else { return false }
        return number != 1 && number != above + 1 && number != above
    }

    /// Numbered 1, 2, 3 … in order, three or more, one form.
    static func isWholeSequence(_ found: [Found]) -> Bool {
        guard found.count >= 3, let form = found.first.map({ formKey($0.heading) }) else { return false }
        return found.enumerated().allSatisfy { $1.heading.number == $0 + 1 && formKey($1.heading) == form }
    }

    /// The width hard-wrapped prose was filled to: the length (in characters) nine in ten lines
    /// followed by another line of their block stay within. Headings and verse are shorter.
    static func wrapWidth(_ lines: [Substring]) -> Int {
        var counts = [Int](repeating: 0, count: 201)
        var total = 0
        for k in lines.indices.dropLast() where !TextLines.isBlank(lines[k]) && !TextLines.isBlank(lines[k + 1]) {
            let length = min(200, lines[k].utf8.count)
            guard length >= 30 else { continue }
            counts[length] += 1
            total += 1
        }
        guard total >= 20 else { return 0 }
        var seen = 0
        for (length, count) in counts.enumerated() {
            seen += count
            if seen * 10 >= total * 9 { return length }
        }
        return 0
    }

    /// A label or section number whose long title the text wrapped onto a second, short line
    /// (`CHAPTER III. In Which the Reader Is Introduced to a Man of Some` / `Consequence`, `3.2
    /// Japanese and Western … (including` / `Horizontal-in-Vertical …)`): the first line filled to the
    /// wrap width, the second shorter (50 characters at most) and ending its block or standing over the
    /// chapter's text (a short line inside a wrapped paragraph only ends one), the two a title
    /// together and no sentence.
    static func wrappedTitle(_ line: Substring, at i: Int, _ lines: [Substring], wrapWidth: Int) -> Found? {
        // Every wrapped paragraph's first line passes the first test: the second line's length
        // answers before any heading form is read (a paragraph's second line is long).
        guard wrapWidth > 0, line.utf8.count >= wrapWidth - 20, i + 1 < lines.count, !TextLines.isBlank(lines[i + 1]) else { return nil }
        // Emphasis marks around the title's second line (`_FIGHTING_`) are not part of it.
        let next = Substring(TextLines.trim(lines[i + 1]).filter { $0 != "_" })
        guard next.utf8.count <= 200, next.count <= 50, next.count < line.count,
              i + 2 >= lines.count || TextLines.isBlank(lines[i + 2]) || TextLines.trim(lines[i + 2]).first?.isUppercase == true,
              let (first, numeral) = wrappableHeading(line), !first.name.isEmpty, first.number != nil,
              HeadingMatcher.match(next) == nil, SectionNumbers.heading(next) == nil, HeadingMatcher.numeral(next) == nil else { return nil }
        let joined = Substring(line + " " + next)
        var heading: Heading
        if let (whole, _) = wrappableHeading(joined) {
            guard whole.number == first.number, whole.section == first.section else { return nil }
            heading = whole
        } else {
            // A label's title past a title's dozen words once joined (a play's scene and its
            // setting: `SCENE III. The same. A Park or Lawn, with a gate leading to the` over
            // `Palace.`): the label read on the first line, the title both lines, no sentence.
            // A first line indented deeper than the next opens a paragraph (a Folio's speech,
            // `   Watch 1. This man said sir, that …` over `brother was a villaine`).
            let name = Substring(first.name + " " + next)
            guard first.keyword != nil, name.split(separator: " ").count <= 24, !HeadingMatcher.readsAsSentence(name),
                  TextLines.indentation(lines[i]).count <= TextLines.indentation(lines[i + 1]).count else { return nil }
            heading = first
            heading.title = HeadingMatcher.collapse(joined)
            heading.name = HeadingMatcher.collapse(name)
        }
        var found = Found(line: i, heading: heading, titleLine: i + 1, numeral: numeral)
        found.titleWrapped = true
        return found
    }

    /// A heading by a label, a section number or a numeral (`XVIII. NARRATIVE CONTINUED BY THE
    /// DOCTOR—END OF THE FIRST DAY’S` over `FIGHTING`), and whether it is a numeral's.
    private static func wrappableHeading(_ line: Substring) -> (Heading, Bool)? {
        if let heading = HeadingMatcher.match(line) ?? SectionNumbers.heading(line) { return (heading, false) }
        return HeadingMatcher.numeral(line).map { ($0, true) }
    }

    /// A heading-like line that a wrapped paragraph runs on from: the paragraph's next line follows
    /// without a blank, and the line either is filled to the wrap width (and not in capitals over
    /// text in lower case) or the sentence, ending on a Latin character, goes on in lower case. A heading's own title line below it (`CHAPTER I.` then `Down the Rabbit-Hole`) is
    /// neither.
    static func isEmbedded(_ line: Substring, next: Substring?, wrapWidth: Int) -> Bool {
        guard let next, !TextLines.isBlank(next) else { return false }
        if wrapWidth > 0, line.utf8.count >= wrapWidth - 12, !ParagraphStyle.endsSentence(line) { return !isCapitalsOverText(line, next) }
        // Only a Latin line runs on into a word in lower case: a Japanese title over a site's
        // `ps：…` line (`2.4 基本版面の設計` / `ps：今天还有一更。`) ends where its script ends.
        guard let last = line.unicodeScalars.last(where: { !TextLines.isSpace($0) }), last.isASCII else { return false }
        return TextLines.trim(next).first?.isLowercase == true && !ParagraphStyle.endsSentence(line)
    }

    /// In hard-wrapped text, line `i` starts a paragraph: it and the line below it are filled to
    /// the wrap width and a third line follows (`BOOK III. (DUODECIMO), CHAPTER II. …—A pirate.`
    /// over two more lines of the entry). A heading is short, even with its text right below it
    /// (`CHAPTER I.` over the chapter's first lines), and its title below it is short or ends its block;
    /// a long one is set in capitals over text that is not (`XVI. NARRATIVE CONTINUED BY THE
    /// DOCTOR: HOW THE SHIP WAS ABANDONED` over its chapter's first lines).
    /// `line` is line `i` trimmed, as the scan holds it: its length answers first, read once.
    static func opensParagraph(_ line: Substring, at i: Int, _ lines: [Substring], wrapWidth: Int) -> Bool {
        guard wrapWidth > 0, line.utf8.count >= wrapWidth - 12, i + 2 < lines.count, !TextLines.isBlank(lines[i + 1]),
              !TextLines.isBlank(lines[i + 2]) else { return false }
        let next = TextLines.trim(lines[i + 1])
        return !isCapitalsOverText(line, next) && next.utf8.count >= wrapWidth - 12
    }

    /// A long line set in capitals over a line that is not: a heading over its text (`XVI.
    /// NARRATIVE CONTINUED BY THE DOCTOR: HOW THE SHIP WAS ABANDONED` / `It was about half past
    /// one…`), where a line of prose would be in the case of the next.
    static func isCapitalsOverText(_ line: Substring, _ next: Substring) -> Bool {
        line.contains(where: \.isUppercase) && !line.contains(where: \.isLowercase) && next.contains(where: \.isLowercase)
    }

    /// A line of 50 characters or more of Latin prose that stops mid-sentence: on a Latin letter,
    /// a digit or a comma. A line in another script that ends on a digit (a Japanese figure's
    /// caption, `図 4.36 …配置例3`) is no Latin sentence running on.
    static func continuesSentence(_ previous: Substring) -> Bool {
        guard previous.utf8.count >= 50, let last = previous.unicodeScalars.last(where: { !TextLines.isSpace($0) }) else { return false }
        guard last.isASCII && (last.properties.isAlphabetic || ("0"..."9").contains(last) || last == ",") else { return false }
        return TextLines.isMostlyLatin(previous)
    }

    /// A line in square brackets from end to end is the editor's or the stage's (`[Enter Chorus.]`,
    /// `[Sidenote: …]`), never a heading's title.
    static func isBracketed(_ line: Substring) -> Bool {
        line.first == "[" && line.last == "]"
    }

    /// A title that is a quotation from end to end (`“Pieces of Eight”`). A quotation that ends a
    /// sentence inside its quotes (`“Tom!”`, the first line of Tom Sawyer's chapter I) is speech.
    static func isQuoted(_ line: Substring) -> Bool {
        guard let first = line.first, let last = line.last, line.count > 2 else { return false }
        guard (first == "“" && last == "”") || (first == "‘" && last == "’") || (first == "\"" && last == "\"") else { return false }
        return !".!?,;:…".contains(line.dropLast().last ?? ".")
    }

    /// A heading found by a legado rule: the matched text, trimmed, is the title; its level is a
    /// volume's when it reads as one (legado's own lists are flat).
    static func ruleHeading(_ raw: Substring, _ pattern: NSRegularExpression) -> Heading? {
        let string = String(raw)
        guard let match = pattern.firstMatch(in: string, range: NSRange(string.startIndex..., in: string)),
              let range = Range(match.range, in: string) else { return nil }
        let title = HeadingMatcher.collapse(TextLines.trim(Substring(string[range])))
        guard !title.isEmpty else { return nil }
        return Heading(level: HeadingMatcher.match(Substring(title))?.level ?? .chapter, title: title, name: "")
    }

    /// Headings by a label no list names (`STAVE I.`) count where the book gives that label to
    /// three or more lines: one `Stave 1` is a sentence's, a sequence of them is the book's.
    static func repeatedLabels(_ found: [Found]) -> [Found] {
        var counts: [String: Int] = [:]
        for candidate in found { if let keyword = candidate.heading.keyword { counts[keyword, default: 0] += 1 } }
        guard !counts.isEmpty else { return found }
        return found.filter { $0.heading.keyword.map { counts[$0, default: 0] >= 3 } ?? true }
    }

    /// A contents list wherever it stands, with or without a `CONTENTS` line above it: three or
    /// more headings, two of them chapters, one after another with at most a short line or two
    /// between them (a page number, a description) and no prose. A chapter has a body, a list
    /// entry does not. The run's last heading stays when prose follows it (the book starts right
    /// after its list), with the volume heading right above it, unless the run is indented as the
    /// book's paragraphs are and its headings are not, or more titles follow it (the list goes on
    /// in lines no heading form reads: a part's page listing its chapters, `Chapter D
    /// Determinants` then `Chapter E Eigenvalues`, `Chapter LT Linear Transformations`).
    static func dropListClusters(_ found: [Found], _ lines: [Substring]) -> [Found] {
        var keep = [Bool](repeating: true, count: found.count)
        // A run indented as paragraphs are, in a book with headings set flush, is a list inside
        // the text (`　　第1章 序論` … `　　第4章 見出し…`): the book does not start after it.
        let flushHeadings = found.lazy.filter { !IsolatedTitles.isIndented(lines[$0.line]) }.prefix(3).count
        var start = 0
        while start < found.count {
            var end = start
            while end + 1 < found.count, isListGap(found[end], found[end + 1], lines) { end += 1 }
            defer { start = end + 1 }
            guard end - start >= 2, found[start...end].filter({ $0.heading.level == .chapter }).count >= 2,
                  !isDescent(found[start...end]), !isStacked(found[start...end], lines) else { continue }
            for k in start...end { keep[k] = false }
            let inText = flushHeadings >= 3 && found[start...end].allSatisfy { IsolatedTitles.isIndented(lines[$0.line]) }
            guard !inText else { continue }
            let run = found[start...end]
            if hasBody(found[end], next: end + 1 < found.count ? found[end + 1].line : lines.count, lines),
               !isNamedAgain(found[end], lines), !breaksOutline(found[end], after: found[..<start]),
               !ContentsList.titlesFollow(found[end].titleLine ?? found[end].line, lines) {
                // The book starts: its first heading, and the headings over it, each the first under the one before.
                keep[end] = true
                var k = end
                while k > start, isFirstChild(found[k - 1], found[k]) {
                    keep[k - 1] = true
                    k -= 1
                }
                if isPartPage(run, below: found[..<start].last, lines) { keep[start] = true }
            } else if let next = found[(end + 1)...].first(where: isNumberedChapter),
                      isPartPage(run, below: found[..<start].last, opening: next, after: found[..<start].last(where: isNumberedChapter)?.heading.number, lines) {
                keep[start] = true
            }
        }
        return found.indices.filter { keep[$0] }.map { found[$0] }
    }

    /// A part's page after the text of the chapter before: its title, the list of its chapters,
    /// then its first chapter (`PART I.` / `The Core`, `Chapter 1 Systems …` …, `CHAPTER ONE.`):
    /// the part heads that chapter too. A list with a part of its own inside is none, nor one
    /// after other entries (a contents list's last part, its entries ending in full stops or not).
    ///
    /// When the list goes on in lines no heading form reads (`Chapter D Determinants`, then
    /// `Chapter E Eigenvalues`), the part's first chapter is the next numbered one, numbered 1 or
    /// going on from the chapter before the part; the page ends the text before it in a sentence, or
    /// stands two blank lines or more below a line that is no entry, heading or `Contents` (a web
    /// page's `Next topic: Part C Core`). A rule closing the chapter before (`*****…` under each of
    /// 康熙大帝's chapters as downloaded) is decoration: the line above it counts.
    static func isPartPage(_ run: ArraySlice<Found>, below heading: Found?, opening next: Found? = nil, after previous: Int? = nil,
                           _ lines: [Substring]) -> Bool {
        guard let first = run.first, first.heading.level == .volume, run.dropFirst().allSatisfy({ $0.heading.level == .chapter }),
              heading.map({ hasText(from: $0, to: first.line, lines) }) ?? true,
              // A rule closing the chapter before (`*****…`) is decoration: the text above it ends the chapter.
              let a = lines[..<first.line].lastIndex(where: { !TextLines.isBlank($0) && !HeadingDecoration.isRule(TextLines.trim($0), of: HeadingDecoration.ruleMarks, atLeast: 3) })
        else { return false }
        let above = TextLines.trim(lines[a])
        guard let next else { return ParagraphStyle.endsSentence(above) }
        guard next.heading.level == .chapter, let number = next.heading.number, number == 1 || number == (previous ?? 0) + 1 else { return false }
        if ParagraphStyle.endsSentence(above) { return true }
        return first.line - a >= 3 && !HeadingMatcher.isContentsEntry(above) && !ContentsList.saysContents(above)
            && HeadingMatcher.match(above) == nil && ContentsList.entry(lines[a]) == nil
    }

    /// A chapter's text between a heading and a line, not more entries of a list (`Section POD
    /// Polar Decomposition.` under `XVIII. CHAPTER MD …`, a contents list's entries ending in full
    /// stops): a line as long as wrapped prose, or more lines than a part's list of chapters holds.
    static func hasText(from heading: Found, to line: Int, _ lines: [Substring]) -> Bool {
        let start = (heading.titleLine ?? heading.line) + 1
        guard start < line else { return false }
        let text = lines[start..<line].filter { !TextLines.isBlank($0) }
        return text.count > 12 || text.contains { TextLines.trim($0).count >= 60 }
    }

    static func isNumberedChapter(_ candidate: Found) -> Bool {
        candidate.heading.level == .chapter && candidate.heading.number != nil && candidate.heading.section == nil
    }

    /// A chapter number that does not go on from the section numbering above it (`第4章` after
    /// `1.4`, where `2` or `1.5` would): a list's entry inside the text, not the book starting.
    static func breaksOutline(_ heading: Found, after above: ArraySlice<Found>) -> Bool {
        guard heading.heading.section == nil, let number = heading.heading.number, number > 1,
              let top = above.last(where: { $0.heading.section != nil })?.heading.section?.first, top < 1000 else { return false }
        return number != top + 1
    }

    /// A titled entry a later line of its own says again, word for word (a part's list of its
    /// chapters, `Chapter D Determinants`, and the chapter's own title line further on): the list's
    /// entry, not the book starting. A bare label (`CHAPTER I.`) may recur in each volume.
    static func isNamedAgain(_ heading: Found, _ lines: [Substring]) -> Bool {
        guard !heading.heading.name.isEmpty, heading.titleLine == nil else { return false }
        let text = ContentsList.normalized(TextLines.trim(lines[heading.line]))
        return ContentsList.laterSayings(of: [text], after: [heading.line], lines)[heading.line, default: 0] > 0
    }

    /// `b` opens what `a` heads: a chapter under a volume, a chapter's first section (`2` then
    /// `2.1`, `Introduction` then `1.1`), a section's first subsection.
    static func isFirstChild(_ a: Found, _ b: Found) -> Bool {
        if a.heading.level == .volume, b.heading.level == .chapter, a.heading.section == nil { return true }
        // A chapter's first section of another form (`第一章` over `第一节`), as NestedForms reads them.
        if a.heading.level == .chapter, b.heading.level == .chapter, a.heading.number != nil, b.heading.number == 1, !a.numeral, !b.numeral,
           a.heading.section == nil, b.heading.section == nil, formKey(a.heading) != formKey(b.heading), formKey(b.heading) != "numeral" { return true }
        guard let parts = b.heading.section, parts.last == 1 else { return false }
        if let parent = a.heading.section { return parent == Array(parts.dropLast()) }
        return parts.count == 2 && (a.heading.number == nil || a.heading.number == parts[0])
    }

    /// Headings each set apart from the next by three blank lines or more (`BIRDS OF PASSAGE`, then
    /// `SONG OF THE UNIVERSAL`, then its part `1`): a division's title over its first piece, as a
    /// book sets headings apart; a printed list keeps its entries closer.
    static func isStacked(_ run: ArraySlice<Found>, _ lines: [Substring]) -> Bool {
        zip(run, run.dropFirst()).allSatisfy { a, b in
            let start = (a.titleLine ?? a.line) + 1
            return b.line - start >= 3 && lines[start..<b.line].allSatisfy(TextLines.isBlank)
        }
    }

    /// Headings each the first section of the one before (`2 Title`, `2.1 Title`, `2.1.1 Title`):
    /// the book's outline going down to its first text, not a list (a list has siblings).
    ///
    /// Or headings each of a form the run has not shown yet, the numbered ones after the first
    /// numbered 1 (`三、社会主义的和共产主义的文献`, `1．反动的社会主义`, `(甲)封建的社会主义`): no two
    /// siblings, so no list.
    static func isDescent(_ run: ArraySlice<Found>) -> Bool {
        if zip(run, run.dropFirst()).allSatisfy({ isFirstChild($0, $1) }) { return true }
        let forms = run.map(descentForm)
        return Set(forms).count == forms.count && run.dropFirst().allSatisfy { $0.heading.number == nil || $0.heading.number == 1 }
    }

    /// A heading's form as a descent tells its levels apart: a numbered line's numerals and mark,
    /// a label's word, or a title without a number.
    static func descentForm(_ found: Found) -> String {
        if found.isNumberedLine { return NestedForms.numberStyle(found.heading.title) ?? "numbered" }
        guard found.heading.number != nil || found.heading.section != nil else { return "title" }
        if let section = found.heading.section { return "section \(section.count)" }
        return (found.numeral ? "numeral " : "") + formKey(found.heading)
    }

    /// Text under a heading before the next one, and not more of a list (its first line is no
    /// contents entry): the run's last heading is the book starting right after its list.
    static func hasBody(_ heading: Found, next: Int, _ lines: [Substring]) -> Bool {
        guard heading.runOn == nil else { return true }
        let start = (heading.titleLine ?? heading.line) + 1
        guard start < next, let first = lines[start..<next].first(where: { !TextLines.isBlank($0) }) else { return false }
        return !HeadingMatcher.isContentsEntry(TextLines.trim(first))
    }

    /// Between two headings of a list: nothing but blank lines and other entries of the list:
    /// dot leaders or a page number after spaces (`WHEN I READ THE BOOK ..... 111`), or up to two
    /// short lines that end no sentence (an entry whose title the scan did not take). A line that
    /// ends a sentence, however short, is a body.
    static func isListGap(_ a: Found, _ b: Found, _ lines: [Substring]) -> Bool {
        guard a.runOn == nil else { return false }
        let start = (a.titleLine ?? a.line) + 1
        guard start < b.line else { return true }
        var others = 0
        for line in lines[start..<b.line] where !TextLines.isBlank(line) {
            // This runs on the first line of every chapter: a sentence's end answers first, read
            // from the last scalar (a full stop or an ellipsis may end dot leaders instead).
            if let last = line.unicodeScalars.last(where: { !TextLines.isSpace($0) }), "。！？!?．｡".unicodeScalars.contains(last) { return false }
            let trimmed = TextLines.trim(line)
            if ParagraphStyle.endsSentence(trimmed), !HeadingMatcher.hasLeaders(trimmed) { return false }
            if HeadingMatcher.isContentsEntry(trimmed) { continue }
            others += 1
            if others > 2 || trimmed.utf8.count > 120 || ParagraphStyle.endsSentence(trimmed) { return false }
        }
        return true
    }

    /// In a book that indents its paragraphs and sets its headings flush (nearly every line of
    /// text indented, nearly every heading not), a heading-like line indented as a paragraph is
    /// text: a list of the chapters inside a paragraph (`　　第4章 見出し・注・図版…`). A book that
    /// indents its headings too keeps them, and so does one that sets a heading in by another kind
    /// of space than its paragraphs' (`  第２卷：…`, centred by two ASCII spaces over paragraphs
    /// indented by two full-width ones; `        BOOK II.` over paragraphs indented by a tab): that
    /// is a heading set apart, not a paragraph. A title found because it is set as a paragraph
    /// is (`unpunctuatedTitles`) stays. More of the paragraphs' own spaces (a contents
    /// list's entries nested deeper) are still a paragraph's.
    static func dropIndented(_ found: [Found], _ lines: [Substring]) -> [Found] {
        let indented = found.filter { IsolatedTitles.isIndented(lines[$0.line]) }
        guard !indented.isEmpty, found.count - indented.count >= 3, (found.count - indented.count) >= indented.count * 4 else { return found }
        var text = 0, indentedText = 0
        // How many indented lines begin with each kind of space; the most are the paragraphs' (a tie
        // is broken by the character, so the choice does not follow the dictionary's order).
        var kinds: [Character: Int] = [:]
        for line in lines where !TextLines.isBlank(line) {
            text += 1
            if IsolatedTitles.isIndented(line) {
                indentedText += 1
                if let kind = line.first { kinds[kind, default: 0] += 1 }
            }
        }
        guard indentedText * 10 >= text * 8, let paragraphs = kinds.max(by: { ($0.value, $0.key) < ($1.value, $1.key) })?.key else { return found }
        return found.filter { !IsolatedTitles.isIndented(lines[$0.line]) || lines[$0.line].first != paragraphs || $0.origin == .unpunctuated }
    }

    /// A heading printed again right under itself (`第001章 牢狱之灾`, then `　　第001章 牢狱之灾` as
    /// the first line of its text, as chapters copied from a site's pages carry their title) is
    /// one heading, the first: the same number and name with only blank lines between. Read
    /// before contents lists are, which two headings with nothing between would otherwise start.
    /// A numeral alone under a titled one (`I. A SCANDAL IN BOHEMIA`, then `I.`) is its first part.
    static func dropEchoedHeadings(_ found: [Found], _ lines: [Substring]) -> [Found] {
        var out: [Found] = []
        for heading in found {
            // The cheap tests first: this runs on every heading of a 20,000-chapter novel.
            if let last = out.last, !heading.heading.name.isEmpty, last.heading.number == heading.heading.number, isEmptyBetween(last, heading, lines),
               ContentsList.key(last.heading) == ContentsList.key(heading.heading),
               ContentsList.normalized(Substring(last.heading.name)) == ContentsList.normalized(Substring(heading.heading.name)) { continue }
            out.append(heading)
        }
        return out
    }

    /// The same heading twice in a row with nothing between, or only a picture (an illustrated
    /// edition's plate, `THE CUSTOM-HOUSE.` over `[Illustration: The Custom-House]`, before the
    /// heading over the text): one chapter.
    static func dropRepeatedHeadings(_ found: [Found], _ lines: [Substring]) -> [Found] {
        var out: [Found] = []
        for heading in found {
            if let last = out.last, last.heading.title == heading.heading.title, isEmptyBetween(last, heading, lines, picturesToo: true) {
                out[out.count - 1] = heading
            } else {
                out.append(heading)
            }
        }
        return out
    }

    /// Nothing but blank lines between two headings (`picturesToo`: or pictures' placeholders).
    static func isEmptyBetween(_ a: Found, _ b: Found, _ lines: [Substring], picturesToo: Bool = false) -> Bool {
        let start = (a.titleLine ?? a.line) + 1
        guard start < b.line else { return true }
        return lines[start..<b.line].allSatisfy { TextLines.isBlank($0) || picturesToo && IllustrationMarkers.placeholderText(TextLines.trim($0)) != nil }
    }

    /// The first line with text: where the front matter starts.
    static func frontStart(_ lines: [Substring]) -> Int {
        lines.firstIndex { !TextLines.isBlank($0) } ?? 0
    }

    /// Paragraphs of a run of lines, by the book's style; leading indentation dropped (CSS indents).
    static func paragraphs(_ lines: ArraySlice<Substring>, style: ParagraphStyle) -> [Substring] {
        var out: [Substring] = []
        switch style {
        case .linePerParagraph:
            for line in lines {
                let trimmed = TextLines.trim(line)
                if !trimmed.isEmpty { out.append(trimmed) }
            }
        case .blankLineSeparated:
            var block: [Substring] = []
            func flush() {
                if !block.isEmpty { out.append(joined(block)) }
                block = []
            }
            for line in lines {
                let trimmed = TextLines.trim(line)
                if trimmed.isEmpty {
                    flush()
                } else if IllustrationMarkers.placeholderText(trimmed) != nil {
                    // A picture's placeholder is a paragraph of its own, whatever stands around it.
                    flush()
                    out.append(trimmed)
                } else {
                    block.append(trimmed)
                }
            }
            flush()
        }
        return out.compacted()
    }

    /// Longest line of a block that still reads as verse rather than a wrapped paragraph.
    static let verseLineLength = 45

    /// One paragraph from the lines of a block: wrapped prose joins (CJK without a space, Latin
    /// with one); a block of two or more short Latin lines is verse and keeps its line breaks.
    static func joined(_ block: [Substring]) -> Substring {
        if block.count >= 2, block.allSatisfy({ $0.count <= verseLineLength && !isCJK($0.unicodeScalars.first) }) {
            return Substring(block.joined(separator: "\n"))
        }
        var current = String(block[0])
        for line in block.dropFirst() {
            if !(isCJK(current.unicodeScalars.last) && isCJK(line.unicodeScalars.first)) { current += " " }
            current += line
        }
        return Substring(current)
    }

    static func isCJK(_ scalar: Unicode.Scalar?) -> Bool {
        guard let v = scalar?.value else { return false }
        return (0x2E80...0x9FFF).contains(v) || (0xF900...0xFAFF).contains(v) || (0xFF00...0xFFEF).contains(v) || (0x20000...0x3FFFF).contains(v)
    }

    /// A book without headings, in pieces of about `size` bytes, cut between paragraphs.
    static func cut(_ paragraphs: [Substring], size: Int, language: String) -> [TextSection] {
        var sections: [TextSection] = []
        var current: [Substring] = []
        var bytes = 0
        func flush() {
            guard !current.isEmpty else { return }
            let n = sections.count + 1
            let title = language.hasPrefix("zh") || language.hasPrefix("ja") ? "第\(n)部分" : "Part \(n)"
            sections.append(TextSection(kind: .part, title: title, level: 1, paragraphs: current))
            current = []
            bytes = 0
        }
        for paragraph in paragraphs {
            current.append(paragraph)
            bytes += paragraph.utf8.count
            if bytes >= size { flush() }
        }
        flush()
        return sections
    }
}
