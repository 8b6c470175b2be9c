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
            while !atEnd, let simple = simpleAfterType() {
                guard let simple else { return nil }
                out.append(simple)
            }
            return out
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
                case "not":
                    guard !atEnd, peek == "(" else { return .some(nil) }
                    advance(); skipSpace()
                    let inner = compound()
                    skipSpace()
                    guard let inner, inner.count == 1, !atEnd, peek == ")" else { return .some(nil) }
                    advance()
                    return .some(.not(inner[0]))
                default: return .some(nil)
                }
            default: return nil
            }
        }

        mutating func attribute() -> Simple? {
            skipSpace()
            guard var attributeName = name() else { return nil }
            if !atEnd, peek == "|", index + 1 < text.count, text[index + 1] != "=" { advance(); guard let local = name() else { return nil }; attributeName = local }
            skipSpace()
            if !atEnd, peek == "]" { advance(); return .attribute(name: attributeName, op: nil, value: "") }
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
            if !atEnd, peek == "i" || peek == "I" { return nil }  // case-insensitive flag: not read
            guard !atEnd, peek == "]" else { return nil }
            advance()
            return .attribute(name: attributeName, op: op, value: value)
        }
    }
}
