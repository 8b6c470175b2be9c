/// Project Gutenberg's frame around a book: its header (with `Title:` and `Author:` lines), the
/// `*** START OF THE PROJECT GUTENBERG EBOOK … ***` marker, the book, the `*** END OF …` marker and
/// the licence. Only the book is the book's body; the header's labels are the surest title and
/// author a download carries; the licence is dropped or, on request, kept as back matter.
struct GutenbergFrame {
    /// Lines of the book itself (between the markers; to the end when there is no end marker).
    var body: Range<Int>
    var title: String?
    /// The `Title:` line's own value, without the lines folded below it (a long title's rest, or
    /// its subtitle: `A Christmas Carol` over `A Ghost Story of Christmas`).
    var titleLine: String?
    var author: String?
    /// The book's name as the start marker gives it: a last resort, after the title page.
    var markerTitle: String?
    /// The first line of the licence (the end marker), when there is one.
    var licenceStart: Int?

    /// The frame of a Gutenberg text, or nil when the lines carry no start marker in their first
    /// 400 lines (older texts put a long header first; later ones start with the marker). The
    /// etexts of the 1990s end their header with the small print's closing line
    /// (`*END*THE SMALL PRINT! FOR PUBLIC DOMAIN ETEXTS*Ver.04.29.93*END*`) and the book with
    /// `End of Project Gutenberg Etext of …`, and give title and author only in their first line
    /// (`The Project Gutenberg Etext of Moby Dick, by Herman Melville`).
    static func find(_ lines: [Substring]) -> GutenbergFrame? {
        // The small print is three pages: its end may stand further down than a marker does.
        guard let start = lines.prefix(400).firstIndex(where: { isMarker($0, word: "START") })
                ?? lines.prefix(600).firstIndex(where: isSmallPrintEnd) else { return nil }
        var frame = GutenbergFrame(body: (start + 1)..<lines.count)
        let endMarker = lines[(start + 1)...].firstIndex(where: { isMarker($0, word: "END") })
            ?? lines[(start + 1)...].lastIndex(where: isClosingLine).map { $0 + 1 }
        if let end = endMarker {
            // Older texts close with `End of the Project Gutenberg EBook of …` above the marker.
            var bodyEnd = end
            while bodyEnd > start + 1, TextLines.isBlank(lines[bodyEnd - 1]) { bodyEnd -= 1 }
            if bodyEnd > start + 1, isClosingLine(lines[bodyEnd - 1]) {
                bodyEnd -= 1
            }
            frame.body = (start + 1)..<bodyEnd
            frame.licenceStart = bodyEnd
        }
        for (k, line) in lines[..<start].enumerated() {
            let trimmed = TextLines.trim(line)
            if frame.title == nil, trimmed.hasPrefix("Title:") {
                frame.title = value(trimmed.dropFirst(6), folded: lines[(k + 1)..<start])
                frame.titleLine = value(trimmed.dropFirst(6), folded: [])
            }
            if frame.author == nil, trimmed.hasPrefix("Author:") { frame.author = firstAuthor(trimmed.dropFirst(7), below: lines[(k + 1)..<start]) }
        }
        frame.markerTitle = markerTitle(lines[start])
        if frame.title == nil, let first = lines[..<start].first(where: { !TextLines.isBlank($0) }), let (title, author) = firstLineNames(first) {
            frame.title = title
            if frame.author == nil { frame.author = author }
        }
        return frame
    }

    /// The small print's closing line, where a 1990s etext's header ends: a line in asterisks
    /// that says `END` and `SMALL PRINT`.
    static func isSmallPrintEnd(_ line: Substring) -> Bool {
        let trimmed = TextLines.trim(line)
        guard trimmed.hasPrefix("*"), trimmed.utf8.count < 200 else { return false }
        let upper = trimmed.uppercased()
        return upper.hasPrefix("*END") && upper.contains("SMALL PRINT")
    }

    /// `End of Project Gutenberg Etext of …`, `End of the Project Gutenberg EBook of …`: the book's
    /// last line, where no end marker follows.
    static func isClosingLine(_ line: Substring) -> Bool {
        // The first words before the whole line is lowercased: most lines stop there.
        let trimmed = TextLines.trim(line)
        guard trimmed.prefix(6).lowercased() == "end of" else { return false }
        return trimmed.lowercased().contains("project gutenberg")
    }

    /// Title and author from a header's first line, `The Project Gutenberg Etext of Moby Dick, by
    /// Herman Melville` (`EBook`, `eBook` alike); nil when the line says no title.
    static func firstLineNames(_ line: Substring) -> (String, String?)? {
        let trimmed = TextLines.trim(line)
        let lower = trimmed.lowercased()
        guard lower.hasPrefix("the project gutenberg"), let of = trimmed.range(of: " of ", options: .caseInsensitive) else { return nil }
        let rest = trimmed[of.upperBound...]
        let by = rest.range(of: ", by ", options: [.caseInsensitive, .backwards])
        let title = HeadingMatcher.collapse(Substring(String(rest[..<(by?.lowerBound ?? rest.endIndex)]).trimmingCharacters(in: " ,")))
        guard !title.isEmpty else { return nil }
        let author = by.map { HeadingMatcher.collapse(Substring(String(rest[$0.upperBound...]).trimmingCharacters(in: " ,."))) }
        return (title, author?.isEmpty == false ? author : nil)
    }

    /// `*** START OF THE PROJECT GUTENBERG EBOOK …` (also `THIS`, and without the spaces some
    /// texts have): a line of asterisks, the word, and Project Gutenberg's name.
    static func isMarker(_ line: Substring, word: String) -> Bool {
        let trimmed = TextLines.trim(line)
        guard trimmed.hasPrefix("***"), trimmed.utf8.count < 300 else { return false }
        let upper = trimmed.uppercased()
        return upper.contains("PROJECT GUTENBERG") && (upper.contains("\(word) OF THE") || upper.contains("\(word) OF THIS"))
    }

    /// The book's name as the start marker gives it (`… EBOOK THE ADVENTURES OF TOM SAWYER ***`).
    static func markerTitle(_ line: Substring) -> String? {
        let upper = line.uppercased()
        guard let range = upper.range(of: "EBOOK") else { return nil }
        let rest = String(upper[range.upperBound...]).trimmingCharacters(in: " *\u{FEFF}")
        return rest.isEmpty ? nil : MetadataGuesser.titleCased(rest)
    }

    /// A header line of its own, however indented (`  Release Date: …`): a label of letters and
    /// spaces, up to three words, and a colon.
    static func isLabelled(_ line: Substring) -> Bool {
        let trimmed = TextLines.trim(line)
        guard let colon = trimmed.firstIndex(of: ":") else { return false }
        let label = trimmed[..<colon]
        return !label.isEmpty && label.split(separator: " ").count <= 3 && label.allSatisfy { $0.isLetter || $0 == " " }
    }

    /// The book's title: the header's, whose lines below the `Title:` line are the rest of a long
    /// title, or a subtitle where the title page sets the title on the `Title:` line alone (`A
    /// CHRISTMAS CAROL` over `IN PROSE` … `A Ghost Story of Christmas`; `LES MISERABLES` over the
    /// header's `Complete in Five Volumes`): the title page says where the title ends. An
    /// alternative title (`or The Modern Prometheus`) is the title's, as a catalogue reads it.
    /// The title page may set the `Title:` line's words over several lines, blank lines between
    /// (`Through England` / `On a Side Saddle`, then `IN THE TIME OF WILLIAM AND MARY`, the
    /// header's folded line): `frontLines`, the text's lines before its first heading, say so.
    func bookTitle(titlePage: String?, frontLines: [String] = []) -> String? {
        guard let title, let titleLine, title != titleLine, let titlePage,
              ContentsList.normalized(Substring(titlePage)) == ContentsList.normalized(Substring(titleLine))
                || Self.setsOver(titleLine, startingWith: titlePage, frontLines) else { return title }
        let rest = title.dropFirst(titleLine.count).drop { $0 == " " || $0 == "," || $0 == ";" }.lowercased()
        return rest.hasPrefix("or ") || rest.hasPrefix("or,") ? title : titleLine
    }

    /// `titleLine` is the title page's lines from the one that reads `titlePage`, joined (the
    /// blank lines between them aside): its first ten non-blank lines.
    static func setsOver(_ titleLine: String, startingWith titlePage: String, _ frontLines: [String]) -> Bool {
        let target = ContentsList.normalized(Substring(titleLine))
        var joined = ContentsList.normalized(Substring(titlePage))
        guard target.hasPrefix(joined + " ") else { return false }
        let shown = frontLines.filter { !$0.isEmpty }.prefix(10).map { ContentsList.normalized(Substring($0)) }
        guard let start = shown.firstIndex(of: joined) else { return false }
        for line in shown[(start + 1)...] {
            joined += " " + line
            if joined == target { return true }
            if !target.hasPrefix(joined + " ") { return false }
        }
        return false
    }

    /// The header's first author: the header lists a book's authors a line each, the others
    /// indented under the first (`Author: Alexandre Dumas` / `        Auguste Maquet`, `Author:
    /// Jacob Grimm` / `        Wilhelm Grimm`), as its catalogue gives the first creator first.
    /// A line that leaves the name open (`…,`, `… and`, `… de`) is folded onto the next.
    static func firstAuthor(_ text: Substring, below: ArraySlice<Substring>) -> String? {
        let first = TextLines.trim(text)
        let words = first.split(separator: " ")
        let open = first.last.map { ",&-".contains($0) } == true
            || words.last.map { ["and", "of", "de", "von", "van", "la", "le", "du", "da", "di"].contains($0.lowercased()) } == true
        return open || words.isEmpty ? value(text, folded: below) : value(text, folded: [])
    }

    /// A header's value with the lines it is folded onto: the header folds a long value as mail
    /// headers do, onto indented lines right below (`Title: Frankenstein` / `       or The Modern
    /// Prometheus`).
    private static func value(_ text: Substring, folded below: ArraySlice<Substring>) -> String? {
        let continued = below.prefix { line in !TextLines.isBlank(line) && line.first.map(TextLines.isSpace) == true && !isLabelled(line) }
        let value = HeadingMatcher.collapse(Substring(([TextLines.trim(text)] + continued.map(TextLines.trim)).joined(separator: " ")))
        return value.isEmpty ? nil : value
    }
}
