import Foundation

/// Title and author from a novel's front matter (《书名》, 作者：…, Title:/Author:, "by …"), else
/// from the file name as downloads name them (`《书名》作者：某某.txt`).
enum MetadataGuesser {
    static let titleLabels = ["书名：", "书名:", "書名：", "書名:", "标题：", "標題：", "Title:", "TITLE:", "title:"]
    static let authorLabels = ["作者：", "作者:", "著者：", "著者:", "作者 ", "Author:", "AUTHOR:", "author:"]

    static func guess(_ front: [String], fileName: String?) -> (title: String, author: String?) {
        var title: String?
        var author: String?
        var previous: String?
        for line in front.prefix(60) {
            let trimmed = line.trimmingCharacters(in: " \t\u{3000}")
            defer { if !trimmed.isEmpty { previous = trimmed } }
            if title == nil {
                if let label = titleLabels.first(where: { trimmed.hasPrefix($0) }) {
                    title = clean(String(trimmed.dropFirst(label.count)))
                } else if trimmed.hasPrefix("《"), let end = trimmed.firstIndex(of: "》") {
                    title = clean(String(trimmed[trimmed.index(after: trimmed.startIndex)..<end]))
                }
            }
            if author == nil {
                if let label = authorLabels.first(where: { trimmed.hasPrefix($0) }) {
                    author = clean(String(trimmed.dropFirst(label.count)))
                    // A short line right above 作者： is the title (`江湖夜雨` / `作者：某某`).
                    if title == nil, let above = previous, above.count <= 30, !above.contains("："), !above.contains(":"),
                       HeadingMatcher.match(Substring(above)) == nil {
                        title = clean(above)
                    }
                } else if trimmed.count <= 40, trimmed.lowercased().hasPrefix("by "), trimmed.split(separator: " ").count <= 5 {
                    author = clean(String(trimmed.dropFirst(3)))
                    // "The Title" above "by Author": the English title block at the top of a book.
                    if title == nil, let above = previous, above.count <= 80, !above.lowercased().hasPrefix("by ") { title = clean(above) }
                } else if let range = trimmed.range(of: "作者："), title != nil {
                    author = clean(String(trimmed[range.upperBound...]))
                }
            }
            if title != nil && author != nil { break }
        }
        if title?.isEmpty ?? true { title = firstLineTitle(front) }
        if title?.isEmpty ?? true { title = titleFromFileName(fileName) }
        if author?.isEmpty ?? true { author = authorFromFileName(fileName) }
        return (title ?? "Untitled", author)
    }

    /// First lines that name a part of the book, not the book.
    static let notTitles: Set<String> = ["目录", "目錄", "简介", "簡介", "内容简介", "內容簡介", "正文", "contents", "table of contents", "introduction"]

    /// A book's first line when it reads as a title: short, no sentence punctuation, no label,
    /// not a heading (`山居笔记` above the text).
    static func firstLineTitle(_ front: [String]) -> String? {
        guard let first = front.first.map({ $0.trimmingCharacters(in: " \t\u{3000}") }), !first.isEmpty, first.count <= 20,
              !first.contains(where: { "。，！？；：,.!?;:".contains($0) }), !first.lowercased().hasPrefix("by "),
              !notTitles.contains(first.lowercased()),
              HeadingMatcher.match(Substring(first)) == nil, HeadingMatcher.numberedLine(Substring(first)) == nil else { return nil }
        return clean(first)
    }

    static func clean(_ s: String) -> String {
        s.trimmingCharacters(in: " \t\u{3000}《》「」").split(whereSeparator: { $0 == " " || $0 == "\u{3000}" }).joined(separator: " ")
    }

    /// The file's base name, without folders or extension.
    private static func baseName(_ fileName: String) -> Substring {
        var base = Substring(fileName.split(separator: "/").last ?? "")
        if let dot = base.lastIndex(of: "."), dot != base.startIndex { base = base[..<dot] }
        return base
    }

    /// `《书名》作者：某某.txt`, `书名 作者:某某.txt`: what follows 作者 and its colon.
    static func authorFromFileName(_ fileName: String?) -> String? {
        guard let fileName, let range = baseName(fileName).range(of: "作者") else { return nil }
        let author = clean(String(baseName(fileName)[range.upperBound...].drop { ":：_- ".contains($0) }))
        return author.isEmpty ? nil : author
    }

    static func titleFromFileName(_ fileName: String?) -> String? {
        guard let fileName else { return nil }
        var base = baseName(fileName)
        if let range = base.range(of: "作者") { base = base[..<range.lowerBound] }
        let title = clean(String(base)).trimmingCharacters(in: " _-")
        return title.isEmpty ? nil : title
    }
}
