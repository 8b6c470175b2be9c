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
