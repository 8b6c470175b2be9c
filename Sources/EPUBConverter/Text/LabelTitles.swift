import Foundation

/// A CJK heading set over two lines as a print book sets it, every line indented as a paragraph
/// is (`　　第一章` over `　　人类：一种也没什么特别的动物`, `　　第一部分` over `　　认知革命`): the short
/// line under a bare label is its title. The decision is the book's: most of its bare labels
/// (four in five, three or more) stand over such a line; a web novel's bare `第一章` over its first
/// paragraph's short line (`　　夜色如墨`) is one among many that open with a sentence.
///
/// A Latin label's title right below it is read line by line (`Chapter I.` over `Fyodor Pavlovitch
/// Karamazov`), and a line that reads as a sentence is refused there (`The Galloping Troika. The End
/// Of The Prosecutor’s Speech.`, `At The Hohlakovs’`); where the book sets its labels so, that
/// line is the title all the same (`latinTitlesBelow`).
enum LabelTitles {
    static func join(_ found: [TextBookParser.Found], _ lines: [Substring]) -> [TextBookParser.Found] {
        let found = latinTitlesBelow(found, lines)
        let bare = found.indices.filter { isBareLabel(found[$0], lines) }
        guard bare.count >= 3 else { return found }
        let blankRare = blankLinesAreRare(lines)
        // Each label's title, read once: the numbered labels decide, the others follow.
        let titles = bare.reduce(into: [Int: String]()) { $0[$1] = titleBelow(found[$1].line, lines, setApartBelow: blankRare) }
        guard titles.count * 5 >= bare.count * 4 else { return found }
        // Where the book sets its labels so, a section by its word too (`引子` over `　　伦敦`).
        let special = found.indices.filter { isBareLabel(found[$0], lines, numbered: false) }
            .reduce(into: [Int: String]()) { $0[$1] = titleBelow(found[$1].line, lines, setApartBelow: blankRare) }
        var out = found
        for (k, title) in titles.merging(special, uniquingKeysWith: { a, _ in a }) {
            out[k].heading.title += " " + title
            out[k].heading.name = title
            out[k].titleLine = found[k].line + 1
        }
        return out
    }

    /// A Latin label left bare (`Chapter IX.`) over one line set apart by a blank line below it,
    /// with no blank line between (`The Galloping Troika. The End Of The Prosecutor’s Speech.`),
    /// where the labels of its form take their titles from the line right below: at least three, and
    /// four in five of those over such a line. The book's layout says that line is the title,
    /// whatever its words read as; twenty words at most, no heading or marker of its own.
    static func latinTitlesBelow(_ found: [TextBookParser.Found], _ lines: [Substring]) -> [TextBookParser.Found] {
        func isLatinLabel(_ heading: TextBookParser.Found) -> Bool {
            heading.origin == .form && heading.runOn == nil && heading.heading.number != nil && heading.heading.section == nil
                && lines[heading.line].unicodeScalars.first(where: { !TextLines.isSpace($0) })?.isASCII == true
        }
        func lineBelow(_ heading: TextBookParser.Found) -> Substring? {
            let below = heading.line + 1
            guard below + 1 < lines.count, !TextLines.isBlank(lines[below]), TextLines.isBlank(lines[below + 1]) else { return nil }
            return TextLines.trim(lines[below])
        }
        var titled: [String: Int] = [:], bare: [String: [Int]] = [:]
        for (k, heading) in found.enumerated() where isLatinLabel(heading) {
            let form = TextBookParser.formKey(heading.heading)
            if heading.titleLine == heading.line + 1, !heading.titleWrapped { titled[form, default: 0] += 1 }
            else if heading.titleLine == nil, heading.heading.name.isEmpty, heading.heading.wantsTitle, lineBelow(heading) != nil { bare[form, default: []].append(k) }
        }
        var out = found
        for (form, labels) in bare {
            let set = titled[form] ?? 0
            guard set >= 3, set * 5 >= (set + labels.count) * 4 else { continue }
            for k in labels {
                guard let title = lineBelow(found[k]), title.split(separator: " ").count <= 20, title.count <= 120, title.contains(where: \.isLetter),
                      HeadingMatcher.match(title) == nil, !TextBookParser.isBracketed(title),
                      IllustrationMarkers.placeholderText(title) == nil else { continue }
                let name = HeadingMatcher.collapse(Substring(title.filter { $0 != "_" }))
                out[k].heading.title += (found[k].numeral && found[k].heading.title.last?.isLetter == true ? ". " : " ") + name
                out[k].heading.name = name
                out[k].titleLine = found[k].line + 1
            }
        }
        return out
    }

    /// Blank lines part fewer than one line of text in five: a book that sets its paragraphs a line
    /// each with no blank between, blank lines only around headings and breaks.
    static func blankLinesAreRare(_ lines: [Substring]) -> Bool {
        var text = 0, beforeBlank = 0
        for k in lines.indices where !TextLines.isBlank(lines[k]) {
            text += 1
            if k + 1 < lines.count, TextLines.isBlank(lines[k + 1]) { beforeBlank += 1 }
        }
        return beforeBlank * 5 < text
    }

    /// A CJK label alone on its line with its number (`第一章`, `第一部分`), or with none (`引子`,
    /// `numbered` false), no title found for it.
    static func isBareLabel(_ heading: TextBookParser.Found, _ lines: [Substring], numbered: Bool = true) -> Bool {
        guard heading.titleLine == nil, heading.runOn == nil, heading.heading.wantsTitle, (heading.heading.number != nil) == numbered,
              heading.heading.section == nil,
              let first = lines[heading.line].unicodeScalars.first(where: { !TextLines.isSpace($0) }) else { return false }
        return !first.isASCII
    }

    /// The line right under the label when it reads as its title: indented as the label is (or,
    /// `setApartBelow`, in a book whose paragraphs blank lines rarely part, set apart from the text
    /// by a blank line below it: `第一卷` over `　　博里纳日`; or, label and line both, indented
    /// otherwise than the paragraph below them: a centred `第一章` over `     著名贵族唐吉诃德的品性与行为`
    /// over `　　曼查有个地方…`, a TXT书库 《唐吉诃德》), CJK, at most 30 characters, no sentence's
    /// punctuation, no heading or numbered line of its own.
    static func titleBelow(_ line: Int, _ lines: [Substring], setApartBelow: Bool = false) -> String? {
        guard line + 1 < lines.count else { return nil }
        let label = TextLines.indentation(lines[line]), below = TextLines.indentation(lines[line + 1])
        let paragraph = line + 2 < lines.count && !TextLines.isBlank(lines[line + 2]) ? TextLines.indentation(lines[line + 2]) : nil
        guard below == label || setApartBelow && line + 2 < lines.count && TextLines.isBlank(lines[line + 2])
                || paragraph.map({ $0 != below && $0 != label }) == true else { return nil }
        let next = TextLines.trim(lines[line + 1])
        guard (1...30).contains(next.count), next.unicodeScalars.contains(where: { $0.value >= 0x3040 }),
              !next.contains(where: { "。！？；，,;!?…".contains($0) }), !ParagraphStyle.endsSentence(next), next.last.map({ !"：:".contains($0) }) == true,
              HeadingMatcher.match(next) == nil, HeadingMatcher.numberedLine(next) == nil else { return nil }
        return HeadingMatcher.collapse(next)
    }
}
