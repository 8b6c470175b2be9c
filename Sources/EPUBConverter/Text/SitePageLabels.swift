import Foundation

/// A site that serves a book in pages heads each page with the book's name and the page's number
/// (`鼠疫1`, `鼠疫2` … over each page of a 下书网 download), above the book's own number for the
/// chapter the page holds (`1`, `2` …). The labels are the site's: the chapters are the book's
/// numbers, and the name the labels repeat is the book's title.
struct SitePageLabels {
    /// The labels' lines.
    let lines: [Int]
    /// The name every label repeats before its number.
    let name: String

    /// The labels: three or more lines that are the same name and a number, the numbers rising,
    /// mostly by one, and two in three of them with the same number alone among the next few
    /// lines of text. Nil when there are none: labels with nothing below them name the pages
    /// themselves (`哈里·哈勒尔自传(1)`), and stay.
    static func find(_ lines: [Substring]) -> SitePageLabels? {
        var byName: [Substring: [(line: Int, number: Int)]] = [:]
        for i in lines.indices where lines[i].utf8.count <= 120 && endsOnDigit(lines[i]) {
            guard let (name, number) = label(TextLines.trim(lines[i])) else { continue }
            byName[name, default: []].append((i, number))
        }
        let candidates = byName.filter { $0.value.count >= 3 && rising($0.value.map(\.number)) }
        guard let (name, labels) = candidates.max(by: { $0.value.count < $1.value.count }) else { return nil }
        let numbered = labels.filter { numberBelow($0.line, $0.number, lines) }.count
        guard numbered * 3 >= labels.count * 2 else { return nil }
        return SitePageLabels(lines: labels.map(\.line), name: String(name))
    }

    /// Whether the line's last byte but spaces is a digit's, ASCII or full-width (`１` is EF BC 91):
    /// the test every short line of a novel passes first, on its bytes.
    static func endsOnDigit(_ line: Substring) -> Bool {
        guard let end = line.utf8.lastIndex(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return false }
        let last = line.utf8[end]
        if (0x30...0x39).contains(last) { return true }
        guard (0x90...0x99).contains(last), line.utf8.distance(from: line.utf8.startIndex, to: end) >= 2 else { return false }
        let middle = line.utf8.index(before: end), lead = line.utf8.index(before: middle)
        return line.utf8[lead] == 0xEF && line.utf8[middle] == 0xBC
    }

    /// A name of one to twenty characters that is no number and ends on no mark, then a number
    /// in Arabic digits (`鼠疫1`, `鼠疫 12`, `鼠疫１２`, `家3`); `第1` is a chapter's label, not a name.
    static func label(_ line: Substring) -> (name: Substring, number: Int)? {
        guard (2...30).contains(line.count), let last = line.last, last.isNumber, last.isASCII || ("０"..."９").contains(last) else { return nil }
        let digits = line.reversed().prefix { $0.isNumber && ($0.isASCII || ("０"..."９").contains($0)) }
        guard digits.count <= 4, let number = ChapterNumber.parse(String(digits.reversed())) else { return nil }
        var name = line.dropLast(digits.count)
        while let end = name.last, end == " " || end == "　" { name = name.dropLast() }
        guard (1...20).contains(name.count), name != "第", let end = name.last, end.isLetter,
              !name.allSatisfy({ ChapterNumber.parse(String($0)) != nil }) else { return nil }
        return (name, number)
    }

    /// Numbers that rise, by one at two steps in three at least.
    static func rising(_ numbers: [Int]) -> Bool {
        let steps = zip(numbers, numbers.dropFirst())
        guard steps.allSatisfy({ $0 < $1 }) else { return false }
        return steps.filter { $1 == $0 + 1 }.count * 3 >= (numbers.count - 1) * 2
    }

    /// Whether the number stands alone on one of the four lines of text below the label (an
    /// epigraph may come first).
    static func numberBelow(_ line: Int, _ number: Int, _ lines: [Substring]) -> Bool {
        var seen = 0
        for k in (line + 1)..<min(lines.count, line + 12) where !TextLines.isBlank(lines[k]) {
            let text = TextLines.trim(lines[k])
            if text.count <= 6, ChapterNumber.parse(text) == number { return true }
            seen += 1
            if seen == 4 { break }
        }
        return false
    }
}
