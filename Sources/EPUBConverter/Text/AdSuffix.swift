/// The pleas web-novel sites append to chapter titles (`第一章 初入江湖（求收藏）`,
/// `第二章 风起 求推荐票！`, `第三章 夜行【二更】`), and in brackets the notes sites and authors set
/// there (`(本章免费)`, `（二合一）`, `（4k大章）`, `（为盟主某某加更）`, `（感谢书友某某的打赏）`, the
/// kinds a reader's title cleaner lists from real books): not part of the author's title, so they are
/// cut from the heading line before it is read.
enum AdSuffix {
    /// Words that only ever appear in such pleas (and update notes).
    static let words = wordList.sorted { $0.count > $1.count }  // longest first: 第二更 before 二更
    private static let wordList = [
        "求收藏", "求推荐票", "求推荐", "求月票", "求订阅", "求打赏", "求评论", "求支持", "求鲜花", "求点击", "求票", "求追读",
        "求收藏推荐", "月票加更", "加更", "爆更", "一更", "二更", "三更", "四更", "五更", "第一更", "第二更", "第三更",
    ]
    static let brackets: [Character: Character] = ["（": "）", "(": ")", "【": "】", "[": "]", "〔": "〕"]
    static let filler: Set<Character> = Set(" 　,，、!！~～.。…+")
    /// How a plea can end (a word's last character, a closing bracket, filler): the test every
    /// heading line passes through first.
    static let lastScalars: Set<Unicode.Scalar> = Set(words.compactMap { $0.unicodeScalars.last })
        .union(brackets.values.flatMap(\.unicodeScalars)).union(filler.flatMap(\.unicodeScalars))

    /// The line without a trailing plea, or the line itself when it has none (or is nothing else).
    static func strip(_ line: Substring) -> Substring {
        guard let last = line.unicodeScalars.last, lastScalars.contains(last), line.count > 3 else { return line }
        var end = line.endIndex
        var body = line
        // Bracketed pleas and notes at the end: （求收藏）, 【二更】, (本章免费)（求月票）.
        while let close = body.last, let open = brackets.first(where: { $0.value == close })?.key, let start = body.lastIndex(of: open),
              start > body.startIndex, case let inside = body[body.index(after: start)..<body.index(before: body.endIndex)],
              isPlea(inside) || isNote(inside) {
            end = start
            body = trimmedTail(body[..<start])
        }
        if end == line.endIndex {
            // Or plain words after the title: `风起 求推荐票！`, `夜行，求月票`.
            var cut = body.endIndex
            while let word = words.first(where: { trimmedTail(body[..<cut]).hasSuffix($0) }) {
                let tail = trimmedTail(body[..<cut])
                cut = tail.index(tail.endIndex, offsetBy: -word.count)
            }
            guard cut < body.endIndex else { return line }
            end = cut
        }
        body = trimmedTail(line[..<end])
        return body.isEmpty ? line : body
    }

    /// Words a site's or an author's note in brackets is made of, whole: a free chapter's
    /// (`本章免费`), chapters merged (`二合一`, `两章合一`), an update counted or added (`第三更`, `补更`),
    /// a length (`4k`, `万字大章`, `3000字`).
    static let noteWords: Set<String> = ["免费", "免费章", "免费章节", "本章免费", "本章不收费", "不收费", "免費", "本章免費",
                                         "合章", "合更", "两章合一", "兩章合一", "补更", "補更", "大章", "万字", "萬字", "万字大章", "萬字大章"]
    static let noteDigits: Set<Character> = Set("0123456789０１２３４５６７８９一二三四五六七八九十两兩")

    /// A note in brackets (see `noteWords`), or thanks for a gift or a vote (`感谢书友某某的打赏`,
    /// `为盟主某某加更`): never an author's words for their chapter.
    static func isNote(_ text: Substring) -> Bool {
        let bare = String(text.filter { !filler.contains($0) })
        guard !bare.isEmpty, bare.count <= 30 else { return false }
        if noteWords.contains(bare) { return true }
        // `二合一`, `三合一大章`, `2合1`: chapters merged.
        if let he = bare.firstIndex(of: "合"), bare.startIndex < he, bare[..<he].allSatisfy(noteDigits.contains) {
            let rest = bare[bare.index(after: he)...]
            if ["一", "1", "一章", "一大章", "1大章", "一章节"].contains(String(rest)) { return true }
        }
        // `第三更`, `四更完毕`, `二更送到`: an update counted.
        let counted = bare.hasPrefix("第") ? bare.dropFirst() : Substring(bare)
        if let geng = counted.firstIndex(of: "更"), counted.startIndex < geng, counted[..<geng].allSatisfy(noteDigits.contains),
           ["", "完毕", "完成", "结束", "送到", "还债", "补"].contains(String(counted[counted.index(after: geng)...])) { return true }
        // `4k`, `4K大章`, `3000字`, `5千字`: a length.
        let digits = bare.prefix { $0.isASCII && $0.isNumber || $0 == "." || noteDigits.contains($0) }
        if !digits.isEmpty, ["k", "K", "w", "W", "千", "字", "k字", "K字", "千字", "k大章", "K大章", "字大章"].contains(String(bare.dropFirst(digits.count))) { return true }
        // Thanks for a gift or a vote, a chapter added for a patron.
        let gifts = ["打赏", "月票", "盟主", "白银盟", "黄金盟", "万赏", "推荐票", "订阅"]
        if bare.hasPrefix("感谢") || bare.hasPrefix("感謝"), gifts.contains(where: bare.contains) { return true }
        if bare.hasPrefix("为") || bare.hasPrefix("為"), bare.hasSuffix("加更") || bare.hasSuffix("补更") || bare.hasSuffix("爆更") { return true }
        return false
    }

    /// Only plea words and filler.
    private static func isPlea(_ text: Substring) -> Bool {
        var rest = Substring(text.filter { !filler.contains($0) })
        guard !rest.isEmpty else { return false }
        while !rest.isEmpty {
            guard let word = words.first(where: { rest.hasPrefix($0) }) else { return false }
            rest = rest.dropFirst(word.count)
        }
        return true
    }

    private static func trimmedTail(_ text: Substring) -> Substring {
        var end = text.endIndex
        while end > text.startIndex, filler.contains(text[text.index(before: end)]) { end = text.index(before: end) }
        return text[..<end]
    }
}
