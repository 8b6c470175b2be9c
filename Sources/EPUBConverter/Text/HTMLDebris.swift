import Foundation

/// Tags of HTML a site's scrape left in a plain-text book (`<a href='/book/2619/im'>《围城》</a>`,
/// `<span class="right">一九九九年十二月一日</span>`, `<h2>第一章</h2>`): the tags are no text, the
/// words inside them are, but for the site's name it hides in decoy tags (`<strike>藏书网</strike>`,
/// `<u>藏书网</u>`). A tag is `<`, an element's name as HTML names its elements, attributes and `>`:
/// `a < b` or `<无题>` in prose stays. The decision is the book's: a book about markup shows its
/// tags (`<nav epub:type="toc">`), so they go only where the site's decoys say a scrape left them.
///
/// A scrape may also show itself by the text's own punctuation escaped as HTML escapes it
/// (`&ldquo;共和奖&rdquo;`, `&mdash;&mdash;`, a 天下书库 download of 《中国近代史》): the text went
/// through HTML, so its tags are markup, and its character references are decoded.
enum HTMLDebris {
    /// Whether the lines hold the site's name in a decoy tag somewhere, or three of the text's
    /// punctuation marks as character references: the signs of a scrape.
    static func isScrape(_ lines: [Substring]) -> Bool {
        var escaped = 0
        for line in lines where line.utf8.count <= 65_536 && hasByte(UInt8(ascii: "&"), line) {
            escaped += punctuationReferences(line)
            if escaped >= 3 { return true }
        }
        return lines.contains { line in
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

    /// A plain-text file a browser saved as the page it showed (`<!-- saved from url=(0070)… -->`,
    /// `<html><head>…</head><body><pre style="word-wrap: break-word; white-space: pre-wrap;">版权信息`,
    /// an 艾伦·图灵传 as shared): the text is the `<pre>` element's, its markup's characters escaped
    /// (`&gt;&gt;`). Blanks the page around the `<pre>` and decodes the text; false when the file
    /// is not such a page (its first lines open no `<html>` with a `<pre>`).
    static func unwrapSavedPage(_ lines: inout [Substring]) -> Bool {
        let head = lines.indices.prefix(8).filter { !TextLines.isBlank(lines[$0]) }
        guard let first = head.first, TextLines.trim(lines[first]).lowercased().hasPrefix("<!-- saved from url=")
                || TextLines.trim(lines[first]).lowercased().hasPrefix("<html"),
              let opening = head.first(where: { lines[$0].range(of: "<pre", options: .caseInsensitive) != nil }),
              let pre = lines[opening].range(of: "<pre", options: .caseInsensitive),
              let end = lines[opening][pre.upperBound...].firstIndex(of: ">") else { return false }
        for k in lines.indices.prefix(upTo: opening) { lines[k] = "" }
        lines[opening] = lines[opening][lines[opening].index(after: end)...]
        if let closing = lines.indices.reversed().prefix(8).first(where: { lines[$0].range(of: "</pre>", options: .caseInsensitive) != nil }),
           let tag = lines[closing].range(of: "</pre>", options: .caseInsensitive) {
            lines[closing] = lines[closing][..<tag.lowerBound]
            for k in lines.indices.suffix(from: closing + 1) { lines[k] = "" }
        }
        for k in lines.indices where lines[k].utf8.count <= 65_536 { lines[k] = decoded(lines[k]) }
        return true
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

    /// Typographic punctuation as HTML's named character references write it: a book never types
    /// these for its own quotes and dashes.
    static let punctuation: [String: String] = [
        "ldquo": "“", "rdquo": "”", "lsquo": "‘", "rsquo": "’", "mdash": "—", "ndash": "–", "hellip": "…", "middot": "·",
        "laquo": "«", "raquo": "»", "bull": "•", "nbsp": " ",
    ]
    /// The references decoded once the text is known to be a scrape: the punctuation's and markup's own.
    static let references: [String: String] = punctuation.merging(["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]) { a, _ in a }

    /// How many of the text's punctuation marks the line writes as named references (`&ldquo;`).
    static func punctuationReferences(_ line: Substring) -> Int {
        var count = 0
        var rest = line[...]
        while let amp = rest.firstIndex(of: "&") {
            rest = rest[rest.index(after: amp)...]
            guard let semicolon = rest.prefix(8).firstIndex(of: ";") else { continue }
            if punctuation[String(rest[..<semicolon])] != nil { count += 1 }
        }
        return count
    }

    /// The line with its character references decoded (`&ldquo;` `&#8212;` `&#x2014;`); a `&`
    /// that starts none stays.
    static func decoded(_ line: Substring) -> Substring {
        guard hasByte(UInt8(ascii: "&"), line) else { return line }
        var out = ""
        var rest = line[...]
        var changed = false
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            if let semicolon = after.prefix(10).firstIndex(of: ";") {
                let name = after[..<semicolon]
                var value: String?
                if name.first == "#" {
                    let digits = name.dropFirst()
                    let number = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
                    value = number.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
                } else {
                    value = references[String(name)]
                }
                if let value {
                    out += value
                    rest = after[after.index(after: semicolon)...]
                    changed = true
                    continue
                }
            }
            out.append("&")
            rest = after
        }
        guard changed else { return line }
        out += rest
        return Substring(out)
    }

    /// The line without its tags and with its character references decoded; itself when it has
    /// neither. `<` and `&` are rare in prose: a line without them costs a pass over its bytes each.
    /// `decoys`: what the site's bare tags repeat inside the text (`repeatedDecoys`).
    static func clean(_ line: Substring, decoys: Set<String> = []) -> Substring {
        guard line.utf8.count <= 65_536 else { return line }
        let cleaned = decoded(withoutTags(withoutTagTails(line), decoys: decoys))
        return decoys.isEmpty ? cleaned : withoutBareDecoys(cleaned, decoys)
    }

    /// The line without the site's decoy words where the scrape left them bare, in Latin letters or
    /// digits amid the text (`她.9９lib?没想到`, `尝9９lｉｂ?试`): a run of such characters and marks that
    /// reads as a decoy is the site's. Other Latin words amid the text (`Kelly Guo`) stay.
    static func withoutBareDecoys(_ line: Substring, _ decoys: Set<String>) -> Substring {
        func isLatinForm(_ c: Character) -> Bool {
            guard let scalar = c.unicodeScalars.first, c.unicodeScalars.count == 1 else { return false }
            return scalar.isASCII && !TextLines.isSpace(scalar) || (0xFF01...0xFF5E).contains(scalar.value)
        }
        guard line.contains(where: isLatinForm) else { return line }
        var out = ""
        var changed = false
        var rest = line[...]
        while let start = rest.firstIndex(where: isLatinForm) {
            out += rest[..<start]
            let end = rest[start...].firstIndex { !isLatinForm($0) } ?? rest.endIndex
            let run = rest[start..<end]
            if decoys.contains(decoyKey(run)) { changed = true } else { out += run }
            rest = rest[end...]
        }
        guard changed else { return line }
        out += rest
        return Substring(out)
    }

    /// What a site hides in bare tags inside the text's lines again and again, whatever its name
    /// (九九藏书's `肖<big>藏书网</big>亚文`, `与<q>九九藏书</q>为`, `被<footer>99lib.</footer>身`, `<s>９９ｌib?</s>`):
    /// the words of a tag with no attributes, inside a line with text beside it, two to twelve
    /// characters once read as ASCII without their marks, three times or more. The book's own
    /// markup names things (`<a href=…>洪</a>`, `<span class="right">`), or holds one character, or
    /// stands alone on its line (`<h3>1</h3>`): it stays text.
    static func repeatedDecoys(_ lines: [Substring]) -> Set<String> {
        var counts: [String: Int] = [:]
        for line in lines where line.utf8.count <= 65_536 && hasTagOpening(line) {
            var rest = line[...]
            while let open = rest.firstIndex(of: "<") {
                defer { rest = rest[rest.index(after: open)...] }
                guard let (name, closing, end) = tag(at: open, in: rest), !closing, isBare(name, from: open, to: end, in: rest),
                      let close = rest[end...].range(of: "</" + name + ">", options: .caseInsensitive) else { continue }
                let key = decoyKey(rest[end..<close.lowerBound])
                let beside = TextLines.trim(line[..<open]).count + TextLines.trim(line[close.upperBound...]).count
                guard (2...12).contains(key.count), beside > 0 else { continue }
                counts[key, default: 0] += 1
            }
        }
        return Set(counts.filter { $0.value >= 3 }.keys)
    }

    /// What a salting site puts in a bare tag beside its decoys: a mark or two (`<dfn>..</dfn>`, `<u>?</u>`).
    static func isSalt(_ text: Substring) -> Bool {
        (1...3).contains(text.count) && text.allSatisfy { $0 == "." || $0 == "?" }
    }

    /// An opening tag with no attributes (`<q>`): `<`, the element's name and `>`, nothing else.
    static func isBare(_ name: String, from open: Substring.Index, to end: Substring.Index, in text: Substring) -> Bool {
        text.index(open, offsetBy: name.count + 2) == end
    }

    /// A decoy's words as compared: full-width forms read as ASCII, lower case, letters and digits only.
    static func decoyKey(_ text: Substring) -> String {
        var key = ""
        for scalar in text.unicodeScalars {
            let ascii = TextLines.asciiForm(scalar)
            if ascii.properties.isAlphabetic || ascii.properties.numericType != nil { key.unicodeScalars.append(ascii) }
        }
        return key.lowercased()
    }

    /// The line without its tags; itself when it has none. A tag's words go with it when they are
    /// the site's name, or what `decoys` says the site repeats in bare tags, or, where it repeats
    /// some, a bare tag's mark or two (`isSalt`).
    static func withoutTags(_ line: Substring, decoys: Set<String> = []) -> Substring {
        guard hasTagOpening(line) else { return line }
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
               isSiteName(rest[..<close.lowerBound]) || !decoys.isEmpty && isBare(name, from: open, to: end, in: line)
                && (decoys.contains(decoyKey(rest[..<close.lowerBound])) || isSalt(rest[..<close.lowerBound])) {
                rest = rest[close.upperBound...]
            }
        }
        guard changed else { return line }
        out += rest
        return Substring(out)
    }

    /// The line without the ends of tags the scrape cut off their start (`写的bbr></abbr>`,
    /// `短篇小说 href='2619/im'>《围城》`, `根<tt>..t>性`, `上岸 4e86." >了`, `整></a>整`): after CJK text
    /// or a whole tag, a short run of ASCII with no `<` in it, closed by `>` with CJK text, a mark,
    /// a tag or the line's end after it. The run is a tag's end when it holds an attribute's quote
    /// or `=`, or ends on the end of an element's name (`bbr`, `..t`), or is empty before a tag.
    /// Read before the whole tags go, which show where the cut ones stood. Mathematics in a
    /// Chinese text (`当x>0时`, `设a>b`, `高>低`) stays.
    static func withoutTagTails(_ line: Substring) -> Substring {
        guard hasByte(UInt8(ascii: ">"), line) else { return line }
        let scalars = Array(line.unicodeScalars)
        var keep = [Bool](repeating: true, count: scalars.count)
        var changed = false
        for close in scalars.indices where scalars[close] == ">" {
            let next = close + 1 < scalars.count ? scalars[close + 1] : nil
            if let next, next.isASCII, next.properties.isAlphabetic || next.properties.numericType != nil || next == " " { continue }
            var start = close
            while start > 0, close - start < 40, scalars[start - 1].isASCII, scalars[start - 1] != "<", scalars[start - 1] != ">" { start -= 1 }
            guard start > 0 else { continue }
            // After CJK text, a tail just cut (`bbr>..bbr>`) or a whole tag (`<tt>..t>`).
            let before = scalars[start - 1]
            guard isCJK(before) || !keep[start - 1] || before == ">" && endsTag(scalars, at: start - 1) else { continue }
            let run = String(String.UnicodeScalarView(scalars[start..<close]))
            guard run.isEmpty ? next == "<" : isTagTail(run) else { continue }
            for k in start...close { keep[k] = false }
            changed = true
        }
        guard changed else { return line }
        var out = String.UnicodeScalarView()
        for k in scalars.indices where keep[k] { out.append(scalars[k]) }
        return Substring(String(out))
    }

    /// Whether the `>` at `end` closes a whole tag (`<tt>`, `</a>`, `<span class="right">`).
    static func endsTag(_ scalars: [Unicode.Scalar], at end: Int) -> Bool {
        var open = end - 1
        while open >= 0, end - open <= 300, scalars[open] != "<" {
            if scalars[open] == ">" { return false }
            open -= 1
        }
        guard open >= 0, scalars[open] == "<" else { return false }
        let text = Substring(String(String.UnicodeScalarView(scalars[open...end])))
        return tag(at: text.startIndex, in: text) != nil
    }

    /// Whether ASCII cut from before a `>` reads as the end of a tag: an attribute's end, or the
    /// end of an element's name, after marks when it is one letter (`bbr`, `..t`).
    static func isTagTail(_ run: String) -> Bool {
        if run.contains("'") || run.contains("\"") || run.contains("=") { return true }
        let letters = String(run.drop { $0 == "." || $0 == "?" || $0 == " " }).lowercased()
        guard !letters.isEmpty, letters.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return false }
        guard letters.count >= 2 || letters.count < run.count else { return false }
        return elements.contains { $0.count > letters.count && $0.hasSuffix(letters) }
    }

    /// A CJK ideograph or a full-width form: the text a cut tag's end stands in.
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        (0x3000...0x9FFF).contains(scalar.value) || (0xF900...0xFAFF).contains(scalar.value) || (0xFF00...0xFFEF).contains(scalar.value)
    }

    /// Whether the line holds a `<`: one `memchr` over its bytes (every line of a 20 MB novel is asked).
    static func hasTagOpening(_ line: Substring) -> Bool {
        hasByte(UInt8(ascii: "<"), line)
    }

    /// Whether the line holds the byte: one `memchr`.
    static func hasByte(_ byte: UInt8, _ line: Substring) -> Bool {
        line.utf8.withContiguousStorageIfAvailable { bytes in
            guard let base = bytes.baseAddress else { return false }
            return memchr(base, Int32(byte), bytes.count) != nil
        } ?? line.utf8.contains(byte)
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
