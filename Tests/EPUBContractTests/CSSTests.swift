@testable import EPUBContract
@testable import EPUBDocument
@testable import EPUBStyle
@testable import EPUBValidator
@testable import EPUBReports
@testable import EPUBAccessibility
import Testing

struct CSSTests {
    private func kinds(_ css: String) -> [CSSToken.Kind] {
        CSSTokenizer.tokenize(css).tokens.map(\.kind).filter { $0 != .whitespace }
    }

    /// Nesting past the followed depth is skipped, not recursed into: 200,000 `@media` blocks once
    /// overflowed the grammar check's stack (found by fuzzing).
    @Test func deeplyNestedBlocksAreSkippedPastTheFollowedDepth() {
        let grammar = CSSParser.parse(String(repeating: "@media x { ", count: 200_000) + "p { color: red }", checking: CSSGrammarCheck.findings).findings
        // One "ends early" per block followed (32 and the top level), none for the 199,967 skipped.
        #expect(grammar.syntaxProblems.count == 33)
        #expect(grammar.syntaxProblems.allSatisfy { $0.message.rendered().contains("ends early") })
        // The conformance findings are the validator's own value, beside the sheet both parses give.
        let checked = CSSParser.parse("p { color: red; bad }", checking: CSSGrammarCheck.findings)
        #expect(checked.findings.syntaxProblems.count == 1)
        #expect(checked.sheet == CSSParser.parse("p { color: red; bad }"))
    }

    @Test func tokens() {
        #expect(kinds("a{b:c}") == [.ident("a"), .openCurly, .ident("b"), .colon, .ident("c"), .closeCurly])
        #expect(kinds("/* x { y } */ p") == [.ident("p")])
        #expect(kinds("/* unterminated") == [])
        #expect(kinds(#"'it\'s' "a\"b" "line\#ncont""#) == [.string("it's"), .string("a\"b"), .badString, .ident("cont"), .string("")])
        #expect(kinds(#"\66 oo \2d x"#) == [.ident("foo"), .ident("-x")])
        #expect(kinds("url( a.png ) url(\"b.png\") url(a b)") == [.url("a.png"), .function("url"), .string("b.png"), .closeParen, .badURL])
        #expect(kinds("12px 50% -1.5e2 .5em +3") == [.dimension(12, unit: "px"), .percentage(50), .number(-150), .dimension(0.5, unit: "em"), .number(3)])
        #expect(kinds("@media #id !important <!-- -->") == [.atKeyword("media"), .hash("id"), .delim("!"), .ident("important"), .cdo, .cdc])
        #expect(kinds("--custom -webkit-x") == [.ident("--custom"), .ident("-webkit-x")])
    }

    @Test func linesAreCounted() {
        let tokens = CSSTokenizer.tokenize("a\n/* two\nlines */\nb").tokens.filter { $0.kind != .whitespace }
        #expect(tokens.map(\.line) == [1, 4])
    }

    @Test func rulesAtRulesAndRecovery() {
        let sheet = CSSParser.parse("""
            @charset "utf-8";
            @import url("x.css") screen;
            @import 'y.css';
            html, body { writing-mode: vertical-rl !important; color: red ; bad; : x; margin: 0 }
            @media screen and (min-width: 1px) { p { a: b } @media print { q { c: d } } }
            @font-face { font-family: F; src: url(f.woff) }
            @keyframes k { from { x: y } }
            }} stray { ok: yes }
            """)
        #expect(sheet.imports == ["x.css", "y.css"])
        guard sheet.rules.count == 8 else {
            Issue.record("expected 8 rules, got \(sheet.rules.count)")
            return
        }
        guard case .style(let selectors, let declarations, let line) = sheet.rules[3] else {
            Issue.record("rule 3 is not a style rule")
            return
        }
        #expect(selectors == "html, body")
        #expect(line == 4)
        #expect(declarations.map(\.name) == ["writing-mode", "color", "margin"])
        #expect(declarations.map(\.value) == ["vertical-rl", "red", "0"])
        #expect(declarations.map(\.important) == [true, false, false])
        guard case .at("media", let prelude, let nested, _, _) = sheet.rules[4] else {
            Issue.record("rule 4 is not @media")
            return
        }
        #expect(prelude == "screen and (min-width: 1px)")
        #expect(nested.count == 2)
        guard case .at("font-face", _, _, let fontDeclarations, _) = sheet.rules[5] else {
            Issue.record("rule 5 is not @font-face")
            return
        }
        #expect(fontDeclarations.map(\.name) == ["font-family", "src"])
        // Stray braces at top level belong to the next rule's prelude (CSS Syntax 3 § 5.4.3):
        // its selector is then not valid and the rule goes.
        guard case .style("}} stray", let strayDeclarations, _) = sheet.rules[7] else {
            Issue.record("rule 7 is not the rule after the stray braces")
            return
        }
        #expect(strayDeclarations.map(\.value) == ["yes"])
        #expect(CSSSelector.parseList("}} stray") == nil)
        #expect(sheet.skipped == [SkippedCSS(.declaration, "bad", line: 4, column: 65), SkippedCSS(.declaration, ": x", line: 4, column: 70)])
    }

    /// What a browser reads past, and what it does not: a nested rule (CSS Nesting) is valid.
    @Test func skippedCSSIsWhatBrowsersSkip() {
        let sheet = CSSParser.parse("p { color: red; *zoom: 1; span { color: blue } & em { x: y } }\n@media screen { q { a: b }\nh2 }\nh3")
        #expect(sheet.skipped == [SkippedCSS(.declaration, "*zoom: 1", line: 1, column: 17), SkippedCSS(.block, "h2", line: 3, column: 1),
                                  SkippedCSS(.block, "h3", line: 4, column: 1)])
        let attribute = CSSParser.parseDeclarationList("color: red; font-weight bold; margin: 0")
        #expect(attribute.declarations.map(\.name) == ["color", "margin"])
        #expect(attribute.skipped == [SkippedCSS(.declaration, "font-weight bold", line: 1, column: 13)])
    }

    /// Valid selectors outside the subset are kept for the list's other selectors; one invalid
    /// selector voids the list (Selectors 4 § 18), as Chromium does.
    @Test func selectorListsAreValidOrNot() {
        #expect(CSSSelector.parseList("p::before, q")?.map { $0 == nil } == [true, false])
        #expect(CSSSelector.parseList("p:first-letter, p:nth-child(2n of .x), p::-webkit-x, p:is(a::before)")?.allSatisfy { $0 == nil } == true)
        // Selectors 4's logical pseudo-classes are read (LogicalSelectorTests).
        #expect(CSSSelector.parseList("p:is(a), p:has(> q), p:not(a b), p:where(.x)")?.allSatisfy { $0 != nil } == true)
        #expect(CSSSelector.parseList("p, q::foo") == nil)
        #expect(CSSSelector.parseList("p::-moz-selection, p::selection") == nil)
        #expect(CSSSelector.parseList("p:first") == nil)
        #expect(CSSSelector.parseList("p > > q") == nil)
        #expect(CSSSelector.parseList("> p") == nil)
        #expect(CSSSelector.parseList("p,, q") == nil)
        #expect(CSSSelector.parseList("p,") == nil)
        #expect(CSSSelector.parseList(".1x") == nil)
        #expect(CSSSelector.parseList("#-2") == nil)
        #expect(CSSSelector.parseList("svg|rect", namespaces: []) == nil)
        #expect(CSSSelector.parseList("svg|rect, [epub|type]", namespaces: ["svg", "epub"])?.count == 2)
        #expect(CSSSelector.parseList("[epub|type~=note]", namespaces: ["svg"]) == nil)
        #expect(CSSSelector.parse("p:only-of-type")?.compounds == [[.type("p"), .onlyOfType]])
        // After a pseudo-element, Chromium reads only `::marker` (after ::before/::after), :is(),
        // :where() and a scrollbar's states.
        for valid in ["p::before::marker", "p::before:is(:hover)", "p::-webkit-scrollbar:horizontal", "p::selection:window-inactive"] {
            #expect(CSSSelector.parseList(valid) != nil, "\(valid)")
        }
        for invalid in ["p::before:hover", "p:before.x", "p::after:not(a b)", "p::before[x]", "p::before p", "p::before > q", "p::marker:hover"] {
            #expect(CSSSelector.parseList(invalid) == nil, "\(invalid)")
        }
    }

    @Test func styleAttribute() {
        let declarations = CSSParser.parseDeclarations("writing-mode: vertical-rl; -epub-writing-mode:vertical-rl!important")
        #expect(declarations.map(\.name) == ["writing-mode", "-epub-writing-mode"])
        #expect(declarations.map(\.important) == [false, true])
    }

    /// The contract's writing mode of a document whose head is `root`, `style` and `body`, by
    /// the one cascade (CSS Writing Modes 3 § 8: the body's, inheriting the root's).
    static func writingMode(root: [String: String] = [:], css: String, body: [String: String]? = [:]) throws -> WritingMode? {
        let session = try PublicationSession(path: FixturePaths.folder("epub3-minimal"))
        let head = DocumentHead(rootName: "html", rootNamespace: nil, rootAttributes: root, bodyAttributes: body,
                                styles: [.inline(css)], viewportMetas: [], title: nil)
        return DocumentWritingMode.resolve(standIn: DocumentWritingMode.standIn(for: head), at: "EPUB/t.xhtml", sheets: StyleResolver.Sheets(loader: session.resources))
    }

    @Test func documentWritingModeIsTheBodysComputedValue() throws {
        #expect(try Self.writingMode(root: ["class": "v x"], css: "html.v { writing-mode: vertical-rl }") == .verticalRL)
        #expect(try Self.writingMode(root: ["xml:lang": "ja-JP"], css: ":root:lang(ja) { -epub-writing-mode: vertical-rl }") == .verticalRL)
        #expect(try Self.writingMode(css: "", body: ["style": "-webkit-writing-mode: vertical-lr"]) == .verticalLR)
        // The body's own value is the principal writing mode, not the root's.
        #expect(try Self.writingMode(css: "html { writing-mode: vertical-rl } body.tate { writing-mode: horizontal-tb }", body: ["class": "tate"]) == .horizontalTB)
        #expect(try Self.writingMode(css: "html { writing-mode: vertical-rl !important } html { writing-mode: horizontal-tb }") == .verticalRL)
        // Media queries by the one evaluator; inner elements and values Chromium drops say nothing.
        #expect(try Self.writingMode(css: "@media (max-width: 600px) { html { writing-mode: vertical-rl } }") == nil)
        #expect(try Self.writingMode(css: "@media (min-width: 600px) { html { writing-mode: vertical-rl } }") == .verticalRL)
        #expect(try Self.writingMode(css: "body p { writing-mode: vertical-rl }") == nil)
        #expect(try Self.writingMode(css: "html { writing-mode: tb-lr }") == nil)
        #expect(try Self.writingMode(css: "html { writing-mode: tb-rl }") == .verticalRL)
        #expect(try Self.writingMode(css: "html { writing-mode: vertical-rl } body { writing-mode: inherit }") == .verticalRL)
        #expect(try Self.writingMode(css: "html { writing-mode: vertical-rl } body { writing-mode: initial }") == .horizontalTB)
        #expect(try Self.writingMode(css: "@supports (writing-mode: vertical-rl) { html { writing-mode: vertical-rl } }") == .verticalRL)
        #expect(try Self.writingMode(css: "@supports not (writing-mode: vertical-rl) { html { writing-mode: vertical-rl } }") == nil)
    }
}
