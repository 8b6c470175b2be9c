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
        guard line.utf8.count <= 4096, mayHaveNoise(line) else { return line }
        var text = String(line)
        for phrase in phrases { text = text.replacingOccurrences(of: phrase, with: " ") }
        text = withoutAddresses(text, bareDomains: false)
        var rest = withoutAddresses(text, bareDomains: true)
        for word in leadIns { rest = rest.replacingOccurrences(of: word, with: " ", options: .caseInsensitive) }
        if rest.split(whereSeparator: { $0.isWhitespace || "：:|-—，,。！!（）()【】[]".contains($0) }).joined().count <= 2 { return nil }
        guard text != String(line) else { return line }
        // The line keeps its indentation: a paragraph's line with an address cut from it is still
        // indented as paragraphs are (not a title set flush, `（日本語版）`).
        return TextLines.indentation(line) + text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
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

    /// The words of a site's page break in a book it serves in pages (`_分节阅读_12`), as legado's
    /// rule for them lists them: by section, page, chapter or passage.
    static let pageMarkerWords = ["分节阅读", "分页阅读", "分章阅读", "分段阅读", "分節閱讀", "分頁閱讀", "分章閱讀", "分段閱讀"]

    /// A line that is only a site's page break: the words, a page number, underscores or spaces.
    /// The site cuts its pages by size, so the break may fall inside a sentence (`joinAcrossPageBreaks`).
    static func isPageMarker(_ line: Substring) -> Bool {
        guard let first = line.unicodeScalars.first(where: { !TextLines.isSpace($0) }), first == "_" || first == "分" else { return false }
        let trimmed = TextLines.trim(line).drop { $0 == "_" }
        guard trimmed.count <= 20, let words = pageMarkerWords.first(where: { trimmed.hasPrefix($0) }) else { return false }
        let number = trimmed.dropFirst(words.count).drop { $0 == "_" || $0 == " " }
        return number.allSatisfy(\.isASCII) && number.allSatisfy(\.isNumber)
    }

    /// Blanks the site's page breaks, and joins a paragraph a break cut in two: the text after it
    /// at the margin while the book indents its paragraphs, or the text before it stopped short of
    /// a sentence's end (`罗汉豆、` / `_分节阅读_4` / `虾。`). The continuation moves up to the line it
    /// continues. Returns how many breaks were blanked.
    static func joinAcrossPageBreaks(_ lines: inout [Substring], blanked: inout Set<Int>) -> Int {
        var count = 0
        for i in lines.indices where isPageMarker(lines[i]) {
            lines[i] = ""
            blanked.insert(i)
            count += 1
            guard let before = lines[..<i].lastIndex(where: { !TextLines.isBlank($0) }),
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

    static func mayHaveNoise(_ line: Substring) -> Bool {
        var previous: Unicode.Scalar = " "
        var candidate = false
        return TextLines.anyScalar(line) { scalar in
            if candidate, phraseStarts.contains(where: { $0.0 == previous && $0.1 == scalar }) { return true }
            if scalar == "/" && previous == ":" { return true }
            if previous == ".", scalar.isASCII, scalar.properties.isAlphabetic { return true }
            candidate = scalar.value < 0x10000 && startsPhrase[Int(scalar.value)]
            previous = scalar
            return false
        }
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
