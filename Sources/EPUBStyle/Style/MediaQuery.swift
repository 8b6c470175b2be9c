/// The one media-query evaluator: a media query list (Media Queries 4 § 3) read from CSS tokens and
/// evaluated for `MediaAssumptions`' screen. The export's cascade, the accessibility checker's
/// `display`, the contract's writing mode and the `media` attribute of `link` and `style` all ask
/// it, so a book is never vertical in the contract and hidden in the export.
///
/// Evaluation is three-valued (§ 3.2): a feature this screen does not know, or a value it cannot
/// read, is *unknown*; `not unknown` is unknown, `unknown or true` true, `unknown and true` unknown;
/// a query that is unknown at its top does not match. A query that does not parse is `not all`
/// (§ 3.2), and the list's other queries stand. `Fixtures/media/queries.tsv` holds what headless
/// Chromium's `matchMedia` answers at the same screen; `scripts/media-check` asks it again.
package enum MediaQuery {
    /// Whether a media query list (`screen and (min-width: 600px), print`) matches; an empty list
    /// matches (§ 2.1).
    package static func matches(_ list: String) -> Bool {
        let all = CSSTokenizer.tokenize(list).tokens
        let tokens = all.filter { $0.kind != .whitespace }
        if tokens.isEmpty { return true }
        var start = 0, depth = 0
        for (i, token) in tokens.enumerated() {
            switch token.kind {
            case .openParen, .function, .openSquare, .openCurly: depth += 1
            case .closeParen, .closeSquare, .closeCurly: depth -= 1
            case .comma where depth == 0:
                var reader = Reader(tokens[start..<i])
                if reader.query() == .true { return true }
                start = i + 1
            default: break
            }
        }
        var last = Reader(tokens[start...])
        return last.query() == .true
    }

    /// Kleene's three values.
    enum Truth {
        case `true`, `false`, unknown

        init(_ value: Bool) { self = value ? .true : .false }

        static prefix func ! (a: Truth) -> Truth { a == .unknown ? .unknown : Truth(a == .false) }
        static func && (a: Truth, b: Truth) -> Truth { a == .false || b == .false ? .false : (a == .true && b == .true ? .true : .unknown) }
        static func || (a: Truth, b: Truth) -> Truth { a == .true || b == .true ? .true : (a == .false && b == .false ? .false : .unknown) }
    }

    /// One query's tokens (whitespace removed), read by recursive descent; nil from a step means
    /// the query does not parse.
    struct Reader {
        let tokens: [CSSToken]
        var i = 0

        init(_ slice: ArraySlice<CSSToken>) { tokens = Array(slice) }

        /// `<media-condition> | [not | only]? <media-type> [and <media-condition-without-or>]?`;
        /// a query that does not parse is `not all`: false.
        mutating func query() -> Truth {
            guard !tokens.isEmpty else { return .false }
            if case .ident(let word) = tokens[0].kind {
                let first = word.lowercased()
                var typeAt = 0, negate = false
                if first == "not" || first == "only", tokens.count > 1, case .ident = tokens[1].kind {
                    typeAt = 1
                    negate = first == "not"
                } else if first == "not" || first == "only" {
                    typeAt = -1
                }
                if typeAt >= 0 { return typedQuery(typeAt: typeAt, negate: negate) }
            }
            guard let result = condition(allowOr: true), i == tokens.count else { return .false }
            return result
        }

        private mutating func typedQuery(typeAt: Int, negate: Bool) -> Truth {
            guard case .ident(let name) = tokens[typeAt].kind else { return .false }
            let type = name.lowercased()
            if ["only", "not", "and", "or", "layer"].contains(type) { return .false }
            var result = Truth(type == "all" || type == "screen")
            i = typeAt + 1
            if i < tokens.count {
                guard isWord("and") else { return .false }
                i += 1
                guard let rest = condition(allowOr: false), i == tokens.count else { return .false }
                result = result && rest
            }
            return negate ? !result : result
        }

        private func isWord(_ word: String) -> Bool {
            guard i < tokens.count, case .ident(let name) = tokens[i].kind else { return false }
            return name.lowercased() == word
        }

        /// `<media-not> | <media-in-parens> [<media-and>* | <media-or>*]`.
        mutating func condition(allowOr: Bool) -> Truth? {
            if isWord("not") {
                i += 1
                return inParens().map { !$0 }
            }
            guard var result = inParens() else { return nil }
            var joiner: String?
            while i < tokens.count {
                // `and` and `or` are not mixed without parentheses; `or` not after a media type.
                guard let word = isWord("and") ? "and" : (isWord("or") ? "or" : nil),
                      joiner == nil || joiner == word, word == "and" || allowOr else { return nil }
                joiner = word
                i += 1
                guard let next = inParens() else { return nil }
                result = word == "and" ? result && next : result || next
            }
            return result
        }

        /// `( <media-condition> ) | ( <media-feature> ) | <general-enclosed>`.
        mutating func inParens() -> Truth? {
            guard i < tokens.count else { return nil }
            if case .function = tokens[i].kind {
                guard let end = closing(from: i) else { return nil }
                i = end + 1
                return .unknown
            }
            guard tokens[i].kind == .openParen, let end = closing(from: i) else { return nil }
            let inner = Array(tokens[(i + 1)..<end])
            i = end + 1
            var nested = Reader(inner[...])
            if let result = nested.condition(allowOr: true), nested.i == inner.count { return result }
            return MediaFeature.evaluate(inner)
        }

        /// The index of the `)` that closes the parenthesis or function at `start`.
        private func closing(from start: Int) -> Int? {
            var depth = 0
            for j in start..<tokens.count {
                switch tokens[j].kind {
                case .openParen, .function, .openSquare, .openCurly: depth += 1
                case .closeParen, .closeSquare, .closeCurly:
                    depth -= 1
                    if depth == 0 { return j }
                default: break
                }
            }
            return nil
        }
    }
}
