/// Divisions a download site names before every chapter of each (`七星鲁王 第一章 血尸`, …,
/// `怒海潜沙 第一章 …`, as 八零电子书 sets an omnibus's books): the prefix changes where a division
/// starts, and the division's name stands alone on a line of its own before its first chapter.
/// Such a prefix is no site's mark to strip but the division's title, and the line its heading.
enum PrefixDivisions {
    /// The headings found behind prefixes, in line order, give the runs of one prefix; a run whose
    /// prefix stands alone (a blank line or a rule on each side) between the run before it and its
    /// first heading is a division. Two such runs at least: one alone is the book's title over its
    /// chapters (`血色浪漫` over `《血色浪漫》第一章`). Returns the divisions' lines and headings, and
    /// the prefixes they name (whose headings count however few).
    static func find(_ prefixed: [(prefix: String, found: TextBookParser.Found)], _ lines: [Substring])
        -> (divisions: [TextBookParser.Found], prefixes: Set<String>) {
        let ordered = prefixed.sorted { $0.found.line < $1.found.line }
        var divisions: [TextBookParser.Found] = []
        var previousEnd = -1
        var k = 0
        while k < ordered.count {
            let prefix = ordered[k].prefix
            var end = k
            while end + 1 < ordered.count, ordered[end + 1].prefix == prefix { end += 1 }
            if let line = standingAlone(prefix, between: previousEnd, and: ordered[k].found.line, lines) {
                let heading = Heading(level: .volume, title: prefix, name: prefix)
                divisions.append(TextBookParser.Found(line: line, heading: heading, titleLine: nil, origin: .sitePrefix))
            }
            previousEnd = ordered[end].found.line
            k = end + 1
        }
        let named = Set(divisions.map(\.heading.title))
        guard named.count >= 2 else { return ([], []) }
        return (divisions, named)
    }

    /// The last line after `start` and before `end` that says `prefix` alone, set apart.
    static func standingAlone(_ prefix: String, between start: Int, and end: Int, _ lines: [Substring]) -> Int? {
        var i = end - 1
        while i > start {
            if TextLines.trim(lines[i]) == prefix, isApart(i - 1, lines), isApart(i + 1, lines) { return i }
            i -= 1
        }
        return nil
    }

    /// Line `i` parts blocks: a blank line, a rule, or no line at all.
    static func isApart(_ i: Int, _ lines: [Substring]) -> Bool {
        guard lines.indices.contains(i) else { return true }
        let line = TextLines.trim(lines[i])
        return line.isEmpty || HeadingDecoration.isRule(line, of: HeadingDecoration.ruleMarks, atLeast: 3)
    }
}
