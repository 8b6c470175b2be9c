import Foundation

/// Title and author from a novel's front matter (《书名》, 作者：…, Title:/Author:, "by …"), else
/// from the file name as downloads name them (`《书名》作者：某某.txt`).
enum MetadataGuesser {
    /// `小说名称：` and `书籍名称：` are how novel downloaders write the title they scraped at the top
    /// of the file they save (`小说名称：{书名}` over `作者：{作者}`).
    static let titleLabels = ["书名：", "书名:", "書名：", "書名:", "标题：", "標題：", "作品名称：", "作品名稱：", "作品：", "小说名称：", "小说名称:",
                              "小說名稱：", "书籍名称：", "书籍名称:", "書籍名稱：", "小说名：", "小说名:", "Title:", "TITLE:", "title:"]
    static let authorLabels = ["作者：", "作者:", "著者：", "著者:", "作者 ", "Author:", "AUTHOR:", "author:"]
    /// Label words download sites set in brackets of their own before the value (`【书名】剑来`,
    /// `【作者】某某`, `[作者]：某某`): read as the label with its colon.
    static let bracketedLabels = ["书名", "書名", "标题", "標題", "作品名称", "作品名稱", "作品", "小说名称", "书籍名称", "作者", "著者"]

    /// `fallbackTitle`: a title known from elsewhere (Project Gutenberg's start marker), used when
    /// the front matter names none, before the file name. `notices`: the lines a site's words were
    /// cut from, a banner above the title page (`本书由…提供`): read, but not counted among the
    /// book's first lines, where the title and author stand.
    static func guess(_ front: [String], fileName: String?, fallbackTitle: String? = nil, notices: Set<Int> = []) -> (title: String, author: String?) {
        var title: String?
        var author: String?
        var previous: String?
        var seenLines = 0
        // Below a line that says `目录`, lines are the list's entries (`《万历十五年》没说透（访谈）`, an
        // essay's title in 血酬定律's list): the title page stands above its contents.
        var inContents = false
        let window = Array(front.prefix(150))
        for (index, line) in window.enumerated() {
            let trimmed = unbracketedLabel(HeadingDecoration.unframed(line.trimmingCharacters(in: " \t\u{3000}")))
            defer { if !trimmed.isEmpty { previous = trimmed } }
            // A title page set over lines: the title's block, `by` alone, the author below it.
            // `_by_`: in emphasis, as transcriptions mark italics.
            let bare = trimmed.utf8.count <= 5 ? trimmed.trimmingCharacters(in: "_").lowercased() : ""
            if author == nil, bare == "by" || bare == "by:",
               let name = window[(index + 1)...].lazy.map({ $0.trimmingCharacters(in: " \t\u{3000}") }).first(where: { !$0.isEmpty }),
               name.count <= 40, !name.lowercased().hasPrefix("by") {
                // A name set in capitals (`WALT WHITMAN`) as a reader's shelf shows it.
                author = titleCased(clean(name).trimmingCharacters(in: ",;."))
                if title == nil { title = blockAbove(index, window) }
                continue
            }
            if !trimmed.isEmpty, !notices.contains(index) { seenLines += 1 }
            if !inContents, ContentsList.saysContents(Substring(trimmed)) { inContents = true }
            // `史记    汉·司马迁`: a classical book's title, its author after the dynasty.
            if title == nil, author == nil, seenLines <= 5, let (named, by) = DynastyCredit.titleAndName(Substring(trimmed)) {
                title = clean(String(named))
                author = String(by)
                break
            }
            // `金瓶梅 作者：某某`, `《书名》（校对版全本）作者：某某`, `『书名/作者:某某』`: both on one line, at the top.
            if title == nil, author == nil, seenLines <= 5, let (named, by) = titleAndAuthorLine(trimmed) {
                title = named
                author = by
                break
            }
            // The author's note under the title (`【塞万提斯·萨维德拉】（Miguel deCarvantes …1616）`) names the author.
            if author == nil, seenLines <= 5, let name = personWithLifeDates(trimmed) {
                author = name
                continue
            }
            // `【书名】作者：某某`, `《书名》（某某 著）`: title and author on one bracketed line, at the top;
            // not a site's notice with its address cut (`【天下书库：www.txshuku.com】`).
            if title == nil, seenLines <= 5, !notices.contains(index), let (bracketed, byline) = bracketedTitle(trimmed) {
                title = bracketed
                if author == nil, let byline { author = byline }
                if author != nil { break }
                continue
            }
            // `某某 著` below the title: the author, with the word for what they did.
            if author == nil, seenLines <= 5, let name = creditedName(trimmed) {
                author = name
                if title == nil, let above = previous, above.count <= 30, HeadingMatcher.match(Substring(above)) == nil {
                    title = titleBeforeSubtitle(above) ?? clean(above)
                }
                if title != nil { break }
                continue
            }
            if title == nil {
                if let label = titleLabels.first(where: { trimmed.hasPrefix($0) }) {
                    title = clean(String(trimmed.dropFirst(label.count)))
                } else if !inContents, trimmed.hasPrefix("《"), let end = trimmed.firstIndex(of: "》"), !opensSentence(trimmed[trimmed.index(after: end)...]) {
                    title = clean(String(trimmed[trimmed.index(after: trimmed.startIndex)..<end]))
                }
            }
            if author == nil {
                if let label = authorLabels.first(where: { trimmed.hasPrefix($0) }) {
                    author = personName(String(trimmed.dropFirst(label.count)))
                    // A short line right above 作者： is the title (`江湖夜雨` / `作者：某某`).
                    if title == nil, let above = previous, above.count <= 30, !above.contains("："), !above.contains(":"),
                       HeadingMatcher.match(Substring(above)) == nil {
                        title = clean(above)
                    }
                } else if trimmed.count <= 40, trimmed.lowercased().hasPrefix("by "), trimmed.split(separator: " ").count <= 5,
                          !endsParagraph(index, window) {
                    // A name set in capitals (`BY MARY W. SHELLEY.`) as a reader's shelf shows it.
                    author = titleCased(clean(String(trimmed.dropFirst(3))).trimmingCharacters(in: ",;."))
                    // "The Title" above "by Author": the English title block at the top of a book.
                    if title == nil { title = blockAbove(index, window) }
                } else if let range = trimmed.range(of: "作者："), title != nil || fallbackTitle != nil {
                    author = clean(String(trimmed[range.upperBound...]))
                }
            }
            if title != nil && author != nil { break }
        }
        // Rules and banners of symbols (`=====`) are decoration, not the first line.
        let lines = front.map { HeadingDecoration.unframed($0.trimmingCharacters(in: " \t\u{3000}")) }.filter { $0.contains(where: \.isLetter) }
        if title?.isEmpty ?? true {
            let alone = front.drop(while: isBlank).dropFirst().first.map(isBlank) ?? true
            title = (firstLineTitle(lines, standsAlone: alone) ?? titleBelowNotices(front)).map { withSecondLine($0, front) }
        }
        // Aozora Bunko and many Chinese downloads: the title's line, then the author's alone.
        if author == nil, let first = lines.first, title == clean(first), lines.count >= 2, let name = lines.dropFirst().first,
           isNameLine(name) { author = personName(name) }
        if title?.isEmpty ?? true { title = fallbackTitle }
        if title?.isEmpty ?? true { title = titleFromFileName(fileName) }
        if author?.isEmpty ?? true { author = authorFromFileName(fileName) }
        return (title ?? "Untitled", author)
    }

    /// The book's name a site prints before every heading (`《血色浪漫》第一章(1)`, `《血色浪漫》引子`):
    /// the prefix most headings stand behind, three or more, when it is a name in 《》 and nothing
    /// else. Nil when the headings have no such prefix.
    static func nameInPrefixes(_ prefixes: [String], headings: Int) -> String? {
        let counts = prefixes.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
        guard let (prefix, count) = counts.max(by: { $0.value < $1.value || $0.value == $1.value && $0.key > $1.key }),
              count >= 3, count * 2 >= headings, prefix.hasPrefix("《"), prefix.hasSuffix("》") else { return nil }
        let name = prefix.dropFirst().dropLast()
        guard (1...30).contains(name.count), !name.contains(where: { "《》：:，,。".contains($0) }) else { return nil }
        return String(name)
    }

    /// What follows a bracketed name is a sentence (`《春秋》说：“郑伯克段于鄢。”`): the line is prose
    /// that quotes a book, no title line.
    static func opensSentence(_ rest: Substring) -> Bool {
        rest.count > 40 || ParagraphStyle.endsSentence(TextLines.trim(rest))
    }

    /// The brackets a title line may stand in: HeadingMatcher's, and 《》; not parentheses, which hold an author.
    /// `<` and `>` too, as ASCII stands in for 《》 (`<中国近代史（港版）>`, which names no HTML element).
    static let titleBrackets: [Character: Character] = HeadingMatcher.openBrackets.filter { $0.key != "（" && $0.key != "(" }
        .merging(["《": "》", "<": ">"]) { a, _ in a }
    /// What a credit line says the person did, after the name: wrote (著, 撰), edited or compiled (编, 編, 辑).
    static let creditWords = ["编著", "編著", "原著", "著", "撰", "编", "編", "辑", "輯"]

    /// A line that is a bracketed title and, after it, perhaps its author: `【书名】作者：某某`,
    /// `《书名》（某某）`, `[书名] 某某 著`, `【书名】【作者：某某】`. Nil when the line is not bracketed or the brackets hold a
    /// heading (`【第一章】`) or a sentence.
    static func bracketedTitle(_ line: String) -> (String, String?)? {
        if let credited = nameBeforeTitle(line) { return credited }
        if personWithLifeDates(line) != nil { return nil }
        guard let open = line.first, let close = titleBrackets[open], let end = line.firstIndex(of: close), line.count <= 60 else { return nil }
        let inner = clean(String(line[line.index(after: line.startIndex)..<end]))
        guard !inner.isEmpty, inner.count <= 30, !inner.contains(where: { "。，！？；".contains($0) }),
              HeadingMatcher.match(Substring(line)) == nil, !notTitles.contains(inner.lowercased()) else { return nil }
        var rest = String(line[line.index(after: end)...]).trimmingCharacters(in: " \t\u{3000}")
        guard !rest.isEmpty, !isEditionNote(rest) else { return (inner, nil) }
        // A label in brackets opening a sentence (`【传】元年春，王周正月。`, `【按】此书…。`) is prose.
        guard authorLabels.contains(where: { rest.hasPrefix($0) }) || !opensSentence(Substring(rest)) else { return nil }
        // The byline in brackets of its own: `（某某）`, `【作者：某某】`, `[某某 著]`. Parentheses hold
        // a name alone; other brackets as often hold a note (`【全本校注版】`), so there the name
        // needs its label or its credit word.
        var labelled = true
        if let open = rest.first, let close = HeadingMatcher.openBrackets[open] ?? titleBrackets[open], rest.last == close, rest.count > 2 {
            labelled = open == "（" || open == "("
            rest = String(rest.dropFirst().dropLast()).trimmingCharacters(in: " \t\u{3000}")
        }
        var sawLabel = false
        if let label = authorLabels.first(where: { rest.hasPrefix($0) }) {
            rest = String(rest.dropFirst(label.count))
            labelled = true
            sawLabel = true
        }
        // In brackets with no label, a credit word must stand apart from the name (`【兰陵笑笑生 著】`):
        // `【全本精编】` is an edition's note.
        let creditApart = rest.dropLast().last { !creditWords.joined().contains($0) }.map { $0 == " " || $0 == "\u{3000}" } ?? false
        if let name = creditedName(rest), labelled || creditApart { return (inner, name) }
        // A label says it is a name, whatever its script (`作者：W3C® (MIT, ERCIM, Keio)`); so does a
        // credit word after a name in Latin letters (`（W3C® 著）`; `【全本精编】` is a note).
        if sawLabel || rest.contains(where: { $0.isASCII && $0.isLetter }) && creditWords.contains(where: { rest.hasSuffix($0) }) {
            let name = clean(String(creditWords.first(where: { rest.hasSuffix($0) }).map { rest.dropLast($0.count) } ?? Substring(rest)))
            return (inner, name.isEmpty || name.count > 40 ? nil : name)
        }
        let name = clean(rest)
        return (inner, labelled && isNameLine(name) ? name : nil)
    }

    /// A person named in brackets with their years in parentheses after (`【塞万提斯·萨维德拉】（Miguel
    /// deCarvantes Saaredral547～1616）`, the head of the author's note in a TXT书库 《唐吉诃德》): the name.
    /// A title's period (`《明朝那些事儿》（1344-1644）`) has no name in Latin letters beside its years.
    static func personWithLifeDates(_ line: String) -> String? {
        guard let open = line.first, let close = titleBrackets[open], let end = line.firstIndex(of: close) else { return nil }
        let name = clean(String(line[line.index(after: line.startIndex)..<end]))
        let rest = String(line[line.index(after: end)...]).trimmingCharacters(in: " \t\u{3000}")
        guard let first = rest.first, first == "（" || first == "(", rest.last == "）" || rest.last == ")",
              rest.contains(where: { $0.isASCII && $0.isLetter }), rest.range(of: #"\d{3,4}\s*[～~\-—–－至]\s*\d{3,4}"#, options: .regularExpression) != nil,
              !name.isEmpty, name.count <= 16, !name.contains(where: { "。，！？；：:".contains($0) }) else { return nil }
        return name
    }

    /// The author's name before the book's title in 《》, nothing after it but an edition's note
    /// (`余华《活着》`, `路遥 《平凡的世界》全集`, `加西亚·马尔克斯《百年孤独》`): a name of two to four
    /// characters, or a foreign one parted by middle dots. `鲁迅小说集《呐喊》` names no one.
    static func nameBeforeTitle(_ line: String) -> (String, String)? {
        guard line.count <= 40, line.first != "《", let open = line.firstIndex(of: "《"), let close = line[open...].firstIndex(of: "》") else { return nil }
        let name = line[..<open].trimmingCharacters(in: CharacterSet(charactersIn: " \t\u{3000}"))
        let rest = line[line.index(after: close)...].trimmingCharacters(in: CharacterSet(charactersIn: " \t\u{3000}"))
        let dotted = name.contains("·") || name.contains("・")
        guard rest.isEmpty || isEditionNote(rest), name.allSatisfy({ $0.isLetter && !$0.isASCII || $0 == "·" || $0 == "・" }),
              dotted ? (3...16).contains(name.count) : (2...4).contains(name.count), isNameLine(name),
              let (title, author) = bracketedTitle(String(line[open...])), author == nil else { return nil }
        return (title, name)
    }

    /// The words of an edition's note after a title (`《百年孤独》全集`, `《龙族》合集`, `完整版`, `精校全本`): no name.
    static func isEditionNote(_ text: String) -> Bool {
        text.count <= 8 && ["全集", "合集", "选集", "選集", "全本", "全文", "完整", "完本", "完结", "完結", "精校", "校对", "校對", "典藏", "珍藏", "足本",
                            "修订", "修訂", "全译", "插图", "版"]
            .contains { text.contains($0) }
    }

    /// `【书名】剑来` as `书名：剑来`: a label word alone in brackets, then its value (after a colon or
    /// not). The line unchanged when it is none (`【剑来】` is a bracketed title; `【作者：某某】` a
    /// bracketed byline).
    static func unbracketedLabel(_ line: String) -> String {
        guard let open = line.first, let close = titleBrackets[open] ?? HeadingMatcher.openBrackets[open],
              let end = line.firstIndex(of: close) else { return line }
        var label = String(line[line.index(after: line.startIndex)..<end])
        // `[作者名] (美)兰德    [类别] 人文史地`: the name's label, and the next field after a wide gap.
        if let word = labelNames[label] { label = word }
        guard bracketedLabels.contains(label) else { return line }
        var value = line[line.index(after: end)...].drop { ":：".contains($0) || $0 == " " || $0 == "\u{3000}" }
        if let gap = value.range(of: #"\s{2,}[\[【]"#, options: .regularExpression) { value = value[..<gap.lowerBound] }
        return label + "：" + value
    }

    /// Labels a site names with a word more (`[作者名]`, `[书名称]`): the plain label.
    static let labelNames = ["作者名": "作者", "作者姓名": "作者", "书名称": "书名", "作品名": "作品"]

    /// Where an author's label stands inside a line (`金瓶梅 作者：某某`): the label words with a
    /// colon, or in brackets of their own.
    static let inlineAuthorLabels = ["作者：", "作者:", "著者：", "著者:", "【作者】", "[作者]"]

    /// Title and author on one line, the author's label after the title:
    /// `金瓶梅 作者：某某`, `书名：金瓶梅 作者：某某`, `《金瓶梅》全集 作者：某某`, `《书名》（校对版全本）作者：某某`
    /// (an edition's note after the title), `『书名/作者:某某』` (the whole line in brackets, a slash
    /// between), `作者：某某（明）` (a note after the name). Nil when the line has no label after its
    /// start, or either side reads as no title or no name. (`金瓶梅 兰陵笑笑生 著` is left: a name
    /// may hold a space, `夏目 漱石 著`.)
    static func titleAndAuthorLine(_ line: String) -> (String, String)? {
        guard line.count <= 60 else { return nil }
        var text = Substring(line)
        // The whole line in brackets: `『书名/作者:某某』`.
        if let open = text.first, let close = titleBrackets[open] ?? HeadingMatcher.openBrackets[open], text.count > 2, text.last == close,
           text.dropFirst().dropLast().firstIndex(of: close) == nil {
            text = text.dropFirst().dropLast()
        }
        if let pair = slashedCredit(text) { return pair }
        // A label in brackets of the byline's own (`《红楼梦》[作者:曹雪芹]`) is `bracketedTitle`'s.
        guard let label = inlineAuthorLabels.lazy.compactMap({ text.range(of: $0) }).min(by: { $0.lowerBound < $1.lowerBound }),
              label.lowerBound > text.startIndex, HeadingMatcher.openBrackets[text[text.index(before: label.lowerBound)]] == nil else { return nil }
        var left = text[..<label.lowerBound], right = text[label.upperBound...]
        // The title: after its own label, inside its brackets when so marked, without an edition's note
        // (`（校对版全本）`, `全集`) or the separator before the author.
        if let label = titleLabels.first(where: { left.hasPrefix($0) }) { left = left.dropFirst(label.count) }
        left = left.drop { $0 == " " || $0 == "\u{3000}" }
        if let open = left.first, let close = titleBrackets[open], let end = left.firstIndex(of: close) {
            left = left[left.index(after: left.startIndex)..<end]
        } else {
            left = withoutNotes(Substring(String(left).trimmingCharacters(in: " \u{3000}/|-")))
        }
        // The name: without a note after it (`（明）`) or its credit word; a name in Latin letters
        // keeps its parentheses (`W3C® (MIT, ERCIM, Keio)`).
        right = Substring(String(right).trimmingCharacters(in: " \u{3000}"))
        let latin = right.contains(where: { $0.isASCII && $0.isLetter })
        if !latin { right = withoutNotes(right) }
        if let word = creditWords.first(where: { right.hasSuffix($0) }) { right = Substring(String(right.dropLast(word.count)).trimmingCharacters(in: " \u{3000}")) }
        let title = clean(String(left)), name = clean(String(right))
        // A subtitle after a colon is the title's (`金融学教授陈志武私家创富教案：24堂财富课 作者：陈志武`);
        // a label's colon is not (`简介：…`).
        let head = String(title.prefix { $0 != "：" && $0 != ":" })
        guard !title.isEmpty, title.count <= 30, !title.contains(where: { "。，！？；".contains($0) }), title.last.map({ !"：:".contains($0) }) == true,
              !notTitles.contains(title), !notTitles.contains(head), !bracketedLabels.contains(head), head.count < title.count ? head.count >= 2 : true,
              HeadingMatcher.match(Substring(title)) == nil, isNameLine(name) || latin && name.count <= 40
        else { return nil }
        return (title, name)
    }

    /// Title and author as a library catalogue sets them, the statement of who made the book after a
    /// slash (ISBD's `Title / statement of responsibility`): `狼图腾 / 姜戎 著`, `书名／某某编`,
    /// `The Title / by A. Author`; a Chinese book's CIP record, the next areas after `. —` and other
    /// makers after `；` (`人类简史：从动物到上帝/ （以）尤瓦尔·赫拉利著；林俊宏译. ——北京：中信出版社，2014.11`).
    /// The name needs its credit word or `by`: `甲/乙` alone may be a title.
    static func slashedCredit(_ text: Substring) -> (String, String)? {
        guard let slash = text.firstIndex(where: { $0 == "/" || $0 == "／" }) else { return nil }
        var statement = text[text.index(after: slash)...]
        if let area = [". —", ".—", "．—", " —", "——", ". -"].compactMap({ statement.range(of: $0)?.lowerBound }).min() { statement = statement[..<area] }
        if let other = statement.firstIndex(where: { $0 == "；" || $0 == ";" }) { statement = statement[..<other] }
        let left = clean(String(text[..<slash])), right = clean(String(statement))
        guard !left.isEmpty, left.count <= 30, !left.contains(where: { "。，！？；/／".contains($0) }), !notTitles.contains(left.lowercased()),
              HeadingMatcher.match(Substring(left)) == nil else { return nil }
        if let name = creditedName(right) { return (left, name) }
        guard right.count <= 40, right.lowercased().hasPrefix("by "), right.split(separator: " ").count <= 6 else { return nil }
        return (left, titleCased(String(right.dropFirst(3)).trimmingCharacters(in: " ,;.")))
    }

    /// The text without the bracketed notes that end it (`金瓶梅（校对版全本）`, `某某（明）`).
    static func withoutNotes(_ text: Substring) -> Substring {
        var text = text
        while let close = text.last, let open = HeadingMatcher.openBrackets.first(where: { $0.value == close })?.key,
              let start = text.lastIndex(of: open), start > text.startIndex {
            text = Substring(String(text[..<start]).trimmingCharacters(in: " \u{3000}"))
        }
        return text
    }

    /// A person's name as a credit or a label gives it, without what surrounds it there: a mark
    /// before it (`□`, `◇`), a nationality in brackets (`[英]威廉·毛姆`, `（美）海明威`, as Chinese
    /// editions of translated books name their authors), a slash before the credit word (`毛姆/著`).
    static func personName(_ raw: String) -> String {
        var name = Substring(clean(raw))
        name = name.drop { !$0.isLetter && !$0.isNumber && HeadingMatcher.openBrackets[$0] == nil }
        if let open = name.first, let close = HeadingMatcher.openBrackets[open] ?? titleBrackets[open], let end = name.firstIndex(of: close) {
            let inside = name[name.index(after: name.startIndex)..<end]
            if (1...4).contains(inside.count), inside.unicodeScalars.allSatisfy({ $0.properties.isIdeographic }), name.index(after: end) < name.endIndex {
                name = name[name.index(after: end)...]
            }
        }
        // `赫尔曼·黑塞/杨玉功译`: the author, then after a slash the translator with the word for it.
        if let slash = name.firstIndex(where: { $0 == "/" || $0 == "／" }), name.index(after: slash) < name.endIndex,
           ["译", "譯", "翻译", "翻譯", "编译", "編譯"].contains(where: { name.hasSuffix($0) }) {
            name = name[..<slash]
        }
        while let last = name.last, "/／ \u{3000}".contains(last) { name = name.dropLast() }
        // `罗尔夫?多贝里`: a middle dot a conversion lost, between the parts of a foreign name.
        if name.contains("?"), let fixed = Optional(String(name).replacingOccurrences(of: #"(?<=\p{Han})\?(?=\p{Han})"#, with: "·", options: .regularExpression)) {
            name = Substring(fixed)
        }
        // `明·吴承恩`: the dynasty a classical author wrote in.
        if let bare = DynastyCredit.name(name) { name = bare }
        // `孔飞力（Philip Alden Kuhn）`: a translated name with the original in brackets after it.
        if let open = name.firstIndex(where: { $0 == "（" || $0 == "(" }), open > name.startIndex, name.last == "）" || name.last == ")",
           name[..<open].unicodeScalars.contains(where: TextLines.isIdeograph),
           name[name.index(after: open)..<name.index(before: name.endIndex)].allSatisfy({ ($0.isASCII && ($0.isLetter || $0 == " " || $0 == "." || $0 == "-")) || $0 == "·" }) {
            name = name[..<open]
        }
        return clean(String(name))
    }

    /// `某某 著`, `某某撰`, `某某 编著`: the name before the credit word, on a short line.
    static func creditedName(_ line: String) -> String? {
        // `(德)罗尔夫?多贝里著 朱刘华译`: the author's credit, then the translator's after a space.
        if ["译", "譯"].contains(where: { line.hasSuffix($0) }) {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\u{3000}" })
            if words.count >= 2, let end = words.firstIndex(where: { $0.hasSuffix("著") || $0.hasSuffix("撰") }), end < words.count - 1 {
                return creditedName(words[...end].joined(separator: " "))
            }
        }
        guard let word = creditWords.first(where: { line.hasSuffix($0) }) else { return nil }
        let name = personName(String(line.dropLast(word.count)))
        // A name in Latin letters may hold commas and parentheses (`W3C® (MIT, ERCIM, Keio) 著`),
        // set apart from the credit word.
        if name.contains(where: { $0.isASCII && $0.isLetter }), line.dropLast(word.count).last == " " || line.dropLast(word.count).last == "\u{3000}" {
            return name.count <= 40 && !name.contains(where: { "。！？；：:".contains($0) }) ? name : nil
        }
        guard line.count <= 24, !line.contains(where: { "。，！？；：:,".contains($0) }) else { return nil }
        return isNameLine(name) ? name : nil
    }

    /// The author a byline names at the top of a section when the front names none (`斯蒂芬·金著`
    /// / `施寄青、赵永芬、齐若兰译` right under `《肖申克的救赎》第一章(1)`, the second heading of a 新浪读书
    /// download whose front is the title alone): a `某某著` line among the section's first three.
    /// The parser asks the first three sections.
    static func openingByline(_ lines: ArraySlice<Substring>) -> String? {
        let first = lines.lazy.map { TextLines.trim($0) }.filter { !$0.isEmpty }.prefix(3)
        return first.lazy.compactMap { creditedName(String($0)) }.first
    }

    /// A person's name as CJK front matter gives it: short, no punctuation but a middle dot, no
    /// digits (`1937年12月13日` is a date), not a heading or a label.
    static func isNameLine(_ line: String) -> Bool {
        guard !line.isEmpty, line.count <= 16, line.unicodeScalars.contains(where: { $0.value >= 0x3040 }),
              !line.contains(where: { "。，！？；：:,.!?;《》【】".contains($0) || $0.isASCII && $0.isNumber || ("０"..."９").contains($0) }),
              !notTitles.contains(line) else { return false }
        return HeadingMatcher.match(Substring(line)) == nil && HeadingMatcher.numberedLine(Substring(line)) == nil
    }

    /// The title a title page sets above its `by` line: the top block of the page, the page being
    /// the short blocks above `by` with at most three blank lines between them (a wider gap, a
    /// picture or a longer block ends it). So `A TALE OF TWO CITIES` / `A STORY OF THE FRENCH
    /// REVOLUTION` gives the first, `FRANKENSTEIN;` / `OR, THE MODERN PROMETHEUS.` the first without
    /// its semicolon, `PRIDE.` / `and` / `PREJUDICE` the three lines joined; each line's closing full
    /// stop dropped, capitals title-cased. Nil when the block right above is no title.
    static func blockAbove(_ index: Int, _ lines: [String]) -> String? {
        var k = index - 1
        var top: [String] = []
        while k >= 0 {
            var gap = 0
            while k >= 0, isBlank(lines[k]), lines[k].unicodeScalars.first != IllustrationMarkers.placeholder { k -= 1; gap += 1 }
            guard k >= 0, lines[k].unicodeScalars.first != IllustrationMarkers.placeholder, top.isEmpty || gap <= 3 else { break }
            var block: [String] = []
            while k >= 0, !isBlank(lines[k]), block.count < 5 {
                block.insert(lines[k].trimmingCharacters(in: " \t\u{3000}"), at: 0)
                k -= 1
            }
            // Above the title's own block, only short blocks continue it (`PRIDE.` / `and`); a
            // paragraph there is something else (a transcription's credit).
            guard block.count <= (top.isEmpty ? 4 : 2), block.allSatisfy({ $0.count <= 80 }) else { break }
            top = block
        }
        guard !top.isEmpty else { return nil }
        // A subtitle set right under the title in its block (`JANE EYRE` / `AN AUTOBIOGRAPHY`,
        // `VANITY FAIR` / `A NOVEL WITHOUT A HERO`, `EVELINA` / `OR THE HISTORY OF …`) is no part of
        // it; a title broken over lines (`THE HISTORY OF` / `TOM JONES`) ends its line on no word
        // that wants one after it.
        if let sub = top.indices.dropFirst().first(where: { isSubtitle(top[$0], after: top[$0 - 1]) }) { top = Array(top[..<sub]) }
        if let last = top.last, last.hasSuffix(";") || last.hasSuffix(",") { top[top.count - 1] = String(last.dropLast()) }
        let joined = top.map { $0.hasSuffix(".") && !$0.hasSuffix("..") ? String($0.dropLast()) : $0 }.joined(separator: " ")
        guard joined.count <= 120, !joined.lowercased().hasPrefix("by ") else { return nil }
        return titleCased(clean(joined))
    }

    /// A title block's line that opens a subtitle: `A …`, `AN …`, `OR …`, `BEING …`, under a line
    /// that ends the title (not on `OF`, `AND`, `THE`, a comma, a dash or a colon: `CREATIVE
    /// COMMONS -` / `A SHARED CULTURE` is one title).
    static func isSubtitle(_ line: String, after above: String) -> Bool {
        let first = line.split(separator: " ").first.map { $0.lowercased().trimmingCharacters(in: ",") } ?? ""
        let end = above.split(separator: " ").last.map { $0.lowercased() } ?? ""
        return ["a", "an", "or", "being"].contains(first) && line.split(separator: " ").count >= 2
            && !smallWords.contains(end) && !end.hasSuffix(",") && !end.hasSuffix("-") && !end.hasSuffix("—") && !end.hasSuffix(":")
    }

    /// Line `index` is the last of a paragraph of three lines or more: a sentence wrapped onto it
    /// (a transcription's credit `…generously made available` / `by The Internet Archive)`), not a
    /// byline, which stands alone or under the title's line or two.
    static func endsParagraph(_ index: Int, _ lines: [String]) -> Bool {
        var k = index
        while k > 0, !isBlank(lines[k - 1]) { k -= 1 }
        return index - k >= 2
    }

    /// Blank, or a picture's placeholder (which is no title).
    static func isBlank(_ line: String) -> Bool {
        line.unicodeScalars.allSatisfy { TextLines.isSpace($0) } || line.unicodeScalars.first == IllustrationMarkers.placeholder
    }

    static let smallWords: Set<String> = ["a", "an", "and", "as", "at", "but", "by", "for", "in", "nor", "of", "on", "or", "the", "to", "with"]

    /// A title in capitals (`THE ADVENTURES OF TOM SAWYER`) as a reader's shelf shows it (`The
    /// Adventures of Tom Sawyer`); a title with lower-case words in it is left as written.
    static func titleCased(_ title: String) -> String {
        let letters = title.filter(\.isLetter)
        guard letters.contains(where: \.isUppercase), letters.filter(\.isUppercase).count * 4 >= letters.count * 3,
              letters.allSatisfy({ $0.isASCII || !$0.isUppercase && !$0.isLowercase || $0.isUppercase || $0.isLowercase }) else { return title }
        let words = title.split(separator: " ")
        return words.enumerated().map { index, word -> String in
            guard word.contains(where: \.isUppercase), !word.contains(where: \.isLowercase) else { return String(word) }
            let lower = word.lowercased()
            if index > 0, smallWords.contains(lower) { return lower }
            // Capitalize the first letter of each hyphen- or apostrophe-joined part (`SEA-DOG` is
            // `Sea-Dog`) and of each initial (`T.S.`).
            var out = ""
            var startOfPart = true
            for c in lower {
                out += startOfPart && c.isLetter ? c.uppercased() : String(c)
                if c.isLetter { startOfPart = false } else if c == "-" || c == "." { startOfPart = true }
            }
            return out
        }.joined(separator: " ")
    }

    /// First lines that name a part of the book, not the book.
    static let notTitles: Set<String> = ["目录", "目錄", "简介", "簡介", "内容简介", "內容簡介", "正文", "contents", "table of contents", "introduction"]

    /// One of `notTitles`, however its characters are spaced (`目　录`, as Chinese typesetting spaces
    /// a two-character heading).
    static func isNotTitle(_ line: String) -> Bool {
        let lowered = line.lowercased()
        return notTitles.contains(lowered) || notTitles.contains(String(lowered.filter { $0 != " " && $0 != "\u{3000}" }))
    }

    /// A book's first line when it reads as a title: short, no sentence punctuation, no label,
    /// not a heading (`山居笔记` above the text).
    static func firstLineTitle(_ front: [String], standsAlone: Bool = false) -> String? {
        guard let first = front.first.map({ $0.trimmingCharacters(in: " \t\u{3000}") }), !first.isEmpty else { return nil }
        // `清醒思考的艺术：你最好让别人去犯的52种 思维错误`: a CJK title and its subtitle after a colon.
        if let main = titleBeforeSubtitle(first) { return main }
        // A Latin title takes more characters than a CJK one (`World Cultures and Geography`).
        guard first.count <= (first.unicodeScalars.allSatisfy(\.isASCII) ? 60 : 20) else { return nil }
        // A Latin title standing alone over a blank line may hold a comma before its second half
        // (`Twelfe Night, Or what you will`, `All's Well, that Ends Well`, `Othello, the Moore of
        // Venice`); it ends no sentence, and a line of prose runs on below it.
        let commas = standsAlone && first.unicodeScalars.allSatisfy(\.isASCII) && first.filter({ $0 == "," }).count <= 2
            && first.last.map({ $0.isLetter }) == true
        guard !withoutNumbers(first).contains(where: { "。，！？；：.!?;:".contains($0) || $0 == "," && !commas }), !first.lowercased().hasPrefix("by "),
              !isNotTitle(first), !isPartPlaceholder(first),
              HeadingMatcher.match(Substring(first)) == nil, HeadingMatcher.numberedLine(Substring(first)) == nil else { return nil }
        return clean(first)
    }

    /// The main title of a CJK title line with its subtitle after one colon (`清醒思考的艺术：你最好让
    /// 别人去犯的52种 思维错误`, an OCR'd download's first line): both halves CJK and short, no sentence's
    /// punctuation; the first no label (`书名：`, `简介：`, `作者：` are read as labels).
    /// Words a download's first lines label a field with, before a colon: no book's title.
    static let subtitleLabels: Set<String> = ["简介", "內容簡介", "内容简介", "文案", "声明", "聲明", "提示", "注", "注意", "备注", "来源", "出处", "版权", "字数",
                                              "状态", "类别", "分类", "标签", "类型", "出品", "出版", "出版社", "译者", "譯者", "原著", "首发", "更新", "更新时间",
                                              "时间", "日期", "版本", "说明", "授权", "网址", "主角", "配角"]

    static func titleBeforeSubtitle(_ line: String) -> String? {
        let parts = line.split(separator: "：", omittingEmptySubsequences: false)
        guard parts.count == 2, line.count <= 50 else { return nil }
        let main = clean(String(parts[0])), subtitle = parts[1]
        guard (2...20).contains(main.count), (2...30).contains(subtitle.count), main.unicodeScalars.contains(where: TextLines.isIdeograph),
              subtitle.unicodeScalars.contains(where: TextLines.isIdeograph),
              !(main + subtitle).contains(where: { "。，！？；.!?;:《》【】[]".contains($0) }),
              !titleLabels.contains(where: { $0.hasPrefix(main) }), !authorLabels.contains(where: { $0.hasPrefix(main) }),
              !bracketedLabels.contains(main), !notTitles.contains(main), labelNames[main] == nil,
              !subtitleLabels.contains(main),
              HeadingMatcher.match(Substring(main)) == nil, HeadingMatcher.numberedLine(Substring(line)) == nil else { return nil }
        return main
    }

    /// `第1部分`: the name a tool gives a part it found no title for (bookfetch's export, and this
    /// converter's own parts), never a book's title.
    static func isPartPlaceholder(_ line: String) -> Bool {
        guard line.hasPrefix("第"), line.hasSuffix("部分") else { return false }
        let number = line.dropFirst().dropLast(2)
        return !number.isEmpty && number.allSatisfy(\.isNumber)
    }

    /// The first short block's line when paragraphs stand above it: a transcription opens with its
    /// producers' credit or a transcriber's note (`Produced by …` over four lines, `Transcriber's
    /// Note:` and its paragraph), and the title page follows. Blocks that end with a colon
    /// introduce what follows them, and a sentence is no title; only the first 60 lines are read.
    static func titleBelowNotices(_ front: [String]) -> String? {
        var block: [String] = []
        var notices = 0
        for line in front.prefix(60) + [""] {
            let trimmed = line.trimmingCharacters(in: " \t\u{3000}")
            if !trimmed.isEmpty { block.append(trimmed); continue }
            defer { block = [] }
            guard let first = block.first else { continue }
            if block.count >= 3 || first.hasSuffix(":") || !first.contains(where: \.isLetter) {
                notices += 1
                continue
            }
            // Only below a notice: a text that opens otherwise has its title on its first line or none.
            guard notices > 0 else { return nil }
            if let title = firstLineTitle([first]) { return title }
        }
        return nil
    }

    /// A title page breaks a long title over two lines with no blank between (`THE
    /// ADVENTURES OF` / `TOM SAWYER`, `EPUB READING` / `SYSTEMS 3.3`): the line right below the
    /// title's, starting with a capital, short, no sentence and no byline, goes on with it. A subtitle
    /// stands apart, or says so (`OR, THE MODERN PROMETHEUS`, `A STORY OF …`, `BEING …`); a name
    /// below a CJK title (`余秋雨`, `W3C® (MIT, ERCIM, Keio)`) is its author.
    static func withSecondLine(_ title: String, _ front: [String]) -> String {
        let trimmed = front.prefix(150).map { $0.trimmingCharacters(in: " \t\u{3000}") }
        guard let at = trimmed.firstIndex(where: { clean($0) == title }), at + 1 < trimmed.count else { return title }
        let next = trimmed[at + 1]
        // Only in scripts with capitals: below a CJK title, a Latin line is its author (`W3C® (MIT, ERCIM, Keio)`).
        guard !next.isEmpty, next.count <= 60, next.first(where: \.isLetter)?.isUppercase == true,
              (title + next).allSatisfy({ !$0.isLetter || $0.isCased }),
              !withoutNumbers(next).contains(where: { ".!?;:".contains($0) }),
              HeadingMatcher.match(Substring(next)) == nil else { return title }
        let opening = next.lowercased().split(separator: " ").first.map(String.init) ?? ""
        guard !["by", "or", "or,", "a", "an", "being", "with", "edited", "translated", "author"].contains(opening) else { return title }
        return clean(title + " " + next)
    }

    /// The line without the full stops and commas inside numbers (`EPUB 3.3`, `1,000 Leagues`),
    /// which end no sentence.
    static func withoutNumbers(_ line: String) -> String {
        var out = ""
        let characters = Array(line)
        for (k, c) in characters.enumerated() {
            if c == "." || c == ",", k > 0, k + 1 < characters.count, characters[k - 1].isNumber, characters[k + 1].isNumber { continue }
            out.append(c)
        }
        return out
    }

    /// The value without the brackets and spaces around it, runs of spaces as one; a CJK title
    /// letterspaced, a space between each of its characters (`汉  书`, `红 楼 梦`), closed up.
    static func clean(_ s: String) -> String {
        let words = s.trimmingCharacters(in: " \t\u{3000}《》「」").split(whereSeparator: { $0 == " " || $0 == "\u{3000}" })
        let spaced = words.count >= 2 && words.allSatisfy { $0.count == 1 && $0.unicodeScalars.first.map(TextLines.isIdeograph) == true }
        return words.joined(separator: spaced ? "" : " ")
    }

    /// The file's base name, without folders or extension.
    private static func baseName(_ fileName: String) -> Substring {
        var base = Substring(fileName.split(separator: "/").last ?? "")
        if let dot = base.lastIndex(of: "."), dot != base.startIndex { base = base[..<dot] }
        return base
    }

    /// A file name without the address of the site it came from and the site's name before it
    /// (`人生的枷锁_www.shupengw.com`, `24堂财富课-书包网 bookbao.com `): the book's name is before them.
    static func withoutSite(_ base: Substring) -> Substring {
        let separators: Set<Character> = [" ", "_", "-", "—", "\u{3000}"]
        func trimmed(_ text: Substring) -> Substring {
            var text = text
            while let last = text.last, separators.contains(last) { text = text.dropLast() }
            return text
        }
        guard let address = base.split(whereSeparator: { separators.contains($0) }).first(where: { NoiseLines.isAddress(String($0), bareDomains: true) }),
              address.startIndex > base.startIndex else { return base }
        var head = trimmed(base[..<address.startIndex])
        if let name = head.split(whereSeparator: { separators.contains($0) }).last, name.startIndex > head.startIndex,
           name.hasSuffix("网") || name.hasSuffix("網") {
            head = trimmed(head[..<name.startIndex])
        }
        return head.isEmpty ? base : head
    }

    /// `《书名》作者：某某.txt`, `书名 作者:某某.txt`: what follows 作者 and its colon.
    static func authorFromFileName(_ fileName: String?) -> String? {
        if let fileName, let (name, _) = nameBeforeColon(baseName(fileName)) { return String(name) }
        guard let fileName, let range = baseName(fileName).range(of: "作者") else { return nil }
        let author = clean(String(baseName(fileName)[range.upperBound...].drop { ":：_- ".contains($0) }))
        return author.isEmpty ? nil : author
    }

    /// `钱穆：中国历代政治得失`, `威廉·夏伊勒：第三帝国的兴亡`: the author's name, a full-width colon, then
    /// the title, as collections name their files. The name is two or three ideographs opening with a
    /// common surname, or a transliterated name, ideographs parted by a middle dot; a title before
    /// its subtitle (`清醒思考的艺术：你最好让别人去犯的52种思维错误`, `三体：黑暗森林`) is neither.
    static func nameBeforeColon(_ base: Substring) -> (name: Substring, title: Substring)? {
        guard let colon = base.firstIndex(of: "："), colon > base.startIndex else { return nil }
        let name = base[..<colon], title = TextLines.trim(base[base.index(after: colon)...])
        guard !title.isEmpty, name.allSatisfy({ $0 == "·" || $0.unicodeScalars.allSatisfy(TextLines.isIdeograph) }) else { return nil }
        let parts = name.split(separator: "·", omittingEmptySubsequences: false)
        if parts.count >= 2 { return parts.allSatisfy({ !$0.isEmpty }) && name.count <= 14 ? (name, title) : nil }
        guard (2...3).contains(name.count), let first = name.first, DynastyCredit.surnameStarts.contains(first) else { return nil }
        return (name, title)
    }

    static func titleFromFileName(_ fileName: String?) -> String? {
        guard let fileName else { return nil }
        var base = baseName(fileName)
        if let (_, title) = nameBeforeColon(base) { base = title }
        if let range = base.range(of: "作者") { base = base[..<range.lowerBound] }
        // `《历史深处的忧虑》TXT下载（全本）`: the name in its book-title marks.
        if base.first == "《", let end = base.firstIndex(of: "》"), base.index(after: base.startIndex) < end {
            base = base[base.index(after: base.startIndex)..<end]
        }
        base = withoutSite(base)
        let title = clean(String(base)).trimmingCharacters(in: " _-")
        return title.isEmpty ? nil : title
    }
}
