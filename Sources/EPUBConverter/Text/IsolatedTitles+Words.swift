/// What a line's words read as, whatever its place on the page: a title (in title case or in
/// capitals, CJK, in a script without capitals), or a byline, an imprint, a dateline, an end mark,
/// a note in brackets, the book's own title again.
extension IsolatedTitles {
    /// The book's title and its author's name in other words, and nothing else, two of the
    /// title's words at least (`THE BROTHERS GRIMM FAIRY TALES` in `Grimms' Fairy Tales` by `The
    /// Brothers Grimm`); a possessive's mark aside (`grimms'` is `grimm`'s).
    static func isTitleAndAuthor(_ text: String, title: String, author: String?) -> Bool {
        func words(_ text: String) -> [String] {
            text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { word in
                var word = String(word)
                if word.hasSuffix("s"), word.count > 3 { word.removeLast() }
                return word
            }
        }
        let own = words(text), titleWords = Set(words(title)), known = titleWords.union(author.map(words) ?? [])
        return own.filter(titleWords.contains).count >= 2 && own.allSatisfy(known.contains)
    }

    /// The book's title as a half-title repeats it (`THE FRENCH REVOLUTION, 1789–1795.` over the
    /// first chapter of `The French Revolution 1789-1795`), or short of its subtitle or dates (`THE
    /// FRENCH REVOLUTION.`, `A TALE OF TWO CITIES` of `A Tale of Two Cities: A Story of …`): its first
    /// words, two at least, half of them or all up to a break in the title (a colon, a comma). No
    /// division's title, as the whole title is none. Punctuation after a word and dashes' kinds aside.
    static func isHalfTitle(_ text: String, of title: String) -> Bool {
        func bare(_ word: Substring) -> String {
            var word = word
            while let last = word.last, ",:;.".contains(last) { word = word.dropLast() }
            return String(word).replacingOccurrences(of: "–", with: "-").replacingOccurrences(of: "—", with: "-")
        }
        let words = text.split(separator: " ").map(bare), raw = title.split(separator: " "), full = raw.map(bare)
        guard words.count >= 2, words.count <= full.count, full.starts(with: words) else { return false }
        let breaks = words.count < full.count && raw[words.count - 1].last.map { ",:;".contains($0) } == true
        return words.count * 2 >= full.count || breaks
    }

    static let illustrationListWords: Set<String> = ["illustrations", "list of illustrations", "list of plates", "plates", "插图", "插圖"]

    /// A line that heads a list (`CONTENTS`, `LIST OF ILLUSTRATIONS`, normalized): the list's
    /// title, never a section's, however it is set (a division's title right below the list
    /// would otherwise be taken with it for a list of headings). The word a site sets alone
    /// where the list ends and the text starts, `正文` (`目录` … `正文`), heads nothing either,
    /// though the list's region holds it.
    static func isListTitle(_ normalized: String) -> Bool {
        ContentsList.words.contains(normalized) || illustrationListWords.contains(normalized) || textStartWords.contains(normalized)
    }

    static let textStartWords: Set<String> = ["正文", "正文开始", "正文開始"]

    /// A line wholly in book-title marks (`《水浒传》`, `【水浒传】`): the book's own title.
    static func isBookTitleMarked(_ line: Substring) -> Bool {
        (line.first == "《" && line.last == "》") || (line.first == "【" && line.last == "】")
            // ASCII for 《》 around a name no HTML element has (`<中国近代史（港版）>`).
            || (line.first == "<" && line.last == ">" && line.contains { !$0.isASCII })
    }

    /// A letter of a script that has no capitals and writes words apart (Hebrew, Arabic,
    /// Devanagari, Thai); CJK, read by `isCJKTitle`, is not one.
    static func isCaseless(_ c: Character) -> Bool {
        c.isLetter && !c.isUppercase && !c.isLowercase && (c.unicodeScalars.first?.value ?? 0) < 0x3000
    }

    /// A CJK title: short, no sentence's punctuation inside or at its end.
    static func isCJKTitle(_ text: Substring) -> Bool {
        // It may open with a Latin word (`iBooks3.0による表示例`) when its letters are mostly CJK.
        guard let first = text.unicodeScalars.first, text.count <= 30,
              first.value >= 0x3000 || !TextLines.isMostlyLatin(text) && text.unicodeScalars.contains(where: { $0.value >= 0x3000 }) else { return false }
        return !text.contains(where: { "。！？；，、．".contains($0) }) && !"…：:".contains(text.last ?? "。")
    }

    /// A CJK title as essays title their sections and contents lists name them, looser than
    /// `isCJKTitle`, to be read only where the layout vouches for a title: forty characters at most,
    /// no sentence's full stop in it and none of a clause's marks at its end; it may ask (`了吗？`),
    /// pause within (`辛亥研究，如今细节…`) or list (`宦官、女后、外戚和朋党`). Speech in quotation
    /// marks and exclamations stay text.
    static func isEssayTitle(_ text: Substring) -> Bool {
        guard text.count >= 2, text.count <= 40, text.unicodeScalars.contains(where: TextLines.isIdeograph), !TextLines.isMostlyLatin(text),
              let first = text.first, let last = text.last else { return false }
        if "。，、；：:…—！!”」』".contains(last) || text.contains(where: { "。；".contains($0) }) { return false }
        return !"“「『（(【[—…".contains(first) || text.dropFirst().contains(where: { "”」』）)】]".contains($0) }) && !(first == "“" && last == "”")
    }

    /// `by` and a name (`by Lionel Giles`, `By the Author of “Waverley”` aside), or a role's words
    /// before it (`Translated By Constance Garnett`, `With an Introduction by Edmund Gosse`,
    /// `Illustrated by Sidney Paget`): a credit, not a title. A name has no article and no
    /// possessive; `BY THE ROADSIDE` and `BY BLUE ONTARIO’S SHORE` are titles. What the book comes
    /// with, named alone on its title page (`WITH ILLUSTRATIONS`, `With a Portrait and Maps`,
    /// `ILLUSTRATED`), is a credit too.
    static func isByline(_ normalized: String) -> Bool {
        let all = normalized.split(separator: " ").map(String.init)
        if all.first == "with", all.count >= 2, isCreditRole(all) { return true }
        if all == ["illustrated"] { return true }
        if let by = normalized.range(of: " by "), isCreditRole(normalized[..<by.lowerBound].split(separator: " ").map(String.init)) {
            return isByline(String(normalized[normalized.index(after: by.lowerBound)...]))
        }
        guard normalized.hasPrefix("by ") else { return false }
        let words = normalized.dropFirst(3).split(separator: " ")
        if words.first == "the" && words.dropFirst().first == "author" { return true }
        return words.count <= 5 && !words.contains { ["the", "a", "an"].contains($0) || $0.hasSuffix("’s") || $0.hasSuffix("'s") }
    }

    /// The words a credit names its maker's role with, before `by`: what the maker did (`translated`,
    /// `illustrated`, `edited and annotated`), or what the book comes with (`with an introduction`,
    /// `with notes`). A section's name alone before `by` (`Preface by Lionel Giles`, `Introduction
    /// by …`) titles that section, which its writer signs.
    static func isCreditRole(_ words: [String]) -> Bool {
        guard let first = words.first else { return false }
        if first == "with" { return words.dropFirst().allSatisfy { creditRoleWords.contains($0) || creditNouns.contains($0) } }
        return words.allSatisfy(creditRoleWords.contains)
    }

    static let creditRoleWords: Set<String> = ["translated", "edited", "illustrated", "compiled", "selected", "arranged", "adapted", "retold",
                                               "abridged", "revised", "annotated", "introduced", "done", "into", "english", "newly", "freely", "and"]

    static let creditNouns: Set<String> = ["an", "a", "the", "introduction", "notes", "preface", "foreword", "memoir", "illustrations",
                                           "pictures", "drawings", "translation", "and", "numerous", "many", "portrait", "portraits",
                                           "frontispiece", "maps", "map", "plans", "plates", "coloured", "colored", "in", "colour", "color"]

    /// A printer's or publisher's imprint, set apart on the title page's back or the last page
    /// (`CHISWICK PRESS:--CHARLES WHITTINGHAM AND CO. / TOOKS COURT, CHANCERY LANE, LONDON.`,
    /// `PRINTED BY WILLIAM CLOWES AND SONS, LIMITED`, `THE RIVERSIDE PRESS, CAMBRIDGE`): no
    /// heading. `Printed by/in/at` or `Press of` says so alone; otherwise two signs are needed (a firm,
    /// `Press` before its place, `printers`, a publishing city), so `DOMBEY AND SON` or `THE
    /// PRESS` stay titles. The places a publisher names over its name, two at least and nothing
    /// else (`New York and Boston` over `H. M. Caldwell Company Publishers`, `BOSTON AND NEW
    /// YORK`, `London & New York`), are its first line; one city alone (`LONDON`, `NEW YORK`) may
    /// be a chapter's title.
    static func isImprint(_ normalized: String) -> Bool {
        let words = normalized.split(whereSeparator: { !$0.isLetter && $0 != "&" })
        let pairs = zip(words, words.dropFirst())
        if pairs.contains(where: { $0 == "printed" && ["by", "at", "in", "for"].contains($1) }) { return true }
        // A printer's name after `Press of` (`Press of J. J. Little & Co.`, Huckleberry Finn's title page's back).
        if words.starts(with: ["press", "of"]) { return true }
        let places = normalized.replacingOccurrences(of: "new york", with: "newyork").split(whereSeparator: { !$0.isLetter && $0 != "&" })
        if places.allSatisfy({ imprintCities.contains($0) || ["newyork", "and", "&"].contains($0) }),
           places.filter({ imprintCities.contains($0) || $0 == "newyork" }).count >= 2 { return true }
        var signs = 0
        if pairs.contains(where: { ["and", "&"].contains($0) && ["co", "sons", "company", "brothers"].contains($1) }) { signs += 1 }
        if normalized.contains(", limited") || normalized.contains(", ltd") { signs += 1 }
        if normalized.contains("press:") || normalized.contains("press,") { signs += 1 }
        if words.contains(where: { ["printers", "publishers", "printer", "publisher"].contains($0) }) { signs += 1 }
        if words.contains(where: { imprintCities.contains($0) }) || normalized.contains("new york") { signs += 1 }
        return signs >= 2
    }

    static let imprintCities: Set<Substring> = ["london", "edinburgh", "oxford", "cambridge", "boston", "philadelphia", "chicago", "glasgow",
                                                "dublin", "leipzig", "paris", "toronto"]

    /// A date as a writer signs a text with it, a place perhaps with it: `1981年1月于美国`,
    /// `一九三六年十月`, `2003年岁末定稿于北京。` (a year, then a month or where it was written),
    /// `London, March 1880.`, `January 1, 1850` (a month's name and a year), a year's last two
    /// figures left blank as older letters print them (`St. Petersburgh, Dec. 11th, 17—.`).
    static func isDateline(_ text: Substring) -> Bool {
        let line = TextLines.trim(text)
        guard line.count <= (line.first?.isASCII == true ? 48 : 30) else { return false }
        let scalars = Array(line.unicodeScalars)
        var k = line.hasPrefix("公元") ? 2 : 0
        let yearStart = k
        while k < scalars.count, ChapterNumber.characters.contains(Character(scalars[k])) { k += 1 }
        if (2...4).contains(k - yearStart), k < scalars.count, scalars[k] == "年" {
            let rest = String(String.UnicodeScalarView(scalars[(k + 1)...]))
            return rest.count <= 16 && (rest.contains("月") || rest.contains("于") || rest.contains("於")) && !rest.contains(where: { "，,；;？?！!".contains($0) })
        }
        let words = line.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        let blanked = line.range(of: #"\b1[4-9](—|–|-{2}|_{2})"#, options: .regularExpression) != nil
        guard (2...6).contains(words.count), let year = words.last.flatMap({ Int($0) }),
              (1400...2099).contains(year) || blanked && (14...19).contains(year) else { return false }
        return words.contains { monthNames.contains(String($0)) }
    }

    static let monthNames: Set<String> = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
                                          "november", "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec"]

    /// Where a book or a volume says it ends (`THE END.`, `FINIS`, `END OF VOLUME I.`): set apart
    /// like a heading, heading nothing.
    static func isEndMark(_ normalized: String) -> Bool {
        ["the end", "finis", "end", "fin"].contains(normalized) || normalized.hasPrefix("end of ") || normalized.hasPrefix("the end of ")
            // Latin's end mark before the work's name, as the First Folio ends each play (`FINIS. THE TRAGEDIE OF MACBETH.`).
            || normalized.hasPrefix("finis") && normalized.dropFirst(5).first.map { !$0.isLetter } == true
            || HeadingMatcher.endMarks.contains(String(normalized.filter { !HeadingMatcher.closingMarks.contains($0) }))
    }

    /// Words a title in title case leaves in lower case: the ones `MetadataGuesser.titleCased`
    /// lowers, and the longer prepositions.
    static let minorWords: Set<String> = MetadataGuesser.smallWords.union(["from", "into", "upon"])

    /// Titles of people and places a title may hold with their full stop.
    static let abbreviations: Set<Substring> = ["mr.", "mrs.", "messrs.", "dr.", "st.", "mt.", "jr.", "sr.", "rev.", "capt.", "col.", "gen.", "prof.", "no."]

    /// Every word capitalised but the minor ones, and no full stop but the last and an
    /// abbreviation's (`Loomings.`, `The Carpet-Bag.`, `MARLEY’S GHOST.`, `Mr. Sherlock Holmes.`):
    /// a title that ends with a full stop, as older transcriptions end them, and no sentence
    /// (`It was cold.`, `Call me Ishmael.`, `Go. Now.`) nor a letter's address (`To Mrs. Saville, England.`).
    static func isInTitleCase(_ text: Substring) -> Bool {
        let words = text.filter { $0 != "_" }.split(separator: " ")
        // A comma says a letter's address (`To Mrs. Saville, England.`) or a sentence's clauses.
        guard let first = words.first?.first, first.isUppercase, words.joined(separator: " ").count <= 60, !text.contains(",") else { return false }
        return words.enumerated().allSatisfy { k, word in
            guard let letter = word.first(where: \.isLetter) else { return true }
            let stop = word.dropLast().contains(".") || k < words.count - 1 && word.last == "." && !abbreviations.contains(Substring(word.lowercased()))
            return !stop && (letter.isUppercase || minorWords.contains(word.lowercased()))
        }
    }

    /// Prepositions and conjunctions of four letters or more that title case leaves in lower case.
    static let lowerTitleWords: Set<String> = ["with", "from", "into", "upon", "over", "than", "that", "unto", "onto", "till", "when", "down"]

    /// Reads as a title: starts with a capital, a digit or a quotation mark; at most 12 words, 16
    /// in capitals throughout (`THE STORY OF THE YOUTH WHO WENT FORTH TO LEARN WHAT FEAR WAS`,
    /// Grimms' Fairy Tales; prose is not set so); no clause left open (`,` `;` `:`); a sentence's
    /// full stop only after a few words; in mixed case, most long words capitalised (`The Voyage
    /// of Life`, not `He left the room.`). Text with no capitals in CJK script reads as
    /// `isCJKTitle` says: case tells nothing there, and a sentence may open with a numeral
    /// (`三叔盯着…`) or a quotation mark (`“你这里…”他问我`).
    static func isTitle(_ text: Substring) -> Bool {
        guard let first = text.first, first.isUppercase || first.isNumber || "\"“‘'(".contains(first) || isCaseless(first), text.count <= 90,
              text.contains(where: \.isLetter), IllustrationMarkers.placeholderText(text) == nil else { return false }
        if text.unicodeScalars.contains(where: TextLines.isIdeograph) {
            if !text.contains(where: { $0.isUppercase || $0.isLowercase }) { return isCJKTitle(text) }
            // Mostly CJK with a Latin word or two: a sentence's comma or full stop makes it text,
            // however its capitals read (a web novel's author's note, `PS：求推荐票，求收藏！`).
            if !TextLines.isMostlyLatin(text), text.contains(where: { "，。；".contains($0) }) { return false }
        }
        let words = text.split(separator: " ")
        let inCapitals = text.contains(where: \.isUppercase) && !text.contains(where: \.isLowercase)
        guard words.count <= (inCapitals ? 16 : 12), let last = text.last, !",;:-—".contains(last), !isBracketedSentence(text) else { return false }
        // A script without capitals (Hebrew, Arabic, Devanagari): only length and a sentence's end
        // tell; a question of a few words may be a title (`מצילים יאכטה מטביעה?`).
        if isCaseless(first) { return words.count <= 4 || words.count <= 10 && !".!?।॥".contains(last) }
        let (capitalised, long) = titleCase(words)
        // A full stop ends a title of a few words, or one in title case (`EXTRACTS (Supplied by a
        // Sub-Sub-Librarian).`); a longer one needs capitals throughout (`WHAT THINK YOU I TAKE MY
        // PEN IN HAND?`, `What Think You I Take My Pen in Hand?`).
        if ".!?".contains(last), words.count > 8, capitalised < long { return false }
        guard text.contains(where: \.isLowercase) else { return true }
        if ".!?".contains(last), words.count > 4 { return capitalised * 4 >= long * 3 }
        return capitalised * 2 >= long
    }

    /// A line wholly in round brackets whose words end as a sentence does (`(Supplied by a Late
    /// Consumptive Usher to a Grammar School.)` under Moby-Dick's `ETYMOLOGY.`, a play's `(Enter
    /// HAMLET, reading.)`, `(Continued from the last number.)`): a note on the text or the heading
    /// above it, set apart as headings are, never a title of its own.
    static func isBracketedSentence(_ text: Substring) -> Bool {
        guard text.first == "(", text.last == ")" else { return false }
        let inner = text.dropFirst().dropLast().filter { $0 != "_" && $0 != "*" }
        guard !inner.contains("("), !inner.contains(")"), let stop = inner.last else { return false }
        return ".!?".contains(stop)
    }

    /// Of a title's longer words (four letters or more), how many are capitalised, and how many
    /// there are: title case leaves short prepositions in lower case (`Sometimes with One I Love.`),
    /// and those of four letters or more it leaves so (`lowerTitleWords`) are not counted.
    static func titleCase(_ words: [Substring]) -> (capitalised: Int, long: Int) {
        let long = words.filter { $0.filter(\.isLetter).count >= 4 && !lowerTitleWords.contains(String($0)) }
        return (long.filter { $0.first(where: \.isLetter)?.isUppercase == true }.count, long.count)
    }
}
