/// A parsed style sheet: rules with their selectors and declarations, at-rules with their preludes
/// and nested rules. Enough structure for the cascade questions the pipeline asks, and for checks.
public struct CSSStyleSheet: Sendable, Equatable {
    public struct Declaration: Sendable, Equatable {
        /// Property name, lowercased.
        public var name: String
        /// The value as written, trimmed, without `!important`.
        public var value: String
        public var important: Bool
        public var line: Int
        public var column: Int
    }

    public indirect enum Rule: Sendable, Equatable {
        case style(selectors: String, declarations: [Declaration], line: Int)
        /// `@name prelude;` or `@name prelude { … }`; `rules` for rule-list blocks (`@media`, `@supports`),
        /// `declarations` for declaration blocks (`@font-face`, `@page`).
        case at(name: String, prelude: String, rules: [Rule], declarations: [Declaration], line: Int)
    }

    public var rules: [Rule]

    /// `@import` targets in order (the string or `url()` of each).
    public var imports: [String] {
        rules.compactMap { rule in
            guard case .at(let name, let prelude, _, _, _) = rule, name.lowercased() == "import" else { return nil }
            return Self.importTarget(prelude)
        }
    }

    /// The target of an `@import` prelude: its first string, `url(…)` or `url("…")`.
    public static func importTarget(_ prelude: String) -> String? {
        for token in CSSTokenizer.tokenize(prelude).tokens {
            switch token.kind {
            case .string(let s), .url(let s): return s  // `url("…")` tokenizes as a function, then its string
            default: continue
            }
        }
        return nil
    }
}
