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
            let tokens = CSSTokenizer.tokenize(prelude).tokens
            for token in tokens {
                switch token.kind {
                case .string(let s), .url(let s): return s
                case .function(let f) where f.lowercased() == "url":
                    if let arg = tokens.first(where: { if case .string = $0.kind { return true }; return false }), case .string(let s) = arg.kind { return s }
                default: continue
                }
            }
            return nil
        }
    }
}
