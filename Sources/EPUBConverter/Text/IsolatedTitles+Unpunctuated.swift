/// Titles set as paragraphs are, told from them only by their words: a CJK book that parts every
/// paragraph with a blank line and indents it by `　　` may set a section's titles the same way
/// (罗马人的故事 as downloaded, `　　改朝换代` between two paragraphs under `第三节`). A paragraph of
/// prose ends on a sentence's mark; such a title is a few ideographs and no mark at all, with
/// prose above it and below it. A book whose paragraphs run together, a line each with no blank
/// line between, sets its titles so too (第三帝国的兴亡 as downloaded: `　　阿道夫·希特勒的出世`
/// between two paragraphs of 第一章).
extension IsolatedTitles {
    /// Indented lines of two to twelve ideographs and nothing else (a name's middle dot aside),
    /// each alone between blank lines or, where paragraphs run together, between two lines of
    /// prose, a paragraph of prose or a heading above and three of prose below, in a book whose
    /// chapters, labelled or set apart (three at least), hold them and whose prose paragraphs end on a mark (nine
    /// in ten at least); three such lines at least, one for every five paragraphs at most. A
    /// name (a letter's signature), a date and the book's own title are no titles.
    static func unpunctuatedTitles(_ lines: [Substring], known: [TextBookParser.Found], excluded: [Range<Int>],
                                   bookTitle: String?) -> [TextBookParser.Found] {
        guard known.filter({ ($0.origin == .form || $0.origin == .setApart) && $0.heading.level == .chapter }).count >= 3 else { return [] }
        let knownLines = Set(known.map(\.line)).union(known.compactMap(\.titleLine))
        // The short lines first, by their bytes (a 20 MB novel has hundreds of thousands of lines
        // and most books no such title); the prose is read only where three are found.
        var candidates: [Int] = []
        for (k, line) in lines.enumerated() where line.utf8.count <= 60 && line.utf8.count >= 7 && !knownLines.contains(k) {
            guard let first = line.unicodeScalars.first, TextLines.isSpace(first), k > 0, k + 1 < lines.count,
                  TextLines.isBlank(lines[k - 1]) == TextLines.isBlank(lines[k + 1]), isBareTitle(TextLines.trim(line)) else { continue }
            candidates.append(k)
        }
        guard candidates.count >= 3 else { return [] }
        var prose = 0, ended = 0
        for (k, line) in lines.enumerated() where line.utf8.count >= 16 && !knownLines.contains(k) {
            guard let first = line.unicodeScalars.first, TextLines.isSpace(first) else { continue }
            let trimmed = TextLines.trim(line)
            if isProseParagraph(trimmed) {
                prose += 1
                if endsOnMark(trimmed) { ended += 1 }
            }
        }
        guard ended * 10 >= prose * 9, candidates.count * 5 <= prose else { return [] }
        let title = bookTitle.map { ContentsList.normalized(Substring($0)) }
        var out: [TextBookParser.Found] = []
        for k in candidates where !excluded.contains(where: { $0.contains(k) }) {
            let trimmed = TextLines.trim(lines[k])
            let normalized = ContentsList.normalized(trimmed)
            guard let above = lines[..<k].lastIndex(where: { !TextLines.isBlank($0) }),
                  knownLines.contains(above) || isProseParagraph(TextLines.trim(lines[above])) && endsOnMark(TextLines.trim(lines[above])),
                  lines.indices[(k + 1)...].lazy.filter({ !TextLines.isBlank(lines[$0]) }).prefix(3)
                      .allSatisfy({ !knownLines.contains($0) && isProseParagraph(TextLines.trim(lines[$0])) }),
                  normalized != title, !isEndMark(normalized), !MetadataGuesser.notTitles.contains(normalized),
                  MetadataGuesser.creditedName(String(trimmed)) == nil, !isDateline(lines[k]) else { continue }
            let name = String(trimmed)
            out.append(TextBookParser.Found(line: k, heading: Heading(level: .chapter, title: name, name: name), titleLine: nil, origin: .unpunctuated))
        }
        return out.count >= 3 ? out : []
    }

    /// Two to twelve ideographs and nothing else: no mark, no space, no digit. A line of speech
    /// set alone as a web novel sets its sounds (`轰隆隆`, `哈哈哈`, `滴答滴答`: a third of its
    /// ideographs said again, where `步步紧逼` is a title) or ending on a particle (`走吧`, `是你吗`,
    /// `好了`) is the text's.
    /// A name's middle dot may part its ideographs (`阿道夫·希特勒的出世`).
    static func isBareTitle(_ text: Substring) -> Bool {
        let dots: Set<Unicode.Scalar> = ["\u{00B7}", "\u{30FB}"]
        let all = Array(text.unicodeScalars)
        guard let head = all.first, let tail = all.last, !dots.contains(head), !dots.contains(tail) else { return false }
        let scalars = all.filter { !dots.contains($0) }
        guard scalars.count >= 2, scalars.count <= 12, all.count - scalars.count <= 2, scalars.allSatisfy(TextLines.isIdeograph),
              let last = scalars.last, !"了吗呢吧啊呀哦嘛啦哇呗么哟嗯".unicodeScalars.contains(last) else { return false }
        return Set(scalars).count * 3 > scalars.count * 2
    }

    /// A paragraph of CJK prose: fifteen characters or more.
    static func isProseParagraph(_ text: Substring) -> Bool {
        text.unicodeScalars.count >= 15 && text.unicodeScalars.contains(where: TextLines.isIdeograph)
    }

    /// Whether the text ends on a sentence's mark or a closing quotation or bracket.
    static func endsOnMark(_ text: Substring) -> Bool {
        guard let last = text.unicodeScalars.last else { return false }
        return "。！？…”」』）)!?.；~～—".unicodeScalars.contains(last)
    }
}
