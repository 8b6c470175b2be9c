import Foundation

/// A parsed style sheet: rules with their selectors and declarations, at-rules with their preludes
/// and nested rules. Enough structure for the cascade questions the pipeline asks, and for checks.
package struct CSSStyleSheet: Sendable, Equatable {
    package struct Declaration: Sendable, Equatable {
        /// Property name, lowercased.
        package var name: String
        /// The value as written, trimmed, without `!important`.
        package var value: String
        package var important: Bool
        package var line: Int
        package var column: Int
    }

    package indirect enum Rule: Sendable, Equatable {
        case style(selectors: String, declarations: [Declaration], line: Int)
        /// `@name prelude;` or `@name prelude { … }`; `rules` for rule-list blocks (`@media`, `@supports`),
        /// `declarations` for declaration blocks (`@font-face`, `@page`).
        case at(name: String, prelude: String, rules: [Rule], declarations: [Declaration], line: Int)
    }

    package var rules: [Rule]
    /// What the parser read past (text that is not a declaration, rules without a block).
    package var skipped: [SkippedCSS] = []

    /// `@import` targets in order (the string or `url()` of each).
    package var imports: [String] {
        rules.compactMap { rule in
            guard case .at(let name, let prelude, _, _, _) = rule, name.lowercased() == "import" else { return nil }
            return Self.importTarget(prelude)
        }
    }

    /// Visits every rule, nested ones after their at-rule, with its declarations and whether they
    /// belong to an `@font-face`: the one walk the checks and `urls` share.
    package func forEachRule(_ visit: (Rule, [Declaration], _ inFontFace: Bool) -> Void) {
        func walk(_ rules: [Rule]) {
            for rule in rules {
                switch rule {
                case .style(_, let declarations, _):
                    visit(rule, declarations, false)
                case .at(let name, _, let nested, let declarations, _):
                    visit(rule, declarations, name.lowercased() == "font-face")
                    walk(nested)
                }
            }
        }
        walk(rules)
    }

    /// A URL written in CSS and the token that holds it, for rewriting the text in place.
    package struct URLReference: Sendable, Equatable {
        package var url: String
        /// Scalar offsets of the token: a whole `url(x)`, or the string of `url("x")` / `@import "x"`.
        package var range: Range<Int>
        /// True for a `url(x)` token (replace with `url("…")`), false for a string (replace with `"…"`).
        package var isURLToken: Bool
        /// The string of an `@import "x"` (not a `url(…)`).
        package var isImportString: Bool
    }

    /// Every URL of a CSS text in source order: `url(x)`, `url("x")` (a function then its string)
    /// and `@import "x"`; with the text as scalars, which the ranges index.
    package static func urlReferences(in text: String) -> (source: [Unicode.Scalar], references: [URLReference]) {
        var out: [URLReference] = []
        var inURLFunction = false
        var afterImport = false
        let (source, tokens) = CSSTokenizer.tokenize(text)
        for token in tokens {
            switch token.kind {
            case .url(let s):
                out.append(.init(url: s, range: token.range, isURLToken: true, isImportString: false))
                afterImport = false
            case .function(let name):
                inURLFunction = name.lowercased() == "url"
                afterImport = false
            case .atKeyword(let name):
                afterImport = name.lowercased() == "import"
            case .string(let s) where inURLFunction || afterImport:
                out.append(.init(url: s, range: token.range, isURLToken: false, isImportString: !inURLFunction))
                inURLFunction = false
                afterImport = false
            case .whitespace:
                break
            default:
                afterImport = false
            }
        }
        return (source, out)
    }

    /// The `url(…)` targets of one value: `url(x)`, and `url("x")`, which tokenizes as a function then its string.
    package static func urls(in value: String) -> [String] {
        urlReferences(in: value).references.filter { !$0.isImportString }.map(\.url)
    }

    /// The target of an `@import` prelude: its first string, `url(…)` or `url("…")`.
    package static func importTarget(_ prelude: String) -> String? {
        for token in CSSTokenizer.tokenize(prelude).tokens {
            switch token.kind {
            case .string(let s), .url(let s): return s  // `url("…")` tokenizes as a function, then its string
            default: continue
            }
        }
        return nil
    }
}

/// A conformance checker run over a sheet's tokens in the parse's own pass (the validator's
/// `CSSGrammarCheck`): what it finds is its own value, kept beside the sheet by whoever parsed it.
/// The style engine defines the slot and never looks inside.
package typealias CSSGrammarChecker = @Sendable (_ source: [Unicode.Scalar], _ tokens: [CSSToken]) -> any Sendable
