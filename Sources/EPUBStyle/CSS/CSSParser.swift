/// Builds a `CSSStyleSheet` from tokens, recovering as browsers do: a broken declaration is skipped
/// up to the next `;`, a broken rule up to the end of its block. Nesting is bounded.
package struct CSSParser {
    private let source: [Unicode.Scalar]
    private let tokens: [CSSToken]
    private var i = 0
    private var skipped: [SkippedCSS] = []

    package static func parse(_ text: String) -> CSSStyleSheet {
        parse(text) { _, _ in () }.sheet
    }

    /// The sheet, and a conformance checker's reading of the same tokens made in the same pass
    /// (the validator's; a reader needs none, so `inspect` and `export` never run one).
    package static func parse<Findings>(_ text: String, checking check: (_ source: [Unicode.Scalar], _ tokens: [CSSToken]) -> Findings)
        -> (sheet: CSSStyleSheet, findings: Findings) {
        let (source, tokens) = CSSTokenizer.tokenize(text)
        var parser = CSSParser(source: source, tokens: tokens)
        var sheet = CSSStyleSheet(rules: parser.rules(topLevel: true, depth: 0))
        sheet.skipped = parser.skipped
        return (sheet, check(source, tokens))
    }

    /// Declarations of a `style` attribute.
    package static func parseDeclarations(_ text: String) -> [CSSStyleSheet.Declaration] {
        parseDeclarationList(text).declarations
    }

    /// Declarations of a `style` attribute, and the text read past that is not one.
    package static func parseDeclarationList(_ text: String) -> (declarations: [CSSStyleSheet.Declaration], skipped: [SkippedCSS]) {
        let (source, tokens) = CSSTokenizer.tokenize(text)
        var parser = CSSParser(source: source, tokens: tokens)
        return (parser.declarations(untilCloseCurly: false), parser.skipped)
    }

    private init(source: [Unicode.Scalar], tokens: [CSSToken]) {
        self.source = source
        self.tokens = tokens
    }

    private func text(_ range: Range<Int>) -> String {
        var out = String.UnicodeScalarView()
        out.append(contentsOf: source[range])
        return String(out).trimmingXMLWhitespace()
    }

    private func text(from first: Int, to end: Int) -> String {
        guard first < end else { return "" }
        return text(tokens[first].range.lowerBound..<tokens[end - 1].range.upperBound)
    }

    private mutating func rules(topLevel: Bool, depth: Int) -> [CSSStyleSheet.Rule] {
        var out: [CSSStyleSheet.Rule] = []
        while i < tokens.count {
            let token = tokens[i]
            switch token.kind {
            case .whitespace, .cdo, .cdc:
                i += 1
            case .closeCurly where !topLevel:
                return out
            case .atKeyword(let name):
                i += 1
                out.append(atRule(name: name, line: token.line, depth: depth))
            default:
                if let rule = styleRule(depth: depth) { out.append(rule) }
            }
        }
        return out
    }

    private mutating func atRule(name: String, line: Int, depth: Int) -> CSSStyleSheet.Rule {
        let start = i
        while i < tokens.count {
            switch tokens[i].kind {
            case .semicolon:
                let prelude = text(from: start, to: i)
                i += 1
                return .at(name: name, prelude: prelude, rules: [], declarations: [], line: line)
            case .openCurly:
                let prelude = text(from: start, to: i)
                i += 1
                let lower = name.lowercased()
                var nested: [CSSStyleSheet.Rule] = []
                var declarations: [CSSStyleSheet.Declaration] = []
                if ["media", "supports", "document", "-moz-document", "layer", "container"].contains(lower), depth < 32 {
                    nested = rules(topLevel: false, depth: depth + 1)
                } else if ["font-face", "page", "viewport", "-epub-viewport"].contains(lower) {
                    declarations = self.declarations(untilCloseCurly: true)
                } else {
                    skipBlock()
                    return .at(name: name, prelude: prelude, rules: [], declarations: [], line: line)
                }
                if i < tokens.count, tokens[i].kind == .closeCurly { i += 1 }
                return .at(name: name, prelude: prelude, rules: nested, declarations: declarations, line: line)
            case .closeCurly:
                return .at(name: name, prelude: text(from: start, to: i), rules: [], declarations: [], line: line)
            default:
                i += 1
            }
        }
        return .at(name: name, prelude: text(from: start, to: i), rules: [], declarations: [], line: line)
    }

    private mutating func styleRule(depth: Int) -> CSSStyleSheet.Rule? {
        let start = i
        let line = tokens[i].line
        while i < tokens.count {
            switch tokens[i].kind {
            case .openCurly:
                let selectors = text(from: start, to: i)
                i += 1
                let declarations = self.declarations(untilCloseCurly: true)
                if i < tokens.count, tokens[i].kind == .closeCurly { i += 1 }
                return .style(selectors: selectors, declarations: declarations, line: line)
            case .closeCurly where depth > 0:
                noBlock(from: start)  // the enclosing block ends; the half rule is dropped
                return nil
            default:
                // A `}` at top level is part of the prelude (CSS Syntax 3 § 5.4.3): the selector
                // is then not valid, and the rule goes.
                i += 1
            }
        }
        noBlock(from: start)
        return nil
    }

    private mutating func noBlock(from start: Int) {
        skipped.append(SkippedCSS(.block, text(from: start, to: i), line: tokens[start].line, column: tokens[start].column))
    }

    /// Reads past a declaration that is not `name: value` from `start`, and records it; not a
    /// nested rule (`& span { … }`, `@media … { … }` in a block: CSS Nesting, valid, not read here).
    private mutating func skipBroken(from start: Int, untilCloseCurly: Bool) {
        skipDeclaration(untilCloseCurly: untilCloseCurly)
        guard !tokens[start..<i].contains(where: { $0.kind == .openCurly }) else { return }
        skipped.append(SkippedCSS(.declaration, text(from: start, to: i), line: tokens[start].line, column: tokens[start].column))
    }

    /// Skips a `{ … }` block whose opening brace was consumed, nested blocks included.
    private mutating func skipBlock() {
        var level = 1
        while i < tokens.count {
            switch tokens[i].kind {
            case .openCurly: level += 1
            case .closeCurly:
                level -= 1
                if level == 0 { i += 1; return }
            default: break
            }
            i += 1
        }
    }

    private mutating func declarations(untilCloseCurly: Bool) -> [CSSStyleSheet.Declaration] {
        var out: [CSSStyleSheet.Declaration] = []
        while i < tokens.count {
            let token = tokens[i]
            switch token.kind {
            case .whitespace, .semicolon:
                i += 1
            case .closeCurly where untilCloseCurly:
                return out
            case .ident(let name):
                let start = i
                i += 1
                while i < tokens.count, tokens[i].kind == .whitespace { i += 1 }
                guard i < tokens.count, tokens[i].kind == .colon else {
                    skipBroken(from: start, untilCloseCurly: untilCloseCurly)
                    continue
                }
                i += 1
                let valueStart = i
                skipDeclaration(untilCloseCurly: untilCloseCurly)
                var valueEnd = i
                var important = false
                // `! important` at the end of the value.
                var j = valueEnd - 1
                while j >= valueStart, tokens[j].kind == .whitespace { j -= 1 }
                if j >= valueStart, case .ident(let word) = tokens[j].kind, word.lowercased() == "important" {
                    var k = j - 1
                    while k >= valueStart, tokens[k].kind == .whitespace { k -= 1 }
                    if k >= valueStart, tokens[k].kind == .delim("!") {
                        important = true
                        valueEnd = k
                    }
                }
                out.append(.init(name: name.lowercased(), value: text(from: valueStart, to: valueEnd), important: important, line: token.line, column: token.column))
            default:
                skipBroken(from: i, untilCloseCurly: untilCloseCurly)
            }
        }
        return out
    }

    /// Moves to the `;` (or, in a block, the `}`) that ends the current declaration, over nested blocks.
    private mutating func skipDeclaration(untilCloseCurly: Bool) {
        var level = 0
        while i < tokens.count {
            let kind = tokens[i].kind
            if level == 0 && (kind == .semicolon || (kind == .closeCurly && untilCloseCurly)) { return }
            switch kind {
            case .openCurly, .openParen, .openSquare, .function: level += 1
            case .closeCurly, .closeParen, .closeSquare: level = max(0, level - 1)
            default: break
            }
            i += 1
        }
    }
}
