import EPUBContract
import EPUBOutput
import Foundation

/// Turns a `TextBook` into XHTML documents, a style sheet and a table of contents: one document
/// per section, volumes as `h1` pages with their chapters nested under them in the TOC.
public enum XHTMLBuilder {
    /// What shapes the generated documents: writing direction and fixed timestamps.
    public struct Options: Sendable {
        /// `vertical-rl` text and right-to-left page progression (Chinese and Japanese).
        public var vertical: Bool
        /// `CCYY-MM-DDThh:mm:ssZ`, fixed by the caller so that output is reproducible.
        public var modified: String

        public init(vertical: Bool = false, modified: String) {
            self.vertical = vertical
            self.modified = modified
        }
    }

    /// Documents are made when the writer reaches them; the identifier is a digest of the text.
    public static func draft(_ book: TextBook, options: Options) -> PublicationDraft {
        let cjk = book.language.hasPrefix("zh") || book.language.hasPrefix("ja")
        var documents: [PublicationDraft.Document] = []
        documents.reserveCapacity(book.sections.count)
        var toc: [PublicationDraft.TocEntry] = []
        var digest = SHA256()
        let language = book.language
        let sections = book.sections
        for (i, section) in sections.enumerated() {
            let path = "text/" + format4(i + 1) + ".xhtml"
            digest.update("\(section.kind.rawValue)\u{0}\(section.level)\u{0}\(section.title)\u{0}")
            for paragraph in section.paragraphs {
                digest.update(paragraph)
                digest.update("\u{0}")
            }
            // The array and an index, not the section: a closure's captures are kept until it runs,
            // and a long novel has twenty thousand of them.
            documents.append(.init(path: path, title: section.title, render: { document(sections[i], language: language) }))
            append(PublicationDraft.TocEntry(title: section.title, path: path), at: section.level, to: &toc)
        }
        digest.update("\(book.title)\u{0}\(book.author ?? "")\u{0}\(book.language)\u{0}\(options.vertical)")
        // The rule for pictures' placeholders only where there are some: other books' bytes stay as they were.
        let pictures = book.sections.contains { $0.paragraphs.contains { IllustrationMarkers.placeholderText($0) != nil } }
        let style = PublicationDraft.Resource(path: "style.css", mediaType: "text/css",
                                              bytes: Array(css(cjk: cjk, vertical: options.vertical, illustrations: pictures).utf8))
        let tocTitle: String
        switch book.language {
        case "zh-Hant", "zh-TW", "zh-HK": tocTitle = "目錄"
        case let l where l.hasPrefix("zh"): tocTitle = "目录"
        case let l where l.hasPrefix("ja"): tocTitle = "目次"
        default: tocTitle = "Contents"
        }
        return PublicationDraft(identifier: uuid(digest.finalize()), title: book.title, author: book.author, language: book.language,
                                modified: options.modified, pageProgression: options.vertical ? "rtl" : nil,
                                documents: documents, resources: [style], toc: toc, tocTitle: tocTitle)
    }

    /// An entry of `level` (1 = top) under the last entry one level up; at the top when there is none.
    static func append(_ entry: PublicationDraft.TocEntry, at level: Int, to list: inout [PublicationDraft.TocEntry]) {
        if level > 1, !list.isEmpty {
            append(entry, at: level - 1, to: &list[list.count - 1].children)
        } else {
            list.append(entry)
        }
    }

    static func format4(_ n: Int) -> String {
        let s = String(n)
        return s.count >= 4 ? s : String(repeating: "0", count: 4 - s.count) + s
    }

    /// A name-based UUID from a SHA-256 digest (version 8, RFC 9562): same content, same identifier.
    static func uuid(_ digest: [UInt8]) -> String {
        var b = Array(digest.prefix(16))
        b[6] = (b[6] & 0x0F) | 0x80
        b[8] = (b[8] & 0x3F) | 0x80
        let hex = b.map { String(format2hex($0)) }.joined()
        let parts = [hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4), hex.dropFirst(16).prefix(4), hex.dropFirst(20)]
        return "urn:uuid:" + parts.joined(separator: "-")
    }

    static func format2hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }

    static func document(_ section: TextSection, language: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(section.paragraphs.reduce(512) { $0 + $1.utf8.count + 8 })
        let lang = XMLText.escaped(language, attribute: true)
        let type: String
        switch section.kind {
        case .frontMatter: type = "frontmatter"
        case .volume: type = "part"
        case .chapter, .part: type = "chapter"
        case .backMatter: type = "backmatter"
        }
        let heading = "h\(min(max(section.level, 1), 6))"
        out += Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="\(lang)" lang="\(lang)">
            <head><meta charset="UTF-8"/><title>
            """.utf8)
        XMLText.append(section.title, to: &out)
        out += Array("</title><link rel=\"stylesheet\" type=\"text/css\" href=\"../style.css\"/></head>\n<body>\n<section epub:type=\"\(type)\">\n<\(heading)>".utf8)
        XMLText.append(section.title, to: &out)
        out += Array("</\(heading)>\n".utf8)
        let emphasis = !(language.hasPrefix("zh") || language.hasPrefix("ja") || language.hasPrefix("ko"))
        for paragraph in section.paragraphs {
            // A picture the text only names: its caption, marked as a placeholder.
            if let caption = IllustrationMarkers.placeholderText(paragraph) {
                out += Array("<p class=\"illustration\">[".utf8)
                XMLText.append(caption.isEmpty ? "Illustration" : caption, to: &out)
                out += Array("]</p>\n".utf8)
                continue
            }
            out += Array("<p>".utf8)
            // Byte tests first: splitting or scanning by Character costs more than the rest of the
            // conversion, and almost no paragraph is verse or has an underscore.
            let verse = paragraph.utf8.contains(0x0A)
            let underscored = emphasis && paragraph.utf8.contains(UInt8(ascii: "_"))
            if !verse && !underscored {
                XMLText.append(paragraph, to: &out)
            } else {
                // Verse keeps its line breaks (the parser joined its lines with newlines).
                for (n, line) in paragraph.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    if n > 0 { out += Array("<br/>".utf8) }
                    if underscored { appendEmphasized(line, to: &out) } else { XMLText.append(line, to: &out) }
                }
            }
            out += Array("</p>\n".utf8)
        }
        out += Array("</section>\n</body>\n</html>\n".utf8)
        return out
    }

    /// Plain-text emphasis as Project Gutenberg writes it, `_word_` or `_a few words_`, becomes
    /// `<em>`: an underscore after a space or punctuation (or at the start) opens, one before a
    /// space, punctuation or the end closes, with no underscore between; anything else stays text.
    static func appendEmphasized(_ line: Substring, to out: inout [UInt8]) {
        var rest = line[...]
        while let open = rest.firstIndex(of: "_") {
            let before = open == line.startIndex ? nil : line[line.index(before: open)]
            let afterOpen = rest.index(after: open)
            guard before.map({ !$0.isLetter && !$0.isNumber }) ?? true, afterOpen < rest.endIndex, !rest[afterOpen].isWhitespace,
                  let close = rest[afterOpen...].firstIndex(of: "_"), close > afterOpen,
                  !rest[rest.index(before: close)].isWhitespace,
                  rest.index(after: close) == rest.endIndex || !(rest[rest.index(after: close)].isLetter || rest[rest.index(after: close)].isNumber)
            else {
                XMLText.append(rest[...open], to: &out)
                rest = rest[afterOpen...]
                continue
            }
            XMLText.append(rest[..<open], to: &out)
            out += Array("<em>".utf8)
            XMLText.append(rest[afterOpen..<close], to: &out)
            out += Array("</em>".utf8)
            rest = rest[rest.index(after: close)...]
        }
        XMLText.append(rest, to: &out)
    }

    static func css(cjk: Bool, vertical: Bool, illustrations: Bool = false) -> String {
        var css = """
            body { margin: 0 4%; line-height: 1.7; }
            h1, h2 { text-align: center; font-weight: bold; margin: 2em 0 1em; }
            h1 { font-size: 1.5em; }
            h2 { font-size: 1.25em; }
            p { margin: 0; text-indent: \(cjk ? "2em" : "1.5em"); text-align: justify; }

            """
        if illustrations {
            css += "p.illustration { text-indent: 0; text-align: center; font-style: italic; margin: 1em 0; }\n"
        }
        if vertical {
            css += "html { -epub-writing-mode: vertical-rl; -webkit-writing-mode: vertical-rl; writing-mode: vertical-rl; }\n"
        }
        return css
    }
}

extension SHA256 {
    mutating func update(_ string: some StringProtocol) {
        // Straight from the string's storage: a copy per paragraph cost more than the hashing.
        if string.utf8.withContiguousStorageIfAvailable({ update($0) }) == nil { update(Array(string.utf8)) }
    }
}
