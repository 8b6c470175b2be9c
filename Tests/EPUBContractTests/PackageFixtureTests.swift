@testable import EPUBContract
@testable import EPUBDocument
@testable import EPUBStyle
import Testing

/// Exact contract values on the fixtures, one behaviour each.
struct PackageFixtureTests {
    @Test func epub3Minimal() throws {
        let c = try Inspect.contract("epub3-minimal")
        #expect(c.package.version == "3.0")
        #expect(c.package.path == "EPUB/package.opf")
        #expect(c.package.lang == "en")
        #expect(c.metadata.title == "A Minimal Book")  // whitespace collapsed
        #expect(c.metadata.identifier == "urn:uuid:5b1e1c52-8f1b-4d8e-9b43-000000000001")
        #expect(c.metadata.modified == "2026-01-01T00:00:00Z")
        #expect(c.metadata.creators.map(\.name) == ["Ada Writer"])
        #expect(c.navDocument == "EPUB/nav.xhtml")
        #expect(c.ncx == nil)
        #expect(c.spine.map(\.href) == ["EPUB/chapter1.xhtml"])
        #expect(c.rendition == PublicationRendition(layout: .reflowable, orientation: .auto, spread: .auto, flow: .auto, viewport: nil, layoutSource: .default, orientationSource: .default))
        #expect(c.pageProgression == .default)
        #expect(c.inferred == InferredPresentation(readingProgression: .ltr, readingProgressionReason: .default, verticalText: false))
        #expect(c.diagnostics.isEmpty)
        #expect(c.source.kind == .directory)
        #expect(c.source.sha256 == nil)
    }

    @Test func epub2WithNCXOnly() throws {
        let c = try Inspect.contract("epub2-ncx-only")
        #expect(c.package.version == "2.0")
        #expect(c.ncx == "EPUB/toc.ncx")
        #expect(c.navDocument == nil)
        #expect(c.metadata.creators == [.init(name: "Ada Writer", fileAs: "Writer, Ada", roles: ["aut"], language: nil, alternateScripts: [])])
        #expect(c.metadata.contributors.map(\.roles) == [["ill"]])
        #expect(c.metadata.identifiers == [.init(value: "isbn-978-0-00-000000-2", id: "BookId", type: "ISBN")])
        #expect(c.metadata.published == "2010-05-04")  // the opf:event="publication" date, not the first
        #expect(c.metadata.series == .init(name: "Old Tales", type: "series", position: 2, identifier: nil, source: .calibre))
        #expect(c.metadata.cover == .init(href: "EPUB/cover.gif", mediaType: "image/gif", source: .metaCoverID))
        #expect(c.spine.map(\.href) == ["EPUB/cover page.xhtml", "EPUB/chapter1.xhtml"])  // %20 decoded once
        #expect(c.spine.map(\.linear) == [false, true])
        #expect(c.manifest.first { $0.id == "cover-page" }?.inSpine == true)
        #expect(c.manifest.first { $0.id == "ncx" }?.inSpine == false)
        #expect(c.diagnostics.isEmpty)
    }

    @Test func refinesAndCollections() throws {
        let c = try Inspect.contract("refines-collections")
        let m = c.metadata
        #expect(m.title == "The Lord of the Things")
        #expect(m.titles.map(\.type) == ["main", "subtitle"])
        #expect(m.titles[0].fileAs == "Lord of the Things, The")
        #expect(m.titles[0].alternateScripts == [.init(value: "物の王", language: "ja")])
        #expect(m.creators.map(\.name) == ["Ada Writer", "Bo Second"])
        #expect(m.creators.map(\.roles) == [["aut", "ill"], ["edt"]])
        #expect(m.creators[0].fileAs == "Writer, Ada")
        #expect(m.identifiers.first?.type == "15")
        #expect(m.languages == ["en", "ja"])
        #expect(m.subjects == [.init(name: "FICTION / Fantasy / Epic", authority: "BISAC", term: "FIC009020", language: "en")])
        #expect(m.collections == [
            .init(name: "The Things Trilogy", type: "series", position: 2, identifier: nil, source: .epub),
            .init(name: "Collected Things", type: "set", position: 1.5, identifier: nil, source: .epub),
        ])
        #expect(m.series?.name == "The Things Trilogy")
        // One OPF-065 for the two metas that refine each other, as EPUBCheck reports it.
        #expect(c.diagnostics.map(\.id) == ["RSC-005", "OPF-065"])
        #expect(c.diagnostics.map { $0.location?.line } == [29, 30])
    }

    @Test func customPrefixesResolveToIRIs() throws {
        let c = try Inspect.contract("custom-prefixes")
        #expect(c.package.prefixes.map(\.prefix) == ["r", "foaf"])
        #expect(c.package.prefixes.first?.iri == "http://www.idpf.org/vocab/rendition/#")
        #expect(c.rendition.layout == .prePaginated)
        #expect(c.rendition.spread == Spread.none)
        #expect(c.rendition.layoutSource == .metadata)
        #expect(c.spine[0].properties.pageSpread == .left)
        #expect(c.spine[0].properties.layout == .reflowable)
        #expect(c.spine[0].effective == EffectiveRendition(layout: .reflowable, orientation: .auto, spread: Spread.none, flow: .auto))
        #expect(c.diagnostics.map(\.id) == ["OPF-028"])
        #expect(c.diagnostics.first?.location == .init(path: "EPUB/package.opf", line: 12))
    }

    @Test func itemrefOverridesAndInheritance() throws {
        let c = try Inspect.contract("itemref-overrides")
        #expect(c.spine.map(\.idref) == ["c1", "p2", "p3", "p4", "p2", "p5"])  // duplicate kept, unknown dropped
        #expect(c.spine.map(\.index) == [0, 1, 2, 3, 4, 5])
        // Reflowable item: its own flow wins over the publication's.
        #expect(c.spine[0].effective == .init(layout: .reflowable, orientation: .landscape, spread: .auto, flow: .scrolledDoc))
        // First layout override wins; unprefixed page-spread-left; spread-portrait read as both.
        #expect(c.spine[1].properties == .init(layout: .prePaginated, orientation: nil, spread: .both, flow: nil, pageSpread: .left, alignXCenter: false))
        #expect(c.spine[1].effective == .init(layout: .prePaginated, orientation: .landscape, spread: .both, flow: nil))
        // Flow does not apply to pre-paginated items even when declared.
        #expect(c.spine[2].properties.flow == .scrolledDoc)
        #expect(c.spine[2].effective == .init(layout: .prePaginated, orientation: .portrait, spread: .auto, flow: nil))
        #expect(c.spine[2].properties.pageSpread == .right)
        #expect(c.spine[3].properties == .init(layout: nil, orientation: nil, spread: Spread.none, flow: nil, pageSpread: .center, alignXCenter: true))
        #expect(c.spine[3].linear == false)
        #expect(c.spine[4].properties == .none)
        #expect(c.spine[5].effective.spread == .landscape)
        #expect(c.rendition.flow == .paginated)
        #expect(c.diagnostics.map(\.id) == ["OPF-049", "RSC-005"])  // EPUB 3: the schema rule too, as EPUBCheck
        #expect(c.diagnostics.map { $0.location?.line } == [24, 24])
    }

    @Test func duplicateLayoutMetaFirstWins() throws {
        let c = try Inspect.contract("duplicate-layout-meta")
        #expect(c.rendition.layout == .prePaginated)
        #expect(c.rendition.spread == .both)  // portrait means both
        #expect(c.rendition.orientation == .auto)  // invalid value ignored
        #expect(c.diagnostics.map(\.id) == ["RSC-005", "RSC-005"])
        #expect(c.diagnostics.map { $0.location?.line } == [9, 11])
        #expect(c.spine[0].effective.flow == nil)
    }

    @Test func arabicWithoutPageProgressionReadsRightToLeft() throws {
        let c = try Inspect.contract("rtl-arabic-no-ppd")
        #expect(c.pageProgression == .default)  // exactly as declared: nothing
        #expect(c.inferred == .init(readingProgression: .rtl, readingProgressionReason: .language, verticalText: false))
        #expect(c.writingMode == .unspecified)  // rtl script does not make text vertical
        #expect(c.package.dir == "rtl")
        #expect(c.metadata.title == "كتاب عربي")
    }

    @Test func displayOptionsFallback() throws {
        let c = try Inspect.contract("display-options-fallback")
        #expect(c.rendition.layout == .prePaginated)
        #expect(c.rendition.layoutSource == .displayOptions)  // wins over the Kindle meta
        #expect(c.rendition.orientation == .landscape)  // the "*" platform wins over "iphone"
        #expect(c.rendition.orientationSource == .displayOptions)
        #expect(c.spine[0].effective.layout == .prePaginated)
    }

    @Test func kindleVerticalWritingMode() throws {
        let c = try Inspect.contract("kindle-vertical-japanese")
        #expect(c.writingMode == .verticalRL)
        #expect(c.writingModeSource == .metadata)
        #expect(c.pageProgression == .default)
        #expect(c.inferred == .init(readingProgression: .rtl, readingProgressionReason: .writingMode, verticalText: true))
        #expect(c.rendition.layout == .prePaginated)
        #expect(c.rendition.layoutSource == .kindle)
        #expect(c.rendition.orientation == .portrait)
        #expect(c.rendition.orientationSource == .kindle)
    }

    @Test func japaneseWithoutDeclarationsIsNeitherVerticalNorRTL() throws {
        let c = try Inspect.contract("japanese-undeclared")
        #expect(c.writingMode == .unspecified)
        #expect(c.writingModeSource == WritingMode.Source.none)
        #expect(c.inferred == .init(readingProgression: .ltr, readingProgressionReason: .default, verticalText: false))
    }

    @Test func accessibilityAndCoverImage() throws {
        let c = try Inspect.contract("accessibility-cover")
        let a = c.metadata.accessibility
        #expect(a.accessModes == ["textual", "visual"])
        #expect(a.accessModesSufficient == [["textual"]])
        #expect(a.features == ["structuralNavigation", "alternativeText"])
        #expect(a.hazards == ["none"])
        #expect(a.summary == "Fully navigable; images described.")
        #expect(a.conformsTo == ["EPUB Accessibility 1.1 - WCAG 2.1 Level AA"])
        #expect(a.certifiedBy == "Example Certifier")
        #expect(a.certifierReport == "https://example.org/report.html")
        #expect(c.metadata.cover == .init(href: "EPUB/cover.png", mediaType: "image/png", source: .coverImage))
        #expect(c.metadata.description == "A book that says how it can be read.")
        #expect(c.metadata.publisher == "Open Press")
        #expect(c.metadata.published == "2025-03-01")
        #expect(c.metadata.rights == "CC BY 4.0")
    }

    @Test func fallbackChainsAreCycleSafe() throws {
        let c = try Inspect.contract("fallback-chains")
        #expect(c.spine[0].fallbackChain == ["EPUB/b.dat", "EPUB/chapter1.xhtml"])
        #expect(c.spine[1].fallbackChain == [])
        #expect(c.diagnostics.map(\.id) == ["RSC-001", "OPF-040", "OPF-045"])
        // The cycle is reported once, at the item whose fallback closes it (line 15, as EPUBCheck does).
        #expect(c.diagnostics.map { $0.location?.line } == [16, 16, 15])
        #expect(c.manifest.first { $0.id == "gone" }?.size == nil)
        #expect(c.manifest.first { $0.id == "a" }?.size == 1)
    }
}

/// Package metadata as Reading Systems 3.3 (and Readium where it is silent) read it.
struct MetadataReadingTests {
    @Test func epub3TitlesPeopleSubjectsCollectionsAndAccessibility() throws {
        let m = try Inspect.contract("metadata-epub3-full").metadata
        #expect(m.title == "The Full Record")
        #expect(m.subtitle == "כותרת משנה")  // display-seq 2 beats the subtitle written first (3)
        #expect(m.titles.map(\.displaySeq) == [1, 3, 2])
        #expect(m.titles.map(\.language) == ["en", "en", "he"])
        #expect(m.titles.map(\.dir) == ["ltr", "ltr", "rtl"])
        #expect(m.publishers.map(\.value) == ["First House", "Second House"])
        #expect(m.publishers.map(\.language) == ["en", "en"])
        #expect(m.narrators == ["Nora Reader", "Ned Voice"])
        #expect(m.contributors.map(\.language) == ["fr", "en"])
        #expect(m.subjects.first?.fileAs == "Fiction, Historical")
        #expect(m.series?.identifier == "urn:isbn:9780000000001")
        #expect(m.series?.fileAs == "Records, The")
        #expect(m.numberOfPages == 412)
        #expect(m.accessibility.certifierCredential == "Certified Accessible")
        #expect(m.accessibility.certifierReport == "https://example.org/report.html")
        #expect(m.accessibility.accessModesSufficient == [["textual", "visual"], ["textual"]])
        #expect(m.accessibility.exemptions == ["eaa-disproportionate-burden"])
        #expect(m.accessibility.conformsTo.count == 2)
    }

    @Test func epub2FormsAndDateEvents() throws {
        let m = try Inspect.contract("metadata-epub2-forms").metadata
        #expect(m.modified == "2012-02-02")   // opf:event="modification", no dcterms:modified
        #expect(m.published == "2009-01-01")  // the first date that is not a modification
        #expect(m.contributors.map(\.roles) == [["trl"], ["nrt"]])
        #expect(m.narrators == ["Nora Reader"])
        #expect(m.accessibility.accessModesSufficient == [["textual", "visual"], ["textual"]])
        #expect(m.accessibility.exemptions == ["eaa-microenterprise"])
        #expect(m.numberOfPages == 320)
        #expect(m.subjects.first?.fileAs == "Fiction, Historical")
    }
}
