/// Marks a plain-text book sets around its headings, which are no part of them: emphasis or
/// ornament on both sides (`_CHAPTER I._`, `- 1 -`, `~ 2 ~`, `* 3 *`), a Markdown heading's
/// `#` (`# Chapter 1`), and a rule drawn under a title (`CHAPTER 1` / `=========`, `THE LAMP` /
/// `--------`). Read before anything else reads the text, as a picture's marker is, so every
/// rule sees the heading bare; line numbers stay the source's.
enum HeadingDecoration {
    /// The marks that may stand on both sides of a heading, or repeated under a title.
    static let marks: Set<Character> = ["_", "*", "-", "~", "=", "—"]
    /// The first scalars of the lines looked at: the marks, a rule's box-drawing lines and
    /// Markdown's `#` (one set test a line).
    static let firstScalars: Set<Unicode.Scalar> = {
        let marks: [Set<Character>] = [ruleMarks, starMarks, bulletMarks, frameCorners, frameSides, ["#"]]
        return Set(marks.flatMap { $0.flatMap(\.unicodeScalars) })
    }()
    /// Marks set before a heading only, as 晋江文学城's downloads set every chapter (`☆、第1章`,
    /// `☆、雨落`; legado's rule for them names ✦ and ✧ too).
    static let starMarks: Set<Character> = ["☆", "★", "✦", "✧"]
    /// Bullets a download sets before its headings (`●第一章求佳兒大士賜丸`, Project Gutenberg's
    /// 天妃顯聖錄; `●卷一·五帝本纪第一`, a 史记 as Chinese sites offer it; `●第一章：無垢なる少女`, a
    /// Japanese web novel's): no part of the heading.
    static let bulletMarks: Set<Character> = ["●", "◎", "○", "◆", "◇", "■", "□"]
    /// A box drawn around a title with box-drawing lines (`┌───┐` / `│ 史记 │` / `└───┘`): its
    /// corners open and close the edges, its sides stand left and right of the title.
    static let frameCorners: Set<Character> = ["┌", "┏", "╔", "╭", "└", "┗", "╚", "╰"]
    static let frameSides: Set<Character> = ["│", "┃", "║"]

    /// Rewrites decorated headings in place (indentation kept) and blanks the rules under
    /// titles; `blanked` gains the rules' lines (a line of text stood there: it parts no blocks);
    /// `markup` gains the lines set in a heading's markup (`markupKind`), which say so whatever
    /// their words. Returns how many lines changed.
    @discardableResult
    /// `emphasised`: the lines whose emphasis (`_…_`, `*…*`) it took off, since a line of the text
    /// set in italics reads as a title once bare (`_Mina Murray's Journal._`), and the headings
    /// are told from such lines by whether the book sets its headings so.
    static func rewrite(_ lines: inout [Substring], blanked: inout Set<Int>, markup: inout [Int: String], emphasised: inout Set<Int>) -> Int {
        var count = 0
        for i in lines.indices {
            if isPadded(lines[i]), opensBlock(i, lines), i + 1 == lines.count || TextLines.isBlank(lines[i + 1]) { markup[i] = padded }
            guard let first = lines[i].unicodeScalars.first(where: { !TextLines.isSpace($0) }), firstScalars.contains(first) else { continue }
            // A rule over a title, the title right below it: the title's markup (the rule goes).
            if isOverline(i, lines) {
                markup[i + 1] = "rule"
                // The banner's title, read before its rule above goes.
                if let title = bannerTitle(i + 1, lines) { lines[i + 1] = title }
                lines[i] = ""
                blanked.insert(i)
                count += 1
                continue
            }
            if let title = bannerTitle(i, lines) {
                lines[i] = title
                count += 1
                continue
            }
            let trimmed = TextLines.trim(lines[i])
            if let heading = headingAfterRule(trimmed) {
                lines[i] = heading
                count += 1
                continue
            }
            if let (bare, titled) = starred(trimmed) {
                if titled { markup[i] = "☆" }
                lines[i] = Substring(String(TextLines.indentation(lines[i])) + bare)
                count += 1
                continue
            }
            if let bare = bulleted(trimmed) ?? framed(trimmed) {
                lines[i] = Substring(String(TextLines.indentation(lines[i])) + bare)
                count += 1
                continue
            }
            if isFrameEdge(trimmed) {
                lines[i] = ""
                blanked.insert(i)
                count += 1
                continue
            }
            if i > 0, isUnderline(trimmed, below: TextLines.trim(lines[i - 1])) {
                // A title set apart and underlined is in a heading's markup (Markdown's setext
                // heading, a site's `社戏⑴` / `--------`), one kind for each mark.
                // Set apart by a blank line, or right under a paragraph's last sentence (a site that
                // leaves no blank lines: the underline sets it apart) and set off from it by its
                // indentation too: a line indented as that paragraph is goes on with the text (a
                // letter's signature, `　　林达` under `　　好！`, over the rule that ends the letter).
                if opensBlock(i - 1, lines) || ParagraphStyle.endsSentence(TextLines.trim(lines[i - 2]))
                    && TextLines.indentation(lines[i - 1]) != TextLines.indentation(lines[i - 2]),
                   readsAsUnderlined(TextLines.trim(lines[i - 1])), let mark = trimmed.first {
                    markup[i - 1] = "underline\(mark)"
                }
                lines[i] = ""
                blanked.insert(i)
                count += 1
            } else if let bare = undecorated(trimmed, alone: opensBlock(i, lines) || standsAlone(i, lines)) {
                // Markup opens its block and says a title (`# T | U (λ) ≥ …` wrapped in math is text).
                if let kind = markupKind(trimmed), opensBlock(i, lines), reads(asTitle: bare) { markup[i] = kind }
                if trimmed.first == "_" || trimmed.first == "*" { emphasised.insert(i) }
                lines[i] = Substring(String(TextLines.indentation(lines[i])) + bare)
                count += 1
            }
        }
        return count
    }

    /// The markup kind of a line padded as a site centres its headings (`    第二章    `).
    static let padded = "padded"

    /// A short line with as many spaces after its words as before them, two or more
    /// (`    故事引入    ` over `    第二章    `, a TXT书库 download of 《天使与魔鬼》): a site's centring.
    /// Sloppy files end many lines on spaces; the kind is a heading's only where the headings
    /// found by their form wear it (`sameMarkup`).
    static func isPadded(_ line: Substring) -> Bool {
        guard let last = line.unicodeScalars.last, last == " " || last == "\u{3000}" else { return false }
        let leading = line.unicodeScalars.prefix { $0 == " " || $0 == "\u{3000}" }.count
        guard leading >= 2 else { return false }
        let trailing = line.unicodeScalars.reversed().prefix { $0 == " " || $0 == "\u{3000}" }.count
        return leading == trailing && line.count - leading - trailing <= 30 && line.count > leading + trailing
    }

    /// A rule of one mark repeated (three or more) right under a short line of text: the title's
    /// underline. A rule with a blank line above it is a scene break, and stays.
    static func isUnderline(_ line: Substring, below previous: Substring) -> Bool {
        guard line.count >= 3, let mark = line.first, marks.contains(mark), line.allSatisfy({ $0 == mark }) else { return false }
        // Text above, not a blank line (which `allSatisfy` holds for) nor another rule.
        return previous.count <= 80 && !previous.allSatisfy { marks.contains($0) || $0 == " " }
    }

    /// The heading after a bullet (`●第一章…` gives `第一章…`), or nil: a bullet before words that
    /// are no heading by their form opens a list's item, and stays.
    static func bulleted(_ line: Substring) -> Substring? {
        guard let first = line.first, bulletMarks.contains(first) else { return nil }
        let bare = TextLines.trim(line.dropFirst())
        guard !bare.isEmpty, !bare.contains(where: bulletMarks.contains), HeadingMatcher.match(bare) != nil else { return nil }
        return bare
    }

    /// A line between a frame's sides (`│ 史记 │    汉·司马迁`): its words, what follows the frame
    /// kept after them. Two sides only: a row of a table drawn in boxes (`│ 甲 │ 乙 │`) stays.
    static func framed(_ line: Substring) -> Substring? {
        guard let side = line.first, frameSides.contains(side), line.filter(frameSides.contains).count == 2,
              let close = line.dropFirst().firstIndex(where: frameSides.contains) else { return nil }
        let inner = TextLines.trim(line[line.index(after: line.startIndex)..<close])
        guard !inner.isEmpty else { return nil }
        let after = TextLines.trim(line[line.index(after: close)...])
        return after.isEmpty ? inner : Substring(inner + "  " + after)
    }

    /// A frame's top or bottom edge (`┌───┐`, `╚═══╝`): box-drawing characters only, from a corner to
    /// a corner, no tee or cross (a table's rule, `├──┼──┤`, parts its rows and stays).
    static func isFrameEdge(_ line: Substring) -> Bool {
        guard let first = line.first, frameCorners.contains(first), line.count >= 3 else { return false }
        return line.unicodeScalars.allSatisfy { (0x2500...0x257F).contains($0.value) && !"├┤┬┴┼╠╣╦╩╬┣┫┳┻╋".unicodeScalars.contains($0) }
    }

    /// An underlined line's words are a title: the underline says so for a long one too
    /// (`EPUBのベストプラクティス linear 属性の設定方法`), short of a sentence.
    static func readsAsUnderlined(_ title: Substring) -> Bool {
        reads(asTitle: title) || title.count <= 60 && !ParagraphStyle.endsSentence(title)
            && !title.contains(where: { "，。；;".contains($0) }) && title.last.map { !",:：".contains($0) } == true
    }

    /// A line framed by the same run of symbols on both sides (`═══ 诛仙 ═══`, `★★ 诛仙 ★★`,
    /// `※※※ 诛仙 ※※※`, `--- The Title ---`): the text inside, as a site sets a title off; the
    /// line as it is otherwise. The book's title line only (`MetadataGuesser`): any symbol frames
    /// it there, where `undecorated` reads headings framed by the decoration marks alone.
    static func unframed(_ line: String) -> String {
        guard let mark = line.first, line.count >= 3, line.last == mark, !mark.isLetter, !mark.isNumber, !mark.isWhitespace,
              HeadingMatcher.openBrackets[mark] == nil, !"\"“”'‘’([{（「『".contains(mark) else { return line }
        let inner = line.drop { $0 == mark || $0 == " " || $0 == "\u{3000}" }.reversed().drop { $0 == mark || $0 == " " || $0 == "\u{3000}" }
        let text = String(inner.reversed())
        return text.contains(where: \.isLetter) && !text.contains(mark) ? text : line
    }

    /// The marks a rule drawn over a title repeats: the decoration marks and box-drawing lines.
    static let ruleMarks: Set<Character> = marks.union(["─", "━", "═"])

    /// Line `i` is a rule (one mark, four times or more) drawn over a title, with a blank line or
    /// the text's start above it and the title right below it, as editors' exports and some sites
    /// part their chapters (`────────` over `雨落`). Under a title, or over a paragraph, a rule is
    /// an underline or a scene break.
    static func isOverline(_ i: Int, _ lines: [Substring]) -> Bool {
        guard i + 1 < lines.count, let mark = lines[i].first(where: { $0 != " " && $0 != "\t" }), ruleMarks.contains(mark),
              opensBlock(i, lines) else { return false }
        guard isRule(TextLines.trim(lines[i]), of: ruleMarks, atLeast: 4) else { return false }
        let title = bannerTitle(i + 1, lines).map(TextLines.trim) ?? TextLines.trim(lines[i + 1])
        guard !title.isEmpty, title.count <= 60, !title.allSatisfy(ruleMarks.contains) else { return false }
        return reads(asTitle: title) && !ParagraphStyle.endsSentence(title)
    }

    /// Line `i` between two rules of one mark, opening with that mark as a banner's edge
    /// (`***************` / `*《肖申克的救赎》第一部分` / `***************`, a 新浪读书 download): its words,
    /// indentation kept. Without the rule under it, a line opening with the mark stays as it is.
    static func bannerTitle(_ i: Int, _ lines: [Substring]) -> Substring? {
        guard i > 0, i + 1 < lines.count else { return nil }
        let above = TextLines.trim(lines[i - 1]), below = TextLines.trim(lines[i + 1]), line = TextLines.trim(lines[i])
        guard let mark = above.first, isRule(above, of: ruleMarks, atLeast: 4), isRule(below, of: [mark], atLeast: 4), line.first == mark else { return nil }
        let edge = line.prefix { $0 == mark }
        let words = TextLines.trim(line.dropFirst(edge.count))
        guard edge.count <= 3, !words.isEmpty, words.last != mark else { return nil }
        return Substring(String(TextLines.indentation(lines[i])) + words)
    }

    /// A heading run on after a rule with no line break between (a banner's closing `*****…*****前言`,
    /// `==========第一章 雨夜`): the heading, the rule being decoration. Ten marks or more, and the rest a
    /// heading by its form; a rule before prose stays as it is.
    static func headingAfterRule(_ line: Substring) -> Substring? {
        guard let mark = line.first, ruleMarks.contains(mark) else { return nil }
        let run = line.prefix { $0 == mark }
        guard run.count >= 10 else { return nil }
        let rest = TextLines.trim(line.dropFirst(run.count))
        guard !rest.isEmpty, rest.count <= 40, HeadingMatcher.match(rest) != nil else { return nil }
        return rest
    }

    /// A trimmed line that is one of `marks` repeated `atLeast` times or more (`────────`): a rule.
    static func isRule(_ line: Substring, of marks: Set<Character>, atLeast count: Int) -> Bool {
        guard line.count >= count, let mark = line.first, marks.contains(mark) else { return false }
        return line.allSatisfy { $0 == mark }
    }

    /// Line `i` opens its block: where a title stands right over its text.
    static func opensBlock(_ i: Int, _ lines: [Substring]) -> Bool {
        i == 0 || TextLines.isBlank(lines[i - 1])
    }

    /// Line `i` is in a block of three lines at most, each in marks on both sides: a heading's
    /// lines set apart (`_CHAPTER I._` / `_THE LAMP_`), not a line of a paragraph.
    static func standsAlone(_ i: Int, _ lines: [Substring]) -> Bool {
        var start = i, end = i
        while start > 0, !TextLines.isBlank(lines[start - 1]), i - start < 3 { start -= 1 }
        while end + 1 < lines.count, !TextLines.isBlank(lines[end + 1]), end - i < 3 { end += 1 }
        guard end - start < 3 else { return false }
        return lines[start...end].allSatisfy { line in
            let trimmed = TextLines.trim(line)
            return trimmed.count >= 2 && trimmed.first.map(marks.contains) == true && trimmed.last == trimmed.first
        }
    }

    /// The heading inside its marks, or nil when the line is no decorated heading: `# Chapter 1`
    /// gives `Chapter 1`; `_CHAPTER I._` gives `CHAPTER I.` when that reads as a heading, or, the
    /// line standing `alone` or opening its block, as a title (`_The Voyage of Life_`); a line of
    /// prose in emphasis keeps its marks for the text.
    static func undecorated(_ line: Substring, alone: Bool = false) -> Substring? {
        if line.first == "#" {
            let hashes = line.prefix { $0 == "#" }
            let rest = line.dropFirst(hashes.count)
            guard hashes.count <= 6, rest.first == " " else { return nil }
            let bare = TextLines.trim(rest)
            return bare.isEmpty ? nil : bare
        }
        guard line.count <= 80, let mark = line.first, marks.contains(mark), line.last == mark else { return nil }
        var inner = line[...]
        while inner.first == mark { inner = inner.dropFirst() }
        while inner.last == mark { inner = inner.dropLast() }
        let bare = TextLines.trim(inner)
        guard !bare.isEmpty else { return nil }
        if HeadingMatcher.match(bare) != nil || HeadingMatcher.numeral(bare) != nil || SectionNumbers.heading(bare) != nil { return bare }
        // Set alone: a title, or a numbered one in sentence case (`2. EPUB publication conformance`).
        guard alone else { return nil }
        return reads(asTitle: bare) ? bare : nil
    }

    /// The heading after a star (`☆、雨落` gives `雨落`, titled: the star is its markup), or nil: a
    /// line of stars is a scene break, a long line or a sentence after one is text. A label with
    /// its chapter's first words run on (`☆、第一回 山路を登りながら、こう考えた。`) loses its star
    /// too, for the label's rules to read, but its words are no title.
    static func starred(_ line: Substring) -> (Substring, titled: Bool)? {
        guard let first = line.first, starMarks.contains(first) else { return nil }
        let bare = TextLines.trim(line.dropFirst().drop { $0 == "、" || $0 == "," || $0 == "，" || $0 == " " || $0 == "\u{3000}" })
        guard !bare.isEmpty, !bare.contains(where: starMarks.contains) else { return nil }
        if line.count <= 42, reads(asTitle: bare), !ParagraphStyle.endsSentence(bare) { return (bare, true) }
        return HeadingMatcher.runOn(bare) != nil ? (bare, false) : nil
    }

    /// A heading's words: a title, a heading by its form, or a numbered or lettered title in
    /// sentence case (`2. EPUB publication conformance`, `B. epubReadingSystem object`).
    static func reads(asTitle text: Substring) -> Bool {
        IsolatedTitles.isTitle(text) || IsolatedTitles.isCJKTitle(text) || HeadingMatcher.match(text) != nil
            || SectionNumbers.leadingNumber(String(text)) != nil || SectionNumbers.leadingLetter(String(text)) != nil
    }

    /// The heading markup a line is set in: a Markdown heading (`## 上架感言`, one kind for each
    /// depth) or a title between runs of `=` (`=== 作品相关 ===`, as download tools write a
    /// volume); a title under a rule is a third kind, `rule` (`isOverline`). Emphasis (`_…_`,
    /// `*…*`) and ornaments are no such markup: a book sets a verse, a signature or a motto in them too.
    static func markupKind(_ line: Substring) -> String? {
        if line.first == "#" { return "#\(line.prefix { $0 == "#" }.count)" }
        return line.hasPrefix("==") && line.hasSuffix("==") ? "=" : nil
    }

    /// Lines a book sets in heading markup, two or more of a kind, are its headings whatever
    /// their words: `=== 作品相关 ===` and `=== 番外 ===` among `=== 第一卷 … ===`, `## 上架感言`
    /// among `## 第1章 …`, `## 賢治の夢の世界` in a book of such titles. A kind's level is the
    /// one its numbered headings share; without them, Markdown's depths rank the kinds (the
    /// shallowest of two is the volumes'). An unnumbered heading of the kind found at another
    /// level takes it. A line in a contents list, the book's title and an end mark stay what they were.
    static func sameMarkup(_ found: [TextBookParser.Found], markup: [Int: String], _ lines: [Substring], excluded: [Range<Int>],
                           bookTitle: String?) -> [TextBookParser.Found] {
        guard !markup.isEmpty else { return found }
        // The text's first line set apart over a blank line is its title page's (`# A Book`); right
        // over text it heads it (bookfetch's `=== 山路 ===`).
        let firstLine = lines.firstIndex { !TextLines.isBlank($0) }
        let titlePage = firstLine.flatMap { first in first + 1 < lines.count && TextLines.isBlank(lines[first + 1]) ? first : nil }
        var byKind: [String: [(line: Int, title: String)]] = [:]
        for (line, kind) in markup where line != titlePage && !excluded.contains(where: { $0.contains(line) }) {
            let title = HeadingMatcher.collapse(TextLines.trim(lines[line]))
            let normalized = ContentsList.normalized(Substring(title))
            guard !title.isEmpty, title.count <= 80, title != bookTitle, !IsolatedTitles.isEndMark(normalized),
                  !MetadataGuesser.notTitles.contains(normalized) else { continue }
            byKind[kind, default: []].append((line, title))
        }
        byKind = byKind.filter { $0.value.count >= 2 }
        // Padding is a heading's markup where three of the headings found by their form are so set,
        // and half the padded lines are such headings.
        if let marked = byKind[padded] {
            let headings = Set(found.filter { $0.origin == .form || $0.origin == .sitePrefix }.map(\.line))
            let wearing = marked.filter { headings.contains($0.line) }.count
            if wearing < 3 || wearing * 2 < marked.count { byKind[padded] = nil }
        }
        let depths = byKind.keys.filter { $0.hasPrefix("#") }.sorted()
        var result = found
        let known = Dictionary(found.enumerated().map { ($1.line, $0) }, uniquingKeysWith: { first, _ in first })
        for (kind, marked) in byKind {
            let numbered = found.filter { markup[$0.line] == kind && $0.heading.number != nil }
            let level: Heading.Level
            if let first = numbered.first {
                guard numbered.allSatisfy({ $0.heading.level == first.heading.level && !$0.isSubsection && $0.outlineDepth == 0 }) else { continue }
                level = first.heading.level
            } else if depths.count >= 2 && kind == depths.first || headsOthers(marked.map(\.line), found, lines) {
                level = .volume
            } else {
                level = .chapter
            }
            for (line, title) in marked {
                if let k = known[line] {
                    if result[k].heading.number == nil, result[k].heading.level != level || result[k].isSubsection {
                        result[k].heading.level = level
                        result[k].isSubsection = false
                    }
                    continue
                }
                result.append(TextBookParser.Found(line: line, heading: Heading(level: level, title: title, name: title), titleLine: nil, origin: .markup))
            }
        }
        return result.sorted { $0.line < $1.line }
    }

    /// One of a kind's unnumbered lines stands right over a chapter of another form, no text
    /// between (`阿Ｑ正传⑴` over `第一章　序` in a collection of stories; an underlined title over
    /// `EPUB2` set at the margin): the kind heads divisions, and those chapters are one level below it.
    static func headsOthers(_ marked: [Int], _ found: [TextBookParser.Found], _ lines: [Substring]) -> Bool {
        let kind = Set(marked)
        return marked.contains { line in
            guard let next = found.first(where: { $0.line > line }), !kind.contains(next.line), next.heading.level == .chapter,
                  !next.isSubsection else { return false }
            return lines[(line + 1)..<next.line].allSatisfy(TextLines.isBlank)
        }
    }
}
