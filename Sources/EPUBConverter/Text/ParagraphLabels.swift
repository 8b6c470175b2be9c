import Foundation

/// A label that opens a short block the text runs on into (`SCENE II. The same. A public way, or
/// platform leading to the` / `lists.  A pavilion by the side of it for the reception of the` /
/// `King, Princess, Lords, etc.`): line by line it reads as a sentence, the way `BOOK VI.,
/// CHAPTER VIII.—which the reader will remember—was written` does inside prose. The sequence
/// tells them apart, as a reader does: a chapter-level label whose number is exactly the one
/// missing between the headings of its form around it (scene I above, scene III below) is that
/// heading; any other is prose.
enum ParagraphLabels {
    /// A block of two or three lines opening with a numbered chapter-level label, at most forty
    /// words in all: a candidate that counts only where it fills a gap (`inParagraph`). Its title
    /// is the block's lines joined; its text starts below the block.
    static func candidate(_ line: Substring, at i: Int, _ lines: [Substring]) -> TextBookParser.Found? {
        guard var heading = HeadingMatcher.match(line), heading.level == .chapter, heading.number != nil,
              heading.section == nil, !heading.name.isEmpty else { return nil }
        var end = i + 1
        while end < lines.count, !TextLines.isBlank(lines[end]), end - i <= 3 { end += 1 }
        guard end - i >= 2, end - i <= 3 else { return nil }
        let rest = lines[(i + 1)..<end].map { TextLines.trim($0) }
        let name = Substring(([Substring(heading.name)] + rest).joined(separator: " "))
        guard name.split(separator: " ").count <= 40 else { return nil }
        heading.title = HeadingMatcher.collapse(Substring(([line] + rest).joined(separator: " ")))
        heading.name = HeadingMatcher.collapse(name)
        var found = TextBookParser.Found(line: i, heading: heading, titleLine: end - 1)
        found.titleWrapped = true
        found.inParagraph = true
        return found
    }

    /// The candidates that fill a gap in their form's numbering, added to `found` (sorted by
    /// line): the next heading of its form is one more (or 1, in the next division; or, the last
    /// of its form, it goes on from the one before it in its division). Whether it goes on from
    /// the heading before it is the sequence's own decision (`followSequence`), as for any other
    /// heading. A candidate taken may be the neighbour another needs (an act's last scene and the
    /// next act's first), so the passes go on while one takes a candidate.
    static func fillGaps(_ found: [TextBookParser.Found], with candidates: [TextBookParser.Found]) -> [TextBookParser.Found] {
        var out = found
        var pending = candidates
        var progressed = true
        while progressed, !pending.isEmpty {
            progressed = false
            pending = pending.filter { candidate in
                guard let place = gap(for: candidate, in: out) else { return true }
                out.insert(candidate, at: place)
                progressed = true
                return false
            }
        }
        return out
    }

    /// Where the candidate goes in `out`, when its number is the one missing there.
    private static func gap(for candidate: TextBookParser.Found, in out: [TextBookParser.Found]) -> Int? {
        guard let number = candidate.heading.number else { return nil }
        let form = TextBookParser.formKey(candidate.heading)
        func sameForm(_ other: TextBookParser.Found) -> Bool {
            other.heading.level == .chapter && other.heading.number != nil && other.heading.section == nil
                && TextBookParser.formKey(other.heading) == form
        }
        // The first heading below it, by halving: `out` is in line order.
        var low = 0, high = out.count
        while low < high {
            let middle = (low + high) / 2
            if out[middle].line > candidate.line { high = middle } else { low = middle + 1 }
        }
        let place = low
        // The number of its form before it, back to the division's start.
        var previous: Int?
        for other in out[..<place].reversed() {
            if other.heading.level == .volume { break }
            if sameForm(other) { previous = other.heading.number; break }
        }
        var nextDivision = false
        var next: Int?
        for other in out[place...] {
            if other.heading.level == .volume { nextDivision = true }
            if sameForm(other) { next = other.heading.number; break }
        }
        let fits = next.map { nextDivision ? $0 == 1 : $0 == number + 1 } ?? (previous == number - 1)
        return fits ? place : nil
    }
}
