@testable import EPUBValidator
@testable import EPUBReports
@testable import EPUBAccessibility
import EPUBContract
import Foundation
import Testing

/// `accessibility`: each folder of `Fixtures/accessibility/` is a book with one behaviour of the
/// publication checks (or none), and `NAME.expected.json` beside it the report (`generator` and
/// `source` left out). The selector subset the display cascade reads is pinned here too.
struct AccessibilityTests {
    static let folder = FixturePaths.fixtures.appendingPathComponent("accessibility")
    static let names: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.hasSuffix(".expected.json") }.map { String($0.dropLast(14)) }.sorted()

    @Test func thereAreFixtures() {
        #expect(Self.names.count >= 19)
        #expect(Self.names.contains("a11y-complete"))
    }

    @Test(arguments: names)
    func reportIsTheExpectedOne(name: String) throws {
        let expected = try JSONText.parse(String(contentsOf: Self.folder.appendingPathComponent("\(name).expected.json"), encoding: .utf8))
        guard case .report(let report) = AccessibilityChecker.check(path: Self.folder.appendingPathComponent(name).path) else {
            Issue.record("\(name) could not be read")
            return
        }
        let whole = try JSONText.parse(AccessibilityReportFormatter.json(report))
        #expect(whole.removing("generator").removing("source").firstDifference(from: expected) == nil, "\(name): actual vs \(name).expected.json")
        let schema = SchemaValidator(root: try JSONText.parse(String(contentsOf: FixturePaths.root.appendingPathComponent("schemas/accessibility-report.schema.json"), encoding: .utf8)))
        #expect(schema.errors(in: whole) == [], "\(name): schema")
    }

    /// The rules are a table (docs/messages/a11y-rules.tsv): every rule a fixture's report names is
    /// a row of it (or a missing discovery property, `metadata-…`), with the impact the row gives.
    @Test func everyReportedRuleIsARowOfTheTable() throws {
        let table = Dictionary(uniqueKeysWithValues: AccessibilityRule.catalog.map { ($0.id, $0) })
        #expect(table.count == AccessibilityRule.catalog.count)
        #expect(table["image-alt"]?.impact == .critical)
        #expect(table["duplicate-id-aria"]?.needsReview == true)
        var named = 0
        for name in Self.names {
            guard case .report(let report) = AccessibilityChecker.check(path: Self.folder.appendingPathComponent(name).path) else { continue }
            for violation in report.violations where !violation.rule.hasPrefix("metadata-") {
                named += 1
                #expect(table[violation.rule]?.impact == violation.impact, "\(name): \(violation.rule) is not a row of the table, or its impact differs")
            }
        }
        #expect(named >= 30)
    }

    @Test func aCompleteBookHasNoViolationAndItsMetadataIsRead() throws {
        guard case .report(let report) = AccessibilityChecker.check(path: Self.folder.appendingPathComponent("a11y-complete").path) else {
            Issue.record("unreadable")
            return
        }
        #expect(report.violations.isEmpty)
        #expect(report.worst == nil)
        #expect(report.metadata.conformsTo == ["EPUB Accessibility 1.1 - WCAG 2.2 Level AA"])
        #expect(report.metadata.features == ["structuralNavigation", "tableOfContents"])
        #expect(report.documentsChecked == 2)
    }

    /// The `validate --format html` page of a fixture, with its accessibility section.
    static func reportPage(_ name: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        guard case .report(let accessibility) = AccessibilityChecker.check(path: path),
              case .report(let report) = Validator.validate(path: path) else { throw CocoaError(.fileReadCorruptFile) }
        return HTMLReportFormatter.format(report, contract: nil, cover: nil, command: "validate", accessibility: accessibility)
    }

    /// The HTML report's section: the display guide's statements, then the rules with their places.
    @Test func htmlReportShowsTheSummaryAndTheViolations() throws {
        let rules = try Self.reportPage("a11y-content-rules")
        // The display guide's fields, descriptive (DisplayGuideTests holds each branch).
        #expect(rules.contains("<tr><th>Conformance</th><td><ul class=\"guide\"><li>The publication contains a conformance statement that it meets the EPUB Accessibility and WCAG 2 Level AA standard</li><li>The publication was certified by Ada Checker</li></ul><p>Detailed conformance information</p><ul class=\"guide\"><li>This publication claims to meet EPUB Accessibility 1.1 Web Content Accessibility Guidelines (WCAG) 2.2 Level AA</li></ul></td></tr>"))
        #expect(rules.contains("<tr><th>Ways of reading</th><td><ul class=\"guide\"><li>No information about appearance modifiability is available</li><li>All content can be read as read aloud speech or dynamic braille</li><li>No information about prerecorded audio is available</li></ul></td></tr>"))
        #expect(rules.contains("<tr><th>Accessibility summary</th><td><p lang=\"en\">"))
        #expect(rules.contains("<code>image-alt</code> <span class=\"impact\">critical</span>"))
        #expect(rules.contains("<code>duplicate-id-aria</code> <span class=\"impact\">needs review · critical</span>"))
        #expect(rules.contains("<li><code>EPUB/chapter1.xhtml:9</code> &lt;img&gt; <span class=\"cfi\">/4/2/6/2</span></li>"))
        let exempt = try Self.reportPage("a11y-exemption")
        #expect(exempt.contains("<tr><th>Legal considerations</th><td><ul class=\"guide\"><li>This publication claims an accessibility exemption in some jurisdictions</li></ul></td></tr>"))
        #expect(exempt.contains("No violation of the checked rules (2 documents)."))
    }

    /// SARIF: a rule per ID with its level from the impact, a result per place (file, line, the
    /// element's CFI as a logical location), and axe's "needs review" as a `review` result.
    @Test func sarifHasARulePerIDAndAResultPerPlace() throws {
        guard case .report(let report) = AccessibilityChecker.check(path: Self.folder.appendingPathComponent("a11y-content-rules").path) else {
            Issue.record("unreadable")
            return
        }
        let run = try JSONText.parse(SARIFFormatter.format(report, pretty: false))["runs"]?[0]
        let rules = run?["tool"]?["driver"]?["rules"]
        guard case .array(let results)? = run?["results"], case .array(let ruleList)? = rules else {
            Issue.record("no results")
            return
        }
        #expect(ruleList.count == report.violations.count)
        #expect(results.count == report.violations.reduce(0) { $0 + $1.places.count })
        let imageAlt = try #require(report.violations.firstIndex { $0.rule == "image-alt" })
        #expect(rules?[imageAlt]?["helpUri"] == .string("https://dequeuniversity.com/rules/axe/4.12/image-alt"))
        #expect(rules?[imageAlt]?["defaultConfiguration"]?["level"] == .string("error"))
        let image = try #require(results.first { $0["ruleId"] == .string("image-alt") })
        #expect(image["ruleIndex"] == .integer(Int64(imageAlt)))
        #expect(image["level"] == .string("error"))
        let location = image["locations"]?[0]
        #expect(location?["physicalLocation"]?["artifactLocation"]?["uri"] == .string("EPUB/chapter1.xhtml"))
        #expect(location?["physicalLocation"]?["region"]?["startLine"] == .integer(9))
        #expect(location?["logicalLocations"]?[0]?["fullyQualifiedName"] == .string("/4/2/6/2"))
        #expect(location?["logicalLocations"]?[0]?["name"] == .string("img"))
        let review = try #require(results.first { $0["ruleId"] == .string("duplicate-id-aria") })
        #expect(review["kind"] == .string("review"))
        #expect(review["level"] == .string("none"))
        #expect(review["locations"]?[0]?["physicalLocation"]?["region"]?["startLine"] == .integer(23))
        let heading = try #require(results.first { $0["ruleId"] == .string("heading-order") })
        #expect(heading["level"] == .string("warning"))
    }

    @Test func selectorsParseTheSubsetAndRefuseTheRest() {
        #expect(CSSSelector.parse("span.toc-page")?.compounds == [[.type("span"), .className("toc-page")]])
        #expect(CSSSelector.parse("nav[epub|type~='page-list'] > ol")?.combinators == [.child])
        #expect(CSSSelector.parse("p:first-child").map { $0.specificity == (0, 1, 1) } == true)
        #expect(CSSSelector.parse("#a .b c").map { $0.specificity == (1, 1, 1) } == true)
        #expect(CSSSelector.parse("p::before") == nil)
        #expect(CSSSelector.parse("p:hover")?.compounds == [[.type("p"), .never]])
        #expect(CSSSelector.parse("p >") == nil)
        #expect(CSSSelector.parse("li:nth-child(2n+1)")?.compounds == [[.type("li"), .nth(a: 2, b: 1, ofType: false, fromEnd: false)]])
        #expect(CSSSelector.parse("p:nth-last-of-type(-n+3)")?.compounds == [[.type("p"), .nth(a: -1, b: 3, ofType: true, fromEnd: true)]])
        #expect(CSSSelector.parse("span[epub|type~='pagebreak' i]")?.compounds
            == [[.type("span"), .attribute(name: "type", op: "~=", value: "pagebreak", namespaced: true, ignoreCase: true)]])
        #expect(CSSSelector.parse("html:lang(ja)")?.compounds == [[.type("html"), .lang("ja")]])
        #expect(CSSSelector.parseList("h1, .x, a:visited, p:first-line")?.map { $0 != nil } == [true, true, true, false])
        #expect(CSSSelector.parseList("h1, q:unknown") == nil)
    }

    @Test func theOneCascadeHidesByStyleSheetSpecificityMediaSupportsAndHiddenAttribute() throws {
        let xhtml = """
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title><style>
            .gone { display: none } p.gone.back { display: block } #keep { display: block }
            @media print { .printonly { display: none } }
            @media (max-width: 600px) { .narrow { display: none } }
            @supports (display: grid) { .grid { display: none } }
            @supports not (display: grid) { .nogrid { display: none } }
            </style></head><body><p class="gone">a</p><p class="gone back">b</p><p class="gone" id="keep">c</p>
            <p class="printonly">d</p><p hidden="hidden">e</p><div style="display:none"><span>f</span></div>
            <p class="narrow">g</p><p class="grid">h</p><p class="nogrid">i</p></body></html>
            """
        let document = try #require(XMLParser.parse(Data(xhtml.utf8), path: "EPUB/c.xhtml").document)
        let model = ContentDocument(document)
        let session = try PublicationSession(path: FixturePaths.fixtures.appendingPathComponent("validate/valid").path, limits: .init())
        let hidden = StyleResolver.hidden(model, StyleResolver.resolve(model, sheets: .init(loader: session.resources)))
        let body = try #require(model.elements.indices.first { model.elements[$0].localName == "body" })
        let text = model.elements.indices.filter { $0 > body && hidden[$0] }.map { LibXMLNode.content(model.elements[$0].node) }
        #expect(text == ["a", "e", "f", "f", "h"])
        // The user agent's rules count too, as in a browser: the head and what is in it.
        let head = try #require(model.elements.indices.first { model.elements[$0].localName == "head" })
        #expect(hidden[head] && !hidden[body] && !hidden[0])
    }
}

/// docs/accessibility.md inventories every axe-core rule; the ones it calls implemented are
/// exactly the axe-core rules of the catalog, so the table cannot drift from the code.
struct AccessibilityInventoryTests {
    @Test func inventoryMatchesTheCatalog() throws {
        let text = try String(contentsOf: FixturePaths.root.appendingPathComponent("docs/accessibility.md"), encoding: .utf8)
        var listed: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            listed[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = cells[3]
        }
        #expect(listed.count == 105)
        let implemented = Set(listed.filter { $0.value == "implemented" }.keys)
        let ours = Set(AccessibilityRule.catalog.filter { !$0.tags.contains("EPUB") && !$0.id.hasPrefix("epub-") && $0.id != "pagebreak-label" }.map(\.id))
        #expect(implemented == ours, "implemented in the table but not the catalog: \(implemented.subtracting(ours)); the reverse: \(ours.subtracting(implemented))")
        #expect(listed.values.allSatisfy { $0 == "implemented" || $0.hasPrefix("not run: ") || $0.hasPrefix("not yet: ") })
    }
}

/// axe's readings of attribute values, mirrored: tabindex as JavaScript's leading integer, the
/// viewport's zoom limits and the refresh delay as axe-core 4.12's checks read them.
struct AccessibilityAttributeReadingTests {
    @Test func leadingIntegerReadsAsJavaScript() {
        #expect(ContentAccessibilityRules.leadingInteger(" 3abc") == 3)
        #expect(ContentAccessibilityRules.leadingInteger("+2") == 2)
        #expect(ContentAccessibilityRules.leadingInteger("-1") == -1)
        #expect(ContentAccessibilityRules.leadingInteger("abc") == nil)
        #expect(ContentAccessibilityRules.leadingInteger("-") == nil)
    }

    @Test func viewportAndRefresh() {
        #expect(ContentAccessibilityRules.viewportBlocksZoom("width=600, user-scalable=no", scaleMinimum: 2, lowerBound: nil))
        #expect(ContentAccessibilityRules.viewportBlocksZoom("maximum-scale=1.5", scaleMinimum: 2, lowerBound: nil))
        #expect(!ContentAccessibilityRules.viewportBlocksZoom("width=1200, height=1600", scaleMinimum: 2, lowerBound: nil))
        #expect(ContentAccessibilityRules.viewportBlocksZoom("maximum-scale=3", scaleMinimum: 5, lowerBound: 2))
        #expect(!ContentAccessibilityRules.viewportBlocksZoom("maximum-scale=1", scaleMinimum: 5, lowerBound: 2))
        #expect(ContentAccessibilityRules.refreshes("30; url=next.xhtml"))
        #expect(!ContentAccessibilityRules.refreshes("0; url=next.xhtml"))
        #expect(!ContentAccessibilityRules.refreshes("80000"))
        #expect(ContentAccessibilityRules.parseFloat("  1.5e1px") == 15)
    }

    /// HTML's autofill grammar as axe-core 4.12.1's isValidAutocomplete reads it, with the rule's
    /// options (more state words, five field names left to a person).
    @Test func autocompleteGrammar() {
        let valid = ["on", " OFF ", "xon", "", "name", "shipping street-address", "section-blue billing postal-code", "home tel",
                     "work  email", "username webauthn", "section-x shipping mobile tel webauthn", "one-time-code"]
        for value in valid { #expect(ContentAccessibilityRules.autocompleteVerdict(value) == true, "\(value)") }
        // `section-` alone is no section; a qualifier takes only a contact field; order counts.
        let invalid = ["foo", "webauthn", "section- name", "home name", "tel home", "mobile", "name email", "billing", "on off"]
        for value in invalid { #expect(ContentAccessibilityRules.autocompleteVerdict(value) == false, "\(value)") }
        for value in ["text", "shipping message", "Gender"] { #expect(ContentAccessibilityRules.autocompleteVerdict(value) == nil, "\(value)") }
    }

    /// A media fragment as axe reads it: `#t=start` plays the rest, `#t=start,end` the span, each
    /// seconds or `[hh:]mm:ss`; a time that is no number gives no number (axe then fails the clip).
    @Test func playedSecondsReadTheMediaFragment() {
        #expect(ContentAccessibilityRules.playedSeconds(of: "a.wav", duration: 4) == 4)
        #expect(ContentAccessibilityRules.playedSeconds(of: "a.wav#t=2", duration: 4) == 2)
        #expect(ContentAccessibilityRules.playedSeconds(of: "a.wav#t=0,3.5", duration: 60) == 3.5)
        #expect(ContentAccessibilityRules.playedSeconds(of: "a.wav#t=1:00,1:02", duration: 600) == 2)
        #expect(ContentAccessibilityRules.playedSeconds(of: "a.wav#t=x", duration: 4).isNaN)
    }
    /// The checker's cascade ranks only the properties its rules read; their computed values must
    /// be those of the full cascade, including where they depend on others (`font-size` on a
    /// monospace `font-family`, `em` sizes, shorthands, the `hidden` attribute, `bolder`).
    @Test func theCheckersNarrowCascadeComputesWhatTheFullOneDoes() throws {
        let xhtml = """
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title><style>
            body { font: 20px serif; color: #777 } code { font-family: monospace } code.big { font-size: larger }
            .box { background: rgba(0, 0, 0, 0.5) url(a.png); width: 10em; height: 50%; position: absolute; opacity: 0.4 }
            .sheet b { font-weight: bolder; visibility: collapse } p { line-height: 3; margin: 2em; float: left }
            </style></head><body><p>a <code>b <code class="big">c</code></code></p><div class="box sheet"><b>d</b></div>
            <p hidden="hidden">e</p><pre style="font-size: medium">f</pre><p style="display: none; color: red">g</p></body></html>
            """
        let document = try #require(XMLParser.parse(Data(xhtml.utf8), path: "EPUB/c.xhtml").document)
        let model = ContentDocument(document)
        let session = try PublicationSession(path: FixturePaths.fixtures.appendingPathComponent("validate/valid").path, limits: .init())
        let full = StyleResolver.styles(of: model, sheets: .init(loader: session.resources))
        let narrow = StyleResolver.resolve(model, sheets: .init(loader: session.resources), only: ContentAccessibilityRules.styleProperties)
        for number in model.elements.indices {
            for property in ContentAccessibilityRules.styleProperties {
                #expect(narrow.unique[narrow.index[number]][property] == full[number][property], "\(model.elements[number].localName) \(property)")
            }
        }
        let code = try #require(model.elements.indices.last { model.elements[$0].localName == "code" })
        #expect(narrow.unique[narrow.index[code]]["font-size"] == full[code]["font-size"] && full[code]["font-size"] != "20px")
    }
}
