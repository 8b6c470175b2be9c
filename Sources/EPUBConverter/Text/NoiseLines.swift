import Foundation

/// What download sites add to novels (their address, "latest chapters", "bookmark this site"):
/// not the author's text. A line that is nothing else is left out; a site address inside the
/// author's line is cut from it; both are counted.
enum NoiseLines {
    /// Phrases only a site's line says.
    static let phrases = [
        "最新章节", "请收藏本站", "收藏本站", "本站地址", "手机用户请", "手机阅读", "无弹窗", "全文阅读", "免费阅读", "笔趣阁", "顶点小说",
        "最新章節", "請收藏本站", "手機用戶請", "手機閱讀", "無彈窗",
    ]
    /// How a site's own line opens, telling the reader where the file came from (TXT书库's
    /// `您下载的该电子书来自:TXT书库` over `欢迎访问:   www.txtsk.com`, and `本文章下载于www.txtsk.com`): the
    /// line is the site's, whatever name follows.
    static let siteLineOpenings = ["您下载的", "您下載的", "本文章下载于", "本文章下載於", "本书下载于", "本書下載於", "本电子书下载于", "本電子書下載於"]
    /// How a site's statement opens (`声明:本书由八零电子书(www.txt80.com)自网络收集整理制作,仅供交流学习使用,
    /// 版权归原作者和出版社所有,如果喜欢,请支持正版.`), and the words of its business one of which it holds.
    static let statementOpenings = ["声明", "申明", "聲明", "免责声明", "免責聲明"]
    static let statementWords = ["电子书", "電子書", "仅供", "僅供", "版权", "版權", "下载", "下載", "收集", "www.", "http"]

    /// Whether the line may be a site's statement, by its first character alone (a novel has
    /// hundreds of thousands of lines; nothing is trimmed first).
    static func opensStatement(_ line: Substring) -> Bool {
        guard line.utf8.count <= 720, let first = line.unicodeScalars.first(where: { !TextLines.isSpace($0) }) else { return false }
        return first == "声" || first == "申" || first == "聲" || first == "免"
    }

    /// A site's statement on its own line, top or bottom of the file: it opens with the word and a
    /// colon and names the site's business (an e-book, a download, copyright, "for study only").
    /// A character's `声明：我与此事无关。` names none of it.
    static func isSiteStatement(_ trimmed: Substring) -> Bool {
        guard let opening = statementOpenings.first(where: { trimmed.hasPrefix($0) }) else { return false }
        let rest = trimmed.dropFirst(opening.count)
        guard let colon = rest.first, colon == ":" || colon == "：", trimmed.count <= 240 else { return false }
        return statementWords.contains { rest.contains($0) }
    }

    /// Words that only lead to an address: left out with it.
    static let leadIns = ["请访问", "访问", "網址", "网址", "地址", "請訪問", "訪問", "本书来自", "本書來自", "本书由", "本書由", "来自", "來自",
                          "免费txt", "免費txt", "下载站", "下載站", "小说下载", "小說下載", "txt下载", "TXT下载", "电子书下载", "電子書下載",
                          "整理", "提供", "下载", "下載", "更多精彩好书", "更多精彩好書", "更多精彩", "更多好书", "更多好書", "尽在", "盡在",
                          "visit", "read at", "read online at", "online at"]
    static let topLevelDomains: Set<String> = ["com", "net", "org", "cc", "cn", "info", "la", "me", "tw", "top", "xyz", "io", "co", "biz", "hk"]

    /// The line without site noise: itself when it has none, nil when nothing of the author's is
    /// left (at most two characters besides punctuation, lead-in words and bare domains). Inside
    /// the author's text only explicit addresses (`http(s)://`, `www.`) and site phrases are cut:
    /// "he visited Amazon.com" stays as written.
    static func clean(_ line: Substring) -> Substring? {
        if line.utf8.count <= 120, isSpelledMark(line) || isSpelledSiteName(line) || isDisguisedAddress(line) { return nil }
        if line.utf8.count <= 180, case let trimmed = TextLines.trim(line), siteLineOpenings.contains(where: { trimmed.hasPrefix($0) }) { return nil }
        if opensStatement(line), isSiteStatement(TextLines.trim(line)) { return nil }
        guard line.utf8.count <= 4096, mayHaveNoise(line) else { return line }
        var text = withoutBracketedAddresses(String(line))
        for phrase in phrases { text = text.replacingOccurrences(of: phrase, with: " ") }
        text = withoutAddresses(text, bareDomains: false)
        var rest = withoutAddresses(text, bareDomains: true)
        for word in leadIns { rest = rest.replacingOccurrences(of: word, with: " ", options: .caseInsensitive) }
        // Nothing of the author's left once something of the site's went (a full-width letter alone is text).
        let left = rest.split(whereSeparator: { $0.isWhitespace || "：:|-—，,。！!（）()【】[]《》".contains($0) }).joined()
        if rest != String(line), left.count <= 2 { return nil }
        guard text != String(line) else { return line }
        // An explicit address and the site's name and nothing else (`天涯在线书库《www.tianyabook.com》`).
        if isSiteName(left) { return nil }
        // The line keeps its indentation: a paragraph's line with an address cut from it is still
        // indented as paragraphs are (not a title set flush, `（日本語版）`).
        return TextLines.indentation(line) + text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// How a site's name ends: the kind of place it is (书库, 书屋, 小说网, 文学城, 论坛).
    static let siteNameEndings = ["书库", "書庫", "书屋", "書屋", "网", "網", "书城", "書城", "文学", "文學", "小说", "小說", "论坛", "論壇",
                                  "书吧", "書吧", "书院", "書院", "电子书", "電子書", "书苑", "書苑", "书局", "書局", "站"]

    /// A short name that ends as a site's does (`天涯在线书库`, `书包网`, `久久小说网`): what stays of a
    /// site's banner once its address goes. Twelve characters at most, none of a sentence's marks.
    static func isSiteName(_ text: String) -> Bool {
        guard text.count >= 2, text.count <= 12, !text.contains(where: { "。！？!?，,、；;".contains($0) }) else { return false }
        return siteNameEndings.contains { text.hasSuffix($0) }
    }

    /// A site's name spelled with marks between its letters so that filters miss it, on a line of
    /// its own under a chapter's heading (`！小＠说＃txt＄天＾堂＆`, `．小．说．．t．xt．天．堂．`, `　小＿说  txt
    /// 天+堂`, TXT小说天堂's mark): its letters alone, read as ASCII, say `txt` beside 小说 (the word
    /// a novel site's name holds), a dozen letters at most (a sentence that names such a site is longer).
    static func isSpelledMark(_ line: Substring) -> Bool {
        var letters = ""
        for scalar in line.unicodeScalars {
            // Full-width Latin letters read as ASCII (`ｔｘｔ`).
            let ascii = TextLines.asciiForm(scalar)
            if ascii.properties.isAlphabetic { letters.unicodeScalars.append(ascii) }
            if letters.unicodeScalars.count > 12 { return false }
        }
        let lower = letters.lowercased()
        return lower.contains("txt") && (lower.contains("小说") || lower.contains("小說"))
    }

    /// A site's name spelled with marks between its characters, ending on 网 (`下 //书 /网`, 下书网's mark
    /// under each page): three to twelve letters, one mark at least between two of them that is
    /// neither a space nor a name's middle dot (a title spaced out, `尾 声`, `安娜·卡列尼娜`, is the book's).
    static func isSpelledSiteName(_ line: Substring) -> Bool {
        var letters = 0, marked = false, pendingMark = false
        var last: Unicode.Scalar = " "
        for scalar in line.unicodeScalars {
            if scalar.properties.isAlphabetic {
                if pendingMark, letters > 0 { marked = true }
                pendingMark = false
                letters += 1
                last = scalar
                if letters > 12 { return false }
            } else if !TextLines.isSpace(scalar), scalar != "·", scalar != "・" {
                pendingMark = true
            }
        }
        return letters >= 3 && marked && (last == "网" || last == "網")
    }

    /// A line that is only a web address spelled so that filters miss it: in full-width letters
    /// (`ｗｗｗ．lzuowen．ｃｏｍ`, `wwＷ．xiabook.com`), with slashes or full stops for its dots
    /// (`www/xiabook/com`), spaced out. Read as ASCII without its spaces, it is an address.
    static func isDisguisedAddress(_ line: Substring) -> Bool {
        var folded = ""
        for scalar in line.unicodeScalars where !TextLines.isSpace(scalar) {
            let ascii = TextLines.asciiForm(scalar)
            guard ascii.isASCII || ascii == "。" else { return false }
            folded.unicodeScalars.append(ascii == "。" || ascii == "/" ? "." : ascii)
        }
        return folded.contains(".") && isAddress(folded, bareDomains: true)
    }

    /// The first two characters of every phrase. A line without any of these pairs, `://` or a dot
    /// before a letter holds no noise; the test is one pass over its scalars with a table lookup
    /// each (a novel has hundreds of thousands of lines).
    static let phraseStarts: [(Unicode.Scalar, Unicode.Scalar)] = phrases.map { phrase in
        let scalars = Array(phrase.unicodeScalars)
        return (scalars[0], scalars[1])
    }

    /// Whether a scalar in the Basic Multilingual Plane starts a phrase.
    static let startsPhrase: [Bool] = {
        var table = [Bool](repeating: false, count: 0x10000)
        for (first, _) in phraseStarts { table[Int(first.value)] = true }
        return table
    }()

    /// Lines sites print under a chapter's heading: when it was updated, how many characters it has.
    static let chapterMetaStarts = ["更新时间", "更新時間", "本章字数", "本章字數", "字数：", "字數："]

    /// A line that is only a site's note on the chapter (`更新时间：2012-3-1 本章字数：3021`).
    static func isChapterMeta(_ line: Substring) -> Bool {
        guard let first = line.unicodeScalars.first(where: { !TextLines.isSpace($0) }), first == "更" || first == "本" || first == "字" else { return false }
        let trimmed = TextLines.trim(line)
        return trimmed.utf8.count <= 320 && trimmed.count <= 80 && chapterMetaStarts.contains { trimmed.hasPrefix($0) }
    }

    /// The words a credit line ends on: wrote, translated, edited (after a slash or not).
    static let creditEndings = ["著", "撰", "译", "譯", "编", "編", "编译", "編譯", "译注", "譯註"]

    /// Credit lines a site prints after every page of a book (`□[英]威廉·萨默赛特·毛姆/著` over
    /// `张柏然 张增健 倪俊/译`): the same short line three times or more, ending on a credit word.
    /// The site's, not the book's text; the first author's credit among them (not a translator's)
    /// names the book's author.
    static func repeatedCredits(_ lines: [Substring]) -> (lines: [Int], author: String?) {
        var seen: [Substring: [Int]] = [:]
        for (k, line) in lines.enumerated() {
            guard let last = line.unicodeScalars.last(where: { !TextLines.isSpace($0) }), "著撰译譯编編注註".unicodeScalars.contains(last) else { continue }
            let trimmed = TextLines.trim(line)
            guard trimmed.count <= 40, creditEndings.contains(where: { trimmed.hasSuffix($0) }), !ParagraphStyle.endsSentence(trimmed.dropLast()) else { continue }
            seen[trimmed, default: []].append(k)
        }
        let repeated = seen.mapValues { withoutTitlePages($0, lines) }.filter { $0.value.count >= 3 }
        guard !repeated.isEmpty else { return ([], nil) }
        let author = repeated.min { $0.value[0] < $1.value[0] }.flatMap { credit in
            MetadataGuesser.creditedName(String(credit.key.replacingOccurrences(of: "／", with: "/")))
        }
        return (repeated.values.flatMap { $0 }.sorted(), author)
    }

    /// The credits left when those each right under a different short line are taken out: the
    /// title pages of the books an omnibus gathers (`龙族·火之晨曦` over `江南 著`, `龙族·悼亡者之瞳`
    /// over `江南 著`) are the book's own (TitlePages), not a site's line.
    static func withoutTitlePages(_ credits: [Int], _ lines: [Substring]) -> [Int] {
        let underTitles = credits.filter { $0 > 0 && !TextLines.isBlank(lines[$0 - 1]) && TextLines.trim(lines[$0 - 1]).count <= 30 }
        let titles = Set(underTitles.map { TextLines.trim(lines[$0 - 1]) })
        guard underTitles.count >= 2, titles.count == underTitles.count else { return credits }
        return credits.filter { !underTitles.contains($0) }
    }

    /// The words of a site's page navigation, longest first where one starts another: `上一章`,
    /// `目录`, `下一章`, `返回书页`.
    static let navigationWords = ["返回目录", "返回目錄", "返回书页", "返回書頁", "返回列表", "返回首页", "返回首頁", "加入书签", "加入書籤",
                                  "章节目录", "章節目錄", "上一章", "下一章", "上一页", "下一页", "上一頁", "下一頁", "上一节", "下一节",
                                  "上一節", "下一節", "上一篇", "下一篇", "回目录", "回目錄", "目录", "目錄", "书页", "書頁", "首页", "首頁"]
    /// The navigation words that lead elsewhere (`上一章`, `返回目录`): `目录` alone heads a contents list.
    static let leadingNavigation: Set<String> = Set(navigationWords.filter { !["目录", "目錄", "书页", "書頁", "首页", "首頁", "章节目录", "章節目錄"].contains($0) })
    /// What a navigation line can start with: a word's first character or a mark.
    static let navigationStarts: Set<Unicode.Scalar> = Set(navigationWords.compactMap(\.unicodeScalars.first)).union("←<[【|｜".unicodeScalars)
    /// Marks that part navigation words on a site's line.
    static let navigationMarks: Set<Character> = Set("|｜/／·•-—←→<>《》[]【】()（）")

    /// A line that is only a site's page navigation, with a word that leads elsewhere
    /// (`上一章目　录下一章`, `目　录下一章`, `返回目录 | 下一页`): the site's page, not the book's.
    static func isNavigation(_ line: Substring) -> Bool {
        // Most lines are longer than any navigation: their byte count rules them out first.
        guard line.utf8.count <= 160, let first = line.unicodeScalars.first(where: { !TextLines.isSpace($0) }),
              navigationStarts.contains(first), line.count <= 40 else { return false }
        var rest = Substring(line.filter { !$0.isWhitespace && !navigationMarks.contains($0) })
        var leads = false
        while !rest.isEmpty {
            guard let word = navigationWords.first(where: { rest.hasPrefix($0) }) else { return false }
            leads = leads || leadingNavigation.contains(word)
            rest = rest.dropFirst(word.count)
        }
        return leads
    }

    /// What a navigation word can end with: the test every line's last character passes first.
    static let navigationEnds: Set<Unicode.Scalar> = Set(navigationWords.compactMap(\.unicodeScalars.last))

    /// The line without the page navigation a site ran on after its last sentence (`…命苦的人。输入不详下一章
    /// 回目录`): two navigation words or more at its end, one of them leading elsewhere. Itself when
    /// it has none (`请看下一章` ends on one word: the author's).
    static func withoutTrailingNavigation(_ line: Substring) -> Substring {
        guard let last = line.unicodeScalars.last(where: { !TextLines.isSpace($0) }), navigationEnds.contains(last) else { return line }
        var end = line.endIndex
        var words = 0, leads = false
        while true {
            var cut = end
            while cut > line.startIndex, line[line.index(before: cut)].isWhitespace || navigationMarks.contains(line[line.index(before: cut)]) {
                cut = line.index(before: cut)
            }
            guard let word = navigationWords.first(where: { line[..<cut].hasSuffix($0) }) else { break }
            words += 1
            leads = leads || leadingNavigation.contains(word)
            end = line.index(cut, offsetBy: -word.count)
        }
        guard words >= 2, leads, end > line.startIndex else { return line }
        var kept = line[..<end]
        while let last = kept.last, last.isWhitespace { kept = kept.dropLast() }
        return kept.isEmpty ? line : kept
    }

    /// The words of a site's page break in a book it serves in pages (`_分节阅读_12`), as legado's
    /// rule for them lists them: by section, page, chapter or passage.
    /// By volume too (`分卷阅读12`, a 海棠-style site's pages of 《非暴力不合作》).
    static let pageMarkerWords = ["分节阅读", "分页阅读", "分章阅读", "分段阅读", "分卷阅读", "分節閱讀", "分頁閱讀", "分章閱讀", "分段閱讀", "分卷閱讀"]

    /// The marks a page break's words may stand between (`_分节阅读_12`, `===分节阅读 2===`).
    static let pageMarkerMarks: Set<Character> = ["_", "=", "-", "*", "＝", " "]

    /// A line that is only a site's page break: the words and a page number, with underscores,
    /// spaces or a rule's marks around them (`===分节阅读 2===`, 55txt's). The site cuts its pages
    /// by size, so the break may fall inside a sentence (`joinAcrossPageBreaks`).
    static func isPageMarker(_ line: Substring) -> Bool {
        // Every line is asked: its first scalar rules it out, compared as a scalar.
        guard let first = line.unicodeScalars.first(where: { !TextLines.isSpace($0) }),
              first == "分" || first == "_" || first == "=" || first == "-" || first == "*" || first == "＝" else { return false }
        var trimmed = TextLines.trim(line).drop { pageMarkerMarks.contains($0) }
        while let last = trimmed.last, pageMarkerMarks.contains(last) { trimmed = trimmed.dropLast() }
        guard trimmed.count <= 20, let words = pageMarkerWords.first(where: { trimmed.hasPrefix($0) }) else { return false }
        let number = trimmed.dropFirst(words.count).drop { $0 == "_" || $0 == " " }
        return number.allSatisfy(\.isASCII) && number.allSatisfy(\.isNumber)
    }

    /// Blanks the site's page breaks, and joins a paragraph a break cut in two: the text after it
    /// at the margin while the book indents its paragraphs, or the text before it stopped short of
    /// a sentence's end (`罗汉豆、` / `_分节阅读_4` / `虾。`). The continuation moves up to the line it
    /// continues. The page's running header between the breaks goes with them (`pageFurniture`).
    /// Returns how many lines were blanked.
    static func joinAcrossPageBreaks(_ lines: inout [Substring], blanked: inout Set<Int>) -> Int {
        let markers = lines.indices.filter { isPageMarker(lines[$0]) }
        guard !markers.isEmpty else { return 0 }
        let furniture = pageFurniture(lines, markers: markers)
        for k in furniture {
            lines[k] = ""
            blanked.insert(k)
        }
        var count = furniture.count
        let opening = lines.firstIndex { !TextLines.isBlank($0) }
        for i in markers {
            lines[i] = ""
            blanked.insert(i)
            count += 1
            // The file's first line is its title, no text a break cut (the first page's opening
            // break under `《非暴力不合作》`).
            guard let before = lines[..<i].lastIndex(where: { !TextLines.isBlank($0) }), before != opening,
                  let after = lines[(i + 1)...].firstIndex(where: { !TextLines.isBlank($0) }), !isPageMarker(lines[after]) else { continue }
            let cut = TextLines.indentation(lines[after]).isEmpty && !TextLines.indentation(lines[before]).isEmpty
                || !ParagraphStyle.endsSentence(TextLines.trim(lines[before]))
            guard cut, lines[after].utf8.count <= 4096 else { continue }
            let head = lines[before].reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed()
            let tail = TextLines.trim(lines[after])
            // Words in Latin letters on both sides were two words.
            let space = head.last.map { $0.isASCII && $0.isLetter } == true && tail.first.map { $0.isASCII && $0.isLetter } == true ? " " : ""
            lines[before] = Substring(String(head) + space + tail)
            lines[after] = ""
            blanked.insert(after)
        }
        return count
    }

    /// The lines a site repeats between its page breaks, a running header with the book's name
    /// and author (`非暴力不合作 作者:蓝扬` between ` 分卷阅读2` and `分卷阅读2`): short lines, no
    /// sentence, within four lines of a break, the same line three times or more. The text a
    /// break cut is never the same three times.
    static func pageFurniture(_ lines: [Substring], markers: [Int]) -> Set<Int> {
        let isMarker = Set(markers)
        var seen: [Substring: Set<Int>] = [:]
        for m in markers {
            for step in [-1, 1] {
                var k = m + step
                var read = 0
                while k >= 0, k < lines.count, read < 4 {
                    defer { k += step }
                    if TextLines.isBlank(lines[k]) || isMarker.contains(k) { continue }
                    read += 1
                    let text = TextLines.trim(lines[k])
                    guard text.count <= 40, !ParagraphStyle.endsSentence(text) else { break }
                    seen[text, default: []].insert(k)
                }
            }
        }
        return seen.values.filter { $0.count >= 3 }.reduce(into: Set<Int>()) { $0.formUnion($1) }
    }

    /// The text without the site's marks set in brackets inside it, an address spelled so that
    /// filters miss it (`[福-哇 小 说 站會員轉載 w ｗ w . F ｖ ａ L . c ｎ ]`, `（800小说网 www.800Book.net
    /// 提供Txt免费下载）`): an aside of 80 characters at most that holds a web address once its
    /// spaces go and its full-width letters are read as ASCII.
    static func withoutBracketedAddresses(_ text: String) -> String {
        var out = text
        for (open, close) in [("[", "]"), ("［", "］"), ("【", "】"), ("（", "）"), ("(", ")"), ("《", "》"), ("〈", "〉")] {
            var searchStart = out.startIndex
            while let start = out[searchStart...].firstIndex(of: Character(open)),
                  let end = out[out.index(after: start)...].prefix(81).firstIndex(of: Character(close)) {
                let inside = out[out.index(after: start)..<end]
                let folded = String(String.UnicodeScalarView(inside.unicodeScalars.compactMap { scalar -> Unicode.Scalar? in
                    if TextLines.isSpace(scalar) { return nil }
                    return TextLines.asciiForm(scalar)
                }))
                let hasAddress = withoutAddresses(folded.replacingOccurrences(of: "。", with: "."), bareDomains: true) != folded.replacingOccurrences(of: "。", with: ".")
                if hasAddress {
                    out.removeSubrange(start...end)
                    searchStart = start
                } else {
                    searchStart = out.index(after: start)
                }
                if searchStart >= out.endIndex { break }
            }
        }
        return out
    }

    static func mayHaveNoise(_ line: Substring) -> Bool {
        var previous: Unicode.Scalar = " "
        var candidate = false
        // The last two ASCII letters, whatever marks stand between them.
        var letter: Unicode.Scalar = " ", letterBefore: Unicode.Scalar = " "
        return TextLines.anyScalar(line) { scalar in
            // A full-width letter: an address spelled to pass filters (`ｗ ｗ w . F ｖ ａ L`).
            if (0xFF21...0xFF5A).contains(scalar.value) { return true }
            // `txt`, as a site's name spells it, marks between its letters or not (`小说txt天堂`, `t．xt`).
            let value = scalar.value | 0x20  // ASCII letters in lower case
            if value >= 0x61 && value <= 0x7A && scalar.value < 0x80 {
                if value == 0x74, letter == "x", letterBefore == "t" { return true }
                // `www`, however its dots are spelled (`www/xiabook/com`).
                if value == 0x77, letter == "w", letterBefore == "w" { return true }
                letterBefore = letter
                letter = Unicode.Scalar(UInt8(value))
            } else if scalar.value >= 0x3400 && scalar.value < 0xA000 {  // a CJK character parts words
                letter = " "
                letterBefore = " "
            }
            if candidate, phraseStarts.contains(where: { $0.0 == previous && $0.1 == scalar }) { return true }
            // 网 after a mark: a site's name spelled with marks between its characters (`下 //书 /网`).
            if scalar == "网" || scalar == "網", !previous.properties.isAlphabetic { return true }
            if scalar == "/" && previous == ":" { return true }
            if previous == ".", scalar.isASCII, scalar.properties.isAlphabetic { return true }
            candidate = scalar.value < 0x10000 && startsPhrase[Int(scalar.value)]
            previous = scalar
            return false
        }
    }

    /// Short lines that name the same web site, three or more through the book: the site's stamp,
    /// whatever words it puts around its address (`喜书网（www.xitxt.net）免费TXT小说下载`,
    /// `喜书网(Www.xitxt.net)txt电子书下载`, `喜书网（WWW.xitxt.net)免费小说在线阅读`), even when
    /// its name is left once the address goes. One address is a book's front matter or a sentence
    /// that names a site; the same one again and again between paragraphs is the site's.
    /// `among`: the lines that may hold noise (`mayHaveNoise`), when the caller has them.
    static func repeatedSiteLines(_ lines: [Substring], among candidates: [Int]? = nil) -> Set<Int> {
        var byHost: [String: [Int]] = [:]
        for i in candidates ?? lines.indices.filter({ mayHaveNoise(lines[$0]) }) where lines[i].utf8.count <= 240 {
            let trimmed = TextLines.trim(lines[i])
            guard trimmed.count <= 60 else { continue }
            for host in Set(hosts(in: String(trimmed))) { byHost[host, default: []].append(i) }
        }
        return Set(byHost.values.filter { $0.count >= 3 }.joined())
    }

    /// The hosts of the explicit web addresses in a text (`http(s)://…`, `www.…`), lower case,
    /// without `www.`: `(Www.xitxt.net)` and `http://WWW.xitxt.net/` are both `xitxt.net`.
    static func hosts(in text: String) -> [String] {
        var found: [String] = []
        // An address is ASCII: a CJK character or a space ends it; a bracket may open it (`(Www.xitxt.net)txt`).
        for token in text.split(whereSeparator: { !$0.isASCII || $0.isWhitespace }) {
            var rest = Substring(token.lowercased())
            if let scheme = rest.range(of: "://") {
                rest = rest[scheme.upperBound...]
                if rest.hasPrefix("www.") { rest = rest.dropFirst(4) }
            } else if let www = rest.range(of: "www.") {
                rest = rest[www.upperBound...]
            } else {
                continue
            }
            let host = rest.prefix { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }.trimmingCharacters(in: CharacterSet(charactersIn: ".-"))
            if host.contains(".") { found.append(host) }
        }
        return found
    }

    /// The text with every web address (`http(s)://…`, `www.…`, and with `bareDomains`
    /// `name.com/…` too) replaced by a space.
    static func withoutAddresses(_ text: String, bareDomains: Bool) -> String {
        var out = ""
        var token = ""
        func flush() {
            out += isAddress(token, bareDomains: bareDomains) ? " " : token
            token = ""
        }
        for c in text {
            // Addresses are ASCII without spaces: a CJK character or a space ends one.
            if c.isASCII && !c.isWhitespace { token.append(c) } else { flush(); out.append(c) }
        }
        flush()
        return out
    }

    static func isAddress(_ token: String, bareDomains: Bool) -> Bool {
        let lower = token.lowercased()
        if lower.contains("http://") || lower.contains("https://") || lower.hasPrefix("www.") { return true }
        guard bareDomains else { return false }
        let host = lower.split(separator: "/").first.map(String.init) ?? ""
        let labels = host.split(separator: ".")
        guard labels.count >= 2, let tld = labels.last, topLevelDomains.contains(String(tld)) else { return false }
        return labels.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } }
    }
}
