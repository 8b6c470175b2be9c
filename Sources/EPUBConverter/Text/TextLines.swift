/// Line handling shared by the text stages: splitting on any line end, and trimming the spaces
/// novels indent with (U+3000, no-break space, tabs).
enum TextLines {
    /// Lines on LF, CRLF or lone CR. Works on bytes: "\r\n" is one `Character` in Swift, so a
    /// split on characters would miss it.
    static func split(_ text: String) -> [Substring] {
        if let lines = text.utf8.withContiguousStorageIfAvailable({ splitContiguous(text, $0) }) { return lines }
        // A string without contiguous UTF-8 (bridged): split a native copy.
        var native = text
        native.makeContiguousUTF8()
        return split(native)
    }

    /// Lines over the string's own bytes, their bounds made from byte offsets (constant time in a
    /// native string): stepping the view's indices byte by byte cost a twentieth of a conversion.
    private static func splitContiguous(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> [Substring] {
        let hasLF = bytes.contains(0x0A)
        let separator: UInt8 = hasLF ? 0x0A : 0x0D
        var lines: [Substring] = []
        // Sized first: grown by appending, the array of a long book's lines would hold up to twice them.
        lines.reserveCapacity(bytes.reduce(1) { $1 == separator ? $0 + 1 : $0 })
        let utf8 = text.utf8
        func append(_ start: Int, _ end: Int) {
            var end = end
            if hasLF, end > start, bytes[end - 1] == 0x0D { end -= 1 }
            let lower = utf8.index(utf8.startIndex, offsetBy: start), upper = utf8.index(utf8.startIndex, offsetBy: end)
            lines.append(Substring(text.unicodeScalars[lower..<upper]))
        }
        var start = 0
        for i in 0..<bytes.count where bytes[i] == separator {
            append(start, i)
            start = i + 1
        }
        append(start, bytes.count)
        return lines
    }

    /// Whether `body` holds for a scalar of `line`, read in order and decoded straight from the
    /// string's UTF-8 (a Swift string holds valid UTF-8): the view's own iteration costs several
    /// times more, on every line of a novel.
    @inline(__always)
    static func anyScalar(_ line: Substring, _ body: (Unicode.Scalar) -> Bool) -> Bool {
        let fast = line.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            var i = 0
            let n = bytes.count
            while i < n {
                let lead = UInt32(bytes[i])
                let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                guard i + length <= n else { break }
                var value = length == 1 ? lead : lead & (0xFF >> (length + 1))
                for k in 1..<length { value = value << 6 | UInt32(bytes[i + k] & 0x3F) }
                if body(Unicode.Scalar(value) ?? "\u{FFFD}") { return true }
                i += length
            }
            return false
        }
        return fast ?? line.unicodeScalars.contains(where: body)
    }

    static func isSpace(_ c: Character) -> Bool {
        c.unicodeScalars.count == 1 && c.unicodeScalars.first.map(isSpace) == true
    }

    /// A full-width form of an ASCII character (U+FF01–FF5E, `ｗ`, `．`, `９`) as that character; any
    /// other scalar as itself. Sites spell their names and addresses so that filters miss them.
    static func asciiForm(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        (0xFF01...0xFF5E).contains(scalar.value) ? Unicode.Scalar(scalar.value - 0xFEE0) ?? scalar : scalar
    }

    static func isSpace(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x20, 0x09, 0x0C, 0x3000, 0xA0, 0xFEFF, 0x200B: return true
        default: return false
        }
    }

    /// The spaces, tabs and full-width spaces a line starts with: how far it is indented.
    static func indentation(_ line: Substring) -> Substring {
        line.prefix { $0 == " " || $0 == "\t" || $0 == "\u{3000}" }
    }

    /// Set in the middle of a plain-text page, as transcriptions centre titles (`   INSCRIPTIONS`):
    /// indented by eight spaces or more, and as far from a 60-80 column page's right edge as from
    /// its left, give or take. A paragraph's or a verse line's indentation (two to six spaces) is
    /// none; nor is a line set to the right (a dateline, a signature).
    static func isCentred(_ line: Substring) -> Bool {
        let left = line.prefix { $0 == " " }.count
        guard left >= 8 else { return false }
        // The text's width as the tool that centred it may have counted it: in characters, or in
        // code points (a script of combining marks, Devanagari's `उद्योग पर्व अध्याय १०`, has a
        // third fewer characters than code points; Latin text has as many).
        let text = TextLines.trim(line)
        let centred = { (width: Int) in width >= 60 && width <= 82 }
        return centred(2 * left + text.count) || centred(2 * left + text.unicodeScalars.count)
    }

    /// Set to the right of a plain-text page's middle, as transcriptions set a letter's dateline
    /// (`_Howard Grove, Kent._`), its signature and a motto's source: indented by sixteen spaces or
    /// more, and further from the left edge than a centred line on the widest page `isCentred`
    /// allows. Such a line closes or dates text; it heads none.
    static func isSetRight(_ line: Substring) -> Bool {
        let left = line.prefix { $0 == " " }.count
        guard left >= 16 else { return false }
        return 2 * left + TextLines.trim(line).count > 82
    }

    /// A CJK ideograph (a hanzi, kanji or hanja), not punctuation or kana: what tells a line is
    /// CJK text, whatever Latin words it holds.
    static func isIdeograph(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x3000 && scalar.properties.isIdeographic
    }

    /// More of the line's letters are Latin (ASCII) than of any other script: where a lower-case
    /// first word or a line running on mid-sentence tells prose, as it does not in Japanese
    /// (`iBooks3.0による表示例` is a title).
    static func isMostlyLatin(_ line: Substring) -> Bool {
        var latin = 0, other = 0
        for scalar in line.unicodeScalars where scalar.properties.isAlphabetic {
            if scalar.isASCII { latin += 1 } else { other += 1 }
        }
        return latin > other
    }

    /// The characters a reader sees: zero-width format characters (a zero width space where the
    /// source allowed a line break, a soft hyphen, a joiner, a byte order mark) do not count.
    static func visibleCount(_ text: Substring) -> Int {
        text.reduce(0) { count, character in
            character.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .format }) ? count : count + 1
        }
    }

    /// Trimmed by scalars: cheaper than by characters, and indentation is never part of a cluster.
    static func trim(_ line: Substring) -> Substring {
        let scalars = line.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return line[line.endIndex...] }
        var end = scalars.endIndex
        while end > first, isSpace(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        return Substring(scalars[first..<end])
    }

    /// Called on every line by several passes: a line whose first byte starts no space scalar
    /// (most lines of text) is answered from that byte.
    static func isBlank(_ line: Substring) -> Bool {
        guard let first = line.utf8.first else { return true }
        switch first {
        // Space, tab, form feed; and the lead bytes of U+00A0, U+200B, U+3000, U+FEFF.
        case 0x20, 0x09, 0x0C, 0xC2, 0xE2, 0xE3, 0xEF: return line.unicodeScalars.allSatisfy(isSpace)
        default: return false
        }
    }
}
