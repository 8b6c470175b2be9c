/// The sections a contents list names that no form marks in the text: a nonfiction book's closing
/// matter after its lectures (`总论`, `钱穆年表`, `王昆吾：读《中国历代政治得失》` after `第五讲　清代`,
/// 钱穆's 中国历代政治得失 as downloaded), each a line of its own set no further apart than a
/// paragraph. The list is evidence for the titles and their order: a line that says an entry word
/// for word, where the entry's place between the headings found says it stands, is its heading.
extension ContentsList {
    /// Headings for the first list's entries that no found heading says, each the first line after
    /// the list that says it, between the headings of the entries around it. An entry that reads
    /// as a heading by its form is the scan's to find, and no line says it here; a line of prose,
    /// longer than a title, says none. `found`: the headings found so far, in order.
    static func unheadedEntries(_ regions: [Range<Int>], _ lines: [Substring], found: [TextBookParser.Found]) -> [(line: Int, heading: Heading)] {
        guard let region = regions.first else { return [] }
        let entries = region.dropFirst().compactMap { k -> (key: String, byForm: Bool)? in
            let line = TextLines.trim(lines[k])
            guard !line.isEmpty else { return nil }
            return (spacingKey(normalized(withoutPage(line))), entry(line) != nil)
        }
        guard entries.count >= 3 else { return [] }
        // Where each entry is headed already: the found heading that says it, after the list.
        var headed: [Int?] = Array(repeating: nil, count: entries.count)
        var from = 0
        for heading in found where heading.line >= region.upperBound {
            // A label's title on its own line (`PART ONE` over `THE OLD BUCCANEER`) says the entry
            // too, as a list may give it alone.
            let keys = [heading.heading.title, heading.heading.name].filter { !$0.isEmpty }.map { spacingKey(normalized(Substring($0))) }
            guard let k = entries[from...].firstIndex(where: { keys.contains($0.key) }) else { continue }
            headed[k] = heading.line
            from = k + 1
            if from == entries.count { break }
        }
        // Half the entries headed at least: the list is the book's, and its order holds.
        guard headed.compactMap({ $0 }).count * 2 >= entries.count else { return [] }
        let taken = Set(found.map(\.line)).union(found.compactMap(\.titleLine))
        var out: [(line: Int, heading: Heading)] = []
        var lowerBound = region.upperBound
        for (k, entry) in entries.enumerated() {
            if let line = headed[k] { lowerBound = line + 1; continue }
            guard !entry.byForm, entry.key.count <= 40, !isNumbered(entry.key) else { continue }
            let upperBound = headed[(k + 1)...].lazy.compactMap { $0 }.first ?? lines.count
            guard lowerBound < upperBound, let line = (lowerBound..<upperBound).first(where: { j in
                !taken.contains(j) && lines[j].utf8.count <= 240 && spacingKey(normalized(TextLines.trim(lines[j]))) == entry.key
                    && opensParagraph(j, lines)
            }) else { continue }
            out.append((line, Heading(level: .chapter, title: HeadingMatcher.collapse(TextLines.trim(lines[line])), name: "")))
            lowerBound = line + 1
        }
        return out
    }

    /// An entry that opens with a number (`A.1.3.1 certifiedBy`, `3 Methods`): its place in the
    /// numbering is the scan's to read, which no line alone tells.
    static func isNumbered(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first else { return false }
        if first.isASCII && first.properties.numericType != nil { return true }
        let second = key.unicodeScalars.dropFirst().first
        return first.isASCII && first.properties.isAlphabetic && second == "."
    }

    /// Line `k` starts a paragraph: a blank line, or a line that ends one (a sentence's end, a
    /// closing quotation mark), above it. A wrapped line's end (`Next topic: Section MISLE Matrix
    /// Inverses and Systems of Linear` over `Equations`) is no title's start.
    static func opensParagraph(_ k: Int, _ lines: [Substring]) -> Bool {
        guard k > 0 else { return true }
        let above = TextLines.trim(lines[k - 1])
        guard let last = above.last else { return true }
        return ".!?。！？…”’\"」』)）".contains(last)
    }

    /// A text as `normalized` reads it, spaces of every width between characters left out: `目　录`
    /// and `目录` say one entry, as a list and the heading it names may space it differently.
    static func spacingKey(_ normalized: String) -> String {
        String(normalized.filter { $0 != " " && $0 != "\u{3000}" })
    }
}
