import Foundation

/// Tags of HTML a site's scrape left in a plain-text book (`<a href='/book/2619/im'>《围城》</a>`,
/// `<span class="right">一九九九年十二月一日</span>`, `<h2>第一章</h2>`): the tags are no text, the
/// words inside them are, but for the site's name it hides in decoy tags (`<strike>藏书网</strike>`,
/// `<u>藏书网</u>`). A tag is `<`, an element's name as HTML names its elements, attributes and `>`:
/// `a < b` or `<无题>` in prose stays. The decision is the book's: a book about markup shows its
/// tags (`<nav epub:type="toc">`), so they go only where the site's decoys say a scrape left them.
enum HTMLDebris {
    /// Whether the lines hold the site's name in a decoy tag somewhere: the sign of a scrape.
    static func isScrape(_ lines: [Substring]) -> Bool {
        lines.contains { line in
            guard line.utf8.count <= 65_536, hasTagOpening(line) else { return false }
            var rest = line[...]
            while let open = rest.firstIndex(of: "<") {
                if let (name, closing, end) = tag(at: open, in: rest), !closing,
                   let close = rest[end...].range(of: "</" + name + ">", options: .caseInsensitive), isSiteName(rest[end..<close.lowerBound]) {
                    return true
                }
                rest = rest[rest.index(after: open)...]
            }
            return false
        }
    }

    /// The elements of the HTML Living Standard's index, and the obsolete ones old pages still use.
    static let elements: Set<String> = [
        "a", "abbr", "address", "area", "article", "aside", "audio", "b", "base", "bdi", "bdo", "blockquote", "body", "br", "button",
        "canvas", "caption", "cite", "code", "col", "colgroup", "data", "datalist", "dd", "del", "details", "dfn", "dialog", "div",
        "dl", "dt", "em", "embed", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "head",
        "header", "hgroup", "hr", "html", "i", "iframe", "img", "input", "ins", "kbd", "label", "legend", "li", "link", "main", "map",
        "mark", "menu", "meta", "meter", "nav", "noscript", "object", "ol", "optgroup", "option", "output", "p", "picture", "pre",
        "progress", "q", "rp", "rt", "ruby", "s", "samp", "script", "search", "section", "select", "slot", "small", "source", "span",
        "strong", "style", "sub", "summary", "sup", "table", "tbody", "td", "template", "textarea", "tfoot", "th", "thead", "time",
        "title", "tr", "track", "u", "ul", "var", "video", "wbr",
        "acronym", "big", "blink", "center", "font", "marquee", "nobr", "strike", "tt",
    ]

    /// The line without its tags; itself when it has none. `<` is rare in prose: a line without
    /// it costs one pass over its bytes.
    static func clean(_ line: Substring) -> Substring {
        guard line.utf8.count <= 65_536, hasTagOpening(line) else { return line }
        var out = ""
        var rest = line[...]
        var changed = false
        while let open = rest.firstIndex(of: "<") {
            out += rest[..<open]
            guard let (name, closing, end) = tag(at: open, in: rest) else {
                out.append("<")
                rest = rest[rest.index(after: open)...]
                continue
            }
            changed = true
            rest = rest[end...]
            // A decoy: the site's name alone between an opening tag and its closing one.
            if !closing, let close = rest.range(of: "</" + name + ">", options: .caseInsensitive),
               isSiteName(rest[..<close.lowerBound]) {
                rest = rest[close.upperBound...]
            }
        }
        guard changed else { return line }
        out += rest
        return Substring(out)
    }

    /// Whether the line holds a `<`: one `memchr` over its bytes (every line of a 20 MB novel is asked).
    static func hasTagOpening(_ line: Substring) -> Bool {
        line.utf8.withContiguousStorageIfAvailable { bytes in
            guard let base = bytes.baseAddress else { return false }
            return memchr(base, Int32(UInt8(ascii: "<")), bytes.count) != nil
        } ?? line.utf8.contains(UInt8(ascii: "<"))
    }

    /// The tag starting at `open`: its element's name (lower case), whether it closes one, and
    /// where it ends. Nil when `<` starts no tag.
    static func tag(at open: Substring.Index, in text: Substring) -> (String, Bool, Substring.Index)? {
        var i = text.index(after: open)
        var closing = false
        if i < text.endIndex, text[i] == "/" { closing = true; i = text.index(after: i) }
        let nameStart = i
        while i < text.endIndex, text[i].isASCII, text[i].isLetter || text[i].isNumber { i = text.index(after: i) }
        let name = text[nameStart..<i].lowercased()
        guard elements.contains(name), i < text.endIndex else { return nil }
        // Attributes: up to `>`, no other tag's `<` inside, 300 characters at most.
        guard text[i] == ">" || text[i] == " " || text[i] == "/" else { return nil }
        guard let close = text[i...].prefix(300).firstIndex(of: ">"), !text[i..<close].contains("<") else { return nil }
        return (name, closing, text.index(after: close))
    }

    /// A site's name or address, as decoy tags hold it: a short name ending in 网 (`藏书网`), or a web address.
    static func isSiteName(_ text: Substring) -> Bool {
        let trimmed = TextLines.trim(text)
        guard !trimmed.isEmpty, trimmed.count <= 40 else { return false }
        return trimmed.count <= 12 && (trimmed.hasSuffix("网") || trimmed.hasSuffix("網")) || NoiseLines.isAddress(String(trimmed), bareDomains: true)
    }
}
