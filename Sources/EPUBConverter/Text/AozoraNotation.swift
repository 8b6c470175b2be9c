/// Aozora Bunko's plain-text notation (青空文庫, the Japanese public-domain library's downloads):
/// under the title and author, a legend of its marks between dashed rules
/// (`【テキスト中に現れる記号について】`), and through the text annotations in `［＃…］` that say, among
/// other things, which lines are headings (`［＃８字下げ］一［＃「一」は中見出し］`,
/// `［＃大見出し］第一章［＃大見出し終わり］`). The annotations are the book's own markup: where they
/// mark headings, they are the headings, as a `--chapter-pattern` would be.
enum AozoraNotation {
    /// The annotation's opening: a full-width bracket and a full-width number sign.
    static let open = "［＃"

    /// Blanks the legend: a dashed rule in the first 60 lines, `【テキスト中に現れる記号について】`
    /// within the next few lines, through the next dashed rule (at most 80 lines on). `blanked`
    /// gains the lines (text stood there: they part no blocks).
    static func blankLegend(_ lines: inout [Substring], blanked: inout Set<Int>) {
        guard let rule = lines.prefix(60).firstIndex(where: isRule),
              lines[(rule + 1)...].prefix(4).contains(where: { TextLines.trim($0).hasPrefix("【テキスト中に現れる記号について】") }),
              let end = lines[(rule + 1)...].prefix(80).firstIndex(where: isRule) else { return }
        for k in rule...end {
            lines[k] = ""
            blanked.insert(k)
        }
    }

    /// A rule of twenty hyphens or more, as the legend is set between.
    static func isRule(_ line: Substring) -> Bool {
        let trimmed = TextLines.trim(line)
        return trimmed.utf8.count >= 20 && trimmed.allSatisfy { $0 == "-" }
    }

    /// The headings the annotations mark, in order, or nil when fewer than two lines are so
    /// marked (a single one may be a note's). Sizes give levels: the largest present heads the
    /// book's divisions when a smaller one is present too, the next its chapters, a third size
    /// the chapters' sections.
    static func headings(_ lines: [Substring]) -> [TextBookParser.Found]? {
        var marked: [(line: Int, size: Int, title: String)] = []
        // Scalars, without Foundation: this runs on every line of a novel.
        for (k, line) in lines.enumerated() where hasAnnotation(line) {
            if let (size, title) = heading(TextLines.trim(line)) { marked.append((k, size, title)) }
        }
        guard marked.count >= 2 else { return nil }
        let sizes = Set(marked.map(\.size)).sorted()
        return marked.map { mark in
            let rank = sizes.firstIndex(of: mark.size) ?? 0
            let level: Heading.Level = rank == 0 && sizes.count >= 2 ? .volume : .chapter
            var found = TextBookParser.Found(line: mark.line, heading: Heading(level: level, title: mark.title, name: mark.title), titleLine: nil,
                                             origin: .annotated)
            found.isSubsection = rank >= 2
            return found
        }
    }

    /// The line holds an annotation's opening, `［＃`.
    static func hasAnnotation(_ line: Substring) -> Bool {
        var previous: Unicode.Scalar = " "
        for scalar in line.unicodeScalars {
            if scalar == "＃", previous == "［" { return true }
            previous = scalar
        }
        return false
    }

    /// A line's heading annotation: its size (0 大, 1 中, 2 小) and the heading's text, or nil.
    /// `…［＃「一」は中見出し］` names the text; `［＃中見出し］一［＃中見出し終わり］` encloses it.
    static func heading(_ line: Substring) -> (Int, String)? {
        let sizes: [Character: Int] = ["大": 0, "中": 1, "小": 2]
        // `［＃「一」は中見出し］` (also `同行中見出し`, `窓中見出し`): the quoted text.
        if let quote = line.range(of: "［＃「"), let close = line[quote.upperBound...].range(of: "」は") {
            var rest = line[close.upperBound...]
            if rest.hasPrefix("同行") || rest.hasPrefix("窓") { rest = rest.dropFirst(rest.hasPrefix("窓") ? 1 : 2) }
            guard let size = rest.first.flatMap({ sizes[$0] }), rest.dropFirst().hasPrefix("見出し］") else { return nil }
            let title = HeadingMatcher.collapse(withoutAnnotations(line[quote.upperBound..<close.lowerBound]))
            return title.isEmpty ? nil : (size, title)
        }
        // `［＃中見出し］一［＃中見出し終わり］`.
        for (word, size) in sizes {
            let start = "［＃\(word)見出し］", end = "［＃\(word)見出し終わり］"
            if let from = line.range(of: start), let to = line[from.upperBound...].range(of: end) {
                let title = HeadingMatcher.collapse(withoutAnnotations(line[from.upperBound..<to.lowerBound]))
                return title.isEmpty ? nil : (size, title)
            }
        }
        return nil
    }

    /// The text without its annotations (`［＃…］`) and ruby readings (`《…》`, with the `｜` that
    /// marks where a reading's base starts). A bracket that opens no annotation stays.
    static func withoutAnnotations(_ text: Substring) -> Substring {
        guard text.contains("［＃") || text.contains("《") || text.contains("｜") else { return text }
        var out = ""
        var i = text.startIndex
        while i < text.endIndex {
            let rest = text[i...]
            if rest.hasPrefix(open), let end = rest.firstIndex(of: "］") {
                i = text.index(after: end)
            } else if rest.first == "《", let end = rest.firstIndex(of: "》") {
                i = text.index(after: end)
            } else {
                if rest.first != "｜" { out.append(text[i]) }
                i = text.index(after: i)
            }
        }
        return Substring(out)
    }
}
