import EPUBContract

/// Reads a style sheet's tokens as a conformance checker does, by the CSS 2.1 grammar with its
/// simple recovery (a broken declaration is skipped to the next `;` or `}`, without counting
/// nested blocks), and says where it breaks and which `url()` values its declarations use.
/// The browser-like `CSSParser` stays the reader of record for rules; this is the checker's view,
/// made in the same pass over the same tokens, so that its errors and URLs are what EPUBCheck finds.
package struct CSSGrammarCheck {
    /// The checker the session reads style sheets with, when validating.
    package static let checker: CSSGrammarChecker = { source, tokens in findings(source, tokens) }

    /// The checker's reading of a sheet's tokens.
    static func findings(_ source: [Unicode.Scalar], _ tokens: [CSSToken]) -> CSSGrammarFindings {
        let check = CSSGrammarCheck(source: source, tokens: tokens)
        return CSSGrammarFindings(syntaxProblems: check.problems, urlUses: check.urls, declarations: check.declarations,
                                  fontFaces: check.fontFaces.map { .init(line: $0.line, declarationCount: $0.declarations) })
    }

    /// Where the declarations of a `style` attribute break the CSS grammar.
    package static func declarationProblems(_ text: String) -> [CSSGrammarFindings.SyntaxProblem] {
        let (source, tokens) = CSSTokenizer.tokenize(text)
        return CSSGrammarCheck(source: source, tokens: tokens, declarationsOnly: true).problems
    }

    private let source: [Unicode.Scalar]
    private let tokens: [CSSToken]
    private var i = 0
    private(set) var problems: [CSSGrammarFindings.SyntaxProblem] = []
    private(set) var urls: [CSSGrammarFindings.URLUse] = []
    private(set) var declarations: [CSSGrammarFindings.Declaration] = []
    /// Each `@font-face` block: its line and how many declarations it has.
    private(set) var fontFaces: [(line: Int, declarations: Int)] = []

    /// `declarationsOnly`: the text of a `style` attribute, a declaration list without braces.
    init(source: [Unicode.Scalar], tokens: [CSSToken], declarationsOnly: Bool = false) {
        self.source = source
        self.tokens = tokens.filter { $0.kind != .whitespace }
        if declarationsOnly {
            declarations(inBlock: false, fontFace: false)
        } else {
            rules(nested: false)
        }
    }

    /// How many `@media`-like blocks enclose the current token.
    private var depth = 0

    private mutating func fail(_ message: MessageText, at token: CSSToken) {
        problems.append(.init(message: message, line: token.line, column: token.column))
    }

    /// The end came inside a construct: one error, at the last token.
    private mutating func prematureEnd(_ expecting: MessageArgument) {
        guard let last = tokens.last else { return }
        fail(.styleSheetEndsEarlyExpecting(expecting), at: last)
    }

    private static func describe(_ token: CSSToken) -> MessageArgument {
        switch token.kind {
        case .ident(let s), .atKeyword(let s), .hash(let s), .string(let s): return .text(s)
        case .delim(let c): return .text(String(c))
        case .colon: return ":"
        case .semicolon: return ";"
        case .openCurly: return "{"
        case .closeCurly: return "}"
        default: return .phrase(.thisToken)
        }
    }

    /// Top-level rules, or the rules of an `@media`-like block (`nested`), up to its `}`.
    private mutating func rules(nested: Bool) {
        while i < tokens.count {
            let token = tokens[i]
            switch token.kind {
            case .cdo, .cdc, .semicolon:
                i += 1
            case .closeCurly:
                i += 1
                if nested { return }
                fail(.notAllowedHere, at: token)
                skipRule()  // read as the start of a rule: it runs to the end of the next block
            case .atKeyword(let name):
                i += 1
                atRule(name.lowercased(), line: token.line)
            default:
                skipRule()
            }
        }
        if nested { prematureEnd("'}'") }
    }

    /// A style rule: its selector up to `{`, then its declarations.
    private mutating func skipRule() {
        while i < tokens.count, tokens[i].kind != .openCurly { i += 1 }
        guard i < tokens.count else { return prematureEnd("'{'") }
        i += 1
        declarations(inBlock: true, fontFace: false)
    }

    private mutating func atRule(_ name: String, line: Int) {
        while i < tokens.count, tokens[i].kind != .semicolon, tokens[i].kind != .openCurly, tokens[i].kind != .closeCurly { i += 1 }
        guard i < tokens.count else { return }
        switch tokens[i].kind {
        case .semicolon: i += 1
        case .openCurly:
            i += 1
            // Nesting is followed as deep as the parser follows it (32); deeper blocks are skipped
            // without recursion, so 200,000 nested `@media` cannot exhaust the stack.
            if ["media", "supports", "document", "-moz-document", "layer", "container"].contains(name), depth < 32 {
                depth += 1
                rules(nested: true)
                depth -= 1
            } else if ["font-face", "page", "viewport", "-epub-viewport"].contains(name) {
                let before = declarations.count
                declarations(inBlock: true, fontFace: name == "font-face")
                if name == "font-face" { fontFaces.append((line, declarations.count - before)) }
            } else {
                skipBlock()
            }
        default: break
        }
    }

    private mutating func skipBlock() {
        var level = 1
        while i < tokens.count {
            if tokens[i].kind == .openCurly { level += 1 }
            if tokens[i].kind == .closeCurly { level -= 1 }
            i += 1
            if level == 0 { return }
        }
        prematureEnd("'}'")
    }

    /// Declarations up to the block's `}` (or the end of a `style` attribute).
    private mutating func declarations(inBlock: Bool, fontFace: Bool) {
        while i < tokens.count {
            let token = tokens[i]
            switch token.kind {
            case .semicolon:
                i += 1
            case .closeCurly where inBlock:
                i += 1
                return
            case .ident:
                i += 1
                guard i < tokens.count else {
                    if !inBlock { fail(.notDeclarationExpecting(Self.describe(token)), at: token) }
                    break
                }
                guard tokens[i].kind == .colon else {
                    fail(.notAllowedHereExpecting(Self.describe(tokens[i])), at: token)
                    skipDeclaration()
                    continue
                }
                i += 1
                value(of: token, fontFace: fontFace)
            default:
                fail(.notAllowedHereExpectingPropertyName(Self.describe(token)), at: token)
                i += 1
                skipDeclaration()
            }
        }
        if inBlock { prematureEnd(.list(["';'", "'}'"], .or)) }
    }

    /// A declaration's value, up to `;` or the block's `}` outside parentheses; its `url()`s are uses.
    private mutating func value(of property: CSSToken, fontFace: Bool) {
        var depth = 0
        var inURLFunction = false
        let start = i
        defer {
            if case .ident(let name) = property.kind {
                let text = start < i ? String(String.UnicodeScalarView(source[tokens[start].range.lowerBound..<tokens[i - 1].range.upperBound])) : ""
                declarations.append(.init(name: name.lowercased(), value: text, line: property.line, column: property.column, inFontFace: fontFace))
            }
        }
        while i < tokens.count {
            let kind = tokens[i].kind
            if depth == 0 && (kind == .semicolon || kind == .closeCurly) { return }
            switch kind {
            case .url(let url):
                urls.append(.init(url: url, line: property.line, column: property.column, inFontFace: fontFace))
            case .function(let name):
                depth += 1
                inURLFunction = name.lowercased() == "url"
            case .string(let url) where inURLFunction:
                urls.append(.init(url: url, line: property.line, column: property.column, inFontFace: fontFace))
                inURLFunction = false
            case .openParen, .openSquare: depth += 1
            case .closeParen, .closeSquare: depth = max(0, depth - 1)
            default: break
            }
            i += 1
        }
    }

    /// Recovery: on to the next `;` (taken) or `}` (left for the block), nested blocks not counted.
    private mutating func skipDeclaration() {
        while i < tokens.count {
            if tokens[i].kind == .semicolon { i += 1; return }
            if tokens[i].kind == .closeCurly { return }
            i += 1
        }
    }
}
