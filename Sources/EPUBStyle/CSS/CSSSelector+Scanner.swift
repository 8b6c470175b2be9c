extension CSSSelector {
    /// Reads one selector's text, scalar by scalar.
    struct Scanner {
        let text: [Unicode.Scalar]
        var index = 0
        /// Prefixes declared by the sheet's `@namespace` rules; nil: any prefix is taken.
        let namespaces: Set<String>?
        /// Set when the selector holds valid CSS this subset does not match.
        var unmatched = false
        /// The pseudo-element of the current compound: little may follow it (Selectors 4 § 3.6.3).
        var pseudoElementName: String?

        init(_ text: [Unicode.Scalar], namespaces: Set<String>? = nil) {
            self.text = text
            self.namespaces = namespaces
        }

        /// Whether a namespace prefix may be used: declared, or `*`.
        func declared(_ prefix: String) -> Bool { prefix == "*" || namespaces?.contains(prefix) ?? true }

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

        /// A name that is an identifier (not `1x` or `-1x`): what class and id selectors take.
        mutating func identifier() -> String? {
            guard let n = name() else { return nil }
            let scalars = Array(n.unicodeScalars)
            let first = scalars[0] == "-" && scalars.count > 1 ? scalars[1] : scalars[0]
            return ("0"..."9").contains(first) ? nil : n
        }

        /// A type or universal selector, with an optional namespace prefix, then the rest.
        mutating func compound() -> [Simple]? {
            pseudoElementName = nil
            var out: [Simple] = []
            if !atEnd, peek == "*" {
                advance()
                if !atEnd, peek == "|" { advance(); if let n = name() { out.append(.type(n)) } else if !atEnd, peek == "*" { advance() } }
            } else if !atEnd, Self.isNameScalar(peek), let n = identifier() {
                if !atEnd, peek == "|" {
                    advance()
                    guard declared(n), let local = identifier() else { return nil }
                    out.append(.type(local))
                } else {
                    out.append(.type(n))
                }
            }
            let star = out.isEmpty && index > 0 && text[index - 1] == "*"
            while !atEnd, let simple = simpleAfterType() {
                guard let simple else { return nil }
                out.append(simple)
            }
            return out.isEmpty && star ? [.universal] : out
        }

        /// The next `#id`, `.class`, `[attr]` or pseudo-class; nil at a combinator or the end,
        /// `.some(nil)` for text that is not a valid selector.
        mutating func simpleAfterType() -> Simple?? {
            if let element = pseudoElementName, !atEnd, [".", "#", "[", ":"].contains(peek) {
                return .some(afterPseudoElement(element))
            }
            switch peek {
            case "#": advance(); return .some(identifier().map { .id($0) })
            case ".": advance(); return .some(identifier().map { .className($0) })
            case "[": advance(); return .some(attribute())
            case ":":
                advance()
                if !atEnd, peek == ":" {
                    advance()
                    return .some(pseudoElement())
                }
                guard let pseudo = name()?.lowercased() else { return .some(nil) }
                return .some(pseudoClass(pseudo))
            default: return nil
            }
        }

        /// A pseudo-class after its colon.
        mutating func pseudoClass(_ pseudo: String) -> Simple? {
            switch pseudo {
            case "first-child": return .firstChild
            case "last-child": return .lastChild
            case "only-child": return .onlyChild
            case "first-of-type": return .nth(a: 0, b: 1, ofType: true, fromEnd: false)
            case "last-of-type": return .nth(a: 0, b: 1, ofType: true, fromEnd: true)
            case "only-of-type": return .onlyOfType
            case "root": return .root
            case "empty": return .empty
            case "link", "any-link", "-webkit-any-link": return .link
            case "disabled": return .disabled(true)
            case "enabled": return .disabled(false)
            case "visited", "hover", "active", "focus", "focus-within", "focus-visible", "target", "checked", "indeterminate":
                return .never
            case "not":
                guard let text = argument() else { return nil }
                guard let inner = CSSSelector.parseList(text, namespaces: namespaces) else { return nil }
                if inner.count == 1, let only = inner[0], only.compounds.count == 1, only.compounds[0].count == 1 { return .not(only.compounds[0][0]) }
                guard !inner.contains(where: { $0 == nil }) else { return unmatchedSimple() }
                return .any(inner.compactMap { $0 }, zero: false, negated: true)
            case "is", "where":
                // A forgiving list (Selectors 4 § 4.2): selectors that are not valid are dropped.
                guard let text = argument() else { return nil }
                var list: [CSSSelector] = []
                for part in CSSSelector.split(text, on: ",") {
                    switch CSSSelector.read(part, namespaces: namespaces) {
                    case .selector(let selector): list.append(selector)
                    case .unmatched: return unmatchedSimple()
                    case .invalid: continue
                    }
                }
                return .any(list, zero: pseudo == "where", negated: false)
            case "has":
                guard let text = argument() else { return nil }
                return relativeList(text)
            case "lang":
                guard let text = argument()?.trimmingXMLWhitespace(), !text.isEmpty else { return nil }
                return .lang(text.trimmingCharacters(in: ["\"", "'"]).lowercased())
            case "nth-child", "nth-last-child", "nth-of-type", "nth-last-of-type":
                guard let text = argument() else { return nil }
                if let (a, b) = Self.anPlusB(text) {
                    return .nth(a: a, b: b, ofType: pseudo.hasSuffix("of-type"), fromEnd: pseudo.hasPrefix("nth-last"))
                }
                // `:nth-child(2n of .x)` is valid (Selectors 4), not read here.
                return text.lowercased().contains(" of ") && !pseudo.hasSuffix("of-type") ? unmatchedSimple() : nil
            case "before", "after", "first-letter", "first-line":
                pseudoElementName = pseudo
                return unmatchedSimple()  // CSS 2's pseudo-elements with one colon
            default:
                guard Self.otherPseudoClasses.contains(pseudo) else { return nil }
                if !atEnd, peek == "(" { guard argument() != nil else { return nil } }
                return unmatchedSimple()
            }
        }

        /// A pseudo-element after its two colons: valid when a browser knows it (or it is
        /// `-webkit-` prefixed, which Chromium keeps), never an element this subset matches.
        mutating func pseudoElement() -> Simple? {
            guard let element = name()?.lowercased(), Self.pseudoElements.contains(element) || element.hasPrefix("-webkit-") else { return nil }
            if !atEnd, peek == "(" { guard argument() != nil else { return nil } }
            pseudoElementName = element
            return unmatchedSimple()
        }

        /// What may follow a pseudo-element, as Chromium reads it: `::marker` after `::before` and
        /// `::after`, `:is()`/`:where()`, a scrollbar's states after a `-webkit-` one, any
        /// pseudo-class after `::part()`; nothing else (not `::before:hover`, not `::before.x`).
        mutating func afterPseudoElement(_ element: String) -> Simple? {
            guard peek == ":" else { return nil }
            advance()
            let double = !atEnd && peek == ":"
            if double { advance() }
            guard let next = name()?.lowercased() else { return nil }
            if double {
                guard next == "marker", element == "before" || element == "after" else { return nil }
                pseudoElementName = next
                return unmatchedSimple()
            }
            let allowed = ["is", "where"].contains(next) || element == "part"
                || (next == "window-inactive" && (element == "selection" || element.hasPrefix("-webkit-")))
                || (element.hasPrefix("-webkit-scrollbar") && Self.scrollbarStates.contains(next))
            guard allowed else { return nil }
            if !atEnd, peek == "(" { guard argument() != nil else { return nil } }
            return unmatchedSimple()
        }

        static let scrollbarStates: Set<String> = [
            "horizontal", "vertical", "decrement", "increment", "start", "end", "double-button", "single-button", "no-button",
            "corner-present", "enabled", "disabled", "hover", "active",
        ]

        /// `:has()`'s relative selectors (`> p`, `+ h2`, `img`): each read as a selector whose
        /// leftmost compound is the anchor; nil when one is not valid (the list is unforgiving).
        mutating func relativeList(_ text: String) -> Simple? {
            var list: [CSSSelector] = [], leading: [Combinator] = []
            for part in CSSSelector.split(text, on: ",") {
                var rest = Substring(part.trimmingXMLWhitespace())
                var combinator = Combinator.descendant
                switch rest.first {
                case ">": combinator = .child; rest = rest.dropFirst()
                case "+": combinator = .adjacent; rest = rest.dropFirst()
                case "~": combinator = .sibling; rest = rest.dropFirst()
                default: break
                }
                switch CSSSelector.read(String(rest), namespaces: namespaces) {
                case .selector(let selector):
                    // `:has()` inside `:has()` is not valid.
                    if selector.compounds.joined().contains(where: { if case .has = $0 { return true } else { return false } }) { return nil }
                    list.append(CSSSelector(compounds: selector.compounds + [[.scope]], combinators: selector.combinators + [combinator]))
                    leading.append(combinator)
                case .unmatched: return unmatchedSimple()
                case .invalid: return nil
                }
            }
            return list.isEmpty ? nil : .has(list, leading: leading)
        }

        /// Marks the selector as valid CSS outside this subset; the placeholder matches nothing.
        mutating func unmatchedSimple() -> Simple {
            unmatched = true
            return .never
        }

        /// Pseudo-classes Chromium reads in a style rule that this subset does not match.
        static let otherPseudoClasses: Set<String> = [
            "-webkit-any", "dir", "scope", "default", "defined", "in-range", "out-of-range",
            "valid", "invalid", "user-valid", "user-invalid", "optional", "required", "read-only", "read-write", "placeholder-shown",
            "autofill", "-webkit-autofill", "fullscreen", "-webkit-full-screen", "modal", "popover-open", "open", "closed", "playing",
            "paused", "muted", "volume-locked", "buffering", "stalled", "seeking", "picture-in-picture", "host", "host-context",
            "state", "future", "past", "xr-overlay", "target-current", "active-view-transition", "active-view-transition-type",
        ]

        /// Pseudo-elements Chromium reads.
        static let pseudoElements: Set<String> = [
            "before", "after", "first-letter", "first-line", "marker", "placeholder", "selection", "backdrop", "file-selector-button",
            "cue", "target-text", "spelling-error", "grammar-error", "highlight", "part", "slotted", "view-transition",
            "view-transition-group", "view-transition-image-pair", "view-transition-old", "view-transition-new", "details-content",
            "column", "scroll-marker", "scroll-marker-group", "scroll-button", "picker", "checkmark", "picker-icon", "search-text",
        ]

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
                guard declared(attributeName), let local = name() else { return nil }
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
