/// Line handling shared by the text stages: splitting on any line end, and trimming the spaces
/// novels indent with (U+3000, no-break space, tabs).
enum TextLines {
    /// Lines on LF, CRLF or lone CR. Works on bytes: "\r\n" is one `Character` in Swift, so a
    /// split on characters would miss it.
    static func split(_ text: String) -> [Substring] {
        let utf8 = text.utf8
        let hasLF = utf8.contains(0x0A)
        let separator: UInt8 = hasLF ? 0x0A : 0x0D
        var lines: [Substring] = []
        var start = utf8.startIndex
        var i = start
        while i < utf8.endIndex {
            if utf8[i] == separator {
                var end = i
                if hasLF, end > start, utf8[utf8.index(before: end)] == 0x0D { end = utf8.index(before: end) }
                lines.append(Substring(text.unicodeScalars[start..<end]))
                start = utf8.index(after: i)
            }
            i = utf8.index(after: i)
        }
        var end = utf8.endIndex
        if hasLF, end > start, utf8[utf8.index(before: end)] == 0x0D { end = utf8.index(before: end) }
        lines.append(Substring(text.unicodeScalars[start..<end]))
        return lines
    }

    static func isSpace(_ c: Character) -> Bool {
        c == " " || c == "\t" || c == "\u{3000}" || c == "\u{00A0}" || c == "\u{FEFF}" || c == "\u{200B}" || c == "\u{0C}"
    }

    static func trim(_ line: Substring) -> Substring {
        var s = line
        while let f = s.first, isSpace(f) { s = s.dropFirst() }
        while let l = s.last, isSpace(l) { s = s.dropLast() }
        return s
    }

    static func isBlank(_ line: Substring) -> Bool {
        line.allSatisfy(isSpace)
    }
}
