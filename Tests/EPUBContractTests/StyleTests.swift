@testable import EPUBContract
@testable import EPUBDocument
@testable import EPUBStyle
import CLibXML2
import Foundation
import Testing

/// The cascade's parts that `Fixtures/export/styles-cascade` (checked against Chromium) cannot
/// show: the `-epub-` and `-webkit-` forms a reading system honours where Chromium 156 no longer
/// does, values as `getComputedStyle` prints them, media queries for the assumed screen.
struct StyleTests {
    /// The computed styles of a one-document book whose body is `body`, with `css` in its head.
    static func styles(_ body: String, css: String) throws -> (ContentDocument, [ComputedStyle], UnsafeMutablePointer<xmlDoc>) {
        let xhtml = """
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>t</title><style>\(css)</style></head><body>\(body)</body></html>
            """
        let tree = try #require(xhtml.withCString { xmlReadMemory($0, Int32(strlen($0)), "t.xhtml", nil, 0) })
        let model = ContentDocument(tree: tree, path: "EPUB/t.xhtml")
        let session = try PublicationSession(path: FixturePaths.folder("epub3-minimal"))
        return (model, StyleResolver.styles(of: model, sheets: StyleResolver.Sheets(loader: session.resources)), tree)
    }

    /// Every name a declaration can have that sets a longhand we compute (the longhands, every
    /// alias, every shorthand of `StyleDeclarations.longhands(of:)`) holds one of the words
    /// `namesThatCanSet` gives for it: a sheet without them is skipped unparsed for that longhand.
    @Test func everyNameThatSetsALonghandHoldsOneOfItsWords() {
        let shorthands = ["margin", "padding", "border-width", "border-style", "border-color", "border", "border-top", "border-right",
                          "border-bottom", "border-left", "font", "background", "list-style", "text-decoration", "font-variant",
                          "margin-block", "margin-inline", "padding-block", "padding-inline"]
        let aliases = ["-epub-writing-mode", "-webkit-writing-mode", "-epub-hyphens", "-webkit-hyphens", "-epub-text-orientation",
                       "-webkit-text-orientation", "-epub-text-combine", "-webkit-text-combine", "-epub-text-combine-horizontal",
                       "-webkit-text-combine-upright", "-webkit-margin-before", "-webkit-margin-after", "-webkit-margin-start",
                       "-webkit-margin-end", "-webkit-padding-start", "-webkit-padding-end", "-epub-text-transform",
                       "-webkit-text-transform", "-webkit-text-decoration-line"]
        var checked = 0
        for name in Array(StyleSlot.byName.keys) + shorthands + aliases {
            for longhand in StyleDeclarations.longhands(of: StyleDeclarations.alias(name)) where StyleSlot.byName[longhand] != nil {
                #expect(StyleDeclarations.namesThatCanSet(longhand).contains { name.contains($0) }, "\(name) sets \(longhand)")
                checked += 1
            }
        }
        #expect(checked > 100)
        // The contract asks for writing-mode, which the user agent's sheets never set; the accessibility checker for display.
        var cascade = Cascade()
        cascade.keepOnly(["writing-mode"])
        #expect(StyleResolver.userAgentRules(keeping: cascade.kept).isEmpty)
        cascade.keepOnly(["display"])
        #expect(StyleResolver.userAgentRules(keeping: cascade.kept).count > 50)
    }

    @Test func epubPrefixedPropertiesAreTheirUnprefixedForms() throws {
        let (model, styles, tree) = try Self.styles("<p id='a'>a</p><p id='b'>b</p>",
            css: "#a { -epub-hyphens: auto; -epub-writing-mode: vertical-rl; -epub-text-combine: horizontal } #b { -webkit-hyphens: none; -epub-text-orientation: sideways-right }")
        defer { xmlFreeDoc(tree) }
        let a = try #require(model.element(id: "a")), b = try #require(model.element(id: "b"))
        #expect(styles[a]["hyphens"] == "auto")
        #expect(styles[a]["writing-mode"] == "vertical-rl")
        #expect(styles[a]["text-combine-upright"] == "all")
        #expect(styles[b]["hyphens"] == "none")
        #expect(styles[b]["text-orientation"] == "sideways")
    }

    @Test func valuesPrintAsGetComputedStyleDoes() throws {
        let (model, styles, tree) = try Self.styles("<p id='a'>a <span id='s'>s</span></p><h2 id='h'>h</h2>",
            css: "#a { font-size: 12pt; line-height: 1.5; color: #abc8; letter-spacing: 0; border-top: 0.4px solid; margin-left: 2.5vw } #s { font-size: 90% } #h { font: 600 1.1em/normal 'Times New Roman', 'serif', Fantasy }")
        defer { xmlFreeDoc(tree) }
        let a = try #require(model.element(id: "a")), s = try #require(model.element(id: "s")), h = try #require(model.element(id: "h"))
        #expect(styles[a]["font-size"] == "16px")
        #expect(styles[a]["line-height"] == "24px")
        #expect(styles[s]["line-height"] == "21.6px")  // the number is inherited, not the 24px
        #expect(styles[a]["color"] == "rgba(170, 187, 204, 0.533)")
        #expect(styles[a]["letter-spacing"] == "normal")
        #expect(styles[a]["border-top-width"] == "1px")
        #expect(styles[a]["border-top-color"] == "rgba(170, 187, 204, 0.533)")
        #expect(styles[a]["margin-left"] == "19.2px")
        #expect(styles[s]["font-size"] == "14.4px")
        #expect(styles[h]["font-family"] == "\"Times New Roman\", \"serif\", fantasy")
        #expect(styles[h]["font-weight"] == "600")
        #expect(styles[h]["font-size"] == "17.6px")
    }

    /// `font-family` and `font` as `CSS.supports` answers in Chromium 156 (found by
    /// css-skip-check --mutate: `#1234` was taken as a family).
    @Test func fontFamiliesAreIdentifiersOrStrings() {
        let family = StyleProperty.all[StyleProperty.index["font-family"] ?? 0]
        for valid in ["Times New Roman, serif", "'A', \"B\", c d", "a, 'b", "_x, -webkit-body", "宋体, serif", "\\31 23", "serif"] {
            #expect(family.accepts(valid), "\(valid)")
        }
        for invalid in ["#1234", "rgb(1 2 3 / 50%)", "Arial, inherit", "Arial,", "-1x", "Arial, 12px"] {
            #expect(!family.accepts(invalid), "\(invalid)")
        }
        #expect(StyleDeclarations.expand("font", "italic bold 12px/30px Georgia, serif").count == 6)
        #expect(StyleDeclarations.expand("font", "12px #1234").isEmpty)
        #expect(StyleDeclarations.expand("font", "bold 1em").isEmpty)
    }

    @Test func mediaQueriesReadTheAssumedScreen() {
        #expect(MediaAssumptions.matches("screen and (min-width: 600px)"))
        #expect(!MediaAssumptions.matches("print"))
        #expect(MediaAssumptions.matches("print, (orientation: portrait)"))
        #expect(!MediaAssumptions.matches("not screen"))
        #expect(!MediaAssumptions.matches("(max-width: 40em)"))
        #expect(!MediaAssumptions.matches("amzn-kf8"))
        #expect(MediaAssumptions.supports("(display: grid)"))
        #expect(!MediaAssumptions.supports("not (display: grid)"))
        #expect(!MediaAssumptions.supports("(-epub-foo: bar)"))
    }
}

/// Font sizes as headless Chromium computes them, read off it (scripts/style-check holds whole
/// books to it at other default sizes): its keyword table for a `medium` of 9 to 16 px and its
/// factors beyond, and the minimum logical font size (6 px) that sizes reached from the default
/// are held to while `em` lengths and children's `em` keep the size as specified.
struct FontSizeTests {
    @Test func keywordSizesFollowChromiumsTableAndFactors() {
        let keywords = 1...8
        #expect(keywords.map { StyleComputer.keywordSize($0, medium: 16) } == [9, 10, 13, 16, 18, 24, 32, 48])
        #expect(keywords.map { StyleComputer.keywordSize($0, medium: 13) } == [9, 10, 12, 13, 16, 20, 26, 39])  // monospace: large is 16, x-large 20
        #expect(keywords.map { StyleComputer.keywordSize($0, medium: 9) } == [9, 9, 9, 9, 11, 14, 18, 27])
        #expect(keywords.map { StyleComputer.keywordSize($0, medium: 11) } == [9, 9, 10, 11, 13, 17, 22, 33])
        #expect(keywords.map { CSSNumber.px(StyleComputer.keywordSize($0, medium: 20)) } == ["12px", "15px", "17.8px", "20px", "24px", "30px", "40px", "60px"])
        #expect(keywords.map { CSSNumber.px(StyleComputer.keywordSize($0, medium: 17)) } == ["10.2px", "12.75px", "15.13px", "17px", "20.4px", "25.5px", "34px", "51px"])
        #expect(keywords.map { StyleComputer.keywordSize($0, medium: 5) } == [6, 6, 6, 6, 6, 7.5, 10, 15])
    }

    @Test func sizesFromTheDefaultAreNeverBelowSixPixels() throws {
        let (model, styles, tree) = try StyleTests.styles("""
            <div id='a' style='font-size:0.2em'><span id='a1' style='font-size:2em'>x</span><span id='a2' style='font-size:larger'>x</span>\
            <span id='a3' style='line-height:2;margin-left:1em'>x</span><span id='a4' style='font-size:4px'><b id='a5' style='font-size:1em'>x</b></span></div>\
            <div id='b' style='font-size:4px'><span id='b3' style='font-size:smaller'>x</span></div>\
            <div id='c' style='font-size:x-small'><span id='c1' style='font-size:0.5em'>x</span></div>\
            <div id='f' style='font-size:0px'>x</div><pre id='g' style='font-size:0.3em'><span id='g1' style='font-family:serif'>x</span></pre>
            """, css: "")
        defer { xmlFreeDoc(tree) }
        func size(_ id: String) throws -> String? { styles[try #require(model.element(id: id))]["font-size"] }
        #expect(try size("a") == "6px")
        #expect(try size("a1") == "6.4px")  // 2em of the 3.2px specified, not of the 6px used
        #expect(try size("a2") == "6px")
        #expect(try size("a4") == "4px")  // an absolute length may be smaller
        #expect(try size("a5") == "4px")
        #expect(try size("b3") == "3.33333px")
        #expect(try size("c1") == "6px")
        #expect(try size("f") == "0px")
        #expect(try size("g") == "6px")
        #expect(try size("g1") == "6px")
        let a3 = styles[try #require(model.element(id: "a3"))]
        #expect(a3["line-height"] == "12px")  // a number multiplies the size used
        #expect(a3["margin-left"] == "3.2px")  // an em length, the size specified
    }
}

/// The user style sheet's place in the cascade (CSS Cascading and Inheritance 4 § 6.2): over the
/// user agent's rules, under the book's, except its `!important` declarations, which win over the
/// book's `!important` ones and its `style` attributes.
struct UserStyleSheetTests {
    @Test func userRulesRankBetweenTheUserAgentAndTheAuthor() throws {
        let xhtml = """
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title><style>p { color: red !important; margin-left: 5px } \
            #q { text-indent: 2em }</style></head><body><p id='p' style='margin-right: 7px !important'>p</p><p id='q'>q</p><h1 id='h'>h</h1>\
            <pre id='pre'>pre</pre><ul id='ul'><li>l</li></ul></body></html>
            """
        let tree = try #require(xhtml.withCString { xmlReadMemory($0, Int32(strlen($0)), "t.xhtml", nil, 0) })
        defer { xmlFreeDoc(tree) }
        let model = ContentDocument(tree: tree, path: "EPUB/t.xhtml")
        let session = try PublicationSession(path: FixturePaths.folder("epub3-minimal"))
        let user = "p { color: rgb(9, 9, 9) !important; margin-left: 33px; text-indent: 1em; margin-right: 1px !important } h1 { margin-top: 0 } pre { font-family: serif !important } ul { padding-left: 10px }"
        let sheets = StyleResolver.Sheets(loader: session.resources, userStyleSheet: user)
        let styles = StyleResolver.styles(of: model, sheets: sheets)
        func style(_ id: String) throws -> ComputedStyle { styles[try #require(model.element(id: id))] }
        #expect(try style("p")["color"] == "rgb(9, 9, 9)")  // user !important over author !important
        #expect(try style("p")["margin-left"] == "5px")  // author normal over user normal
        #expect(try style("p")["margin-right"] == "1px")  // user !important over a style attribute's !important
        #expect(try style("p")["text-indent"] == "16px")  // user normal where the author says nothing
        #expect(try style("q")["text-indent"] == "32px")
        #expect(try style("h")["margin-top"] == "0px")  // user normal over the user agent's 0.67em
        #expect(try style("pre")["font-family"] == "serif")
        #expect(try style("ul")["padding-left"] == "10px")
        let plain = StyleResolver.styles(of: model, sheets: StyleResolver.Sheets(loader: session.resources))
        #expect(plain[try #require(model.element(id: "p"))]["color"] == "rgb(255, 0, 0)")
    }
}

/// Selectors 4's logical pseudo-classes: what they match is pinned against Chromium by
/// `Fixtures/export/styles-selectors4`; here, their specificity (Selectors 4 § 17) and validity.
struct LogicalSelectorTests {
    @Test func specificityIsTheMostSpecificArgumentsOrNone() throws {
        func specificity(_ text: String) throws -> [Int] {
            let s = try #require(CSSSelector.parse(text), "\(text)").specificity
            return [s.0, s.1, s.2]
        }
        #expect(try specificity(":is(h2, #a.b)") == [1, 1, 0])
        #expect(try specificity(":where(#a.b) p") == [0, 0, 1])
        #expect(try specificity("p:not(.a, #b)") == [1, 0, 1])
        #expect(try specificity("hgroup:has(> h2.x)") == [0, 1, 2])
    }

    @Test func listsAreForgivingOnlyInIsAndWhere() {
        #expect(CSSSelector.parseList(":is(:bogus, p)") != nil)
        #expect(CSSSelector.parseList("p:not(:bogus)") == nil)
        #expect(CSSSelector.parseList("a:has(:bogus)") == nil)
        #expect(CSSSelector.parseList("a:has(b:has(c))") == nil)
        #expect(CSSSelector.parseList("a:has(> b, + c, ~ d)")?.first??.compounds.first?.count == 2)
    }

    /// Chromium prints six significant digits, below 1 as above (`0.0933333px`, found by style-check
    /// on ruby text with a user sheet's `letter-spacing: 0.01em`).
    @Test func numbersHaveSixSignificantDigits() {
        #expect(CSSNumber.px(0.0933333333) == "0.0933333px")
        #expect(CSSNumber.px(0.07158218) == "0.0715822px")
        #expect(CSSNumber.px(0.5) == "0.5px")
        #expect(CSSNumber.px(21.333333) == "21.3333px")
        #expect(CSSNumber.px(0.000123456789) == "0.000123457px")
        #expect(CSSNumber.px(-0.0933333333) == "-0.0933333px")
    }
}
