/// The markers a download site sets around the text a user uploaded
/// (`---------------------------用户上传之内容开始--------------------------------` and `…结束…`, in
/// TXT图书下载网's, 八零电子书's and 笔下文学's files), with the site's statement above the first and below
/// the last (`声明：本书为八零电子书(txt02.com)的用户自网络收集整理制作…`): only the text between them is
/// the book, as between Project Gutenberg's START and END markers.
enum UploadMarkers {
    static let opening = ["用户上传之内容开始", "用戶上傳之內容開始"]
    static let closing = ["用户上传之内容结束", "用戶上傳之內容結束"]
    /// Words a site's statement holds; a line above the opening marker without one is the book's
    /// own (its title set over the marker), and stays.
    static let statementWords = ["声明", "申明", "聲明", "本书", "本書", "下载", "下載", "电子书", "電子書", "用户", "用戶", "www.", "http", ".com"]
    /// How many lines a site's statement above or below the markers holds at most.
    static let reach = 12
    /// How far from either end of the text a marker stands.
    static let window = 80

    /// The site's lines: both markers, the statement above the opening one and what follows the
    /// closing one (a few short lines, none a heading). Empty when the text has no markers.
    static func siteLines(_ lines: [Substring]) -> [Int] {
        var out: [Int] = []
        if let start = lines.indices.prefix(window).first(where: { isMarker(lines[$0], opening) }) {
            out.append(start)
            let above = lines.indices.prefix(start).filter { !TextLines.isBlank(lines[$0]) }
            if above.count <= reach, above.allSatisfy({ isStatement(TextLines.trim(lines[$0])) }) { out += above }
        }
        let tail = lines.indices.suffix(window).reversed()
        if let end = tail.first(where: { isMarker(lines[$0], closing) }), !out.contains(end) {
            out.append(end)
            let below = lines.indices.suffix(from: end + 1).filter { !TextLines.isBlank(lines[$0]) }
            if below.count <= reach, below.allSatisfy({ HeadingMatcher.match(TextLines.trim(lines[$0])) == nil }) { out += below }
        }
        return out
    }

    /// A marker's line: its words, and rule marks or spaces around them only.
    static func isMarker(_ line: Substring, _ words: [String]) -> Bool {
        let trimmed = TextLines.trim(line)
        guard trimmed.count <= 120, let word = words.first(where: { trimmed.contains($0) }) else { return false }
        return trimmed.replacingOccurrences(of: word, with: "").allSatisfy { "-—–=*_~─━ 　".contains($0) }
    }

    /// A site's statement: a line naming the site's business, no heading.
    static func isStatement(_ line: Substring) -> Bool {
        statementWords.contains { line.contains($0) } && HeadingMatcher.match(line) == nil
    }
}
