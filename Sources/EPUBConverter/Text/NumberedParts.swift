import Foundation

/// Sections a CJK book numbers inside a chapter or a preface, in brackets (`（一）关于这本传记`,
/// `（二）加密`, `（三）图灵机` under 艾伦·图灵传's `马慧元序`; `(1)老舍的北京` in an essay), by a Chinese
/// numeral and an enumeration comma (`一、关于这本书`, `二、补说元规则` under 血酬定律's `自序`, set as its
/// paragraphs are), by a Roman numeral, in the CJK block's own numeral characters or in Latin
/// letters (`Ⅰ.辑自《福提阿斯》`, `Ⅱ.同上` … `XIII.辑自《修伊达斯》`, the fragments under each of 阿庇安's
/// 罗马史's `第一卷 关于诸国王（片断）`), or by the Heavenly Stems, as scholars number the parts of a numbered section
/// (`甲、皇室与政府`, `乙、中央政府的组织` under `一、汉代政府组织`, 钱穆's 中国历代政治得失): the numbers
/// of each form run from one in each section that holds them, each over text of its own. Such a
/// line alone is a list's item or a note; the run is the section's parts.
enum NumberedParts {
    /// The numbered parts between each heading and the next, found as subsections of it: two at
    /// least of one form, numbered 1, 2, 3 … with no other number of that form among them, each
    /// titled and over a line of text. `excluded`: contents lists, whose entries are no headings.
    static func subsections(_ found: [TextBookParser.Found], _ lines: [Substring], excluded: [Range<Int>]) -> [TextBookParser.Found] {
        guard !found.isEmpty else { return [] }
        var out: [TextBookParser.Found] = []
        for (k, parent) in found.enumerated() {
            let end = k + 1 < found.count ? found[k + 1].line : lines.count
            let start = (parent.titleLine ?? parent.line) + 1
            guard start < end else { continue }
            // Each form's numbers, in order: 0 bracketed, 1 by a comma, 2 by the stems, 3 Roman.
            var runs: [[(line: Int, heading: Heading)]] = [[], [], [], []]
            for j in start..<end where lines[j].utf8.count <= 100 {
                // Most lines open otherwise: their first scalar rules them out before anything is trimmed.
                guard let first = lines[j].unicodeScalars.first(where: { !TextLines.isSpace($0) }) else { continue }
                if first == "（" || first == "(", let heading = numbered(TextLines.trim(lines[j])) {
                    runs[0].append((j, heading))
                } else if chineseNumerals.contains(first), let heading = commaNumbered(TextLines.trim(lines[j])) {
                    runs[1].append((j, heading))
                } else if stems.contains(first), let heading = stemNumbered(TextLines.trim(lines[j])) {
                    runs[2].append((j, heading))
                } else if isRomanScalar(first), let heading = romanNumbered(TextLines.trim(lines[j])) {
                    runs[3].append((j, heading))
                }
            }
            for run in runs where run.count >= 2 && run.enumerated().allSatisfy({ $0.element.heading.number == $0.offset + 1 })
                && !run.contains(where: { line, _ in excluded.contains { $0.contains(line) } })
                && zip(run, run.dropFirst().map(\.line) + [end]).allSatisfy({ hasText(after: $0.0.line, before: $0.1, lines) }) {
                for (line, heading) in run {
                    var sub = TextBookParser.Found(line: line, heading: heading, titleLine: nil, isNumberedLine: true)
                    sub.isSubsection = true
                    // Under a subsection (`甲、` under `一、汉代政府组织` under `第一讲`), one level further down.
                    if parent.isSubsection { sub.outlineDepth = parent.outlineDepth + 1 }
                    out.append(sub)
                }
            }
        }
        return out.sorted { $0.line < $1.line }
    }

    /// A bracketed number and a CJK title (`（一）关于这本传记`, `(2) 加密`): the number Chinese or
    /// Arabic, four characters at most; the title twenty characters at most, with no sentence's mark.
    static func numbered(_ line: Substring) -> Heading? {
        guard let open = line.first, open == "（" || open == "(" else { return nil }
        let rest = line.dropFirst()
        let digits = rest.prefix { HeadingMatcher.numerals.contains($0) }
        guard !digits.isEmpty, digits.count <= 4, let number = ChapterNumber.parse(digits) else { return nil }
        let afterNumber = rest.dropFirst(digits.count)
        guard let close = afterNumber.first, close == "）" || close == ")" else { return nil }
        return part(line, number: number, title: afterNumber.dropFirst())
    }

    /// The scalars a Chinese numeral opens with, up to the hundreds (`一` … `十`, `百`).
    static let chineseNumerals: Set<Unicode.Scalar> = Set("一二三四五六七八九十".unicodeScalars)

    /// A Chinese numeral, an enumeration comma and a CJK title (`一、关于这本书`): the title as
    /// `numbered` reads one. `一、二十年来…，` is a sentence's list.
    static func commaNumbered(_ line: Substring) -> Heading? {
        let digits = line.prefix { HeadingMatcher.numerals.contains($0) }
        guard !digits.isEmpty, digits.count <= 3, let number = ChapterNumber.parse(digits) else { return nil }
        let rest = line.dropFirst(digits.count)
        guard rest.first == "、" else { return nil }
        return part(line, number: number, title: rest.dropFirst())
    }

    /// A Roman numeral's scalar: the CJK block's numeral characters (`Ⅰ` … `Ⅻ`, `ⅰ` … `ⅻ`), or the
    /// Latin letters Roman numerals are spelled with.
    static func isRomanScalar(_ scalar: Unicode.Scalar) -> Bool {
        (0x2160...0x217F).contains(scalar.value) || "IVXLCivxlc".unicodeScalars.contains(scalar)
    }

    /// A Roman numeral, a full stop or an enumeration comma, and a CJK title (`Ⅰ.辑自《福提阿斯》`,
    /// `Ⅴ. 辑自《使节》`, `XIII.辑自《修伊达斯》`): the numeral's value its number, its characters read
    /// as the letters they stand for; the title as `numbered` reads one.
    static func romanNumbered(_ line: Substring) -> Heading? {
        let numeral = line.prefix { $0.unicodeScalars.first.map(isRomanScalar) == true }
        guard !numeral.isEmpty, numeral.count <= 6,
              let number = HeadingMatcher.roman(Substring(String(numeral).precomposedStringWithCompatibilityMapping)) else { return nil }
        let rest = line.dropFirst(numeral.count)
        guard let mark = rest.first, ".．、".contains(mark) else { return nil }
        return part(line, number: number, title: rest.dropFirst(), opening: "《〈「“")
    }

    /// The Heavenly Stems, which count one to ten: `甲` is 1, `癸` 10.
    static let stems: [Unicode.Scalar] = Array("甲乙丙丁戊己庚辛壬癸".unicodeScalars)

    /// A stem, an enumeration comma and a CJK title (`甲、皇室与政府`): the stem's count its number;
    /// the title as `numbered` reads one. `甲说：…` is a sentence.
    static func stemNumbered(_ line: Substring) -> Heading? {
        guard let stem = line.unicodeScalars.first, let index = stems.firstIndex(of: stem) else { return nil }
        let rest = line.dropFirst()
        guard let mark = rest.first, mark == "、" || mark == "．" else { return nil }
        return part(line, number: index + 1, title: rest.dropFirst())
    }

    /// The part a numbered line heads, once its number and mark are read: the title after them,
    /// spaces aside, twenty characters at most, opening with an ideograph (or one of `opening`,
    /// `《辑自…》`'s marks) and with no sentence's mark (`IsolatedTitles.isCJKTitle`).
    static func part(_ line: Substring, number: Int, title rest: Substring, opening: String = "") -> Heading? {
        let title = rest.drop { $0 == " " || $0 == "　" }
        guard !title.isEmpty, title.count <= 20,
              title.unicodeScalars.first.map({ TextLines.isIdeograph($0) || opening.unicodeScalars.contains($0) }) == true,
              IsolatedTitles.isCJKTitle(title) else { return nil }
        return Heading(level: .chapter, title: HeadingMatcher.collapse(line), name: HeadingMatcher.collapse(title), number: number)
    }

    /// A line of text, not blank, between line `k` and `end`.
    static func hasText(after k: Int, before end: Int, _ lines: [Substring]) -> Bool {
        k + 1 < end && lines[(k + 1)..<end].contains { !TextLines.isBlank($0) }
    }
}
