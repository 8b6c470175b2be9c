/// How a text marks paragraphs: one per line (web novels), or blocks of hard-wrapped lines
/// separated by blank lines (older texts, Project Gutenberg).
public enum ParagraphStyle: String, Sendable, Codable {
    case linePerParagraph = "line"
    case blankLineSeparated = "blank-line"

    /// Hard-wrapped when most of the text (in characters) sits in blocks of several lines, blank
    /// lines separate the blocks, and two thirds of the long lines inside a block read as wrapped:
    /// the next line is not indented (an indent starts a paragraph) and the line does not end a
    /// sentence. Characters, not lines: a technical text's tables and lists print a short line per
    /// block, many lines and little of the text.
    static func detect(_ lines: [Substring]) -> ParagraphStyle {
        var nonEmpty = 0, blank = 0, characters = 0, inBlocks = 0
        var innerLines = 0, innerWrapped = 0
        // Read in one pass, holding only the block's last line: a book without blank lines is one
        // block of hundreds of thousands of lines.
        var blockCount = 0, blockCharacters = 0
        var previous: Substring?
        for line in lines {
            if TextLines.isBlank(line) {
                blank += 1
                if blockCount > 1 { inBlocks += blockCharacters }
                blockCount = 0
                blockCharacters = 0
                previous = nil
                continue
            }
            nonEmpty += 1
            characters += line.utf8.count
            blockCharacters += line.utf8.count
            // A line break inside a block: wrapped when this line is not indented and the line
            // before does not end a sentence. Only long lines tell: headings, titles and verse
            // are short in both styles.
            if let previous, previous.utf8.count >= 50 {
                innerLines += 1
                let indented = line.first.map(TextLines.isSpace) ?? false
                if !indented && !endsSentence(TextLines.trim(previous)) { innerWrapped += 1 }
            }
            previous = line
            blockCount += 1
        }
        if blockCount > 1 { inBlocks += blockCharacters }
        guard nonEmpty > 0, blank * 20 >= nonEmpty, inBlocks * 2 >= characters else { return .linePerParagraph }
        return innerLines > 0 && innerWrapped * 3 >= innerLines * 2 ? .blankLineSeparated : .linePerParagraph
    }

    /// Sentence-final punctuation, possibly followed by a closing quote.
    static func endsSentence(_ line: Substring) -> Bool {
        var last = line.last
        if let l = last, "”’」』\")）".contains(l) { last = line.dropLast().last }
        guard let l = last else { return false }
        // `．` and `｡` end sentences too: Japanese technical writing sets the full-width full stop.
        return "。！？!?….．｡".contains(l)
    }
}
