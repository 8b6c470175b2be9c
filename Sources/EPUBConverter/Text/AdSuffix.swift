/// The pleas web-novel sites append to chapter titles (`第一章 初入江湖（求收藏）`,
/// `第二章 风起 求推荐票！`, `第三章 夜行【二更】`): not part of the author's title, so they are cut
/// from the heading line before it is read.
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
        // A bracketed plea at the end: （求收藏）, 【二更】, (求推荐票!).
        if let close = body.last, let open = brackets.first(where: { $0.value == close })?.key,
           let start = body.lastIndex(of: open), isPlea(body[body.index(after: start)..<body.index(before: body.endIndex)]) {
            end = start
        } else {
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
