@testable import EPUBAccessibility
@testable import EPUBContract
@testable import EPUBReports
import EPUBMessages
import Foundation
import Testing

/// The W3C's Accessibility Metadata Display Guide 2.1: every statement its EPUB techniques can
/// output reads in all three locales, each branch of each technique gives the statements it
/// names, and the guidelines' own examples come out as the guide shows them.
struct DisplayGuideTests {
    /// Every string ID the techniques (and the guidelines' headings) name, in their order.
    static let ids = [
        "ways-of-reading-title", "conformance-title", "conformance-details-title", "navigation-title", "rich-content-title",
        "hazards-title", "accessibility-summary-title", "legal-considerations-title", "additional-accessibility-information-title",
        "ways-of-reading-visual-adjustments-modifiable", "ways-of-reading-visual-adjustments-unmodifiable",
        "ways-of-reading-visual-adjustments-unknown", "ways-of-reading-nonvisual-reading-readable",
        "ways-of-reading-nonvisual-reading-not-fully", "ways-of-reading-nonvisual-reading-none",
        "ways-of-reading-nonvisual-reading-no-metadata", "ways-of-reading-nonvisual-reading-alt-text",
        "ways-of-reading-prerecorded-audio-synchronized", "ways-of-reading-prerecorded-audio-only",
        "ways-of-reading-prerecorded-audio-complementary", "ways-of-reading-prerecorded-audio-no-metadata",
        "conformance-a", "conformance-aa", "conformance-aaa", "conformance-unknown-standard", "conformance-no", "conformance-certifier",
        "conformance-certifier-credentials", "conformance-details-claim", "conformance-details-epub-accessibility-1-0",
        "conformance-details-epub-accessibility-1-1", "conformance-details-wcag-2-0", "conformance-details-wcag-2-1",
        "conformance-details-wcag-2-2", "conformance-details-level-a", "conformance-details-level-aa", "conformance-details-level-aaa",
        "conformance-details-certification-info", "conformance-details-certifier-report",
        "navigation-toc", "navigation-index", "navigation-page-navigation", "navigation-structural", "navigation-no-metadata",
        "rich-content-extended", "rich-content-accessible-chemistry-as-latex", "rich-content-accessible-chemistry-as-mathml",
        "rich-content-accessible-math-described", "rich-content-accessible-math-as-latex", "rich-content-accessible-math-as-mathml",
        "rich-content-closed-captions", "rich-content-open-captions", "rich-content-transcript", "rich-content-unknown",
        "hazards-none", "hazards-unknown", "hazards-flashing", "hazards-motion", "hazards-sound", "hazards-flashing-unknown",
        "hazards-motion-unknown", "hazards-sound-unknown", "hazards-flashing-none", "hazards-motion-none", "hazards-sound-none",
        "hazards-no-metadata", "accessibility-summary-no-metadata", "legal-considerations-exempt", "legal-considerations-no-metadata",
        "additional-accessibility-information-page-breaks", "additional-accessibility-information-aria",
        "additional-accessibility-information-audio-descriptions", "additional-accessibility-information-braille",
        "additional-accessibility-information-full-ruby-annotations",
        "additional-accessibility-information-high-contrast-between-foreground-and-background-audio",
        "additional-accessibility-information-high-contrast-between-text-and-background", "additional-accessibility-information-large-print",
        "additional-accessibility-information-ruby-annotations", "additional-accessibility-information-sign-language",
        "additional-accessibility-information-tactile-graphics", "additional-accessibility-information-tactile-objects",
        "additional-accessibility-information-text-to-speech-hinting",
    ]

    static func metadata(conformsTo: [String] = [], certifiedBy: String? = nil, credential: String? = nil, report: String? = nil,
                         summary: String? = nil, modes: [String] = [], sufficient: [[String]] = [], features: [String] = [],
                         hazards: [String] = [], exemptions: [String] = []) -> PublicationMetadata.Accessibility {
        .init(conformsTo: conformsTo, certifiedBy: certifiedBy, certifierCredential: credential, certifierReport: report, summary: summary,
              accessModes: modes, accessModesSufficient: sufficient, features: features, hazards: hazards, exemptions: exemptions)
    }

    /// The IDs of a field's statements.
    static func ids(_ guide: DisplayGuide, _ field: DisplayGuide.Field) -> [String] { guide.section(field)?.statements.map(\.id) ?? [] }

    @Test func everyStatementReadsInEveryLocaleAndForm() {
        #expect(Self.ids.count == 82)
        for id in Self.ids {
            let statement = DisplayGuide.Statement(id: id)
            #expect(statement.key(.compact) != nil, "\(id)")
            for locale in [MessageLocale.english, .simplifiedChinese, .japanese] {
                for form in DisplayGuide.Form.allCases {
                    let text = statement.text(form, in: locale)
                    #expect(!text.isEmpty && text != id && text == text.trimmingCharacters(in: .whitespaces), "\(id) \(form) \(locale)")
                }
            }
            // Chinese and Japanese are written out, not English left in place (the standards' names aside).
            if !id.contains("wcag") && !id.contains("level") {
                #expect(statement.text(.compact, in: .japanese) != statement.text(.compact, in: .english), "\(id)")
                #expect(statement.text(.compact, in: .simplifiedChinese) != statement.text(.compact, in: .english), "\(id)")
            }
        }
    }

    @Test func waysOfReadingBranches() {
        func ways(_ m: PublicationMetadata.Accessibility, fixed: Bool = false) -> [String] {
            Self.ids(DisplayGuide(m, .init(fixedLayout: fixed)), .waysOfReading).map { $0.replacingOccurrences(of: "ways-of-reading-", with: "") }
        }
        #expect(ways(Self.metadata()) == ["visual-adjustments-unknown", "nonvisual-reading-no-metadata", "prerecorded-audio-no-metadata"])
        #expect(ways(Self.metadata(), fixed: true).first == "visual-adjustments-unmodifiable")
        #expect(ways(Self.metadata(features: ["displayTransformability"]), fixed: true).first == "visual-adjustments-modifiable")
        // Readable: one access mode, textual; or a sufficient set of exactly "textual".
        #expect(ways(Self.metadata(modes: ["textual"]))[1] == "nonvisual-reading-readable")
        #expect(ways(Self.metadata(modes: ["textual", "visual"], sufficient: [["textual"], ["textual", "visual"]]))[1] == "nonvisual-reading-readable")
        // Not fully: textual in a set with another mode, or textual alternatives.
        #expect(ways(Self.metadata(modes: ["textual", "visual"], sufficient: [["textual", "visual"]]))[1] == "nonvisual-reading-not-fully")
        #expect(ways(Self.metadata(modes: ["visual"], features: ["alternativeText"]))
            == ["visual-adjustments-unknown", "nonvisual-reading-not-fully", "nonvisual-reading-alt-text", "prerecorded-audio-no-metadata"])
        // None: audio alone, or visual alone with no textual sufficient set.
        #expect(ways(Self.metadata(modes: ["auditory"], sufficient: [["auditory"]])) == ["visual-adjustments-unknown", "nonvisual-reading-none", "prerecorded-audio-only"])
        #expect(ways(Self.metadata(modes: ["visual"]))[1] == "nonvisual-reading-none")
        #expect(ways(Self.metadata(modes: ["visual"], sufficient: [["visual"]]))[1] == "nonvisual-reading-none")
        // Prerecorded audio: synchronized wins; audio among other modes is clips.
        #expect(ways(Self.metadata(modes: ["auditory"], sufficient: [["auditory"]], features: ["synchronizedAudioText"])).last == "prerecorded-audio-synchronized")
        #expect(ways(Self.metadata(modes: ["textual", "auditory"])).last == "prerecorded-audio-complementary")
    }

    @Test func conformanceClaimsCertifierAndDetails() {
        func compact(_ s: [DisplayGuide.Statement]) -> [String] { s.map { $0.text(.compact, in: .english) } }
        let none = DisplayGuide(Self.metadata(conformsTo: ["http://example.com/my-own-standard"], certifiedBy: "Someone"))
        #expect(Self.ids(none, .conformance) == ["conformance-no"] && none.section(.conformance)?.details == [])
        for (claim, id, detail) in [
            ("EPUB Accessibility 1.1 - WCAG 2.2 Level A", "conformance-a", "This publication claims to meet EPUB Accessibility 1.1 WCAG 2.2 Level A"),
            ("EPUB Accessibility 1.1 - WCAG 2.0 Level AAA", "conformance-aaa", "This publication claims to meet EPUB Accessibility 1.1 WCAG 2.0 Level AAA"),
            ("http://www.idpf.org/epub/a11y/accessibility-20170105.html#wcag-aa", "conformance-aa", "This publication claims to meet EPUB Accessibility 1.0 WCAG 2.0 Level AA"),
            // A version the guide does not know: the level cannot be read either, and the claim's blanks stay empty.
            ("EPUB Accessibility 1.1 - WCAG 2.3 Level AA", "conformance-unknown-standard", "This publication claims to meet EPUB Accessibility 1.1"),
        ] {
            let guide = DisplayGuide(Self.metadata(conformsTo: [claim]))
            #expect(Self.ids(guide, .conformance) == [id], "\(claim)")
            #expect(compact(guide.section(.conformance)?.details ?? []) == [detail], "\(claim)")
        }
        // 1.0's AAA wins over AA when both are stated.
        let both = DisplayGuide(Self.metadata(conformsTo: ["http://www.idpf.org/epub/a11y/accessibility-20170105.html#wcag-aa",
                                                           "http://www.idpf.org/epub/a11y/accessibility-20170105.html#wcag-aaa"]))
        #expect(Self.ids(both, .conformance) == ["conformance-aaa"])
    }

    /// The guidelines' examples (§ Ways of reading, Conformance, Navigation, Rich content, Hazards,
    /// Accessibility summary, Legal considerations, Additional accessibility information): the
    /// metadata their prose describes, the statements they show. Statements the guide lets a
    /// reading system hide ("no information") are left out, as the examples leave them out.
    @Test func theGuidelinesExamples() {
        func shown(_ guide: DisplayGuide, _ field: DisplayGuide.Field, _ form: DisplayGuide.Form) -> [String] {
            (guide.section(field)?.statements ?? []).filter { !$0.isNoInformation }.map { $0.text(form, in: .english) }
        }
        // "A typical text-based publication with images that have text alternatives".
        let text = DisplayGuide(Self.metadata(modes: ["textual", "visual"], sufficient: [["textual"]], features: ["displayTransformability", "alternativeText"]))
        #expect(shown(text, .waysOfReading, .compact) == ["Appearance can be modified", "Readable in read aloud or dynamic braille", "Has alternative text"])
        #expect(shown(text, .waysOfReading, .descriptive) == [
            "Appearance of the text and page layout can be modified according to the capabilities of the reading system (font family and font size, spaces between paragraphs, sentences, words, and letters, as well as color of background and text)",
            "All content can be read as read aloud speech or dynamic braille", "Has alternative text descriptions for images",
        ])
        // "Synchronized text and audio": the same statements; the example shows the audio line before the alternative text.
        let synchronized = DisplayGuide(Self.metadata(modes: ["textual", "visual", "auditory"], sufficient: [["textual"]],
                                                      features: ["displayTransformability", "alternativeText", "synchronizedAudioText"]))
        #expect(Set(shown(synchronized, .waysOfReading, .compact)) == ["Appearance can be modified", "Readable in read aloud or dynamic braille",
                                                                        "Prerecorded audio synchronized with text", "Has alternative text"])
        // Conformance with a certifier, credential, date and report.
        let certified = DisplayGuide(Self.metadata(conformsTo: ["EPUB Accessibility 1.1 - WCAG 2.1 Level AA"], certifiedBy: "Foo's Accessibility Testing",
                                                   credential: "Enterprise Accessibility Rating", report: "http://www.example.com/a11y/report/9780000000001"),
                                     .init(certificationDate: "2021-09-07"))
        #expect(shown(certified, .conformance, .compact) == ["This publication meets accepted accessibility standards",
                                                             "The publication was certified by Foo's Accessibility Testing",
                                                             "The certifier's credential is Enterprise Accessibility Rating"])
        #expect(shown(certified, .conformance, .descriptive).first
            == "The publication contains a conformance statement that it meets the EPUB Accessibility and WCAG 2 Level AA standard")
        let details = certified.section(.conformance)?.details ?? []
        #expect(details.map { $0.text(.compact, in: .english) } == ["This publication claims to meet EPUB Accessibility 1.1 WCAG 2.1 Level AA",
                                                                   "The publication was certified on September 7, 2021",
                                                                   "For more information refer to the certifier's report"])
        #expect(details.first?.text(.descriptive, in: .english)
            == "This publication claims to meet EPUB Accessibility 1.1 Web Content Accessibility Guidelines (WCAG) 2.1 Level AA")
        #expect(certified.section(.conformance)?.link == "http://www.example.com/a11y/report/9780000000001")
        // Missing conformance statement.
        #expect(shown(DisplayGuide(Self.metadata()), .conformance, .compact) == [] && Self.ids(DisplayGuide(Self.metadata()), .conformance) == ["conformance-no"])
        // Navigation: a table of contents and page navigation.
        let navigation = DisplayGuide(Self.metadata(features: ["pageNavigation", "tableOfContents"]))
        #expect(shown(navigation, .navigation, .compact) == ["Table of contents", "Go to page"])
        #expect(shown(navigation, .navigation, .descriptive) == ["Table of contents to all chapters of the text via links",
                                                                 "Page list to go to pages from the print source version"])
        // Rich content: MathML, closed captions, transcripts.
        let rich = DisplayGuide(Self.metadata(features: ["transcript", "closedCaptions", "MathML"]))
        #expect(shown(rich, .richContent, .compact) == ["Math as MathML", "Videos have closed captions", "Transcript(s) provided"])
        // Hazards: none, as "none" or as each of the three.
        #expect(shown(DisplayGuide(Self.metadata(hazards: ["none"])), .hazards, .descriptive) == ["The publication contains no hazards"])
        #expect(Self.ids(DisplayGuide(Self.metadata(hazards: ["noFlashingHazard", "noMotionSimulationHazard", "noSoundHazard"])), .hazards) == ["hazards-none"])
        // The summary, as written and in its language.
        let summary = DisplayGuide(Self.metadata(summary: "Subject experts were used to create the ALT text."), .init(summaryLanguage: "en"))
        #expect(summary.section(.accessibilitySummary)?.text == "Subject experts were used to create the ALT text."
            && summary.section(.accessibilitySummary)?.language == "en")
        // Legal considerations: shown only for an exemption.
        #expect(shown(DisplayGuide(Self.metadata(exemptions: ["eaa-microenterprise"])), .legalConsiderations, .compact)
            == ["Claims an accessibility exemption in some jurisdictions"])
        #expect(DisplayGuide(Self.metadata()).section(.legalConsiderations) == nil)
        // Additional information: ARIA roles and page breaks (printPageNumbers is the older word).
        let additional = DisplayGuide(Self.metadata(features: ["printPageNumbers", "aria"]))
        #expect(shown(additional, .additionalInformation, .compact) == ["ARIA roles included", "Page breaks included"])
        #expect(DisplayGuide(Self.metadata()).section(.additionalInformation) == nil)
    }

    @Test func hazardsAndRichContentBranches() {
        #expect(Self.ids(DisplayGuide(Self.metadata()), .hazards) == ["hazards-no-metadata"])
        #expect(Self.ids(DisplayGuide(Self.metadata(hazards: ["unknown"])), .hazards) == ["hazards-unknown"])
        #expect(Self.ids(DisplayGuide(Self.metadata(hazards: ["unknownFlashingHazard", "unknownMotionSimulationHazard", "unknownSoundHazard"])), .hazards)
            == ["hazards-unknown"])
        #expect(Self.ids(DisplayGuide(Self.metadata(hazards: ["flashing", "noSoundHazard", "unknownMotionSimulationHazard"])), .hazards)
            == ["hazards-flashing", "hazards-motion-unknown", "hazards-sound-none"])
        #expect(Self.ids(DisplayGuide(Self.metadata()), .richContent) == ["rich-content-unknown"])
        // The draft's "no information" condition leaves out latex-chemistry; it is information here.
        #expect(Self.ids(DisplayGuide(Self.metadata(features: ["latex-chemistry"])), .richContent) == ["rich-content-accessible-chemistry-as-latex"])
        #expect(Self.ids(DisplayGuide(Self.metadata(features: ["longDescription"])), .richContent) == ["rich-content-extended"])
    }

    @Test func localizedStatementsAndDates() {
        let guide = DisplayGuide(Self.metadata(conformsTo: ["EPUB Accessibility 1.1 - WCAG 2.1 Level AA"]), .init(certificationDate: "20240315"))
        let details = guide.section(.conformance)?.details ?? []
        #expect(details.map { $0.text(.compact, in: .japanese) }
            == ["この出版物は EPUB アクセシビリティ 1.1 WCAG 2.1 レベル AA を満たすと宣言しています", "この出版物の認証日：2024年3月15日"])
        #expect(details.last?.text(.compact, in: .simplifiedChinese) == "本出版物的认证日期：2024年3月15日")
        #expect(DisplayGuide.date("2021-09-07T10:00:00Z", in: .english) == "September 7, 2021")
        #expect(DisplayGuide.date("last spring", in: .english) == "last spring")
        #expect(DisplayGuide.Field.hazards.title(in: .simplifiedChinese) == "危害")
    }

    /// The report's JSON carries each field with its statements' IDs and both forms, in the
    /// locale asked for; a book's guide is read from its session.
    @Test func reportJSONCarriesTheGuide() throws {
        let session = try PublicationSession(path: FixturePaths.fixtures.appendingPathComponent("accessibility/a11y-complete").path)
        let report = AccessibilityChecker.check(session)
        let json = try #require(JSONSerialization.jsonObject(with: Data(AccessibilityReportFormatter.json(report, locale: .japanese).utf8)) as? [String: Any])
        let fields = try #require(json["displayGuide"] as? [[String: Any]])
        #expect(fields.map { $0["field"] as? String } == ["ways-of-reading", "conformance", "navigation", "rich-content", "hazards", "accessibility-summary"])
        let conformance = try #require(fields.first { $0["field"] as? String == "conformance" })
        let statements = try #require(conformance["statements"] as? [[String: Any]])
        #expect(statements.first?["id"] as? String == "conformance-aa")
        #expect(statements.first?["compact"] as? String == "この出版物は一般に認められたアクセシビリティ基準を満たしています")
        #expect(conformance["title"] as? String == "適合性")
    }
}

/// The inventory Ace lists beside its rules: `Fixtures/accessibility/a11y-inventory` holds one of
/// each kind of item (checked item for item against Chromium's DOM by `scripts/inventory-check`).
struct AccessibilityInventoryListTests {
    static func report() throws -> AccessibilityReport {
        AccessibilityChecker.check(try PublicationSession(path: FixturePaths.fixtures.appendingPathComponent("accessibility/a11y-inventory").path))
    }

    @Test func everyKindAtItsPlaceInReadingOrder() throws {
        let inventory = try Self.report().inventory
        #expect(inventory.images.map(\.element) == ["img", "img", "img", "img", "img", "svg", "image"])
        #expect(inventory.images.map(\.alt) == ["A red dot", nil, "", "Chart", nil, nil, nil])
        #expect(inventory.images.map(\.lacksAlternative) == [false, true, false, false, false, false, false])
        #expect(inventory.images[3].describedBy == "The chart rises from 1 to 3.")
        #expect(inventory.images[4].figcaption == "A dot, in a figure." && inventory.images[4].role == "presentation"
            && inventory.images[4].place.cfi == "/4/2/10/2/2")
        #expect(inventory.images[6].src == "images/dot.png")
        #expect(inventory.media.map(\.tracks) == [[], ["captions", "subtitles"], []])
        #expect(inventory.media.map(\.lacksCaptions) == [false, false, true] && inventory.media[1].src == "film.mp4")
        #expect(inventory.scripts.map(\.src) == ["app.js", nil] && inventory.scripts[0].place.cfi == "/2/4")
        #expect(inventory.mathML.map(\.cfi) == ["/4/2/26"] && inventory.switches.map(\.cfi) == ["/4/2/28"])
        // The spine reads chapter2 first (the manifest lists it second); the hidden h2 is in no outline.
        #expect(inventory.headings.map { "\($0.place.path) \($0.level) \($0.text)" } == [
            "EPUB/chapter2.xhtml 1 Before the inventory", "EPUB/chapter1.xhtml 1 Inventory", "EPUB/chapter1.xhtml 2 Media",
            "EPUB/chapter1.xhtml 3 A heading by role", "EPUB/nav.xhtml 1 Contents",
        ])
        let text = AccessibilityReportFormatter.text(try Self.report())
        #expect(text.contains("Inventory: 7 images (1 without alt), 3 audio and video (1 video without captions), 2 scripts, 1 MathML, 1 epub:switch, 5 headings"))
    }

    @Test func theHTMLPageShowsTablesThumbnailsAndTheOutlineAsATree() throws {
        let session = try PublicationSession(path: FixturePaths.fixtures.appendingPathComponent("accessibility/a11y-inventory").path)
        let report = AccessibilityChecker.check(session)
        let images = HTMLReportFormatter.inventoryImages(of: session, report.inventory)
        #expect(Array(images.keys) == ["EPUB/images/dot.png"] && images.values.first?.mediaType == "image/png")
        var page = HTMLPage(locale: .english)
        HTMLReportFormatter.inventory(report.inventory, images: images, into: &page)
        #expect(page.text.contains("<h4>Images (7)</h4>") && page.text.contains("<img class=\"thumb\" alt=\"\" src=\"data:image/png;base64,"))
        #expect(page.text.contains("<td><strong>(no alt attribute)</strong></td>") && page.text.contains("<td>(empty: decorative)</td>"))
        // h1 h2 h1 h2 h3 h2 h1: siblings share a list, a deeper heading nests one.
        let levels = [1, 2, 1, 2, 3, 2, 1].map { AccessibilityInventory.Heading(place: .init(path: "x", line: nil, cfi: nil), level: $0, text: "t") }
        var outline = HTMLPage(locale: .english)
        HTMLReportFormatter.outline(levels, into: &outline)
        let h = { (n: Int) in "<li><span class=\"level\">h\(n)</span> t" }
        #expect(outline.text == "<ul class=\"outline\">" + h(1) + "<ul>" + h(2) + "</li></ul></li>" + h(1) + "<ul>" + h(2) + "<ul>" + h(3)
            + "</li></ul></li>" + h(2) + "</li></ul></li>" + h(1) + "</li></ul>")
    }
}
