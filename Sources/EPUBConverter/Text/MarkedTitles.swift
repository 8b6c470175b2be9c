/// Titles a CJK book marks with brackets, each alone on its line over its text (Project
/// Gutenberg's 聊齋誌異: `卷一`, then `〈考城隍〉`, `〈耳中人〉` …; a download's `【考城隍】`): the marks
/// say heading whatever the words, as heading markup does. Three such lines or more with one kind
/// of bracket, their words a title's (no sentence's punctuation, twenty characters at most).
enum MarkedTitles {
    /// The brackets that mark a title set alone: `〈〉`, `【】`, `〖〗`, and `《》` (a book's title,
    /// never the text's first line, which is the book's own).
    static let brackets: [Character: Character] = ["〈": "〉", "【": "】", "〖": "〗", "《": "》"]

    static func find(_ lines: [Substring], known: Set<Int>, excluded: [Range<Int>]) -> [TextBookParser.Found] {
        let first = lines.firstIndex { !TextLines.isBlank($0) } ?? 0
        var byKind: [Character: [TextBookParser.Found]] = [:]
        for (i, raw) in lines.enumerated() where i != first && !known.contains(i) {
            guard let mark = raw.unicodeScalars.first(where: { !TextLines.isSpace($0) }), let open = Character?(Character(mark)),
                  let close = brackets[open] else { continue }
            let line = TextLines.trim(raw)
            guard line.count >= 3, line.count <= 22, line.last == close, !excluded.contains(where: { $0.contains(i) }) else { continue }
            let inner = line.dropFirst().dropLast()
            guard !inner.contains(open), !inner.contains(close), IsolatedTitles.isCJKTitle(inner),
                  !MetadataGuesser.notTitles.contains(String(inner)), opensText(below: i, lines) else { continue }
            // The title as the book prints it, marks and all (`〈考城隍〉`), as a bracketed title set
            // apart keeps them; its name without them.
            let name = HeadingMatcher.collapse(inner)
            byKind[open, default: []].append(TextBookParser.Found(line: i, heading: HeadingMatcher.match(inner) ?? Heading(level: .chapter, title: HeadingMatcher.collapse(line), name: name),
                                                                  titleLine: nil, origin: .markup))
        }
        return byKind.values.filter { Set($0.map(\.heading.name)).count >= 3 }.flatMap { $0 }.sorted { $0.line < $1.line }
    }

    /// The next line with text after line `i` is text, not another such title (a list of them).
    static func opensText(below i: Int, _ lines: [Substring]) -> Bool {
        guard let next = lines[(i + 1)...].prefix(4).first(where: { !TextLines.isBlank($0) }) else { return false }
        let trimmed = TextLines.trim(next)
        return !(trimmed.first.map { brackets[$0] != nil } ?? false) || trimmed.count > 22
    }
}
