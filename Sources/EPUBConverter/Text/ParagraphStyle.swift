/// How a text marks paragraphs: one per line (web novels), or blocks of hard-wrapped lines
/// separated by blank lines (older texts, Project Gutenberg).
public enum ParagraphStyle: String, Sendable, Codable {
    case linePerParagraph = "line"
    case blankLineSeparated = "blank-line"

    /// Hard-wrapped when most non-empty lines sit in blocks of several lines, blank lines separate
    /// the blocks, and two thirds of the long lines inside a block read as wrapped: the next line
    /// is not indented (an indent starts a paragraph) and the line does not end a sentence.
    static func detect(_ lines: [Substring]) -> ParagraphStyle {
        var nonEmpty = 0, blank = 0, inBlocks = 0
        var innerLines = 0, innerWrapped = 0
        var block: [Substring] = []
        func close() {
            if block.count > 1 {
                inBlocks += block.count
                // Each line break inside a block: wrapped when the next line is not indented and
                // this line does not end a sentence.
                for k in block.indices.dropLast() where block[k].utf8.count >= 50 {
                    // Only long lines tell: headings, titles and verse are short in both styles.
                    innerLines += 1
                    let nextIndented = block[k + 1].first.map(TextLines.isSpace) ?? false
                    if !nextIndented && !endsSentence(TextLines.trim(block[k])) { innerWrapped += 1 }
                }
            }
            block.removeAll(keepingCapacity: true)
        }
        for line in lines {
            if TextLines.isBlank(line) {
                blank += 1
                close()
            } else {
                nonEmpty += 1
                block.append(line)
            }
        }
        close()
        guard nonEmpty > 0, blank * 20 >= nonEmpty, inBlocks * 2 >= nonEmpty else { return .linePerParagraph }
        return innerLines > 0 && innerWrapped * 3 >= innerLines * 2 ? .blankLineSeparated : .linePerParagraph
    }

    /// Sentence-final punctuation, possibly followed by a closing quote.
    static func endsSentence(_ line: Substring) -> Bool {
        var last = line.last
        if let l = last, "”’」』\")）".contains(l) { last = line.dropLast().last }
        guard let l = last else { return false }
        return "。！？!?….".contains(l)
    }
}
