/// `[Illustration]` and `[Illustration: caption]` markers, as Project Gutenberg and others leave
/// them where a printed book had a picture, on one line or over several (a caption may hold
/// brackets of its own: `[_Copyright 1894_]]`). A marker is neither prose nor a heading: it becomes
/// one placeholder line (`placeholder` + its caption), its other lines blank. A heading set inside
/// a picture's caption (`[Illustration: ·PRIDE AND PREJUDICE· … Chapter I.]`) is the book's
/// heading: it stays, alone on the marker's first line, with the placeholder after it.
enum IllustrationMarkers {
    /// The first scalar of a placeholder line: U+FFFC OBJECT REPLACEMENT CHARACTER, which no text
    /// line starts with, so no rule takes it for a heading or a title.
    static let placeholder: Unicode.Scalar = "\u{FFFC}"
    static let words = ["[illustration", "[frontispiece", "[picture", "[image"]
    /// A marker longer than this many lines is not one (an unclosed bracket in the text).
    static let maxLines = 40

    /// A scraped page's note after its title that the page holds a picture (`童年时光(1)(图)`,
    /// `（组图）`, `[图]`): no part of the title, and the short line under the title is the picture's
    /// caption (`卓别林`), no heading.
    static let pictureNotes = ["(图)", "（图）", "(组图)", "（组图）", "(多图)", "（多图）", "(附图)", "（附图）", "[图]", "【图】"]

    /// The title without the picture note it ends with; nil when it has none.
    static func withoutPictureNote(_ title: Substring) -> Substring? {
        guard let last = title.last, last == ")" || last == "）" || last == "]" || last == "】",
              let note = pictureNotes.first(where: { title.hasSuffix($0) }), title.count > note.count else { return nil }
        return TextLines.trim(title.dropLast(note.count))
    }

    /// Rewrites the markers in place; returns how many there were. `blanked` gains the lines a
    /// marker's caption ran on to: text stood there, so they part no blocks (a caption wrapped over
    /// two lines leaves no wider gap before the line below it than a one-line caption does).
    @discardableResult
    static func rewrite(_ lines: inout [Substring], blanked: inout Set<Int>) -> Int {
        var count = 0
        var i = 0
        while i < lines.count {
            // One scalar decides for almost every line: a marker starts with `[`.
            guard lines[i].unicodeScalars.first(where: { !TextLines.isSpace($0) }) == "[", let end = markerEnd(lines, from: i) else { i += 1; continue }
            let text = lines[i...end].map { TextLines.trim($0) }.filter { !$0.isEmpty }.joined(separator: " ")
            let caption = Self.caption(String(text))
            let heading = lines[i...end].lazy.map { strippedBracket(TextLines.trim($0)) }.first { HeadingMatcher.match($0) != nil }
            for k in i...end { lines[k] = "" }
            if let heading {
                // The heading alone on the marker's first line, the picture after it (a one-line
                // marker has no room for both: the heading wins).
                lines[i] = heading
                if end > i { lines[end] = Substring(String(placeholder) + captionWithout(heading, caption)) }
            } else {
                lines[i] = Substring(String(placeholder) + caption)
                if end > i { blanked.formUnion((i + 1)...end) }
            }
            count += 1
            i = end + 1
        }
        return count
    }

    /// The line where the marker opened on line `start` closes (brackets balanced), or nil when
    /// the line does not open a marker or it never closes within `maxLines`.
    static func markerEnd(_ lines: [Substring], from start: Int) -> Int? {
        let first = TextLines.trim(lines[start]).prefix(16).lowercased()
        guard words.contains(where: { first.hasPrefix($0) }) else { return nil }
        var depth = 0
        for k in start..<min(lines.count, start + maxLines) {
            for c in lines[k].unicodeScalars {
                if c == "[" { depth += 1 } else if c == "]" { depth -= 1 }
            }
            if depth <= 0 { return k }
        }
        return nil
    }

    /// `Illustration: “He came down”` of the marker's text, brackets and emphasis marks gone.
    static func caption(_ text: String) -> String {
        var inner = Substring(text)
        if inner.first == "[" { inner = inner.dropFirst() }
        if inner.last == "]" { inner = inner.dropLast() }
        let cleaned = inner.replacingOccurrences(of: "_", with: "").replacingOccurrences(of: "[", with: "(").replacingOccurrences(of: "]", with: ")")
        return HeadingMatcher.collapse(Substring(cleaned))
    }

    /// The caption with the heading taken out of it (it is shown as the heading).
    static func captionWithout(_ heading: Substring, _ caption: String) -> String {
        guard let range = caption.range(of: HeadingMatcher.collapse(heading)) else { return caption }
        var rest = caption
        rest.removeSubrange(range)
        return HeadingMatcher.collapse(Substring(rest))
    }

    /// A caption line without the marker's brackets: `Chapter I.]` is `Chapter I.`.
    static func strippedBracket(_ line: Substring) -> Substring {
        var out = line
        while out.last == "]" { out = out.dropLast() }
        if out.lowercased().hasPrefix("[illustration") { return "" }
        return TextLines.trim(out)
    }

    /// The text a placeholder line shows: its caption, or nil for an ordinary line.
    static func placeholderText(_ line: Substring) -> Substring? {
        guard line.unicodeScalars.first == placeholder else { return nil }
        return Substring(line.unicodeScalars.dropFirst())
    }
}
