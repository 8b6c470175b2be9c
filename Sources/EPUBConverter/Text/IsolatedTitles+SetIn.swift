/// Titles set in as deep as the book sets its labelled headings, where its paragraphs are not:
/// a TXT书库 《唐吉诃德》 sets `                第一章` sixteen spaces in, and its front's sections the
/// same way (`               译本序言`, `           塞万提斯生平简历`, `               上卷前言`) over paragraphs
/// indented by `　　`. Such a line heads the text below it.
extension IsolatedTitles {
    /// CJK lines set in eight spaces or more, as three in four of the CJK labelled headings (three
    /// at least) are and one in twenty other lines at most; each over text, not right under
    /// another such line (`译本序言` over its translator's `                刘京胜`), and reading as a title.
    static func setInLikeHeadings(_ lines: [Substring], known: [TextBookParser.Found], excluded: [Range<Int>],
                                  bookTitle: String?) -> [TextBookParser.Found] {
        // A CJK book's: Latin transcriptions centre their title pages as their headings. (Bytes first:
        // most books set no heading in, and a 20 MB novel has twenty thousand of them.)
        let labelled = known.filter { $0.origin == .form && $0.heading.level == .chapter }
        guard labelled.count >= 3, labelled.filter({ isSetIn(lines[$0.line]) }).count * 4 >= labelled.count * 3,
              labelled.filter({ lines[$0.line].unicodeScalars.first(where: { !TextLines.isSpace($0) }).map(TextLines.isIdeograph) == true }).count * 4
                >= labelled.count * 3 else { return [] }
        let knownLines = Set(known.map(\.line)).union(known.compactMap(\.titleLine))
        var text = 0
        var setIn: [Int] = []
        for (k, line) in lines.enumerated() where !TextLines.isBlank(line) && !knownLines.contains(k) {
            text += 1
            if isSetIn(line) { setIn.append(k) }
        }
        guard setIn.count * 20 <= text else { return [] }
        let title = bookTitle.map { ContentsList.normalized(Substring($0)) }
        var out: [TextBookParser.Found] = []
        for k in setIn {
            let trimmed = TextLines.trim(lines[k])
            let normalized = ContentsList.normalized(trimmed)
            guard let next = lines.indices[(k + 1)...].prefix(3).first(where: { !TextLines.isBlank(lines[$0]) }), !knownLines.contains(next),
                  !(k > 0 && isSetIn(lines[k - 1])), !excluded.contains(where: { $0.contains(k) }),
                  isCJKTitle(trimmed), normalized != title, !isListTitle(normalized), !isEndMark(normalized),
                  !MetadataGuesser.notTitles.contains(normalized), MetadataGuesser.creditedName(String(trimmed)) == nil, !isDateline(lines[k]) else { continue }
            let name = HeadingMatcher.collapse(trimmed)
            out.append(TextBookParser.Found(line: k, heading: Heading(level: .chapter, title: name, name: name), titleLine: nil, origin: .setApart))
        }
        return out
    }

    /// Eight spaces or more before the words: far deeper than a paragraph's indentation.
    static func isSetIn(_ line: Substring) -> Bool {
        line.utf8.prefix(8).allSatisfy { $0 == UInt8(ascii: " ") } && line.utf8.count > 8
    }
}
