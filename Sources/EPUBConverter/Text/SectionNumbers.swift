/// Numbered sections (`1.1 Purpose of This Document`, `2.3.1 ルビ`, `4.2. Terminology`), as
/// technical books and their plain-text copies number what lies inside a chapter. A line is one
/// only where the book's numbering goes on through it: each number follows the one before (1.1,
/// 1.2, 1.2.1, 1.3, 2.1), a chapter found by its label (`CHAPTER 2.`, `第2章`) opening its own
/// sections; so `3.5 Million people` in prose, or a table's `1.2 Total`, do not count. The depth
/// of the number is the section's depth under its chapter.
enum SectionNumbers {
    /// An appendix's letter as the first part of a number (`A.1` is 1001.1, `C.2.3` 1003.2.3): above
    /// every chapter's number, so the letters follow the body and each other as digits do.
    static let letterBase = 1000

    /// The number's parts and the title after it, for a line that starts `N.N[.N…][.] Title`, or
    /// with an appendix's letter first (`C.2 The epub:type attribute`, `D.1.1 Introduction`). A
    /// number may go as deep as HTML's six heading levels (`4.2.6.3.1.1 The container element`, in
    /// EPUB 3.3 itself): a contents list holding one deeper than its reader reads as prose.
    static func parse(_ line: Substring) -> (parts: [Int], name: Substring)? {
        guard let first = line.unicodeScalars.first, line.utf8.count <= 240 else { return nil }
        var parts: [Int] = []
        var index = line.startIndex
        if ("A"..."Z").contains(first) {
            // A letter needs its full stop and a digit after it: `A Publication Resource` is prose.
            let dot = line.index(after: index)
            guard dot < line.endIndex, line[dot] == ".", line.index(after: dot) < line.endIndex,
                  line[line.index(after: dot)].isASCII, line[line.index(after: dot)].isNumber else { return nil }
            parts.append(letterBase + Int(first.value) - 64)
            index = line.index(after: dot)
        } else if !("0"..."9").contains(first) {
            return nil
        }
        while index < line.endIndex {
            let digits = line[index...].prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count <= 3, let value = Int(digits) else { return nil }
            parts.append(value)
            index = digits.endIndex
            guard index < line.endIndex, line[index] == "." else { break }
            index = line.index(after: index)
            guard index < line.endIndex, line[index].isASCII, line[index].isNumber else { break }
        }
        guard parts.count >= 2, parts.count <= 6, index < line.endIndex, line[index] == " " || line[index] == "　" else { return nil }
        let name = TextLines.trim(line[index...])
        // A technical document's title may be long (`3.2 Japanese and Western Mixed Text Composition
        // (including Horizontal-in-Vertical Text Composition)`, `4.2.7 Processing of Headnotes (in
        // Vertical Writing Mode), Footnotes (in Vertical Writing Mode) and Sidenotes (in Horizontal
        // Writing Mode)`); its words are still counted below.
        // Its length is what a reader sees: zero width spaces where the source allowed breaks
        // (`句点類及び\u{200B}中点類が\u{200B}連続する…`) are none of it.
        guard let head = name.first, !name.isEmpty, name.count <= 160 else { return nil }
        if head.isASCII {
            guard HeadingMatcher.englishTitle(name) || isLongTitle(name), !name.hasSuffix(".") || name.split(separator: " ").count <= 4 || endsWithAbbreviation(name) else { return nil }
        } else {
            guard TextLines.visibleCount(name) <= 40, !name.contains(where: { "。；！？".contains($0) }) else { return nil }
        }
        return (parts, name)
    }

    /// A section's title longer than a chapter's may be (`Positioning of Consecutive Opening
    /// Brackets, Closing Brackets, Commas, Full Stops and Middle Dots`, thirteen words, in the
    /// W3C's Japanese layout requirements): up to twenty words, in title case, three in four of its
    /// longer words capitalised, as a sentence's are not.
    static func isLongTitle(_ name: Substring) -> Bool {
        let words = name.split(separator: " ")
        guard words.count <= 20, name.first?.isUppercase == true, let last = name.last, !",;:".contains(last) else { return false }
        let (capitalised, long) = IsolatedTitles.titleCase(words)
        return capitalised * 4 >= long * 3
    }

    /// Abbreviations a title may end with (`… Lines, Paragraphs etc.`, `Smith & Co.`): their full
    /// stop ends no sentence.
    static let closingAbbreviations: Set<String> = ["etc.", "&c.", "co.", "ltd.", "inc.", "jr.", "sr.", "bros."]

    static func endsWithAbbreviation(_ name: Substring) -> Bool {
        name.split(separator: " ").last.map { closingAbbreviations.contains($0.lowercased()) } ?? false
    }

    /// The line as a section heading, which only its numbering can confirm (`needsSequence`).
    static func heading(_ line: Substring) -> Heading? {
        guard let (parts, name) = parse(line) else { return nil }
        var heading = Heading(level: .chapter, title: HeadingMatcher.collapse(line), name: HeadingMatcher.collapse(name),
                              number: parts.last, needsSequence: true)
        heading.section = parts
        return heading
    }

    /// The number a title starts with, a full stop or not, a space after it and a letter (`2 EPUB
    /// Publication Conformance`, `2. EPUB …`): one to three digits.
    static func leadingNumber(_ title: String) -> Int? {
        let digits = title.prefix { $0.isASCII && $0.isNumber }
        var rest = title.dropFirst(digits.count)
        if rest.first == "." { rest = rest.dropFirst() }
        guard (1...3).contains(digits.count), rest.first == " ", rest.dropFirst().first?.isLetter == true else { return nil }
        return Int(digits)
    }

    /// Whether `next` follows `previous` in an outline: the next at the same depth (1.1 → 1.2,
    /// 1.9 → 2.1, 1.2.3 → 1.3), or the first one level down (1.2 → 1.2.1).
    static func follows(_ next: [Int], _ previous: [Int]) -> Bool {
        if next.count == previous.count + 1, Array(next.prefix(previous.count)) == previous, next.last == 1 { return true }
        guard let i = (0..<min(next.count, previous.count)).first(where: { next[$0] != previous[$0] }), next[i] == previous[i] + 1 else { return false }
        return next.count <= previous.count + 1 && next[(i + 1)...].allSatisfy { $0 == 1 }
    }

    /// The headings with section numbers that the numbering carries, the others left out; those
    /// kept one level under their chapter per part after the first. A chapter by its label with
    /// a number `n` stands for section `n`. A section that does not follow is kept when the next
    /// one follows it (a heading the scan missed).
    static func follow(_ found: [TextBookParser.Found]) -> [TextBookParser.Found] {
        guard found.contains(where: { $0.heading.section != nil }) else { return found }
        // Appendices' letters follow a numbered body: in a book whose sections are not numbered
        // with digits, `A.1` lines are no outline (a list, a table).
        let numberedBody = found.contains { ($0.heading.section?.first ?? letterBase) < letterBase }
        var out: [TextBookParser.Found] = []
        var previous: [Int]?
        for (k, candidate) in found.enumerated() {
            guard let parts = candidate.heading.section else {
                if candidate.heading.level == .chapter, let number = number(of: candidate.heading) { previous = [number] }
                out.append(candidate)
                continue
            }
            let lettered = parts[0] > letterBase
            if lettered && (!numberedBody || previous == nil) { continue }
            let fits = previous.map { follows(parts, $0) } ?? parts.dropFirst().allSatisfy { $0 == 1 }
            let following = found[(k + 1)...].lazy.compactMap(\.heading.section).prefix(2)
            let nextParts = following.first
            guard fits || nextParts.map({ follows($0, parts) }) == true && previous.map({ parts.lexicographicallyPrecedes($0) }) != true
                    || isRestart(parts, following: Array(following)) else { continue }
            out.append(candidate)
            previous = parts
        }
        return depths(out)
    }

    /// A numbering that starts again (`1.1` after `4.2`: the next document of a collection, its
    /// chapters numbered anew), confirmed by the two sections after it, each following the one
    /// before; a table's stray `1.1 Total` has no such run.
    static func isRestart(_ parts: [Int], following: [[Int]]) -> Bool {
        guard parts.first == 1, parts.dropFirst().allSatisfy({ $0 == 1 }), following.count == 2 else { return false }
        return follows(following[0], parts) && follows(following[1], following[0])
    }

    /// The chapter a section numbering implies and no form took (`2. Reading system conformance`
    /// in sentence case, above `2.1 Requirements`): where a section `n.1` follows headings of
    /// another number, the line that stands alone between them and starts with `n` (a full stop or
    /// not) and a title is chapter `n`; so is a chapter the numbering passes over between two
    /// others (`7.` with no sections, between `6.2` and `8.`), up to two missing. The numbering
    /// explains the gap; nothing else is read.
    static func impliedChapters(_ found: [TextBookParser.Found], _ lines: [Substring], style: ParagraphStyle) -> [TextBookParser.Found] {
        var out: [TextBookParser.Found] = []
        var lastTop: Int?
        for candidate in found {
            // A chapter the numbering passes over (`7.` between `6.4.3` and `8.`, no sections of its
            // own): the line between them that stands alone and starts with its number and a title.
            let top = candidate.heading.section?.first ?? (candidate.heading.level == .chapter ? number(of: candidate.heading) : nil)
            if let top, top < letterBase, let last = lastTop, top > last + 1, top - last <= 3 {
                var from = out.last.map { ($0.titleLine ?? $0.line) + 1 } ?? 0
                for missing in (last + 1)..<top {
                    guard from < candidate.line, let k = (from..<candidate.line).first(where: { isChapterLine(lines, $0, number: missing, style: style) }) else { continue }
                    out.append(chapter(at: k, lines, number: missing))
                    from = k + 1
                }
            }
            if let top, top < letterBase { lastTop = max(lastTop ?? top, top) }
            defer { out.append(candidate) }
            guard let parts = candidate.heading.section, parts.count == 2, parts[1] == 1 else { continue }
            let chapter = parts[0]
            let from = out.last.map { ($0.titleLine ?? $0.line) + 1 } ?? 0
            // The chapter is there already, by its form or its number.
            if out.last.map({ $0.heading.section == nil && number(of: $0.heading) == chapter }) == true { continue }
            guard from < candidate.line else { continue }
            for k in stride(from: candidate.line - 1, through: from, by: -1) where isChapterLine(lines, k, number: chapter, style: style) {
                out.append(self.chapter(at: k, lines, number: chapter))
                break
            }
        }
        return depths(out)
    }

    /// Line `k` stands alone and starts with chapter `number` (a full stop or not) and a title.
    static func isChapterLine(_ lines: [Substring], _ k: Int, number: Int, style: ParagraphStyle) -> Bool {
        let line = TextLines.trim(lines[k])
        guard !line.isEmpty, startsParagraph(k, lines, style: style), standsAlone(k, lines),
              leadingNumber(String(line)) == number, line.count <= 100, !ParagraphStyle.endsSentence(line) else { return false }
        let name = line.drop { $0.isNumber || $0 == "." || $0 == " " }
        return HeadingMatcher.englishTitle(name) || IsolatedTitles.isCJKTitle(name) || IsolatedTitles.isTitle(name)
    }

    /// Chapter `number`'s heading on line `k`.
    static func chapter(at k: Int, _ lines: [Substring], number: Int) -> TextBookParser.Found {
        let line = TextLines.trim(lines[k])
        let name = line.drop { $0.isNumber || $0 == "." || $0 == " " }
        let heading = Heading(level: .chapter, title: HeadingMatcher.collapse(line), name: HeadingMatcher.collapse(name), number: number)
        return TextBookParser.Found(line: k, heading: heading, titleLine: nil, origin: .form)
    }

    /// Appendices a lettered numbering implies and no form took: `C. Expressing structural
    /// semantics` above `C.1 Introduction`, `B. Allowed external identifiers` (no sections of its
    /// own) between `A.2` and `C.1`. For each letter the numbering passes over without a line of
    /// its own, the first line between the headings around it that stands alone and starts with
    /// that letter (a full stop or not) and a title is that appendix, a chapter. Letters are read
    /// in order from A, each only where it is due.
    static func impliedAppendices(_ found: [TextBookParser.Found], _ lines: [Substring], style: ParagraphStyle) -> [TextBookParser.Found] {
        guard found.contains(where: { ($0.heading.section?.first ?? 0) > letterBase }) else { return found }
        var out: [TextBookParser.Found] = []
        var lastLetter = letterBase
        for candidate in found {
            // A title found otherwise (set apart, listed) may give its letter (`A. Unsupported features`).
            let parts = candidate.heading.section ?? number(of: candidate.heading).map { [$0] } ?? []
            guard let letter = parts.first, letter > letterBase else {
                out.append(candidate)
                continue
            }
            // A section's own letter is due too; an appendix's line (one part) is itself.
            let due = parts.count == 1 ? letter - 1 : letter
            var from = out.last.map { ($0.titleLine ?? $0.line) + 1 } ?? 0
            if due > lastLetter {
                for missing in (lastLetter + 1)...due {
                    guard from < candidate.line, let k = (from..<candidate.line).first(where: { isAppendixLine(lines, $0, letter: missing, style: style) })
                    else { continue }
                    out.append(appendix(at: k, lines, letter: missing))
                    from = k + 1
                }
            }
            lastLetter = max(lastLetter, letter)
            out.append(candidate)
        }
        // After the last lettered heading, the letters that follow it in order (`G 用語集`, `H 参考文献`
        // after `F.4`: appendices with no sections), each below the one before.
        var from = (out.lazy.filter { ($0.heading.section?.first ?? 0) > letterBase }.last?.line ?? lines.count) + 1
        var trailing: [TextBookParser.Found] = []
        while lastLetter < letterBase + 26, from < lines.count,
              let k = (from..<lines.count).first(where: { isAppendixLine(lines, $0, letter: lastLetter + 1, style: style) }) {
            lastLetter += 1
            trailing.append(appendix(at: k, lines, letter: lastLetter))
            from = k + 1
        }
        let known = Set(out.map(\.line))
        return depths((out + trailing.filter { !known.contains($0.line) }).sorted { $0.line < $1.line })
    }

    /// Appendix `letter`'s heading on line `k`, a chapter numbered by its letter alone.
    static func appendix(at k: Int, _ lines: [Substring], letter: Int) -> TextBookParser.Found {
        let line = TextLines.trim(lines[k])
        var heading = Heading(level: .chapter, title: HeadingMatcher.collapse(line), name: HeadingMatcher.collapse(appendixName(line)))
        heading.section = [letter]
        return TextBookParser.Found(line: k, heading: heading, titleLine: nil, origin: .form)
    }

    /// The line at `k` is appendix `letter`'s heading: it stands alone, starts with the letter, a
    /// full stop or not, a space and a title, and is no sentence.
    static func isAppendixLine(_ lines: [Substring], _ k: Int, letter: Int, style: ParagraphStyle) -> Bool {
        let line = TextLines.trim(lines[k])
        guard let first = line.unicodeScalars.first, Int(first.value) - 64 + letterBase == letter, line.count <= 100,
              startsParagraph(k, lines, style: style), standsAlone(k, lines) else { return false }
        var rest = line.dropFirst()
        if rest.first == "." { rest = rest.dropFirst() }
        guard rest.first == " " || rest.first == "\u{3000}", !ParagraphStyle.endsSentence(line) else { return false }
        let name = appendixName(line)
        return !name.isEmpty && (HeadingMatcher.englishTitle(name) || IsolatedTitles.isCJKTitle(name) || IsolatedTitles.isTitle(name))
    }

    /// Line `k` starts a paragraph: a blank line above it, or any line of a text that sets its
    /// paragraphs one to a line (web novels and Chinese sites, often without a blank line between
    /// them, where a heading is a line like any other and only the numbering tells it).
    static func startsParagraph(_ k: Int, _ lines: [Substring], style: ParagraphStyle) -> Bool {
        k == 0 || style == .linePerParagraph || TextLines.isBlank(lines[k - 1])
    }

    /// Line `k`, a paragraph's first, stands as a title does: a blank line below it too, or its text
    /// right below it (no blank line between) where it is short, as a paragraph's first line,
    /// filled to the wrap width, is not. Over a paragraph set on one line (150 characters or more)
    /// a title may be longer (`D Opportunities for Inter-character Space Reduction during Line
    /// Adjustment`).
    static func standsAlone(_ k: Int, _ lines: [Substring]) -> Bool {
        guard k + 1 < lines.count, !TextLines.isBlank(lines[k + 1]) else { return true }
        let length = TextLines.trim(lines[k]).count, next = TextLines.trim(lines[k + 1]).count
        return (length <= 60 || length <= 100 && next >= 150) && length * 3 <= next * 2
    }

    /// The title after an appendix's letter (`C. Expressing structural semantics`).
    static func appendixName(_ line: Substring) -> Substring {
        TextLines.trim(line.dropFirst().drop { $0 == "." || $0 == " " || $0 == "\u{3000}" })
    }

    /// Each numbered section's depth under its chapter: one level per part after the first, and
    /// one fewer under a volume numbered as its first part (`BOOK 1. INTRODUCTION` or a listed
    /// `1 Introduction` raised to a division, over `1.1 Purpose`: the sections are its chapters, a
    /// level under it). Run again once titles found by other evidence have taken their levels.
    static func depths(_ found: [TextBookParser.Found]) -> [TextBookParser.Found] {
        var volume: Int?
        // The top level's own numbers, printed before their titles (`1. Introduction` or `A.
        // Unsupported features` raised to a division over its sections): the next of them (`2.
        // Conformance`, `B. Allowed external identifiers`, each by itself) is its sibling, outside it;
        // so is the first appendix after the last of them (`A. Unsupported features` after `15.`).
        var topNumber: Int?
        return found.map { candidate in
            var placed = candidate
            if let parts = candidate.heading.section, parts.count > 1 {
                placed.outlineDepth = parts.count - (parts.first == volume ? 2 : 1)
                return placed
            }
            let number = number(of: candidate.heading)
            volume = candidate.heading.level == .volume ? number : (number == nil ? volume : nil)
            let leading = candidate.heading.section?.first ?? leadingNumber(candidate.heading.title) ?? leadingLetter(candidate.heading.title)
            // A division titled without a number (a collection's next document) starts its own numbering.
            if leading == nil, candidate.heading.level == .volume { topNumber = nil }
            if let leading {
                if candidate.heading.level == .volume {
                    topNumber = leading
                } else if let top = topNumber, leading == top + 1 || top < letterBase && leading == letterBase + 1 {
                    placed.topLevel = true
                    topNumber = leading
                }
            }
            return placed
        }
    }

    /// Titles that name a book's appendices as a whole, normalized.
    static let appendicesTitles: Set<String> = ["appendix", "appendices", "annex", "annexes", "附录", "附錄", "附属書", "附屬書", "付録", "附録"]

    /// A title that names the appendices (`APPENDICES`, `附属書`) right over the first lettered
    /// heading (`A.1 Opening brackets`, `A. Unsupported features`) heads the lettered ones: a
    /// division, whatever text of its own it has (a paragraph saying what the appendices hold).
    /// Returns whether it raised one.
    @discardableResult
    static func raiseAppendices(_ found: inout [TextBookParser.Found]) -> Bool {
        var raised = false
        for k in found.indices.dropLast() where found[k].heading.level == .chapter && found[k].heading.section == nil
            && appendicesTitles.contains(ContentsList.normalized(Substring(found[k].heading.title))) {
            let next = found[k + 1].heading
            guard let first = next.section?.first ?? leadingLetter(next.title), first > letterBase else { continue }
            found[k].heading.level = .volume
            raised = true
        }
        return raised
    }

    /// A heading's number; for a title found by other evidence that starts with its number (`1
    /// Introduction`, a technical document's top level, printed without a full stop), that one.
    static func number(of heading: Heading) -> Int? {
        heading.number ?? heading.section.flatMap { $0.count == 1 ? $0[0] : nil } ?? leadingNumber(heading.title) ?? leadingLetter(heading.title)
    }

    /// An appendix's letter a title starts with, its full stop and a space after it (`A. Unsupported
    /// features`, found as a title set apart or listed), as `letterBase` numbers it. The full stop
    /// is needed: `A Tale of Two Cities` starts with a word.
    static func leadingLetter(_ title: String) -> Int? {
        let scalars = title.unicodeScalars
        guard let first = scalars.first, ("A"..."Z").contains(first), scalars.dropFirst().first == ".",
              scalars.dropFirst(2).first == " ", scalars.dropFirst(3).first?.properties.isAlphabetic == true else { return nil }
        return letterBase + Int(first.value) - 64
    }
}
