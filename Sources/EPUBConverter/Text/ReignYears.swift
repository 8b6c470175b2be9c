/// Headings of a chronicle, which sets its text under the years of a reign (《左传》's `隐公元年`,
/// `隐公二年` … under `隐公`, then `桓公元年` …; 《资治通鉴》's `威烈王二十三年`): a name, the year's
/// number (元 for the first), 年. No keyword says they are headings; their sequence does: each
/// reign's years counted from one, line after line set apart, and the reign's name alone right
/// above its first year heads them.
enum ReignYears {
    /// A year's heading: the reign's name and the year's number (`隐公元年` is 隐公, 1). The name is
    /// CJK letters (two to six, never ending in 第: `第三年` is a label); the number at most four
    /// characters; nothing after 年.
    static func year(_ line: Substring) -> (reign: Substring, number: Int)? {
        guard line.last == "年", let first = line.unicodeScalars.first, first.value >= 0x3400, line.count <= 12 else { return nil }
        let body = line.dropLast()
        guard let start = body.firstIndex(where: { $0 == "元" || ChapterNumber.characters.contains($0) }) else { return nil }
        let reign = body[..<start], numeral = body[start...]
        guard (2...6).contains(reign.count), reign.last != "第", numeral.count <= 4,
              reign.allSatisfy({ $0.unicodeScalars.allSatisfy { $0.value >= 0x3400 && $0.properties.isAlphabetic } }) else { return nil }
        if numeral == "元" { return (reign, 1) }
        guard let number = ChapterNumber.parse(numeral), number >= 1 else { return nil }
        return (reign, number)
    }

    /// The years' headings and their reigns' names: lines set apart above (a blank line or the
    /// text's start) in a reign's runs counted from one; a book needs three years or more in all,
    /// and a reign at least one run of two. `known` lines are another rule's already.
    static func find(_ lines: [Substring], known: Set<Int>) -> [TextBookParser.Found] {
        var byReign: [Substring: [(line: Int, number: Int)]] = [:]
        for i in lines.indices where !known.contains(i) && (i == 0 || TextLines.isBlank(lines[i - 1])) {
            guard let last = lines[i].unicodeScalars.last(where: { !TextLines.isSpace($0) }), last == "年",
                  let (reign, number) = year(TextLines.trim(lines[i])) else { continue }
            byReign[reign, default: []].append((i, number))
        }
        let counted = byReign.filter { _, years in years.count >= 2 && years.first?.number == 1 && zip(years, years.dropFirst()).allSatisfy { $1.number == $0.number + 1 } }
        guard counted.values.reduce(0, { $0 + $1.count }) >= 3 else { return [] }
        var found: [TextBookParser.Found] = []
        for (reign, years) in counted {
            let name = String(reign)
            for year in years {
                let title = String(TextLines.trim(lines[year.line]))
                var heading = Heading(level: .chapter, title: title, name: title, number: year.number)
                heading.keyword = name
                found.append(TextBookParser.Found(line: year.line, heading: heading, titleLine: nil, origin: .sequence))
            }
            // The reign's name alone right above its first year: the division its years are in.
            if let first = years.first, let above = lines[..<first.line].lastIndex(where: { !TextLines.isBlank($0) }),
               !known.contains(above), TextLines.trim(lines[above]) == reign {
                found.append(TextBookParser.Found(line: above, heading: Heading(level: .volume, title: name, name: name), titleLine: nil, origin: .sequence))
            }
        }
        return found.sorted { $0.line < $1.line }
    }
}
