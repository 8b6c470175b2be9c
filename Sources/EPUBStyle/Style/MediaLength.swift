/// A length in a media feature, in CSS px: a dimension or a `calc()` of them (CSS Values 4 § 10).
/// Relative units take their initial values, as in a media query (Media Queries 4 § 1.3): the
/// initial font (16 px unless `--font-size` says) for `em`, `rem`, `ex` and `ch`, the assumed screen for `vw`/`vh`; the units
/// are the cascade's (`StyleComputer.px`).
struct MediaLength {
    let value: Double

    init?(_ tokens: [CSSToken]) {
        if tokens.count == 1, case .dimension(let n, let unit) = tokens[0].kind, let px = Self.px(n, unit) {
            value = px
            return
        }
        guard case .function(let name)? = tokens.first?.kind, name.lowercased() == "calc", tokens.last?.kind == .closeParen else { return nil }
        var reader = Calc(tokens: Array(tokens.dropFirst().dropLast()))
        guard let result = reader.sum(), reader.i == reader.tokens.count, result.isLength else { return nil }
        value = result.value
    }

    /// A unit's px in a media query: the initial font size (`MediaAssumptions.fontSize`) for `em`, `rem`, `ex` and `ch`.
    static func px(_ n: Double, _ unit: String) -> Double? {
        StyleComputer.px(n, unit.lowercased(), fontSize: MediaAssumptions.fontSize, rootFontSize: MediaAssumptions.fontSize)
    }

    /// `calc()`'s sums and products over lengths and numbers (a product of two lengths, or a
    /// division by a length, is not a length).
    private struct Calc {
        let tokens: [CSSToken]
        var i = 0

        struct Term { var value: Double; var isLength: Bool }

        mutating func sum() -> Term? {
            guard var left = product() else { return nil }
            while i < tokens.count, case .delim(let op) = tokens[i].kind, op == "+" || op == "-" {
                i += 1
                guard let right = product(), right.isLength == left.isLength else { return nil }
                left.value += op == "+" ? right.value : -right.value
            }
            return left
        }

        mutating func product() -> Term? {
            guard var left = atom() else { return nil }
            while i < tokens.count, case .delim(let op) = tokens[i].kind, op == "*" || op == "/" {
                i += 1
                guard let right = atom(), !(left.isLength && right.isLength), !(op == "/" && (right.isLength || right.value == 0)) else { return nil }
                left = Term(value: op == "*" ? left.value * right.value : left.value / right.value, isLength: left.isLength || right.isLength)
            }
            return left
        }

        mutating func atom() -> Term? {
            guard i < tokens.count else { return nil }
            let token = tokens[i]
            i += 1
            switch token.kind {
            case .number(let n): return Term(value: n, isLength: false)
            case .dimension(let n, let unit): return Self.lengthTerm(n, unit)
            case .openParen:
                guard let inner = sum(), i < tokens.count, tokens[i].kind == .closeParen else { return nil }
                i += 1
                return inner
            default: return nil
            }
        }

        private static func lengthTerm(_ n: Double, _ unit: String) -> Term? {
            MediaLength.px(n, unit).map { Term(value: $0, isLength: true) }
        }
    }
}
