/// CSS Syntax Level 3 tokenizer: comments, strings and their escapes, `url()`, numbers with units,
/// at-keywords, `!important` (as a delim and an ident), CDO/CDC. Never fails: malformed input
/// becomes `badString` / `badURL` / `delim` tokens, as browsers read it. One tokenizer for the
/// writing-mode stage and, later, the CSS checks.
package struct CSSTokenizer {
    package let source: [Unicode.Scalar]
    private var i = 0
    private var line = 1
    /// Offset of the first scalar of the current line.
    private var lineStart = 0

    package init(_ text: String) {
        source = Array(text.unicodeScalars)
    }

    /// All tokens, comments dropped.
    package static func tokenize(_ text: String) -> (source: [Unicode.Scalar], tokens: [CSSToken]) {
        var tokenizer = CSSTokenizer(text)
        var tokens: [CSSToken] = []
        while let token = tokenizer.next() { tokens.append(token) }
        return (tokenizer.source, tokens)
    }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        let j = i + offset
        return j < source.count ? source[j] : nil
    }

    private mutating func advance() -> Unicode.Scalar? {
        guard i < source.count else { return nil }
        let c = source[i]
        i += 1
        if c == "\n" {
            line += 1
            lineStart = i
        }
        return c
    }

    private static func isNewline(_ c: Unicode.Scalar?) -> Bool { c == "\n" || c == "\r" || c == "\u{0C}" }
    private static func isWhitespace(_ c: Unicode.Scalar?) -> Bool { c == " " || c == "\t" || isNewline(c) }
    private static func isDigit(_ c: Unicode.Scalar?) -> Bool { c.map { ("0"..."9").contains($0) } ?? false }
    private static func isHex(_ c: Unicode.Scalar?) -> Bool { c.map { $0.properties.isASCIIHexDigit } ?? false }
    private static func isNameStart(_ c: Unicode.Scalar?) -> Bool {
        guard let c else { return false }
        return ("a"..."z").contains(c) || ("A"..."Z").contains(c) || c == "_" || c.value >= 0x80
    }
    private static func isName(_ c: Unicode.Scalar?) -> Bool { isNameStart(c) || isDigit(c) || c == "-" }

    /// A backslash that starts an escape (not followed by a newline).
    private func validEscape(_ offset: Int = 0) -> Bool {
        peek(offset) == "\\" && peek(offset + 1) != nil && !Self.isNewline(peek(offset + 1))
    }

    private func startsIdentifier(_ offset: Int = 0) -> Bool {
        let c = peek(offset)
        if c == "-" { return Self.isNameStart(peek(offset + 1)) || peek(offset + 1) == "-" || validEscape(offset + 1) }
        return Self.isNameStart(c) || validEscape(offset)
    }

    private func startsNumber() -> Bool {
        let c = peek()
        if c == "+" || c == "-" { return Self.isDigit(peek(1)) || (peek(1) == "." && Self.isDigit(peek(2))) }
        if c == "." { return Self.isDigit(peek(1)) }
        return Self.isDigit(c)
    }

    package mutating func next() -> CSSToken? {
        while peek() == "/" && peek(1) == "*" {
            i += 2
            while let c = peek(), !(c == "*" && peek(1) == "/") { _ = advance() }
            if i < source.count { i += 2 }
        }
        guard let c = peek() else { return nil }
        let start = i, startLine = line, startColumn = i - lineStart + 1
        func token(_ kind: CSSToken.Kind) -> CSSToken { CSSToken(kind: kind, range: start..<i, line: startLine, column: startColumn) }
        if Self.isWhitespace(c) {
            while Self.isWhitespace(peek()) { _ = advance() }
            return token(.whitespace)
        }
        if c == "\"" || c == "'" { return token(consumeString()) }
        if startsNumber() { return token(consumeNumeric()) }
        if c == "-" && peek(1) == "-" && peek(2) == ">" {
            i += 3
            return token(.cdc)
        }
        if startsIdentifier() { return token(consumeIdentLike()) }
        _ = advance()
        switch c {
        case "#":
            if Self.isName(peek()) || validEscape() { return token(.hash(consumeName())) }
            return token(.delim(c))
        case "(": return token(.openParen)
        case ")": return token(.closeParen)
        case "[": return token(.openSquare)
        case "]": return token(.closeSquare)
        case "{": return token(.openCurly)
        case "}": return token(.closeCurly)
        case ",": return token(.comma)
        case ":": return token(.colon)
        case ";": return token(.semicolon)
        case "<":
            if peek() == "!" && peek(1) == "-" && peek(2) == "-" { i += 3; return token(.cdo) }
            return token(.delim(c))
        case "@":
            if startsIdentifier() { return token(.atKeyword(consumeName())) }
            return token(.delim(c))
        case "\\":
            return token(.delim(c))  // a backslash before a newline
        default:
            return token(.delim(c))
        }
    }

    private mutating func consumeEscape() -> Unicode.Scalar {
        guard let c = advance() else { return "\u{FFFD}" }
        guard Self.isHex(c) else { return c }
        var hex = String(c)
        while hex.count < 6, Self.isHex(peek()), let h = advance() { hex.unicodeScalars.append(h) }
        if Self.isWhitespace(peek()) {
            if peek() == "\r" && peek(1) == "\n" { i += 1 }
            _ = advance()
        }
        guard let value = UInt32(hex, radix: 16), value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
        return scalar
    }

    private mutating func consumeName() -> String {
        var out = String.UnicodeScalarView()
        while true {
            if Self.isName(peek()), let c = advance() {
                out.append(c)
            } else if validEscape() {
                i += 1
                out.append(consumeEscape())
            } else {
                return String(out)
            }
        }
    }

    private mutating func consumeString() -> CSSToken.Kind {
        guard let quote = advance() else { return .badString }
        var out = String.UnicodeScalarView()
        while let c = peek() {
            if c == quote { i += 1; return .string(String(out)) }
            if Self.isNewline(c) { return .badString }  // the newline is left for the next token
            if c == "\\" {
                if peek(1) == nil { i += 1; continue }
                if Self.isNewline(peek(1)) { i += 1; _ = advance(); continue }  // line continuation
                i += 1
                out.append(consumeEscape())
                continue
            }
            out.append(c)
            i += 1
        }
        return .string(String(out))  // EOF ends the string
    }

    private mutating func consumeNumber() -> Double {
        let start = i
        if peek() == "+" || peek() == "-" { i += 1 }
        while Self.isDigit(peek()) { i += 1 }
        if peek() == ".", Self.isDigit(peek(1)) {
            i += 1
            while Self.isDigit(peek()) { i += 1 }
        }
        if peek() == "e" || peek() == "E" {
            let sign = peek(1) == "+" || peek(1) == "-" ? 1 : 0
            if Self.isDigit(peek(1 + sign)) {
                i += 1 + sign
                while Self.isDigit(peek()) { i += 1 }
            }
        }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: source[start..<i])
        return Double(String(text)) ?? 0
    }

    private mutating func consumeNumeric() -> CSSToken.Kind {
        let value = consumeNumber()
        if startsIdentifier() { return .dimension(value, unit: consumeName()) }
        if peek() == "%" { i += 1; return .percentage(value) }
        return .number(value)
    }

    private mutating func consumeIdentLike() -> CSSToken.Kind {
        let name = consumeName()
        guard peek() == "(" else { return .ident(name) }
        i += 1
        guard name.lowercased() == "url" else { return .function(name) }
        var j = i
        while Self.isWhitespace(j < source.count ? source[j] : nil) { j += 1 }
        if j < source.count, source[j] == "\"" || source[j] == "'" { return .function(name) }  // url("…") is a function
        return consumeURL()
    }

    private mutating func consumeURL() -> CSSToken.Kind {
        while Self.isWhitespace(peek()) { _ = advance() }
        var out = String.UnicodeScalarView()
        while let c = peek() {
            if c == ")" { i += 1; return .url(String(out)) }
            if Self.isWhitespace(c) {
                while Self.isWhitespace(peek()) { _ = advance() }
                if peek() == ")" { i += 1; return .url(String(out)) }
                if peek() == nil { return .url(String(out)) }
                consumeBadURLRemnants()
                return .badURL
            }
            if c == "\"" || c == "'" || c == "(" || c.value < 0x20 && c != "\t" {
                consumeBadURLRemnants()
                return .badURL
            }
            if c == "\\" {
                if validEscape() { i += 1; out.append(consumeEscape()); continue }
                consumeBadURLRemnants()
                return .badURL
            }
            out.append(c)
            i += 1
        }
        return .url(String(out))
    }

    private mutating func consumeBadURLRemnants() {
        while let c = peek() {
            if c == ")" { i += 1; return }
            if validEscape() { i += 1; _ = consumeEscape(); continue }
            _ = advance()
        }
    }
}
