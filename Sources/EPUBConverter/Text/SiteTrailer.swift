/// The note a download site appends to a book it serves (书包网's `书籍名称：呐喊  作者：鲁迅`, who
/// uploaded it, the site's address, "delete within 24 hours"), often inside `<!--` … `-->` or
/// between rules: no text of the author's, and the one place such a file names its book with
/// labels.
struct SiteTrailer: Equatable {
    /// The trailer's lines, to the end of the text.
    var range: Range<Int>
    var title: String?
    var author: String?

    /// The labels a site's note names the book with (`书籍名称：`), the CJK ones a front matter
    /// uses too (`书名：`). No Latin ones: the sites that append such notes are Chinese, and an
    /// English book may end on a colophon's `Title:`.
    static let titleLabels = MetadataGuesser.titleLabels.filter { !$0.allSatisfy(\.isASCII) }
    /// How far from the end a trailer's labelled line may stand, in lines with text.
    static let reach = 12

    /// The trailer at the end of `lines`: a line among the last ones naming the book with a title
    /// label, the block it stands in from the rule or `<!--` opening it, every line of it short as
    /// a site's lines are. Nil when the text ends with the author's own.
    static func find(_ lines: [Substring]) -> SiteTrailer? {
        let texts = lines.indices.reversed().lazy.filter { !TextLines.isBlank(lines[$0]) }.prefix(reach)
        guard let labelled = texts.first(where: { label(in: TextLines.trim(lines[$0])) != nil }),
              let (title, author) = label(in: TextLines.trim(lines[labelled])) else { return nil }
        // The block opens at the nearest rule or comment above the labelled line (a few lines up).
        var start = labelled
        for k in stride(from: labelled - 1, through: max(0, labelled - 8), by: -1) where opens(TextLines.trim(lines[k])) {
            start = k
            if k > 0, TextLines.trim(lines[k - 1]).hasPrefix("<!--") { start = k - 1 }
            break
        }
        // A note after the book: text before it, no heading in it (a short book's own `书名：` at the
        // top, over its chapters, is its front matter).
        guard lines[..<start].contains(where: { !TextLines.isBlank($0) }),
              lines[start...].allSatisfy({ TextLines.trim($0).count <= 100 && HeadingMatcher.match(TextLines.trim($0)) == nil }) else { return nil }
        // The author on a line of its own, after the title's (`书名：…` / `作者：…`).
        let byline = author ?? lines[(labelled + 1)...].lazy.compactMap { line -> String? in
            let trimmed = TextLines.trim(line)
            guard let label = MetadataGuesser.authorLabels.first(where: { trimmed.hasPrefix($0) }) else { return nil }
            let name = MetadataGuesser.clean(String(trimmed.dropFirst(label.count)))
            return name.isEmpty || name.count > 40 ? nil : name
        }.first
        return SiteTrailer(range: start..<lines.count, title: title, author: byline)
    }

    /// A rule of one mark, or an HTML comment's start: where a site's block begins.
    static func opens(_ line: Substring) -> Bool {
        line.hasPrefix("<!--") || HeadingDecoration.isRule(line, of: ["-", "=", "*", "─", "━", "═"], atLeast: 6)
    }

    /// The title a line names with a label, and the author it names after it on the same line
    /// (`书籍名称：呐喊  作者：鲁迅`).
    static func label(in line: Substring) -> (String, String?)? {
        guard let label = titleLabels.first(where: { line.hasPrefix($0) }) else { return nil }
        var rest = String(line.dropFirst(label.count))
        var author: String?
        if let by = MetadataGuesser.authorLabels.lazy.compactMap({ rest.range(of: $0) }).first {
            author = MetadataGuesser.clean(String(rest[by.upperBound...]))
            rest = String(rest[..<by.lowerBound])
        }
        let title = MetadataGuesser.clean(rest)
        guard !title.isEmpty, title.count <= 40 else { return nil }
        return (title, author?.isEmpty == false ? author : nil)
    }
}
