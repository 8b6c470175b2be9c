extension CSSSelector {
    /// Reads one selector's text, scalar by scalar.
    struct Scanner {
        let text: [Unicode.Scalar]
        var index = 0

        init(_ text: [Unicode.Scalar]) { self.text = text }

        var atEnd: Bool { index >= text.count }
        var peek: Unicode.Scalar { text[index] }
        mutating func advance() { index += 1 }

        @discardableResult
        mutating func skipSpace() -> Bool {
            let start = index
            while !atEnd, [" ", "\t", "\n", "\r", "\u{C}"].contains(peek) { advance() }
            return index > start
        }

        static func isNameScalar(_ s: Unicode.Scalar) -> Bool {
            s.properties.isAlphabetic || ("0"..."9").contains(s) || s == "-" || s == "_" || s.value > 0x7F || s == "\\"
        }

        mutating func name() -> String? {
            var out = ""
            while !atEnd, Self.isNameScalar(peek) {
                if peek == "\\" { advance(); if atEnd { return nil } }
                out.unicodeScalars.append(peek)
                advance()
            }
            return out.isEmpty ? nil : out
        }

        /// A type or universal selector, with an optional namespace prefix, then the rest.
        mutating func compound() -> [Simple]? {
            var out: [Simple] = []
            if !atEnd, peek == "*" {
                advance()
                if !atEnd, peek == "|" { advance(); if let n = name() { out.append(.type(n)) } else if !atEnd, peek == "*" { advance() } }
            } else if !atEnd, Self.isNameScalar(peek), let n = name() {
                if !atEnd, peek == "|" { advance(); guard let local = name() else { return nil }; out.append(.type(local)) } else { out.append(.type(n)) }
            }
            let star = out.isEmpty && index > 0 && text[index - 1] == "*"
            while !atEnd, let simple = simpleAfterType() {
                guard let simple else { return nil }
                out.append(simple)
            }
            return out.isEmpty && star ? [.universal] : out
        }

        /// The next `#id`, `.class`, `[attr]` or pseudo-class; nil at a combinator or the end,
        /// `.some(nil)` for something this subset does not read.
        mutating func simpleAfterType() -> Simple?? {
            switch peek {
            case "#": advance(); return .some(name().map { .id($0) })
            case ".": advance(); return .some(name().map { .className($0) })
            case "[": advance(); return .some(attribute())
            case ":":
                advance()
                if !atEnd, peek == ":" { return .some(nil) }
                guard let pseudo = name()?.lowercased() else { return .some(nil) }
                switch pseudo {
                case "first-child": return .some(.firstChild)
                case "last-child": return .some(.lastChild)
                case "only-child": return .some(.onlyChild)
                case "first-of-type": return .some(.nth(a: 0, b: 1, ofType: true, fromEnd: false))
                case "last-of-type": return .some(.nth(a: 0, b: 1, ofType: true, fromEnd: true))
                case "root": return .some(.root)
                case "empty": return .some(.empty)
                case "link", "any-link", "-webkit-any-link": return .some(.link)
                case "visited", "hover", "active", "focus", "focus-within", "focus-visible", "target", "checked", "indeterminate":
                    return .some(.never)
                case "not":
                    guard let text = argument() else { return .some(nil) }
                    var inner = Scanner(Array(text.unicodeScalars))
                    inner.skipSpace()
                    let compound = inner.compound()
                    inner.skipSpace()
                    guard let compound, compound.count == 1, inner.atEnd else { return .some(nil) }
                    return .some(.not(compound[0]))
                case "lang":
                    guard let text = argument()?.trimmingXMLWhitespace(), !text.isEmpty else { return .some(nil) }
                    return .some(.lang(text.trimmingCharacters(in: ["\"", "'"]).lowercased()))
                case "nth-child", "nth-last-child", "nth-of-type", "nth-last-of-type":
                    guard let text = argument(), let (a, b) = Self.anPlusB(text) else { return .some(nil) }
                    return .some(.nth(a: a, b: b, ofType: pseudo.hasSuffix("of-type"), fromEnd: pseudo.hasPrefix("nth-last")))
                default: return .some(nil)
                }
            default: return nil
            }
        }

        /// The text inside `( … )` after a functional pseudo-class; nil when there is none.
        mutating func argument() -> String? {
            guard !atEnd, peek == "(" else { return nil }
            advance()
            var text = String.UnicodeScalarView()
            var depth = 1
            while !atEnd {
                if peek == "(" { depth += 1 } else if peek == ")" { depth -= 1; if depth == 0 { break } }
                text.append(peek)
                advance()
            }
            guard !atEnd else { return nil }
            advance()
            return String(text)
        }

        /// `an+b` (Syntax 3 § 6.6), `odd` and `even`; nil for anything else (`of S` is not read).
        static func anPlusB(_ text: String) -> (Int, Int)? {
            let t = text.lowercased().filter { !$0.isWhitespace }
            if t == "odd" { return (2, 1) }
            if t == "even" { return (2, 0) }
            guard let n = t.firstIndex(of: "n") else { return Int(t).map { (0, $0) } }
            let head = t[..<n], tail = t[t.index(after: n)...]
            let a: Int
            switch head {
            case "", "+": a = 1
            case "-": a = -1
            default: guard let v = Int(head) else { return nil }; a = v
            }
            if tail.isEmpty { return (a, 0) }
            guard tail.first == "+" || tail.first == "-", let b = Int(tail.first == "+" ? String(tail.dropFirst()) : String(tail)) else { return nil }
            return (a, b)
        }

        mutating func attribute() -> Simple? {
            skipSpace()
            var namespaced = false
            if !atEnd, peek == "*" || peek == "|" {
                // `[*|name]`, `[|name]`: any namespace, no namespace.
                let any = peek == "*"
                advance()
                guard !atEnd, peek == "|" || !any else { return nil }
                if any { advance() }
                namespaced = any
            }
            guard var attributeName = name() else { return nil }
            if !atEnd, peek == "|", index + 1 < text.count, text[index + 1] != "=" {
                advance()
                guard let local = name() else { return nil }
                attributeName = local
                namespaced = true
            }
            skipSpace()
            if !atEnd, peek == "]" { advance(); return .attribute(name: attributeName, op: nil, value: "", namespaced: namespaced) }
            var op = ""
            while !atEnd, ["=", "~", "|", "^", "$", "*"].contains(peek) { op.unicodeScalars.append(peek); advance() }
            guard ["=", "~=", "|=", "^=", "$=", "*="].contains(op) else { return nil }
            skipSpace()
            var value = ""
            if !atEnd, peek == "\"" || peek == "'" {
                let quote = peek
                advance()
                while !atEnd, peek != quote { value.unicodeScalars.append(peek); advance() }
                guard !atEnd else { return nil }
                advance()
            } else {
                guard let n = name() else { return nil }
                value = n
            }
            skipSpace()
            var ignoreCase = false
            if !atEnd, peek == "i" || peek == "I" || peek == "s" || peek == "S" {
                ignoreCase = peek == "i" || peek == "I"
                advance()
                skipSpace()
            }
            guard !atEnd, peek == "]" else { return nil }
            advance()
            return .attribute(name: attributeName, op: op, value: value, namespaced: namespaced, ignoreCase: ignoreCase)
        }
    }
}
