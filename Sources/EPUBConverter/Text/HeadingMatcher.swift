/// Recognises chapter and volume headings on single lines, in Chinese and English books, without
/// regular expressions (it runs on every line of multi-megabyte novels). Defences against false
/// positives: a length cap, known words that continue a unit (第二节课, 第五部分), sentence
/// punctuation after the label, and English labels followed by lower-case prose.
public enum HeadingMatcher {
    /// Longest line that can be a heading, in characters (past 40 only when its number continues
    /// the sequence).
    static let maxChineseLength = 48
    static let maxEnglishLength = 120

    public static func match(_ line: Substring) -> Heading? {
        guard let first = line.unicodeScalars.first else { return nil }
        // Most lines of a novel are prose: the first character rules them out before any counting.
        // An ASCII bracket around a Chinese label (`[第一章]`, `(第一卷)`) opens a Chinese heading.
        let chineseInBrackets = (first == "[" || first == "(") && line.unicodeScalars.dropFirst().first.map { !$0.isASCII } == true
        if first.isASCII && !chineseInBrackets {
            guard first.properties.isAlphabetic, line.utf8.count <= maxEnglishLength * 4, line.count <= maxEnglishLength else { return nil }
            return english(line)
        }
        // `§ 12.`: a treatise's numbered section.
        if first == "§" { return line.count <= maxEnglishLength ? labelled(line) : nil }
        // `正文 第一回 …`: the word that opens the main text, before its first heading.
        if first == "正" {
            guard line.hasPrefix("正文") else { return nil }
            let rest = line.dropFirst(2).drop { $0 == " " || $0 == "　" }
            return rest.first == "第" ? match(rest) : nil
        }
        if let last = line.unicodeScalars.last, chineseOrdinalScalars.contains(last), let heading = nameThenOrdinal(line) { return heading }
        if let last = line.unicodeScalars.last, last == "）" || last == ")", let heading = titledHalf(line) { return heading }
        if chineseOrdinalScalars.contains(first), let heading = unitWithoutOrdinalMark(line) { return heading }
        // Byte count first: it is known at once, where counting scalars reads a paragraph through.
        guard chineseStarts.contains(first), line.utf8.count <= maxChineseLength * 8, line.unicodeScalars.count <= maxChineseLength * 2,
              line.count <= maxChineseLength else { return nil }
        return chinese(AdSuffix.strip(line))
    }

    /// A 回目 whose 第 the download dropped (`二回　救贫女馈赠金瓜子　惩贪官造就新污吏`, every chapter of
    /// 雍正王朝 as downloaded but the first): Chinese numerals, a chapter's unit, a space, and a
    /// title. `三回两回` is a sentence; only the sequence of numbers makes these headings.
    static func unitWithoutOrdinalMark(_ line: Substring) -> Heading? {
        // Many lines of prose open with a numeral (`一个人…`): the label's few characters rule them
        // out before a paragraph's length is counted, its bytes before its characters.
        let digits = line.prefix(6).prefix { chineseOrdinalScalars.contains($0.unicodeScalars.first ?? " ") }
        let afterDigits = line.dropFirst(digits.count)
        guard !digits.isEmpty, digits.count <= 5, let unit = afterDigits.first, chapterUnits.contains(unit),
              let space = afterDigits.dropFirst().first, space == " " || space == "　",
              line.utf8.count <= maxChineseLength * 8, line.count <= maxChineseLength, let number = ChapterNumber.parse(digits) else { return nil }
        let trimmed = TextLines.trim(line)
        let name = afterDigits.dropFirst().drop { $0 == " " || $0 == "　" }
        guard !name.isEmpty, looksLikeTitle(name), name.unicodeScalars.first.map(TextLines.isIdeograph) == true,
              !name.contains(where: { "，。！？；".contains($0) }) else { return nil }
        return Heading(level: .chapter, title: collapse(trimmed), name: collapse(name), number: number, needsSequence: true)
    }

    /// The numerals a classical chapter's ordinal is written in (`第一`, `第二十`).
    static let chineseOrdinalScalars: Set<Unicode.Scalar> = Set("一二三四五六七八九十百零〇两".unicodeScalars)

    /// A classical book's chapter named first and numbered after, with no unit (`学而第一`,
    /// `五帝本纪第一`, `逍遥游第一`): two to ten CJK characters, then 第 and the number, alone on the
    /// line. A sentence may end so too (`他考了第一`), so the heading counts only where its number
    /// continues the book's sequence.
    static func nameThenOrdinal(_ line: Substring) -> Heading? {
        let trimmed = TextLines.trim(line)
        guard trimmed.count <= 16, let mark = trimmed.lastIndex(of: "第") else { return nil }
        let name = trimmed[..<mark], digits = trimmed[trimmed.index(after: mark)...]
        guard (2...10).contains(name.count) || name.count == 1 && classicalCategories.contains(name.first ?? " "),
              name.unicodeScalars.allSatisfy({ $0.properties.isIdeographic }),
              !digits.isEmpty, digits.unicodeScalars.allSatisfy(chineseOrdinalScalars.contains), let number = ChapterNumber.parse(digits) else { return nil }
        return Heading(level: .chapter, title: collapse(trimmed), name: collapse(name), number: number, needsSequence: true)
    }

    /// The one-character categories of a dynastic history (`纪第一`, `志第一`, `表第一`, `书第一`,
    /// `传第一`), numbered each from 1.
    static let classicalCategories: Set<Character> = Set("纪紀志表书書传傳")

    /// First characters a Chinese heading can have: 第, an opening bracket, a special section's first character.
    static let chineseStarts: Set<Unicode.Scalar> = Set("第【[〖〔「『（(卷上中下".unicodeScalars)
        .union(specialSections.compactMap(\.unicodeScalars.first))

    // MARK: Chinese

    /// The characters a chapter number is written with: those `ChapterNumber` reads.
    static let numerals: Set<Character> = ChapterNumber.characters
    /// The same as scalars, for the first test on every line (no grapheme breaking).
    static let numeralScalars: Set<Unicode.Scalar> = Set(numerals.flatMap(\.unicodeScalars))
    /// A chapter's units: a novel's (`章`, `回`), a play's (`幕`), a course of lectures' or lessons'
    /// (`第一讲　汉代`, 钱穆's 中国历代政治得失; `第三课`).
    static let chapterUnits: Set<Character> = Set("章节節回话話幕讲講课課")
    /// `编` too: nonfiction's parts (`第一编 阿道夫·希特勒的兴起`), as the 第三帝国的兴亡 lists them.
    static let volumeUnits: Set<Character> = Set("卷部篇集册冊编編")
    /// Unit + next character pairs that make an ordinary word, not a heading (第二节课, 第十集合 …).
    static let wordContinuations: Set<String> = [
        "节课", "节目", "节日", "节奏", "节约", "节省", "节点", "節課", "節目", "節日", "節奏",
        "编辑", "編輯", "编号", "編號", "编写", "編寫", "编制", "編制", "编者", "編者", "编年", "編年", "编排", "編排", "编成", "編成", "编入", "編入",
        "编造", "編造", "编织", "編織", "编队", "編隊", "编码", "編碼", "编剧", "編劇", "编著", "編著", "编译", "編譯",
        "集合", "集团", "集體", "集体", "集中", "集结", "集結", "集市", "部分", "部门", "部門", "部队", "部隊", "部长", "部長", "部署", "部位",
        "回合", "回来", "回來", "回去", "回到", "回家", "回答", "回头", "回頭", "回复", "回覆", "回忆", "回憶", "回应", "回應", "回事", "回过", "回過",
        "话说", "話說", "话语", "話語", "话题", "話題", "幕后", "幕後", "章程", "卷入", "卷起", "册子", "冊子", "篇幅", "篇章",
        "讲话", "講話", "讲究", "講究", "讲述", "講述", "讲解", "講解", "讲课", "講課", "讲台", "講臺", "讲座", "講座", "讲到", "講到", "讲过", "講過",
        "讲了", "講了", "讲的", "講的", "讲起", "講起", "讲完", "講完", "讲给", "講給", "讲道", "講道", "讲理", "講理", "讲义", "講義",
        "课程", "課程", "课本", "課本", "课堂", "課堂", "课文", "課文", "课题", "課題", "课后", "課後", "课时", "課時", "课上",
    ]
    static let openBrackets: [Character: Character] = ["【": "】", "[": "]", "〖": "〗", "〔": "〕", "「": "」", "『": "』", "（": "）", "(": ")"]
    /// Sections a Chinese book names by a word of their own: web novels' (`楔子`, `番外二`, `外传`,
    /// `大结局`) and classical books' (`凡例`, `自序`, `跋`, `附录`, `卷首`), as the download tools'
    /// splitters list them; and the front and back matter an edition adds (`出版说明`, `代序`,
    /// `译者序`, `重印前记`, `导言`, `编后记`, a translation's or an edition's preface `中译本序言`, `英译本序言`, `再版前言`, a foreword `卷首语`, a reader's guide `导读`, `作品赏析`); a nonfiction book's (`推荐序`, `致谢`, `参考文献`, `尾注`,
    /// `年表`, `索引`). Longer words first: `序章` before `序`.
    static let specialSections: [String] = [
        "出版说明", "出版說明", "重印前记", "重印前記", "译者前言", "譯者前言", "译者序", "譯者序", "译后记", "譯後記", "编后记", "編後記",
        "编者按", "編者按", "代序", "译序", "譯序", "前记", "前記", "导言", "導言", "导论", "導論", "绪论", "緒論",
        "序章", "序言", "序幕", "序曲", "楔子", "引子", "引言", "前言", "后记", "後記", "尾声", "尾聲", "终章", "終章",
        "番外篇", "番外", "完本感言", "最终章", "最終章", "外传", "外傳", "大结局", "大結局",
        "中译本序言", "中譯本序言", "英译本序言", "英譯本序言", "中译本序", "中譯本序", "中译本前言", "中譯本前言", "中文版序言", "中文版序",
        "再版前言", "再版序言", "再版后记", "再版後記", "新版序言", "新版前言", "修订版序言", "修訂版序言",
        "自序", "原序", "凡例", "附录", "附錄", "补遗", "補遺", "题记", "題記", "卷首语", "卷首語", "卷首", "作品赏析", "作品賞析", "导读", "導讀",
    ] + matterWords + ["跋", "序"]
    /// A nonfiction book's front and back matter words among them: sections only outside its
    /// numbered body, before its first numbered heading or after its last (a glossary's entry
    /// `参考文献` over its reading, a chapter's own references, are no sections of the book).
    static let matterWords: [String] = [
        "推荐序", "推薦序", "致谢", "致謝", "鸣谢", "鳴謝", "参考文献", "參考文獻", "参考书目", "參考書目", "参考资料", "參考資料", "尾注", "大事年表", "年表", "索引",
    ]
    static let separators: Set<Character> = Set(" 　:：、.．·-—–_|")
    /// What closes a chapter rather than names one: `第四章 完`, `（第四章完）`, `第四章（完结）` (a
    /// chapter may well be titled 结束 or 终, so those stay titles).
    static let endMarks: Set<String> = ["完", "完结", "完結", "全文完", "全书完", "全書完", "本章完", "本卷完", "未完待续", "未完待續"]
    static let closingMarks: Set<Character> = Set("）)】]〗〕」』（(【[ 　.。!！")

    static func chinese(_ raw: Substring) -> Heading? {
        var line = raw
        var bracketTail: Substring = ""
        if let open = line.first, let close = openBrackets[open], let end = line.firstIndex(of: close) {
            bracketTail = line[line.index(after: end)...]
            line = line[line.index(after: line.startIndex)..<end]
        }
        if line.first == "第" {
            // Spaces may stand around the number (`第 11 章`, `第　三　卷`), as typed in many downloads,
            // and between its numerals where every character is spaced (`第 十 一 章`).
            func skipSpaces(_ j: inout Substring.Index) { while j < line.endIndex, line[j] == " " || line[j] == "　" { j = line.index(after: j) } }
            var i = line.index(after: line.startIndex)
            skipSpaces(&i)
            let numberStart = i
            while i < line.endIndex {
                if numerals.contains(line[i]) { i = line.index(after: i); continue }
                var j = i
                skipSpaces(&j)
                guard j > i, i > numberStart, j < line.endIndex, numerals.contains(line[j]) else { break }
                i = j
            }
            guard i > numberStart else { return nil }
            skipSpaces(&i)
            guard i < line.endIndex else { return nil }
            let unit = line[i]
            let number = ChapterNumber.parse(withoutSpaces(line[numberStart..<i]))
            let level: Heading.Level
            var afterUnit = line.index(after: i)
            // `第一部分`, alone or before its title (`第一部分 认知革命`), as nonfiction names its parts;
            // `第一部分的内容` is a sentence, and `第1部分` alone the name a tool gives a piece it cut
            // (bookfetch's export, this converter's own parts), no part of the book.
            if unit == "部", afterUnit < line.endIndex, line[afterUnit] == "分" {
                let after = line.index(after: afterUnit)
                guard after == line.endIndex ? !line[numberStart..<i].allSatisfy({ $0.isASCII && $0.isNumber }) : separators.contains(line[after]) else { return nil }
                level = .volume
                afterUnit = after
            } else if chapterUnits.contains(unit) { level = .chapter } else if volumeUnits.contains(unit) { level = .volume }
            // A book of letters numbers them with the letters' measure word (`第一封信`, `第二封書`).
            else if unit == "封", afterUnit < line.endIndex, "信书書".contains(line[afterUnit]) {
                level = .chapter
                afterUnit = line.index(after: afterUnit)
            } else { return nil }
            var rest = line[afterUnit...] + bracketTail
            if let next = rest.first {
                if wordContinuations.contains(String(unit) + String(next)) { return nil }
            }
            rest = rest.drop { separators.contains($0) }
            // Every end mark has 完: a title without it needs no filtering.
            if rest.unicodeScalars.contains("完") {
                guard !endMarks.contains(String(rest.filter { !closingMarks.contains($0) })) else { return nil }
            }
            let strong = looksLikeTitle(rest)
            guard strong || looksLikeLongTitle(rest) else { return nil }
            // The title is the line as written (whitespace collapsed): its punctuation and brackets stay.
            return Heading(level: level, title: collapse(raw), name: collapse(rest), number: number, needsSequence: !strong)
        }
        if let heading = scrollHeading(line, bracketTail: bracketTail, raw: raw) { return heading }
        for word in specialSections where line.hasPrefix(word) {
            var rest = line.dropFirst(word.count) + bracketTail
            // 番外一, 番外2, 附录一: the number belongs to the label.
            var label = word
            if word.hasPrefix("番外") || word.hasPrefix("附") {
                let digits = rest.prefix { numerals.contains($0) }
                label += digits
                rest = rest.dropFirst(digits.count)
            }
            if let next = rest.first, !separators.contains(next) { return nil }  // 序列, 前言不搭后语 …
            rest = rest.drop { separators.contains($0) }
            guard looksLikeTitle(rest) else { return nil }
            return Heading(level: .chapter, title: collapse(raw), name: collapse(rest))
        }
        return nil
    }

    /// A section by its word published in parts (`尾声(1)`, `楔子（上）`), the part's mark as its name:
    /// a heading only behind a prefix the site prints before its chapters (a title of the book's
    /// own may well end so, `自序（1）` over a page of a book of titled pages).
    static func specialInParts(_ line: Substring) -> Heading? {
        guard let word = specialSections.first(where: { line.hasPrefix($0) }), isPartMark(line.dropFirst(word.count)) else { return nil }
        return Heading(level: .chapter, title: collapse(line), name: collapse(line.dropFirst(word.count)))
    }

    /// The mark of one part of a section a site published in parts, alone: a number or 上, 中, 下 in
    /// brackets (`(8)`, `（上）`, `【二】`).
    static func isPartMark(_ text: Substring) -> Bool {
        guard let open = text.first, let close = openBrackets[open], text.count >= 3, text.count <= 6, text.last == close else { return false }
        let inside = text.dropFirst().dropLast()
        return inside.allSatisfy { numerals.contains($0) } || inside.count == 1 && "上中下".contains(inside)
    }

    /// The order classical books number their scrolls in: `卷一`, `卷之一`, `卷第一`, `卷12` (the
    /// unit before its number), and the halves and thirds of a book, `上卷`, `中卷`, `下卷` (also
    /// `部`, `篇`): divisions, alone on the line or before a title.
    static func scrollHeading(_ line: Substring, bracketTail: Substring, raw: Substring) -> Heading? {
        var number: Int?
        var rest: Substring
        if line.first == "卷" {
            var afterUnit = line.dropFirst()
            if afterUnit.first == "之" || afterUnit.first == "第" { afterUnit = afterUnit.dropFirst() }
            let digits = afterUnit.prefix { numerals.contains($0) }
            guard !digits.isEmpty, let parsed = ChapterNumber.parse(digits) else { return nil }
            number = parsed
            rest = afterUnit.dropFirst(digits.count) + bracketTail
            // A scroll bound in parts (`卷一上`, `卷二十七中之上`, as the 汉书 numbers its long scrolls):
            // the part's mark belongs to the label.
            if let part = scrollPart(rest) { rest = rest.dropFirst(part) }
        } else if let part = halfParts[line.first ?? " "], let unit = line.dropFirst().first, "卷部篇".contains(unit) {
            number = part
            rest = line.dropFirst(2) + bracketTail
        } else {
            return nil
        }
        if let next = rest.first, !separators.contains(next) { return nil }  // 卷一卷书, 下部分 …
        rest = rest.drop { separators.contains($0) }
        guard rest.isEmpty || looksLikeTitle(rest) else { return nil }
        return Heading(level: .volume, title: collapse(raw), name: collapse(rest), number: number)
    }

    /// A book's half or third under its title, the mark in brackets after it (`罗马史（上卷）`, `罗马史（下卷）`,
    /// `中国通史（上册）`): a division, as `上卷` alone is. A chapter's title with such a mark (`第一章
    /// 出征（上篇）`) is the chapter's: the title before the brackets is no heading of its own.
    static func titledHalf(_ line: Substring) -> Heading? {
        // Most lines ending in a bracket are prose: their length rules them out before anything is searched.
        guard line.utf8.count <= 32 * 4, let open = line.lastIndex(where: { $0 == "（" || $0 == "(" }) else { return nil }
        let inside = line[line.index(after: open)...].dropLast()
        guard inside.count == 2, let part = halfParts[inside.first ?? " "], let unit = inside.last, "卷部册篇编".contains(unit) else { return nil }
        let name = TextLines.trim(line[..<open])
        guard !name.isEmpty, name.count <= 24, name.unicodeScalars.first.map(TextLines.isIdeograph) == true, name.first != "第",
              !name.contains(where: { "，。！？；：,.!?;:".contains($0) }), match(name) == nil else { return nil }
        return Heading(level: .volume, title: collapse(TextLines.trim(line)), name: collapse(name), number: part)
    }

    /// A book's half or third (`上卷`, `下部`, `罗马史（下卷）`): the outermost division, whatever else
    /// the book numbers as divisions inside it. Read as the matcher reads it: `scrollHeading`'s
    /// halves, or `titledHalf`.
    static func isHalf(_ title: String) -> Bool {
        let line = Substring(title)
        if halfParts[line.first ?? " "] != nil, let unit = line.dropFirst().first, "卷部篇".contains(unit) { return true }
        return line.last.map { $0 == "）" || $0 == ")" } == true && titledHalf(line) != nil
    }

    /// The halves and thirds of a book by their marks: `上` 1, `中` 2, `下` 3.
    static let halfParts: [Character: Int] = ["上": 1, "中": 2, "下": 3]

    /// The length of a scroll's part mark at the start of `text` (`上`, `下`, `中之上`, `下之下`), when
    /// the mark ends there or a separator follows it; nil otherwise (`卷一上来`, a sentence).
    static func scrollPart(_ text: Substring) -> Int? {
        let halves: Set<Character> = ["上", "中", "下"]
        guard let first = text.first, halves.contains(first) else { return nil }
        var length = 1
        let after = text.dropFirst()
        if after.first == "之", let second = after.dropFirst().first, halves.contains(second) { length = 3 }
        let ends = text.dropFirst(length).first.map { separators.contains($0) } ?? true
        return ends ? length : nil
    }

    /// A heading behind a short prefix, as download sites print them (`《》目录 第一回 …`,
    /// `[某站] 第一章 …`): the prefix (at most 12 characters before the first 第, no sentence
    /// punctuation) and the heading found after it. Scalars, not Characters: this runs on every
    /// line of a novel.
    static func prefixed(_ line: Substring) -> (prefix: String, heading: Heading)? {
        // Most lines have no 第 near their start: one cheap pass finds it, or gives up.
        let scalars = line.unicodeScalars
        var index = scalars.startIndex
        var previous: String.UnicodeScalarView.SubSequence.Index?
        var offset = 0
        while index < scalars.endIndex, offset <= 12 {
            let scalar = scalars[index]
            switch scalar {
            case "。", "，", "！", "？", "；", ",", "!", "?", ";": return nil  // a sentence, not a prefix
            case "第" where offset > 0:
                // An opening bracket right before 第 belongs to the heading (`【第一章】`).
                var start = index
                if let before = previous, openBrackets[Character(scalars[before])] != nil, before > scalars.startIndex { start = before }
                let position = String.Index(start, within: line) ?? line.startIndex
                let prefix = collapse(line[..<position])
                guard !prefix.isEmpty, let heading = match(line[position...]) else { return nil }
                return (prefix, heading)
            default:
                break
            }
            previous = index
            index = scalars.index(after: index)
            offset += 1
        }
        return nil
    }

    /// A 回目 with the chapter's first words run on after it on the same line (`第一回 宴桃园豪杰三结义
    /// 斩黄巾英雄首立功 滚滚长江东逝水，…`): the label and up to two space-separated title phrases
    /// without punctuation are the heading, the rest is the first paragraph. Only the sequence of
    /// numbers makes these headings.
    static func runOn(_ line: Substring) -> (Heading, Substring)? {
        if line.unicodeScalars.first == "正" {
            return line.hasPrefix("正文") ? runOn(line.dropFirst(2).drop { $0 == " " || $0 == "　" }) : nil
        }
        if let first = line.unicodeScalars.first, first != "第", specialSectionStarts.contains(first) { return runOnSpecial(line) }
        // Every test below reads a bounded prefix: a chapter printed as one line after its 回目 (水浒传's
        // chapter 52, 26 KB) is read as fast as a short one, and a 64 MiB one-line file as well.
        guard line.unicodeScalars.first == "第", line.unicodeScalars.prefix(11).count > 10 else { return nil }
        var i = line.index(after: line.startIndex)
        let numberStart = i
        while i < line.endIndex, numerals.contains(line[i]) { i = line.index(after: i) }
        guard i > numberStart, i < line.endIndex, chapterUnits.contains(line[i]) || volumeUnits.contains(line[i]),
              let number = ChapterNumber.parse(line[numberStart..<i]) else { return nil }
        let unit = line[i]
        let level: Heading.Level = chapterUnits.contains(unit) ? .chapter : .volume
        var rest = line[line.index(after: i)...]
        if let next = rest.first, wordContinuations.contains(String(unit) + String(next)) { return nil }
        let label = line[..<rest.startIndex]
        // `第一回：王教头私走延安府 …`: a colon may part the label from its title, as a space does.
        if rest.first == "：" || rest.first == ":" { rest = rest.dropFirst() }
        // The 回目 and the text with no space between (`第二回 俏潘娘帘下勾情老王婆茶坊说技诗曰：芙蓉面…`): the
        // text starts with the words that open a chapter of a classical novel.
        let afterLabel = rest.drop { $0 == " " || $0 == "　" }
        if let (name, text) = splitAtOpener(afterLabel) {
            let title = name.isEmpty ? String(label) : String(label) + " " + name
            return (Heading(level: level, title: title, name: String(name), number: number, needsSequence: true), text)
        }
        var phrases: [Substring] = []
        while phrases.count < 2 {
            let spaced = rest.drop { $0 == " " || $0 == "　" }
            guard spaced.startIndex > rest.startIndex || phrases.isEmpty else { break }
            let phrase = spaced.prefix(13).prefix { $0 != " " && $0 != "　" }
            guard !phrase.isEmpty, phrase.count <= 12, !phrase.contains(where: { "，。！？；：“”‘’、,.!?;:\"".contains($0) }),
                  phrase.endIndex < spaced.endIndex else { break }
            phrases.append(phrase)
            rest = spaced[phrase.endIndex...]
        }
        let text = TextLines.trim(rest)
        // A label alone, a space, then the text (`第一回 山路を登りながら、こう考えた。`).
        if phrases.isEmpty, afterLabel.startIndex > rest.startIndex, afterLabel.prefix(8).count >= 8 {
            return (Heading(level: level, title: String(label), name: "", number: number, needsSequence: true), afterLabel)
        }
        guard !phrases.isEmpty, text.prefix(8).count >= 8 else { return nil }
        let name = phrases.joined(separator: " ")
        return (Heading(level: level, title: String(label) + " " + name, name: name, number: number, needsSequence: true), text)
    }

    /// Words a chapter of a classical novel opens with: a poem (诗曰, 词曰 …) or the storyteller's
    /// 话说, 却说, 且说.
    static let openers = ["诗曰", "詩曰", "词曰", "詞曰", "诗云", "詩云", "词云", "詞云", "有诗为证", "有詩為證", "话说", "話說", "却说", "卻說", "且说", "且說", "话表", "話表"]

    /// The 回目 and the text of a line whose text starts with an opener within the first 32
    /// characters, the 回目 before it having no punctuation (empty when the opener follows the label).
    /// The first scalars of the special sections' words of two characters or more (`楔子`, `尾声`).
    static let specialSectionStarts: Set<Unicode.Scalar> = Set(specialSections.filter { $0.count >= 2 }.compactMap { $0.unicodeScalars.first })

    /// A special section's word, its title and the text run on after them (`楔子 张天师祈禳瘟疫
    /// 洪太尉误走妖魔 话说大宋仁宗天子在位…`): the word, a space, then the title up to the words
    /// that open a chapter. Nothing else is read as one: the text must open as a chapter does.
    static func runOnSpecial(_ line: Substring) -> (Heading, Substring)? {
        guard let word = specialSections.first(where: { $0.count >= 2 && line.hasPrefix($0) }) else { return nil }
        let rest = line.dropFirst(word.count)
        guard let space = rest.first, space == " " || space == "　" else { return nil }
        let afterWord = rest.drop { $0 == " " || $0 == "　" }
        guard let (name, text) = splitAtOpener(afterWord) else { return nil }
        let title = name.isEmpty ? word : word + " " + name
        return (Heading(level: .chapter, title: title, name: String(name)), text)
    }

    static func splitAtOpener(_ rest: Substring) -> (Substring, Substring)? {
        let head = rest.prefix(34)
        guard let opener = openers.compactMap({ head.range(of: $0) }).min(by: { $0.lowerBound < $1.lowerBound }) else { return nil }
        let name = TextLines.trim(rest[..<opener.lowerBound])
        guard name.count <= 32, !name.contains(where: { "，。！？；：“”‘’、,.!?;:\"".contains($0) }) else { return nil }
        let text = rest[opener.lowerBound...]
        return text.prefix(8).count >= 8 ? (name, text) : nil
    }

    /// What follows a label when only the sequence can tell: up to 40 characters, two commas, no
    /// full stop (a body line that starts with 第…章 usually fails the sequence, not this).
    static func looksLikeLongTitle(_ rest: Substring) -> Bool {
        guard rest.count <= 40 else { return false }
        var commas = 0
        for c in rest {
            if c == "。" || c == "；" || c == "？" || c == "！" && rest.last != c { return false }
            if c == "，" || c == "," { commas += 1 }
        }
        return commas <= 2
    }

    /// What follows a label: short, and not a sentence.
    static func looksLikeTitle(_ rest: Substring) -> Bool {
        guard rest.count <= 30 else { return false }
        var commas = 0
        for c in rest {
            if c == "。" || c == "；" { return false }
            if c == "，" || c == "," { commas += 1 }
        }
        return commas < 2
    }

    static let numberMarks: Set<Character> = ["、", "．", "：", ":", "_", "—", "-"]

    /// Numbered lines (`1、标题`, `一、标题`, `001 标题`, `1：标题`): headings where a book has no other kind,
    /// or where their number continues the sequence of its `第…章` headings.
    public static func numberedLine(_ line: Substring) -> Heading? {
        // Most lines do not start with a numeral: they are ruled out before anything is counted.
        guard let first = line.unicodeScalars.first, numeralScalars.contains(first) else { return nil }
        // A number run into its title (`gluedNumberLine`) may stand before a longer title: Arabic digits only.
        let arabic = first.isASCII || (0xFF10...0xFF19).contains(first.value)
        guard line.utf8.count <= (arabic ? 44 : 30) * 4 else { return nil }
        let line = AdSuffix.strip(line)
        guard line.count <= (arabic ? 44 : 30) else { return nil }
        let digits = line.prefix { numerals.contains($0) }
        guard !digits.isEmpty, digits.count <= 4, let number = ChapterNumber.parse(digits) else { return nil }
        let afterNumber = line.dropFirst(digits.count)
        guard let mark = afterNumber.first else { return nil }
        if let glued = gluedNumberLine(line, number: number, digits: digits, afterNumber: afterNumber) { return glued }
        guard line.count <= 30 else { return nil }
        // `001 标题`: a space after Arabic digits only, and a title that is not Latin prose nor a
        // formula (`2 ∗ u + ( − 3 ) ∗ v`, its first sign no letter).
        let name = afterNumber.dropFirst().drop { $0 == " " || $0 == "　" }
        // `一 青衫磊落险峰行` (金庸's 回目 in the 三联 edition): after a Chinese numeral, a CJK title only.
        let cjkTitle = name.unicodeScalars.first.map(TextLines.isIdeograph) == true
        let spaced = (mark == " " || mark == "　") && (digits.allSatisfy { $0.isASCII || ("０"..."９").contains($0) } || cjkTitle)
        // `1.疯狂年代` (三体 as downloaded): a full stop after Arabic digits, a CJK title right after
        // it; a decimal (`1.5`) or a Latin list item (`1.The`) is none.
        let dotted = mark == "." && digits.allSatisfy(\.isASCII) && cjkTitle && afterNumber.dropFirst().first != " "
        // The marks legado's rule for numbered titles lists after the number, but commas (`1，2，3` counts).
        guard numberMarks.contains(mark) || spaced || dotted else { return nil }
        guard !name.isEmpty, name.count <= 20, looksLikeTitle(name), !name.contains("，"),
              !spaced || name.unicodeScalars.first.map({ !$0.isASCII && $0.properties.generalCategory != .mathSymbol }) == true else { return nil }
        return Heading(level: .chapter, title: collapse(line), name: collapse(name), number: number, needsSequence: true)
    }

    /// `1幸存偏误：为什么你该去逛逛墓地` (an OCR'd 清醒思考的艺术): Arabic digits run into a CJK title
    /// with a colon in it, a subtitle after the colon (a question too: `哈佛是好大学还是烂大学？我们
    /// 不清楚`), forty characters at most, no full stop: the book's sequence decides. `3年后公司破产了`
    /// has no colon; `一个人：…` is no Arabic number.
    static func gluedNumberLine(_ line: Substring, number: Int, digits: Substring, afterNumber rest: Substring) -> Heading? {
        // One space at most between (`12 “在好转之前会先恶化”的陷阱：…`), as the scan left it.
        let afterNumber = rest.first == " " ? rest.dropFirst() : rest
        guard let mark = afterNumber.first, !numberMarks.contains(mark), mark != " ", mark != "　", mark != ".",
              digits.allSatisfy({ $0.isASCII || ("０"..."９").contains($0) }),
              mark.unicodeScalars.first.map(TextLines.isIdeograph) == true || "“「《".contains(mark),
              let colon = afterNumber.firstIndex(where: { $0 == "：" || $0 == ":" }),
              afterNumber.distance(from: afterNumber.startIndex, to: colon) >= 2, afterNumber[afterNumber.index(after: colon)...].count >= 2,
              afterNumber.count <= 40, !afterNumber.contains(where: { $0 == "。" || $0 == "；" }),
              afterNumber.filter({ $0 == "，" || $0 == "," }).count <= 2 else { return nil }
        return Heading(level: .chapter, title: collapse(line), name: collapse(afterNumber), number: number, needsSequence: true)
    }

    // MARK: English

    /// Latin labels as old editions print them (the First Folio's `Actus Primus. Scoena Prima.`,
    /// `Scaena Tertia.`): a scene is a chapter of its act, each spelling one sequence.
    static let chapterWords = ["chapter", "chap.", "letter", "prologue", "epilogue", "preface", "foreword", "afterword", "introduction", "interlude",
                               "conclusion", "appendix", "postscript", "scena", "scoena", "scaena"]
    /// `actus` before `act`: the first word a line starts with is its label.
    static let volumeWords = ["part", "book", "volume", "vol.", "actus", "act"]

    /// A label word as a sequence and a contents list know it: old books and their contents lists
    /// abbreviate (`CHAP. V.` in the list, `CHAPTER V.` over the chapter; `Vol. II`), and an
    /// abbreviation numbers the same sequence as the word it stands for. `word` is lower case,
    /// letters only.
    static func fullWord(_ word: String) -> String {
        switch word {
        case "chap": return "chapter"
        case "vol": return "volume"
        case "scoena", "scaena": return "scena"
        default: return word
        }
    }
    static let unnumbered: Set<String> = ["prologue", "epilogue", "preface", "foreword", "afterword", "introduction", "interlude",
                                          "conclusion", "appendix", "postscript"]
    /// The cardinal numbers' words (`twenty-three` is two of them): how a contents list may
    /// spell a chapter's number before its title (`ContentsList.spelledEntry`).
    static let cardinals: Set<String> = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen",
        "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty", "thirty", "forty", "fifty",
        "sixty", "seventy", "eighty", "ninety", "hundred",
    ]
    static let spelled: Set<String> = cardinals.union([
        "first", "second", "third", "fourth", "fifth", "sixth",
        "seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth",
        "seventeenth", "eighteenth", "nineteenth", "twentieth", "thirtieth", "fortieth", "fiftieth", "sixtieth", "seventieth",
        "eightieth", "ninetieth", "last", "final",
    ])

    static func english(_ line: Substring) -> Heading? {
        let lower = line.lowercased()
        var level: Heading.Level?
        var word = ""
        for candidate in chapterWords where lower.hasPrefix(candidate) { level = .chapter; word = candidate; break }
        if level == nil { for candidate in volumeWords where lower.hasPrefix(candidate) { level = .volume; word = candidate; break } }
        guard let level else { return labelled(line) }
        var rest = line.dropFirst(word.count)
        if unnumbered.contains(word) {
            // "Prologue", "Prologue: The Storm" — not "Introductions are…".
            if let next = rest.first, next.isLetter { return nil }
            rest = rest.drop { " .:-—–".contains($0) }
            guard englishTitle(rest) else { return nil }
            return Heading(level: level, title: collapse(line), name: collapse(rest))
        }
        guard let space = rest.first, space == " " || space == "\t" else { return nil }
        rest = rest.drop { $0 == " " || $0 == "\t" }
        // `Book the First`, `Part the Second`: the ordinal after "the".
        if rest.lowercased().hasPrefix("the "), let ordinal = rest.dropFirst(4).split(separator: " ").first,
           englishNumber(ordinal.prefix { $0.isLetter }) != nil {
            rest = rest.dropFirst(4)
        }
        // The number: digits, a Roman numeral, or spelled out (twenty-one).
        let token = rest.prefix { !" .:-—–,\t".contains($0) }
        guard !token.isEmpty, isNumber(token) else { return nil }
        var afterNumber = rest.dropFirst(token.count)
        var number = englishNumber(token)
        if token.lowercased().contains("-") == false, afterNumber.first == "-", let hyphenated = Optional(afterNumber.dropFirst().prefix { $0.isLetter }),
           spelled.contains(hyphenated.lowercased()) {
            number = englishNumber(rest.prefix(token.count + 1 + hyphenated.count))
            afterNumber = afterNumber.dropFirst(1 + hyphenated.count)
        }
        let name = afterNumber.drop { " .:-—–".contains($0) }
        // After a dash or a colon a title may start in lower case (`Book the Second--the Golden Thread`).
        let separated = afterNumber.prefix { " .:-—–".contains($0) }.contains { "-—–:".contains($0) }
        guard englishTitle(name, afterDash: separated) || separated && englishTitle(Substring(name.prefix(1).uppercased() + name.dropFirst())),
              !readsAsSentence(name) else { return nil }
        return Heading(level: level, title: collapse(line), name: collapse(name), number: number)
    }

    /// Words that number things inside a chapter, not chapters: captions, pages, exercises.
    static let captionWords: Set<String> = ["figure", "fig", "table", "plate", "page", "example", "exercise", "note", "step",
                                            "equation", "listing", "verse", "line", "item", "question", "answer", "problem"]

    /// Words that start sentences and titles, never labels (`The First`, `When Two`).
    static let functionWords: Set<String> = ["the", "and", "but", "for", "nor", "yet", "then", "when", "with", "from", "into", "upon",
                                             "our", "his", "her", "its", "their", "this", "that", "these", "those", "all", "some", "only"]

    /// A label no list names (`STAVE I.`, `Canto 2: The Descent`, `Fytte the First`): a capitalised
    /// word, a number, then the end of the line or a title after a full stop or colon. Only the
    /// book's sequence of such lines makes them headings (`keyword`, `needsSequence`).
    static func labelled(_ line: Substring) -> Heading? {
        // `§ 12.`, `§ 12. Of Space`: the section sign is a label, as treatises number their sections.
        if line.first == "§" { return numbered(line, label: "§", rest: line.dropFirst().drop { $0 == " " }) }
        guard let space = line.firstIndex(of: " ") else { return nil }
        let word = line[..<space]
        guard (3...12).contains(word.count), word.allSatisfy({ $0.isASCII && $0.isLetter }), word.first?.isUppercase == true,
              word.dropFirst().allSatisfy(\.isLowercase) || word.allSatisfy(\.isUppercase) else { return nil }
        let lower = word.lowercased()
        guard !captionWords.contains(lower), !functionWords.contains(lower), !spelled.contains(lower), roman(word) == nil else { return nil }
        return numbered(line, label: lower, rest: line[space...].drop { $0 == " " }, capitals: word.allSatisfy(\.isUppercase))
    }

    /// The number after a label (`rest`), the full stop or colon after it and the title: a
    /// sequence's heading, or nil.
    static func numbered(_ line: Substring, label lower: String, rest: Substring, capitals: Bool = true) -> Heading? {
        let token = rest.prefix { !" .:-—–,".contains($0) }
        guard !token.isEmpty, isNumber(token), let number = englishNumber(token), number >= 1 else { return nil }
        let after = rest.dropFirst(token.count)
        // `Readium 0.5.3`, `Python 3.11`: a version, not a label.
        if after.first == ".", after.dropFirst().first?.isNumber == true { return nil }
        // `Then I` and `But I Said` are sentences: a lone capital I needs its full stop, a colon or a word in capitals.
        guard after.isEmpty || after.first == "." || after.first == ":" || token != "I" || capitals else { return nil }
        // A dash parts number and title as it does after a label a list names (`STAVE 1—MARLEY’S
        // GHOST` as `CHAPTER 1—…`); a sentence's words after it (`Room 101—it was there`) are no title.
        let dashed = after.hasPrefix("—") || after.hasPrefix("–") || after.hasPrefix("--") || after.hasPrefix(" —")
        guard after.isEmpty || after.first == "." || after.first == ":" || dashed else { return nil }
        let name = after.drop { " .:-—–".contains($0) }
        guard englishTitle(name) else { return nil }
        var heading = Heading(level: .chapter, title: collapse(line), name: collapse(name), number: number, needsSequence: true)
        heading.keyword = lower
        return heading
    }

    /// The value of a chapter number as English books write it: digits, a Roman numeral, or
    /// spelled out (`Twenty-One`, `FIRST`).
    static func englishNumber(_ token: Substring) -> Int? {
        if token.allSatisfy({ $0.isASCII && $0.isNumber }) { return Int(token) }
        if let roman = roman(token) { return roman }
        if let latin = latinOrdinal(token) { return latin }
        let ones = ["one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
                    "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
                    "eighteen": 18, "nineteen": 19, "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6,
                    "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
                    "fourteenth": 14, "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19]
        let tens = ["twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
                    "twentieth": 20, "thirtieth": 30, "fortieth": 40, "fiftieth": 50, "sixtieth": 60, "seventieth": 70, "eightieth": 80,
                    "ninetieth": 90]
        var total = 0
        for word in token.lowercased().split(separator: "-") {
            if let n = ones[String(word)] { total += n } else if let n = tens[String(word)] { total += n } else { return nil }
        }
        return total > 0 ? total : nil
    }

    /// A Latin ordinal from first to twelfth, in any of its genders (`Primus`, `prima`, `Secundum`)
    /// and with the old u for v (`Octaua`): how Latin labels number acts and scenes.
    static func latinOrdinal(_ token: Substring) -> Int? {
        guard (4...11).contains(token.count), token.first?.isLetter == true, token.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        let lower = token.lowercased()
        guard let ending = ["us", "um", "a"].first(where: { lower.hasSuffix($0) }) else { return nil }
        return latinStems[String(lower.dropLast(ending.count))]
    }

    /// Built once: `latinOrdinal` runs on every label's number token.
    static let latinStems = ["prim": 1, "secund": 2, "terti": 3, "quart": 4, "quint": 5, "sext": 6, "septim": 7, "octav": 8, "octau": 8,
                             "non": 9, "decim": 10, "undecim": 11, "duodecim": 12]

    /// A Roman numeral in one case (`XIV`, `xiv`), read by the usual subtraction rule; nil for
    /// anything else, and for forms no book prints (`IIII`, `VX`).
    static func roman(_ token: Substring) -> Int? {
        guard !token.isEmpty, token.count <= 9, token == token.uppercased() || token == token.lowercased() else { return nil }
        let values: [Character: Int] = ["i": 1, "v": 5, "x": 10, "l": 50, "c": 100, "d": 500, "m": 1000]
        let digits = token.lowercased().compactMap { values[$0] }
        guard digits.count == token.count else { return nil }
        var total = 0
        for (k, value) in digits.enumerated() {
            if k + 1 < digits.count, value < digits[k + 1] { total -= value } else { total += value }
        }
        return total > 0 && romanSpelling(total) == token.uppercased() ? total : nil
    }

    static func romanSpelling(_ number: Int) -> String {
        let table: [(Int, String)] = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"), (40, "XL"),
                                      (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
        var rest = number, out = ""
        for (value, letters) in table { while rest >= value { out += letters; rest -= value } }
        return out
    }

    /// A heading without a keyword: a numeral alone on its line (`IV`, `IV.`, `12`), whose title
    /// may follow on the next line, or a Roman numeral before a title in capitals (`IV. THE RED
    /// ROOM`). Only the sequence of numbers makes these headings (`needsSequence`).
    public static func numeral(_ line: Substring) -> Heading? {
        guard let first = line.unicodeScalars.first, first.isASCII, line.utf8.count <= maxEnglishLength else { return nil }
        let token = line.prefix { $0.isLetter || $0.isNumber }
        guard !token.isEmpty, token.count <= 9 else { return nil }
        var rest = line.dropFirst(token.count)
        let arabic = token.allSatisfy { $0.isASCII && $0.isNumber }
        guard let number = arabic ? (token.count <= 3 ? Int(token) : nil) : roman(token), token == token.uppercased() else { return nil }
        if rest.first == "." { rest = rest.dropFirst() }
        if rest.isEmpty { return Heading(level: .chapter, title: String(line), name: "", number: number, needsSequence: true) }
        // `IV. THE RED ROOM`, `I. The Period`: Roman, a full stop, a title in capitals or title case
        // (short, no sentence or clause ending: a list item in prose reads otherwise).
        guard !arabic, line[token.endIndex...].first == ".", rest.first == " " else { return nil }
        let name = TextLines.trim(rest)
        let words = name.split(separator: " ")
        guard name.count >= 2, let firstLetter = name.first(where: \.isLetter), firstLetter.isUppercase, !isContentsEntry(name),
              !name.contains(where: \.isLowercase) ? words.count <= 12 : words.count <= 8 && !".,;:".contains(name.last ?? "."),
              name.contains(where: \.isLowercase) ? words.filter({ $0.first?.isUppercase == true }).count * 2 >= words.count : true
        else { return nil }
        return Heading(level: .chapter, title: collapse(line), name: collapse(name), number: number, needsSequence: true)
    }

    /// A Chinese numeral alone on its line (`一`, `二十四`, `十一、`), as modern novels number their
    /// chapters (骆驼祥子, 边城, 围城): a chapter if its number continues the book's sequence.
    /// Simple forms only (`一` to `九十九`, `一百` on); a full stop or enumeration comma after it.
    public static func chineseNumeral(_ line: Substring) -> Heading? {
        // Bytes first: a paragraph opening with `一个…` is read no further.
        guard let first = line.unicodeScalars.first, cjkNumeralStarts.contains(first), line.utf8.count <= 21, line.count <= 7 else { return nil }
        var token = line
        if let last = token.last, "、．.。".contains(last) { token = token.dropLast() }
        guard !token.isEmpty, token.count <= 6, token.allSatisfy({ cjkNumeralCharacters.contains($0) }), let number = ChapterNumber.parse(token),
              number >= 1 else { return nil }
        return Heading(level: .chapter, title: String(token), name: "", number: number, needsSequence: true)
    }

    /// The characters of a plain Chinese numeral (no financial forms, no 两: `两` alone is a word).
    static let cjkNumeralCharacters: Set<Character> = Set("〇零一二三四五六七八九十百")
    static let cjkNumeralStarts: Set<Unicode.Scalar> = Set("一二三四五六七八九十".unicodeScalars)

    /// A line of a printed contents list: dot leaders, or a page number after a run of spaces.
    static func isContentsEntry(_ line: Substring) -> Bool {
        if hasLeaders(line) { return true }
        let trailing = line.reversed().prefix { $0.isNumber || "ivxlc".contains($0) }
        guard !trailing.isEmpty, trailing.count < line.count else { return false }
        let before = line.dropLast(trailing.count)
        return before.hasSuffix("  ") || before.hasSuffix("\t")
    }

    /// Dot leaders (`....`, `. . .`) or an ellipsis, found in one pass over the bytes (no
    /// Foundation search: this runs on every chapter's first line).
    static func hasLeaders(_ line: Substring) -> Bool {
        let dot = UInt8(ascii: "."), space = UInt8(ascii: " ")
        var run = 0, spaced = 0
        var previous: UInt8 = 0, beforePrevious: UInt8 = 0
        for byte in line.utf8 {
            if byte == dot {
                run = previous == dot ? run + 1 : 1
                spaced = previous == space && beforePrevious == dot ? spaced + 1 : 1
                if run >= 4 || spaced >= 3 { return true }
            } else if byte == 0xA6, previous == 0x80, beforePrevious == 0xE2 {
                return true  // U+2026 HORIZONTAL ELLIPSIS
            }
            beforePrevious = previous
            previous = byte
        }
        return false
    }

    static func isNumber(_ token: Substring) -> Bool {
        if token.allSatisfy({ $0.isASCII && $0.isNumber }) { return token.count <= 4 }
        if latinOrdinal(token) != nil { return true }
        let lower = token.lowercased()
        if lower.allSatisfy({ "ivxlcdm".contains($0) }) { return token.count <= 8 && (token == token.uppercased() || token == token.lowercased() || token.count == 1) }
        return lower.split(separator: "-").allSatisfy { spelled.contains(String($0)) }
    }

    /// A title after an English label: starts with something other than a lower-case word (which
    /// would make the line a sentence: "Chapter 3 of his book…") and is not long prose: twelve
    /// words at most, or, set off from its label by a dash or a colon (`afterDash`) and in capitals,
    /// as long as a title runs (Les Misérables' `CHAPTER II—WHAT IS TO BE DONE IN THE ABYSS IF ONE
    /// DOES NOT CONVERSE`): a line of capitals after a label and its dash is no sentence of prose.
    static func englishTitle(_ name: Substring, afterDash: Bool = false) -> Bool {
        guard let first = name.first else { return true }
        if first.isLowercase { return false }
        let words = name.split(separator: " ").count
        if words > 12 && !(afterDash && words <= 30 && !name.contains(where: \.isLowercase)) { return false }
        if let last = name.last, last == "," || last == ";" { return false }
        return !isCutQuotation(name)
    }

    /// A sentence, not a title, after a label (`BOOK VI., CHAPTER V.—which the reader will
    /// remember—was written then.`, a line of prose that names a chapter): more than eight words,
    /// a full stop (or ! ?) at the end, fewer than half of its longer words capitalised, and its
    /// words start in lower case, at once or after its first dash (`—which`). Titles that end
    /// with a full stop are short, in title case, or start as a title does (`Chapter 5. In which
    /// Pooh meets a Heffalump.`, Fielding's `Chapter I. — The introduction to the work, or bill of
    /// fare to the feast.`).
    static func readsAsSentence(_ name: Substring) -> Bool {
        guard let last = name.last(where: { !"”’\"'_)".contains($0) }), ".!?".contains(last) else { return false }
        let words = name.split(whereSeparator: { " —–".contains($0) })
        guard words.count > 8 else { return false }
        let long = words.filter { $0.filter(\.isLetter).count >= 4 }
        guard long.filter({ $0.first(where: \.isLetter)?.isUppercase == true }).count * 2 < long.count else { return false }
        let afterDash = name.firstIndex { "—–".contains($0) }.flatMap { name[$0...].first(where: \.isLetter) }
        return name.first(where: \.isLetter)?.isLowercase == true || afterDash?.isLowercase == true
    }

    /// A quotation cut short (`“Of old, the rise of the Yin dynasty …”`): it opens with a quotation
    /// mark, and its first quotation ends with an ellipsis inside the closing mark, as notes cite a
    /// passage (`Chapter XIII “Of old …”`, `Chapter VII “It is a military axiom …”, etc.` in a
    /// book's endnotes). A title may be a quotation; it is not cut.
    static func isCutQuotation(_ name: Substring) -> Bool {
        guard let first = name.first, "“\"".contains(first),
              let close = name.dropFirst().firstIndex(where: { $0 == "”" || $0 == "\"" }) else { return false }
        let quoted = name[name.index(after: name.startIndex)..<close].reversed().drop { " \u{2060}\u{00A0}".contains($0) }
        return quoted.first == "…" || quoted.prefix(3).elementsEqual("...")
    }

    static func collapse(_ s: Substring) -> String {
        if isCollapsed(s) { return String(s) }
        return s.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "　" }).joined(separator: " ")
    }

    /// Whether `collapse` would give `s` back as it is: no tab or ideographic space, and each
    /// space alone between other scalars. (A space that a following mark joins into one character
    /// is no separator, and stays in both readings.) Read by scalars: this runs on every heading.
    static func isCollapsed(_ s: Substring) -> Bool {
        var previousIsSpace = true  // a leading space would be dropped
        for scalar in s.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x3000: return false
            case 0x20:
                if previousIsSpace { return false }
                previousIsSpace = true
            default: previousIsSpace = false
            }
        }
        return !previousIsSpace || s.isEmpty
    }

    /// `text` without spaces (ASCII or ideographic), copied only when it has some.
    static func withoutSpaces(_ text: Substring) -> Substring {
        guard text.unicodeScalars.contains(where: { $0 == " " || $0 == "　" }) else { return text }
        return Substring(text.filter { $0 != " " && $0 != "　" })
    }
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return String(s)
    }
}
