import Foundation

/// Two forms of numbered heading in one book, one numbering again from 1 under each heading of the
/// other (`第一章` / `第一节` `第二节`, `第二章` / `第一节` …; a textbook's or a history's chapters and
/// their sections): the restarting form is the other's subsections, one level down. Decided over the
/// whole book, before the chapters' sequence is read, so that the two numberings are not taken for
/// one (a chapter 1, then its section 2, reads as chapter 2).
enum NestedForms {
    static func mark(_ found: [TextBookParser.Found]) -> [TextBookParser.Found] {
        // Forms of numbered chapter-level labels, in the book's order.
        let forms = found.map { heading -> String? in
            guard heading.heading.level == .chapter, heading.heading.number != nil, heading.heading.section == nil else { return nil }
            // Numbered lines tell their forms apart by their numerals and the mark after them
            // (`一、资产者和无产者` over `1．反动的社会主义`).
            if heading.isNumberedLine { return numberStyle(heading.heading.title) }
            if heading.numeral { return nil }
            let form = TextBookParser.formKey(heading.heading)
            return form == "numeral" ? nil : form
        }
        let counts = forms.compactMap { $0 }.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
        let candidates = counts.filter { $0.value >= 2 }.keys.sorted()
        guard candidates.count >= 2 else { return found }
        for parent in candidates {
            for child in candidates where child != parent && restarts(child, under: parent, found, forms) {
                var out = found
                var underParent = false
                for k in out.indices {
                    if forms[k] == parent { underParent = true } else if out[k].heading.level == .volume { underParent = false }
                    if forms[k] == child, underParent { out[k].isSubsection = true }
                }
                return out
            }
        }
        return found
    }

    /// Two forms of division in one book, each heading of one standing right over a heading of the
    /// other (`VOLUME I` / `FANTINE` over `BOOK FIRST—A JUST MAN`, `PART I` over `Book I.`), the other
    /// more frequent: its divisions are the first's, one level down, over their chapters. Four in
    /// five of the first form's headings so set, two at least.
    static func markDivisions(_ found: [TextBookParser.Found], _ lines: [Substring]) -> [TextBookParser.Found] {
        // A book in halves (`罗马史（上卷）`, `罗马史（下卷）`; `上部`, `下部`), each half in order (a download
        // may hold one): the numbered divisions inside them (`第一卷 关于诸国王（片断）` …) are the halves',
        // one level down.
        let halves = found.indices.filter { found[$0].heading.level == .volume && HeadingMatcher.isHalf(found[$0].heading.title) }
        let numbers = halves.compactMap { found[$0].heading.number }
        if !halves.isEmpty, numbers.count == halves.count, zip(numbers, numbers.dropFirst()).allSatisfy({ $0 < $1 }), let first = halves.first {
            let inside = found.indices.filter { $0 > first && found[$0].heading.level == .volume && found[$0].heading.number != nil && !halves.contains($0) }
            if inside.count >= 2 {
                var out = found
                for k in inside { out[k].isSubdivision = true }
                return out
            }
        }
        let forms = found.map { heading -> String? in
            guard heading.heading.level == .volume, heading.heading.number != nil else { return nil }
            let form = TextBookParser.formKey(heading.heading)
            return form == "numeral" ? nil : form
        }
        let counts = forms.compactMap { $0 }.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
        guard counts.count >= 2 else { return found }
        for parent in counts.keys.sorted() where counts[parent, default: 0] >= 2 {
            let parents = counts[parent, default: 0]
            for child in counts.keys.sorted() where child != parent && counts[child, default: 0] > parents {
                let over = found.indices.filter { k in
                    forms[k] == parent && k + 1 < found.count && forms[k + 1] == child && TextBookParser.isEmptyBetween(found[k], found[k + 1], lines)
                }.count
                guard over >= 2, over * 5 >= parents * 4 else { continue }
                var out = found
                for k in out.indices where forms[k] == child { out[k].isSubdivision = true }
                return out
            }
        }
        return found
    }

    /// A book's closing words standing right over its chapter 1 (`EPILOGUE` over `Chapter I. Plans
    /// For Mitya’s Escape` after the last part, over a bare `I` in Crime and Punishment, `尾声` over
    /// `第一章`), after a division: the closing
    /// division, at the top level over its own chapters, not a chapter of the last division.
    static func closingDivisions(_ found: [TextBookParser.Found], _ lines: [Substring]) -> [TextBookParser.Found] {
        guard let firstDivision = found.firstIndex(where: { $0.heading.level == .volume }) else { return found }
        var out = found
        for k in out.indices.dropLast() where k > firstDivision && out[k].heading.level == .chapter && out[k].heading.number == nil
            && TextBookParser.isBackMatter(out[k].heading) && out[k + 1].heading.level == .chapter && out[k + 1].heading.number == 1
            && TextBookParser.isEmptyBetween(out[k], out[k + 1], lines) {
            out[k].heading.level = .volume
            out[k].isSubdivision = false
        }
        return out
    }

    /// A numbered line's form: the script of its number (Arabic digits, full-width digits, Chinese
    /// numerals) and the mark after it (`一、`, `1．`, `1.`). Nil for any other line.
    static func numberStyle(_ title: String) -> String? {
        guard let first = title.unicodeScalars.first else { return nil }
        let script: String
        switch first.value {
        case 0x30...0x39: script = "0"
        case 0xFF10...0xFF19: script = "０"
        default:
            guard HeadingMatcher.numeralScalars.contains(first), !first.isASCII else { return nil }
            script = "一"
        }
        let mark = title.unicodeScalars.first { !HeadingMatcher.numeralScalars.contains($0) && !(0x30...0x39).contains($0.value) && !(0xFF10...0xFF19).contains($0.value) }
        return "numbered " + script + (mark.map(String.init) ?? "")
    }

    /// Under one heading of `parent` or more, the first `child` heading is numbered 1 (four in five
    /// of them), and `parent`'s own numbers never start again under `child`; under one only, the
    /// child numbers two headings at least and the parent's numbers go on after them (`1．反动的社会主义`
    /// … `3．` under `三、`, then `四、`: the manifesto's only subsections). Chapters after a book's
    /// letters (`Letter 2`, then `Chapter 1` … to the end) are no letter's parts.
    static func restarts(_ child: String, under parent: String, _ found: [TextBookParser.Found], _ forms: [String?]) -> Bool {
        var parents = 0, fromOne = 0
        var firstAfterParent = false
        var childRuns = 0, parentFirstIsOne = 0
        var sawChild = false
        for k in found.indices {
            if forms[k] == parent {
                firstAfterParent = true
                if sawChild {
                    childRuns += 1
                    if found[k].heading.number == 1 { parentFirstIsOne += 1 }
                }
                sawChild = false
            } else if forms[k] == child {
                if firstAfterParent {
                    parents += 1
                    if found[k].heading.number == 1 { fromOne += 1 }
                }
                firstAfterParent = false
                sawChild = true
            }
        }
        let children = forms.filter { $0 == child }.count
        return (parents >= 2 || parents == 1 && children >= 2 && childRuns >= 1) && fromOne * 5 >= parents * 4 && parentFirstIsOne * 2 < max(childRuns, 1)
    }
}
