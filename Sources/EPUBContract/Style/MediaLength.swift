/// A length in a media feature, in CSS px: a dimension or a `calc()` of them (CSS Values 4 § 10).
/// Relative units take their initial values, as in a media query (Media Queries 4 § 1.3): `em` and
/// `rem` the initial 16 px, `ex` and `ch` half of it, `vw`/`vh` the assumed screen.
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

    static func px(_ n: Double, _ unit: String) -> Double? {
        let width = MediaAssumptions.width, height = MediaAssumptions.height
        switch unit.lowercased() {
        case "px": return n
        case "em", "rem": return n * 16
        case "ex", "ch": return n * 8
        case "pt": return n * 4 / 3
        case "pc": return n * 16
        case "in": return n * 96
        case "cm": return n * 96 / 2.54
        case "mm": return n * 96 / 25.4
        case "q": return n * 96 / 101.6
        case "vw": return n * width / 100
        case "vh": return n * height / 100
        case "vmin": return n * min(width, height) / 100
        case "vmax": return n * max(width, height) / 100
        default: return nil
        }
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
