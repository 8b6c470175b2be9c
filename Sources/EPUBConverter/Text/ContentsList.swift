/// A printed table of contents at the front of a book: a line that says so (`CONTENTS`, `Table of
/// Contents`, `目录`) and the entries below it, which repeat the book's headings (with page
/// numbers, dot leaders, descriptions wrapped over two lines). The entries are evidence of what
/// the headings are, never headings themselves. The list ends where the book starts: at a heading
/// whose label the list already gave (`PART ONE` again), or at a heading followed by prose
/// (`PREFACE` after a list of illustrations), or at prose.
enum ContentsList {
    static let words: Set<String> = ["contents", "table of contents", "目录", "目錄", "目 录", "目 錄", "目　录", "目　錄"]
    /// A list longer than this is not one (a line `Contents` in the text, and then the book).
    static let maxLines = 2500

    /// The line ranges of the contents lists in the first part of the book.
    static func regions(_ lines: [Substring]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var i = 0
        let limit = min(lines.count, 4000)
        while i < limit {
            // Only a short line can say `Contents`: the length is checked before anything is lowercased.
            let trimmed = TextLines.trim(lines[i])
            guard saysContents(trimmed), let end = end(of: i, lines) ?? titleListEnd(of: i, lines) else { i += 1; continue }
            out.append(i..<end)
            i = end
        }
        return out
    }

    /// A trimmed line that says `Contents` (`CONTENTS.`, `Table of Contents:`, `目录`). The length
    /// is read before anything is lowercased: only a short line can say it.
    static func saysContents(_ trimmed: Substring) -> Bool {
        !trimmed.isEmpty && trimmed.utf8.count <= 24 && words.contains(trimmed.lowercased().trimmingCharacters(in: ".:： "))
    }

    /// Where the list that starts on line `start` ends, or nil when nothing in it reads as an entry.
    static func end(of start: Int, _ lines: [Substring]) -> Int? {
        // What the list gave so far: volumes for the whole list; chapters and lines within the
        // current volume when the list is organised by parts (numbering that restarts per part
        // gives `CHAPTER I` once per part).
        var seen: Set<String> = []
        var seenTexts: Set<String> = []
        var entries: [(line: Int, key: String)] = []
        // The division forms in the order the list first gives them (`VOLUME`, then `BOOK`).
        var divisionForms: [String] = []
        var lastBare: Int?
        var lastAppendix: Int?
        // The headings given after the list's last cluster of entries, read once when needed.
        var clusterLater: (from: Int, keys: Set<String>)?
        var k = start + 1
        while k < min(lines.count, start + maxLines) {
            let line = TextLines.trim(lines[k])
            if line.isEmpty { k += 1; continue }
            var heading = entry(line)
            // The appendix after the one before (`I. Media type registrations.` after `H. Detailed
            // examples.`) is no Roman numeral, however it reads.
            if let appendix = appendixEntry(withoutStop(withoutPage(line))), let last = lastAppendix, appendix.number == last + 1 { heading = appendix }
            if let number = heading?.section.flatMap({ $0.count == 1 ? $0[0] - SectionNumbers.letterBase : nil }) { lastAppendix = number }
            // A bare number again, the next entry right below it or the one before it the number
            // before: the list numbers the parts of each title from 1 (a poem's `1`, `2` under every
            // title), not the book starting.
            let bare = heading.flatMap { isBareNumber($0) ? $0.number : nil }
            let restarts = bare.map { $0 == (lastBare ?? 0) + 1 && lastBare != nil || nextEntryClose(k, lines) } == true
            if heading != nil { lastBare = bare }
            // A line the list already gave, word for word (`ETYMOLOGY.` again): the book has started.
            // A title the list gives twice (two poems called `TO YOU`) with more titles right below
            // it, or right below the label it titles (`CHAP. XXVII` / `Knights and Squires.`, as
            // `CHAP. XXVI` was), is still the list.
            // A long entry wrapped onto a line indented under it (`3.3.6 POSITIONING OF GROUP-RUBY
            // WITH RESPECT TO BASE` / `    CHARACTERS.`) is that entry's, however often its words recur.
            let titlesEntryAbove = heading == nil && (isTitleOfEntryAbove(k, lines, after: start) || continuesEntryAbove(k, lines, after: start))
            if line.utf8.count <= 240, !restarts, !titlesEntryAbove {
                let text = normalized(withoutPage(line))
                if !text.isEmpty, !seenTexts.insert(text).inserted, heading != nil || !titlesFollow(k, lines) { break }
            }
            if let heading {
                let key = self.key(heading)
                if seen.contains(key) && !restarts { break }
                // Prose below an entry set right under the entry before it is no text of its own
                // when the book gives its heading again after that prose (`第十一回` … `第十三回`,
                // then the author's note, then `　　第一回 山路を…`): the list's cluster goes on.
                if proseFollows(k, lines) {
                    guard entries.last?.line == k - 1, let after = lines[k...].firstIndex(where: TextLines.isBlank) else { break }
                    if clusterLater?.from != after { clusterLater = (after, laterKeys(from: after, lines)) }
                    guard clusterLater?.keys.contains(key) == true else { break }
                }
                // A part opens a scope of its own when the list opens with one, or when it is set
                // as the least indented entries above it are, after chapters of the front matter
                // (` CHAPTER I. Theorems.` … ` PART I. Core.` / `    CHAPTER I. Systems.`); a part
                // at the margin after an indented list is the book starting (`PART ONE`).
                // A division of a form the list gave first opens a scope for the forms it gave after
                // (`VOLUME II` over `BOOK FIRST` again, as `VOLUME I` was over `BOOK FIRST`).
                if heading.level == .volume, entries.isEmpty || entries.first.map({ $0.key.hasPrefix(Heading.Level.volume.rawValue) }) == true
                    || TextLines.indentation(lines[k]).count == entries.map({ TextLines.indentation(lines[$0.line]).count }).min() {
                    let nested = Set(divisionForms.drop { $0 != form(ofKey: key) }.dropFirst())
                    seen = seen.filter { $0.hasPrefix(Heading.Level.volume.rawValue) && !nested.contains(form(ofKey: $0)) }
                    seenTexts = [normalized(withoutPage(line))]
                }
                if heading.level == .volume, !divisionForms.contains(form(ofKey: key)) { divisionForms.append(form(ofKey: key)) }
                seen.insert(key)
                entries.append((k, key))
            } else if !titlesEntryAbove, isProse(block(at: k, lines)) {
                break
            }
            k += 1
        }
        guard entries.count >= 2 else { return nil }
        // Entries at the end whose headings never come back (`PART ONE` right before `CHAPTER I`,
        // which the list named) are the book starting, not the list.
        // An entry numbered alone (`ONE  PLAYING PILGRIMS`, `I. The Period`) names the chapter of
        // that number however its heading labels it (`CHAPTER ONE`).
        let later = laterKeys(from: k, lines)
        let laterNumbers = Set(later.map(withoutKeyword))
        var end = k
        while let last = entries.last, !later.contains(last.key), !(form(ofKey: last.key).isEmpty && laterNumbers.contains(withoutKeyword(last.key))) {
            end = last.line
            entries.removeLast()
        }
        return entries.count >= 2 ? end : nil
    }

    /// Where a list of titles without labels ends (`PREFACE`, `THE FIRST DAY`; `आदि पर्व अध्याय १`),
    /// one a line or spaced by blank lines, with page numbers or without; nil when it is none. No
    /// entry has a heading's form, so the book is the evidence: the list ends where a line says
    /// one of its entries again (the book starting) or prose begins, and is a list when it has
    /// three entries or more and two in three of them come back further on as lines of their own.
    static func titleListEnd(of start: Int, _ lines: [Substring]) -> Int? {
        var entries: [String: Int] = [:]
        var firstKey: String?
        var k = start + 1
        var read = 0
        while k < lines.count, read < maxLines {
            let line = TextLines.trim(lines[k])
            if line.isEmpty { k += 1; continue }
            read += 1
            let text = withoutPage(line)
            let key = normalized(text)
            // A title the list gives twice (`EPUB2` under each of two parts) with more titles right
            // below it is still the list; its first entry again is the book starting.
            guard entries[key] == nil || key != firstKey && titlesFollow(k, lines), text.utf8.count <= 240, IsolatedTitles.isTitle(text) || IsolatedTitles.isCJKTitle(text) || IsolatedTitles.isEssayTitle(text),
                  !isProse(block(at: k, lines)) else { break }
            if entries[key] == nil { entries[key] = k }
            if firstKey == nil { firstKey = key }
            k += 1
        }
        guard entries.count >= 3 else { return nil }
        let later = laterSayings(of: Set(entries.keys), after: Array(entries.values), lines)
        return entries.values.filter { later[$0, default: 0] >= 1 }.count * 3 >= entries.count * 2 ? k : nil
    }

    /// The title of the entry right above line `k` (`CHAP. I.` then `THE BURIAL OF THE DEAD`), as
    /// the chapter's own heading prints it on its next line, or alone one blank line below (`CHAPTER
    /// I.`, a blank line, `FEUDALISM AND THE MONARCHY.`, a Distributed Proofreaders list): a label alone,
    /// no page number after it, at the same indentation. No division of its own (`II.  6` over
    /// `OUR OLD FEUILLAGE  7` are two entries).
    static func isTitleOfEntryAbove(_ k: Int, _ lines: [Substring], after start: Int) -> Bool {
        guard k > start + 1 else { return false }
        // Across a blank line the title stands alone, as the heading sets it (entries listed under
        // a label, `— I —` over ` [ 1 ]`, ` [ 2 ]`, are the label's parts).
        let alone = k + 1 >= lines.count || TextLines.isBlank(lines[k + 1])
        let j = TextLines.isBlank(lines[k - 1]) && k > start + 2 && alone ? k - 2 : k - 1
        let above = TextLines.trim(lines[j])
        guard let heading = entry(above), heading.name.isEmpty, withoutPage(above) == above else { return false }
        func indent(_ line: Substring) -> Int { TextLines.indentation(line).count }
        return indent(lines[j]) == indent(lines[k])
    }

    /// Line `k` carries on the entry above it: indented deeper than the entry, with no blank line
    /// between, under the entry's line or under its other continuation lines set as `k` is.
    static func continuesEntryAbove(_ k: Int, _ lines: [Substring], after start: Int) -> Bool {
        // Up over the entry's other continuation lines, set as this one is (a wrapped entry is a
        // few lines at most), to the entry, indented less.
        let indent = TextLines.indentation(lines[k]).count
        var j = k
        while j > start + 1, k - j < 4, !TextLines.isBlank(lines[j - 1]) {
            let above = TextLines.indentation(lines[j - 1]).count
            if above < indent { return entry(TextLines.trim(lines[j - 1])) != nil }
            guard above == indent else { return false }
            j -= 1
        }
        return false
    }

    /// Line `k` is the rest of the entry above it, wrapped: it carries the entry on, and the line
    /// above is filled, its next word past sixty columns (`       3.2.4 Method for Setting
    /// Full-width Latin Letters and` / `European Numerals`). A short entry's deeper lines are its
    /// own entries (` BOOK 1. Beginnings` over `    The First Shelf`).
    static func wrapsEntryAbove(_ k: Int, _ lines: [Substring], after start: Int) -> Bool {
        guard continuesEntryAbove(k, lines, after: start) else { return false }
        let word = TextLines.trim(lines[k]).prefix { $0 != " " }
        return lines[k - 1].count + 1 + word.count > 60
    }

    /// A number alone (`1`, `IV.`): no label word, no title.
    static func isBareNumber(_ heading: Heading) -> Bool {
        let word = heading.title.prefix { $0.isLetter }
        return heading.number != nil && heading.name.isEmpty && (word.isEmpty || HeadingMatcher.roman(word) != nil)
    }

    /// Another entry within the next four lines of text after line `k`, with no prose before it.
    static func nextEntryClose(_ k: Int, _ lines: [Substring]) -> Bool {
        var seenText = 0
        for line in lines[(k + 1)...].prefix(12) {
            let trimmed = TextLines.trim(line)
            if trimmed.isEmpty { continue }
            if entry(trimmed) != nil { return true }
            seenText += 1
            if seenText >= 4 || trimmed.count > 100 || ParagraphStyle.endsSentence(trimmed) { return false }
        }
        return false
    }

    /// The next three lines of text after line `k` are entries or titles, as a list's lines are; a
    /// chapter's text, verse or prose, is neither. Where line `k` ends with a full stop, as an older
    /// list sets every title (`To You.`, `France.`), the titles after it may too.
    static func titlesFollow(_ k: Int, _ lines: [Substring]) -> Bool {
        let stops = TextLines.trim(lines[k]).last == "."
        var titles = 0
        for line in lines[(k + 1)...].prefix(12) {
            let trimmed = TextLines.trim(line)
            if trimmed.isEmpty { continue }
            // An entry's title is the line without its dot leaders and page number (`France ……… 2839`).
            let text = withoutPage(trimmed)
            guard entry(trimmed) != nil || text.count <= 60 && (IsolatedTitles.isTitle(text) || IsolatedTitles.isCJKTitle(text))
                    && (!ParagraphStyle.endsSentence(text) || stops && text.last == ".") else { return false }
            titles += 1
            if titles == 3 { return true }
        }
        return false
    }

    /// The keys of the headings from line `start` on, as the list would name them.
    static func laterKeys(from start: Int, _ lines: [Substring]) -> Set<String> {
        var keys: Set<String> = []
        for line in lines[start...] {
            let trimmed = TextLines.trim(line)
            guard let first = trimmed.unicodeScalars.first, first.isASCII ? first.properties.isAlphabetic || first.properties.numericType != nil
                    : HeadingMatcher.chineseStarts.contains(first) || first == "正" else { continue }
            if let heading = HeadingMatcher.match(trimmed) ?? HeadingMatcher.numeral(trimmed) ?? SectionNumbers.heading(trimmed) { keys.insert(key(heading)) }
            // A label with its chapter's text run on after it (`　　第十三回 川舟で久一さんを…`)
            // names it too, however long the line.
            else if first == "第", let (heading, _) = HeadingMatcher.runOn(trimmed) { keys.insert(key(heading)) }
        }
        return keys
    }

    /// `found` without the titles a contents list sets apart as the book sets its headings
    /// (`setApart`: the lines of the titles read by their gap), which are the list's entries: a
    /// division's label (`VOLUME II` three blank lines below volume I's last entry), as the form
    /// pass read it, or a title the book gives again as a heading after the list (Les Misérables'
    /// ` LETTER TO M. DAELLI`, three blank lines below the last chapter's entry, heads the letter
    /// at the book's end).
    static func withoutSetApartEntries(_ found: [TextBookParser.Found], setApart: Set<Int>, contents: [Range<Int>],
                                       _ lines: [Substring]) -> [TextBookParser.Found] {
        let inLists = found.compactMap { heading in
            setApart.contains(heading.line) ? contents.first { $0.contains(heading.line) }.map { (heading: heading, region: $0) } : nil
        }
        guard let firstEnd = inLists.map(\.region.upperBound).min() else { return found }
        // The titles the book gives after a list, with where each is said.
        let saidAfter = found.filter { $0.line >= firstEnd }.map { (line: $0.line, title: normalized(Substring($0.heading.title))) }
        let dropped = Set(inLists.filter { heading, region in
            let title = normalized(Substring(heading.heading.title))
            return entry(TextLines.trim(lines[heading.line])) != nil
                || saidAfter.contains { $0.line >= region.upperBound && $0.title == title }
        }.map(\.heading.line))
        return dropped.isEmpty ? found : found.filter { !dropped.contains($0.line) }
    }

    /// A contents entry read as the heading it lists: dot leaders and page numbers cut off.
    static func entry(_ line: Substring) -> Heading? {
        // A heading's forms: a label, a numeral, a section number.
        func form(_ text: Substring) -> Heading? {
            HeadingMatcher.match(text) ?? HeadingMatcher.numeral(text) ?? HeadingMatcher.chineseNumeral(text) ?? SectionNumbers.heading(text)
        }
        let text = withoutPage(line)
        if let heading = form(text) { return heading }
        // Older lists end each entry with a full stop (`I. The Old Sea-dog at the Admiral Benbow.`,
        // `1.1. Purpose and Scope.`), which the heading over the chapter does not print.
        let stripped = withoutStop(text)
        if stripped.count < text.count, let heading = form(stripped) { return heading }
        return numberedEntry(stripped) ?? labelledEntry(stripped) ?? appendixEntry(stripped) ?? spelledEntry(stripped)
    }

    /// A chapter's number spelled out and its title, two spaces or a full stop between them, as
    /// a list prints them for headings that spell it after a label (`          ONE  PLAYING
    /// PILGRIMS`, ` TWENTY-THREE  AUNT MARCH SETTLES THE QUESTION` for `CHAPTER ONE` over `PLAYING
    /// PILGRIMS`, Little Women). Cardinals only: `FIRST LOVE` is a title.
    static func spelledEntry(_ text: Substring) -> Heading? {
        let token = text.prefix { $0.isLetter || $0 == "-" }
        let rest = text.dropFirst(token.count)
        guard rest.hasPrefix("  ") || rest.hasPrefix(". "), token.split(separator: "-").allSatisfy({ HeadingMatcher.cardinals.contains($0.lowercased()) }),
              let number = HeadingMatcher.englishNumber(token) else { return nil }
        let name = TextLines.trim(rest.drop { $0 == "." })
        guard isEntryTitle(name) else { return nil }
        return Heading(level: .chapter, title: HeadingMatcher.collapse(text), name: HeadingMatcher.collapse(name), number: number, needsSequence: true)
    }

    /// A label and its number, then the title with nothing between, as a list joins a heading's
    /// two lines (`STAVE ONE MARLEY’S GHOST` for `STAVE ONE` over `MARLEY’S GHOST`): the first
    /// two words are the heading's label, the rest its title, opening with a capital.
    static func labelledEntry(_ text: Substring) -> Heading? {
        let words = text.split(separator: " ", maxSplits: 2)
        guard words.count == 3, let first = words[2].first(where: \.isLetter), first.isUppercase,
              var heading = HeadingMatcher.match(Substring(words[0] + " " + words[1])), heading.number != nil, heading.name.isEmpty else { return nil }
        heading.title = HeadingMatcher.collapse(text)
        heading.name = HeadingMatcher.collapse(words[2])
        return heading
    }

    /// A numeral and its title as a list prints them, which a heading's line need not match: a
    /// long title (`XVI. Narrative Continued by the Doctor: How the Ship Was Abandoned`), one in
    /// quotation marks (`XXVII. “Pieces of Eight”`). Roman or Arabic, its full stop, a title that
    /// opens with a capital and leaves no clause open.
    static func numberedEntry(_ text: Substring) -> Heading? {
        let token = text.prefix { $0.isLetter || $0.isNumber }
        let arabic = token.allSatisfy { $0.isASCII && $0.isNumber }
        guard !token.isEmpty, token.count <= 9, token == token.uppercased(), text.dropFirst(token.count).hasPrefix(". "),
              let number = arabic ? (token.count <= 3 ? Int(token) : nil) : HeadingMatcher.roman(token) else { return nil }
        let name = TextLines.trim(text.dropFirst(token.count + 2))
        guard isEntryTitle(name) else { return nil }
        return Heading(level: .chapter, title: HeadingMatcher.collapse(text), name: HeadingMatcher.collapse(name), number: number, needsSequence: true)
    }

    /// The title after an entry's numeral or letter: it opens with a capital, is no longer than
    /// sixteen words, leaves no clause open and is no `Contents` line of its own.
    static func isEntryTitle(_ name: Substring) -> Bool {
        guard let first = name.first(where: \.isLetter), first.isUppercase, name.split(separator: " ").count <= 16 else { return false }
        return !",;:".contains(name.last ?? ",") && !HeadingMatcher.isContentsEntry(name)
    }

    /// An appendix as a technical document's list gives it, its letter alone before the title
    /// (`A. Unsupported features.`, over `A.1 Under-implemented features.`): letters that are no
    /// Roman numeral, which `numberedEntry` reads. Keyed as the appendix's section, never as a
    /// chapter's number (`A.` is not `1.`).
    static func appendixEntry(_ text: Substring) -> Heading? {
        guard let letter = text.first, letter.isASCII, letter.isUppercase, text.dropFirst().hasPrefix(". "),
              let value = letter.asciiValue else { return nil }
        let name = TextLines.trim(text.dropFirst(3))
        guard isEntryTitle(name) else { return nil }
        var heading = Heading(level: .chapter, title: HeadingMatcher.collapse(text), name: HeadingMatcher.collapse(name),
                              number: Int(value) - 64, needsSequence: true)
        heading.section = [SectionNumbers.letterBase + Int(value) - 64]
        return heading
    }

    /// An entry without the full stop an older list ends it with (`Purpose and Scope.`, `Headings
    /// (including Page Breaks).`), not an ellipsis's.
    static func withoutStop(_ text: Substring) -> Substring {
        text.hasSuffix(".") && !text.hasSuffix("..") && text.dropLast().last.map { $0.isLetter || $0.isNumber || ")”’\"".contains($0) } == true ? text.dropLast() : text
    }

    /// An entry without its dot leaders and page number.
    static func withoutPage(_ line: Substring) -> Substring {
        var text = line
        if let leader = text.range(of: " . .") ?? text.range(of: "....") { text = TextLines.trim(text[..<leader.lowerBound]) }
        // A page number stands after a run of spaces or a tab (`SALUT AU MONDE!      1816`); a
        // title's own number after one space is the title's (`CHAPTER 12`).
        let digits = text.reversed().prefix { $0.isNumber }.count
        let before = text.dropLast(digits)
        let withoutPage = TextLines.trim(before)
        if digits > 0, !withoutPage.isEmpty, before.hasSuffix("  ") || before.hasSuffix("\t") { text = withoutPage }
        return text
    }

    /// A line's text as entries and headings are compared: lower case, spaces collapsed, closing full stop dropped.
    static func normalized(_ text: Substring) -> String {
        var out = HeadingMatcher.collapse(text).lowercased()
        while out.hasSuffix(".") || out.hasSuffix(":") { out.removeLast() }
        return out
    }

    /// A list of titles alone (`目录` over titles without labels): where nothing else marks the
    /// book's headings (no blank line sets them apart, its paragraphs' indentation is theirs too),
    /// the lines after the list that say its entries, in the list's order, are the headings. An
    /// entry the text does not say is passed over (the next two are looked for too); at least two
    /// thirds of the entries must be found.
    static func titlesInOrder(_ regions: [Range<Int>], _ lines: [Substring]) -> [(line: Int, heading: Heading)] {
        guard let region = regions.first else { return [] }
        let entries = region.dropFirst().compactMap { k -> String? in
            let line = TextLines.trim(lines[k])
            return line.isEmpty || entry(line) != nil ? nil : normalized(withoutPage(line))
        }
        guard entries.count >= 3 else { return [] }
        let said = linesSaying(entries, after: region.upperBound, lines, maxBytes: 240)
        guard said.count * 3 >= entries.count * 2 else { return [] }
        return said.map { ($0, Heading(level: .chapter, title: HeadingMatcher.collapse(TextLines.trim(lines[$0])), name: "")) }
    }

    /// The lines after `start` that say `names` (normalized), in their order: a name the text does
    /// not say is passed over, the next two looked for too. `maxBytes`: a longer line says none.
    static func linesSaying(_ names: [String], after start: Int, _ lines: [Substring], maxBytes: Int) -> [Int] {
        var out: [Int] = []
        var next = 0
        for k in start..<lines.count where next < names.count {
            let line = TextLines.trim(lines[k])
            guard !line.isEmpty, line.utf8.count <= maxBytes else { continue }
            let key = normalized(line)
            guard let offset = (0..<min(3, names.count - next)).first(where: { names[next + $0] == key }) else { continue }
            out.append(k)
            next += offset + 1
        }
        return out
    }

    /// Titles a list numbers (`1. 婆罗门之子`, `5. 伽摩拉`) that the text prints without their
    /// numbers, each alone on its line and set no further apart than a paragraph (悉达多 as
    /// downloaded): the lines after the list that say the entries' titles, in the list's order, are
    /// the headings. An entry the text does not say is passed over (the next two are looked for
    /// too); at least two thirds of the numbered entries, three or more, must be found. The last
    /// list is read: a front matter's short list of parts may stand before the book's own (悉达多's
    /// `目录` among `名人推荐`, `内容提要`, then `目录：` over its chapters). `known`: lines already
    /// headings, which say their entry without being taken again.
    static func namesOfNumberedEntries(_ regions: [Range<Int>], _ lines: [Substring], known: Set<Int>) -> [(line: Int, heading: Heading)] {
        guard let region = regions.last else { return [] }
        let names = region.dropFirst().compactMap { k -> String? in
            guard let name = numberedName(TextLines.trim(lines[k])), HeadingMatcher.match(name) == nil else { return nil }
            return normalized(name)
        }
        guard names.count >= 3 else { return [] }
        let said = linesSaying(names, after: region.upperBound, lines, maxBytes: 120)
        guard said.count * 3 >= names.count * 2 else { return [] }
        return said.filter { !known.contains($0) }.map { k in
            let title = HeadingMatcher.collapse(TextLines.trim(lines[k]))
            return (k, Heading(level: .chapter, title: title, name: title))
        }
    }

    /// The title of an entry numbered in Arabic digits before it (`1. 婆罗门之子`, `12．侨文达`,
    /// `5、伽摩拉`): nil for any other line.
    static func numberedName(_ line: Substring) -> Substring? {
        let digits = line.prefix { $0.isASCII && $0.isNumber || ("０"..."９").contains($0) }
        guard (1...3).contains(digits.count), let mark = line.dropFirst(digits.count).first, ".．、".contains(mark) else { return nil }
        let name = TextLines.trim(line.dropFirst(digits.count + 1))
        guard !name.isEmpty, name.count <= 30, name.first.map({ !$0.isNumber }) == true else { return nil }
        return name
    }

    /// Divisions a list names without a heading form (`ETYMOLOGY.`, `EXTRACTS (Supplied by …)`):
    /// each line of the body that stands alone and says one of them word for word is a heading.
    /// The list is the evidence: such a line elsewhere in a book is ordinary text, and a line
    /// that reads as no title (a glossary's `culture`) is text even where the list names it.
    static func listedDivisions(_ regions: [Range<Int>], _ lines: [Substring]) -> [(line: Int, heading: Heading)] {
        var listed: [String: Int] = [:]
        for region in regions {
            // The list proper: to its last heading entry and the lines right after it, up to two
            // blank lines (a list of illustrations below it is no list of divisions).
            guard let lastEntry = region.reversed().first(where: { entry(TextLines.trim(lines[$0])) != nil }) else { continue }
            var end = lastEntry + 1
            while end < region.upperBound, !(TextLines.isBlank(lines[end]) && (end + 1 >= lines.count || TextLines.isBlank(lines[end + 1]))) { end += 1 }
            for k in (region.lowerBound + 1)..<end {
                let line = TextLines.trim(lines[k])
                guard line.count >= 3, line.utf8.count <= 240, IllustrationMarkers.placeholderText(line) == nil, entry(line) == nil else { continue }
                // An entry's title, on the line below its label or wrapped onto a line set deeper
                // (`3.2.4 Method for Setting Full-width Latin Letters and` / `    European Numerals`).
                if isTitleOfEntryAbove(k, lines, after: region.lowerBound) || wrapsEntryAbove(k, lines, after: region.lowerBound) { continue }
                listed[normalized(withoutPage(line)), default: 0] += 1
            }
        }
        guard !listed.isEmpty, let start = regions.map(\.upperBound).max() else { return [] }
        var out: [(line: Int, heading: Heading, key: String)] = []
        for k in start..<lines.count {
            let line = TextLines.trim(lines[k])
            guard !line.isEmpty, line.utf8.count <= 240, k == 0 || TextLines.isBlank(lines[k - 1]),
                  k + 1 >= lines.count || TextLines.isBlank(lines[k + 1]) else { continue }
            let key = normalized(line)
            guard listed[key] != nil, IsolatedTitles.isTitle(line) || IsolatedTitles.isCJKTitle(line) || bracketedNumeral(line) != nil else { continue }
            out.append((k, Heading(level: .chapter, title: HeadingMatcher.collapse(line), name: ""), key))
        }
        // A line the body sets apart more often than the list names it is a recurring caption
        // (`Reading Social Studies` in every chapter), not the division the list meant.
        var counts: [String: Int] = [:]
        for found in out { counts[found.key, default: 0] += 1 }
        let later = laterSayings(of: Set(out.map(\.key)), after: out.map(\.line), lines)
        return out.filter { counts[$0.key, default: 0] <= listed[$0.key, default: 0] && later[$0.line, default: 0] < listed[$0.key, default: 0] }
            .map { ($0.line, $0.heading) }
    }

    /// A number in square brackets alone (`[ 1 ]`, Ulysses' episodes): no title by its words, and
    /// a page's number in text taken from print looks the same; a heading only where the contents
    /// list names it.
    static func bracketedNumeral(_ line: Substring) -> Int? {
        guard TextBookParser.isBracketed(line), line.count <= 12 else { return nil }
        return HeadingMatcher.numeral(TextLines.trim(line.dropFirst().dropLast()))?.number
    }

    /// Every line of the given lists as entries and headings are compared (`normalized`, page
    /// numbers and leaders cut): the evidence a title set apart in any case is one.
    static func entryTexts(_ regions: [Range<Int>], _ lines: [Substring]) -> Set<String> {
        var out: Set<String> = []
        for region in regions {
            // A title wrapped onto a line set deeper is the entry's (`3.2.4 Method for Setting
            // Full-width Latin Letters and` / `    European Numerals`), no title of its own.
            for k in region where !TextLines.isBlank(lines[k]) && !wrapsEntryAbove(k, lines, after: region.lowerBound) {
                out.insert(normalized(withoutPage(TextLines.trim(lines[k]))))
            }
        }
        return out
    }

    /// For each of `starts`, how many later lines say one of `keys` as it does, set apart or not:
    /// a copy of the list in the text (a document's own table of contents) stands alone above the
    /// heading it names (`C Possibilities for Line-breaking` right over its text, thousands of lines
    /// on), which says it once more than the list does. Lines are compared only when their length
    /// could make them equal.
    static func laterSayings(of keys: Set<String>, after starts: [Int], _ lines: [Substring]) -> [Int: Int] {
        guard let first = starts.min(), let longest = keys.map(\.utf8.count).max() else { return [:] }
        var lengths = [Bool](repeating: false, count: longest + 5)
        for key in keys { for n in max(0, key.utf8.count - 4)...(key.utf8.count + 4) { lengths[n] = true } }
        var sayings: [String: [Int]] = [:]
        let starting = Set(starts)
        for k in first..<lines.count {
            let length = lines[k].utf8.count
            guard length > 0 else { continue }
            // A start may be a list's entry, read without its dot leaders and page number.
            let trimmed = starting.contains(k) ? withoutPage(TextLines.trim(lines[k])) : TextLines.trim(lines[k])
            guard trimmed.utf8.count < lengths.count, lengths[trimmed.utf8.count] else { continue }
            let key = normalized(trimmed)
            if keys.contains(key) { sayings[key, default: []].append(k) }
        }
        var out: [Int: Int] = [:]
        for at in sayings.values { for (n, k) in at.enumerated() where starting.contains(k) { out[k] = at.count - n - 1 } }
        return out
    }

    /// Where an entry stands in a list's outline: `rank` 0 for the least indented entries, 1 for
    /// the others; `heads` when the entry right after it is more indented (it heads a division).
    typealias Placement = (rank: Int, heads: Bool)

    /// Where each entry of the book's contents lists stands in their outline, by indentation.
    /// Keyed by the entry's text as `normalized` gives it, page number and leaders cut; a title
    /// the list gives more than once (Leaves of Grass's group `Whispers of Heavenly Death` and,
    /// inside it, the poem of that name) has a placement for each time, in the list's order, as
    /// the book's headings of that title take them in turn. A list runs from its `CONTENTS` line to three blank
    /// lines in a row, or to one of the book's `headings` with text right below it. Empty when no
    /// list indents its entries. A list set flush that parts its groups with blank lines and
    /// sets each group's first entry in capitals, the others not (`WALDEN`, `Economy`, `Reading`
    /// …, then `ON THE DUTY OF CIVIL DISOBEDIENCE` alone), says the same with case: capitals are
    /// rank 0, a group of one heads nothing.
    static func indentation(_ lines: [Substring], headings: Set<Int> = []) -> [String: [Placement]] {
        var entries: [(text: String, indent: Int)] = []
        // Where each group parted by a blank line starts, and whether its entry is in capitals.
        var groupStarts: Set<Int> = []
        var capitals: [Bool] = []
        // A label alone kept as the entry's other key once its title below joins it.
        var aliases: [Int: String] = [:]
        var labelAlone: (text: Substring, indent: Int)?
        for (k, line) in lines.prefix(4000).enumerated() {
            let trimmed = TextLines.trim(line)
            guard saysContents(trimmed) else { continue }
            var blanks = 0
            for (j, entry) in lines[(k + 1)...].prefix(2500).enumerated() {
                // The book's first heading over its text ends the list (`目录`, its entries, two
                // blank lines, then `第一章` over `　　山路を登りながら、こう考えた。`).
                if headings.contains(k + 1 + j), let next = lines[(k + 2 + j)...].prefix(3).first(where: { !TextLines.isBlank($0) }),
                   opensText(TextLines.trim(next)) { break }
                if TextLines.isBlank(entry) {
                    blanks += 1
                    if blanks >= 3 && !entries.isEmpty { break }
                    continue
                }
                let indent = TextLines.indentation(entry).count
                let text = withoutPage(TextLines.trim(entry))
                // A label alone with its title on the line right below (`SECTION IV.` /
                // `FAIRY STORIES`) is one entry, as the heading reads the two as one title; a line
                // of text below a label (`三` over `　　昨夕は…。`) is the book's, no title.
                if blanks == 0, j > 0, let label = labelAlone, indent >= label.indent, self.entry(text) == nil, !opensText(text) {
                    entries[entries.count - 1].text = normalized(Substring(label.text + " " + text))
                    aliases[entries.count - 1] = normalized(label.text)
                    capitals[capitals.count - 1] = capitals[capitals.count - 1] && !text.contains(where: \.isLowercase)
                    labelAlone = nil
                    continue
                }
                if blanks > 0 || j == 0 { groupStarts.insert(entries.count) }
                blanks = 0
                labelAlone = self.entry(text)?.name.isEmpty == true ? (text, indent) : nil
                entries.append((normalized(text), indent))
                capitals.append(text.contains(where: \.isLetter) && !text.contains(where: \.isLowercase))
            }
        }
        let indents = Set(entries.map(\.indent)).sorted()
        if indents.count == 1 { return groupedByCase(entries.map(\.text), groupStarts: groupStarts, capitals: capitals) }
        guard indents.count >= 2, let least = indents.first else { return [:] }
        var out: [String: [Placement]] = [:]
        for (k, entry) in entries.enumerated() {
            let heads = k + 1 < entries.count && entries[k + 1].indent > entry.indent
            let placement = (rank: entry.indent == least ? 0 : 1, heads: heads)
            out[entry.text, default: []].append(placement)
            if let alias = aliases[k] { out[alias, default: []].append(placement) }
        }
        return out
    }

    /// `indentation`'s reading of a flush list: two entries in capitals at least, each opening a
    /// group (a blank line above it, or the list's first) and heading two entries not in
    /// capitals or none, and entries not in capitals set on consecutive lines (a list spaced
    /// entry by entry groups nothing); the entries in capitals are rank 0, heading the entries
    /// not in capitals after them.
    static func groupedByCase(_ texts: [String], groupStarts: Set<Int>, capitals: [Bool]) -> [String: [Placement]] {
        guard capitals.filter({ $0 }).count >= 2, let first = capitals.firstIndex(of: true), capitals[first...].contains(false),
              texts.indices.contains(where: { !capitals[$0] && !groupStarts.contains($0) }),
              texts.indices.allSatisfy({ k in
                  !capitals[k] || groupStarts.contains(k) && capitals[(k + 1)...].prefix(2).prefix { !$0 }.count != 1
              }) else { return [:] }
        var out: [String: [Placement]] = [:]
        for k in texts.indices {
            out[texts[k], default: []].append(capitals[k] ? (0, k + 1 < texts.count && !capitals[k + 1]) : (1, false))
        }
        return out
    }

    /// A chapter's first line of text, as no entry of a list is: a long line, or one that ends
    /// with a CJK full stop (`　　山路を登りながら、こう考えた。`). A Latin entry may end with `?` or `!`.
    static func opensText(_ line: Substring) -> Bool {
        guard let last = line.last else { return false }
        return line.count >= 60 || "。！？．｡".contains(last)
    }

    /// The heading's identity across the list and the book: its level, its keyword (`letter 1` is
    /// not `chapter 1`; a bare numeral has none) and number, else its words.
    static func key(_ heading: Heading) -> String {
        if let parts = heading.section { return "section " + parts.map(String.init).joined(separator: ".") }
        guard let number = heading.number else { return heading.title.lowercased().filter { $0.isLetter } }
        let first = heading.title.prefix { $0.isLetter }
        let keyword = first.allSatisfy(\.isASCII) && first.count > 1 && HeadingMatcher.roman(first) == nil
            && !HeadingMatcher.cardinals.contains(first.lowercased()) ? HeadingMatcher.fullWord(first.lowercased()) : ""
        return "\(heading.level.rawValue) \(keyword) \(number)"
    }

    /// A key's level and number, its label word left out (`chapter 1` of `chapter chapter 1`).
    static func withoutKeyword(_ key: String) -> String {
        let parts = key.split(separator: " ", omittingEmptySubsequences: false)
        return parts.count >= 3 ? "\(parts[0]) \(parts[parts.count - 1])" : key
    }

    /// The label word a key holds (`book` of `volume book 2`), empty for a numeral's.
    static func form(ofKey key: String) -> String {
        let parts = key.split(separator: " ", omittingEmptySubsequences: false)
        return parts.count >= 3 ? String(parts[1]) : ""
    }

    /// The block of lines from line `k` to the next blank line, forty lines at most; where that
    /// cuts an entry wrapped with a hanging indent (`4.2.7 Processing of Headnotes (in Vertical
    /// Writing Mode),` over two lines more), the block takes the entry's other lines too.
    static func block(at k: Int, _ lines: [Substring]) -> [Substring] {
        var block = Array(lines[k...].prefix(40).prefix { !TextLines.isBlank($0) })
        var next = k + block.count
        while block.count >= 40, block.count < 48, next < lines.count, !TextLines.isBlank(lines[next]) {
            let indent = TextLines.indentation(lines[next]).count, last = TextLines.indentation(block[block.count - 1]).count
            let lastGoesOn = block.count >= 2 && last > TextLines.indentation(block[block.count - 2]).count
            guard indent > last || indent == last && lastGoesOn else { break }
            block.append(lines[next])
            next += 1
        }
        return block
    }

    /// The next block after line `k`'s block is prose: the book has started. Prose under a title
    /// of its own three blank lines or more below the entry (`CHAPTER XXII. Definitions.`, then
    /// `Author Biography` right over its text) is that title's: a list's last entry stands so
    /// far from the book, a heading never so far from its text.
    static func proseFollows(_ k: Int, _ lines: [Substring]) -> Bool {
        var j = k + 1
        while j < lines.count, !TextLines.isBlank(lines[j]), j < k + 3 { j += 1 }
        let blanks = j
        while j < lines.count, TextLines.isBlank(lines[j]) { j += 1 }
        guard j < lines.count else { return false }
        let next = block(at: j, lines)
        if j - blanks >= 3, next.count > 1, IsolatedTitles.isTightTitle(next[0], over: next[1]) { return false }
        // Prose that opens with a heading's label run on into it (`　　第一回 山路を登りながら…`) is
        // that heading's text, not this entry's.
        if let first = next.first, HeadingMatcher.runOn(TextLines.trim(first)) != nil { return false }
        return isProse(next)
    }

    /// A block's lines as entries: a line indented deeper than the entry above it, and none
    /// itself, is that entry's title going on (`XVI. Narrative Continued by the Doctor: How the
    /// Ship Was` / `        Abandoned.`), as lists wrap long entries with a hanging indent; a
    /// line right below a label alone is its title (`CHAP. L` / `Ahab’s Boat and Crew. Fedallah.`).
    /// A line with no entry's form takes none (`Appendices.` over its appendices, `B Spacing
    /// between Characters.`, set deeper).
    static func entriesWithHangingLines(_ block: [Substring]) -> [Substring] {
        var out: [Substring] = []
        for (line, goesOn) in zip(block.map { TextLines.trim($0) }, hangingLines(block)) {
            if goesOn {
                // The first lines may carry on an entry above the block: they are left out.
                if let last = out.last { out[out.count - 1] = Substring(last + " " + line) }
            } else {
                out.append(line)
            }
        }
        return out
    }

    /// For each line of a block, whether it carries on the entry above it (as
    /// `entriesWithHangingLines` reads them); lines indented deeper than any entry before the
    /// block's first entry end an entry above the block, and count as such.
    static func hangingLines(_ block: [Substring]) -> [Bool] {
        var out: [Bool] = []
        var entryIndent = 0
        var labelAlone = false
        var lastIsEntry = false
        let least = block.map { TextLines.indentation($0).count }.min() ?? 0
        for raw in block {
            let indent = TextLines.indentation(raw).count, line = TextLines.trim(raw)
            if out.allSatisfy({ $0 }) && indent > least { out.append(true); continue }
            let heading = entry(line)
            if lastIsEntry, indent > entryIndent || labelAlone, heading == nil {
                out.append(true)
                labelAlone = false
            } else {
                out.append(false)
                entryIndent = indent
                labelAlone = heading?.name.isEmpty == true
                lastIsEntry = heading != nil
            }
        }
        return out
    }

    /// Prose rather than a list: an entry with a heading's form may end a sentence in lower case
    /// (`Scene I. A public place.`, `V. The Last of the Blind Man.`), however few the lines;
    /// otherwise long, or two sentences ending after a lower-case word (`I.` and
    /// `CHAPTER I.` end no sentence), or two Chinese full stops.
    static func isProse(_ block: [Substring]) -> Bool {
        let trimmed = block.map { TextLines.trim($0) }
        // Leaders end on a page number; a line with an ellipsis that ends a sentence
        // (`　　とかくに人の世は住みにくい……。`) is prose.
        func isLeaderEntry(_ line: Substring) -> Bool { HeadingMatcher.isContentsEntry(line) && !ParagraphStyle.endsSentence(line) }
        if entriesWithHangingLines(block).allSatisfy({ isLeaderEntry($0) || entry($0) != nil }) { return false }
        // Entries every few lines, the lines between them each entry's summary wrapped as it runs
        // (`Chapter VI.` / `He Went for Judge Thatcher. — Huck Decided to Leave. — Political` /
        // `Economy. — Thrashing Around.`, Huckleberry Finn's list): prose has no such labels.
        let entryLines = trimmed.indices.filter { entry(trimmed[$0]) != nil }
        if entryLines.count >= 3, let first = entryLines.first, let last = entryLines.last, first <= 3, trimmed.count - 1 - last <= 3,
           zip(entryLines, entryLines.dropFirst()).allSatisfy({ $1 - $0 <= 4 }) { return false }
        // Entries one per line with no blank line between (a list indented by level): each line
        // an entry with its page number, or one that starts with no lower-case word and ends no
        // sentence (a title in capitals may: `WHAT PLACE IS BESIEGED?`, not a CJK sentence, which has
        // no capitals: `　　智に働けば角が立つ。`; one in title case may end with a full stop, as
        // older lists set titles, `Song for All Seas, All Ships.`). Hard-wrapped
        // prose goes on in lower case from line to line; a Japanese title may start with a Latin
        // word in lower case. The rest of an entry wrapped with a hanging indent may go on in lower
        // case (`4.1.7 Processing of Gyou-dori Heading Set at the bottom of` / `    the Page.`).
        if trimmed.count >= 3, zip(trimmed, hangingLines(block)).allSatisfy({ line, goesOn in
            isLeaderEntry(line) || entry(line) != nil || goesOn && line.count <= 100
                || line.count <= 100 && (line.first(where: \.isLetter)?.isLowercase != true || !TextLines.isMostlyLatin(line))
                && (!ParagraphStyle.endsSentence(line) || line.contains(where: \.isUppercase) && !line.contains(where: \.isLowercase)
                    || IsolatedTitles.isTitle(line))
        }) { return false }
        // Two short titles, each with the full stop older lists end entries with (`To the
        // Hesitating Purchaser.` / `Dedication.`), are two entries, not two sentences: a sentence
        // leaves its longer words in lower case.
        if trimmed.count == 2, trimmed.allSatisfy({ $0.count <= 60 && IsolatedTitles.isTitle($0) }),
           trimmed.contains(where: { IsolatedTitles.titleCase($0.split(separator: " ")).capitalised > 0 }) { return false }
        // A title of its own line with an exclamation or a question in it (`O Hymen! O Hymenee!`,
        // `Pioneers! O Pioneers!`, `Beat! Beat! Drums!`, `O Me! O Life!`): its words capitalised as a
        // title's, every short one too, not two sentences.
        if trimmed.count == 1, trimmed[0].count <= 60, IsolatedTitles.isTitle(trimmed[0]) {
            let words = trimmed[0].split(separator: " ")
            if IsolatedTitles.titleCase(words).capitalised >= 2
                || words.count >= 2 && words.allSatisfy({ $0.first(where: \.isLetter)?.isUppercase == true }) { return false }
        }
        let text = trimmed.joined(separator: " ")
        // Long, it is prose, whatever an ellipsis in it (`……`) makes of it as an entry's leaders.
        if text.count >= 250 { return true }
        if HeadingMatcher.isContentsEntry(Substring(text)) { return false }
        var ends = 0
        var previous: Character = " "
        for c in text {
            if c == "。" || c == "．" || c == "！" || c == "？" { ends += 1 }
            if ".!?".contains(c), previous.isLowercase { ends += 1 }
            previous = c
        }
        return ends >= 2
    }
}
