@testable import EPUBContract
@testable import EPUBDocument
@testable import EPUBStyle
import Testing

/// Viewports, spreads and writing modes on the fixtures, exact values.
struct RenditionFixtureTests {
    private func size(_ w: Double?, _ h: Double?) -> Viewport { Viewport(width: w, height: h, widthKeyword: nil, heightKeyword: nil) }

    @Test func viewportMetaForms() throws {
        let c = try Inspect.contract("fxl-viewport-meta")
        #expect(c.spine.map(\.viewport) == [
            size(1200, 1600), size(1000, 1500.5),
            Viewport(width: nil, height: nil, widthKeyword: "device-width", heightKeyword: "device-height"),
            size(800, 600),  // first width wins, and the second meta is ignored
            nil,             // nothing usable
        ])
        #expect(c.rendition.viewport == nil)  // the items disagree
        let found = c.diagnostics.map { "\($0.id) \($0.location?.path ?? ""):\($0.location?.line ?? 0)" }
        #expect(found == ["HTM_057 EPUB/p2.xhtml:4", "HTM_059 EPUB/p4.xhtml:4", "HTM_060a EPUB/p4.xhtml:4",
                          "HTM_057 EPUB/p5.xhtml:4", "HTM_056 EPUB/p5.xhtml:4"])
        #expect(c.diagnostics.first { $0.id == "HTM_060a" }?.severity == .usage)
    }

    @Test func deprecatedRenditionViewportFallback() throws {
        let c = try Inspect.contract("fxl-viewport-fallback")
        #expect(c.spine.map(\.viewport) == [size(640, 480), size(1024, 768), size(500, 700)])
        #expect(c.rendition.viewport == size(1024, 768))
        // EPUBCheck still wants the meta in every fixed-layout document, whatever rendition:viewport says.
        #expect(c.diagnostics.map { "\($0.id) \($0.location?.path ?? "")" } == ["HTM-046 EPUB/p1.xhtml", "HTM-046 EPUB/p2.xhtml"])
        #expect(c.spreads == [
            SpreadGroup(indices: [0], left: nil, right: nil, center: 0),
            SpreadGroup(indices: [1, 2], left: 1, right: 2, center: nil),
        ])
    }

    @Test func svgAndBitmapPages() throws {
        let c = try Inspect.contract("fxl-svg-and-bitmaps")
        #expect(c.spine.map(\.viewport) == [size(800, 600), size(640, 400), size(3, 2), size(5, 4), size(7, 6), size(9, 8), size(9, 8)])
        #expect(c.spine.map(\.writingMode) == [nil, nil, nil, nil, nil, nil, nil])
        #expect(c.diagnostics.map(\.id) == ["HTM-048"])
        #expect(c.diagnostics.first?.location?.path == "EPUB/s2.svg")
    }

    @Test func rightToLeftMangaSpreads() throws {
        let c = try Inspect.contract("spreads-rtl-manga")
        #expect(c.inferred.readingProgression == .rtl)
        #expect(c.spreads == [
            SpreadGroup(indices: [0], left: nil, right: nil, center: 0),      // the cover
            SpreadGroup(indices: [1, 2], left: 2, right: 1, center: nil),     // first page on the right
            SpreadGroup(indices: [3], left: 3, right: nil, center: nil),      // page-spread-left with nothing pending
            SpreadGroup(indices: [4], left: nil, right: nil, center: 4),      // page-spread-center
            SpreadGroup(indices: [5], left: nil, right: 5, center: nil),      // closed by the next right page
            SpreadGroup(indices: [6, 8], left: 8, right: 6, center: nil),     // the non-linear page 7 is skipped
        ])
        #expect(c.rendition.viewport == size(600, 900))
    }

    @Test func verticalWritingModeFromCSS() throws {
        let c = try Inspect.contract("writing-mode-css")
        #expect(c.spine.map(\.writingMode) == [.verticalRL, .verticalRL])  // via @import; body.tate
        #expect(c.writingMode == .verticalRL)
        #expect(c.writingModeSource == .css)
        #expect(c.pageProgression == .default)
        #expect(c.inferred == InferredPresentation(readingProgression: .rtl, readingProgressionReason: .writingMode, verticalText: true))
    }

    @Test func cascadeAndDisagreement() throws {
        let c = try Inspect.contract("writing-mode-cascade")
        // `:root, body { … !important }` beats later normal rules and the body's style attribute
        // (CSS Cascade 4 § 6.2); the body's value is the document's (CSS Writing Modes 3 § 8).
        #expect(c.spine.map(\.writingMode) == [.horizontalTB, .verticalRL])
        #expect(c.writingMode == .unspecified)
        #expect(c.writingModeSource == WritingMode.Source.none)
        #expect(c.inferred.readingProgression == .ltr)
    }

    @Test func vendorFixedLayoutIsNotHeldToViewportRules() throws {
        let c = try Inspect.contract("display-options-fallback")
        #expect(c.spine[0].effective.layout == .prePaginated)
        #expect(c.spine[0].viewport == nil)
        #expect(c.diagnostics.isEmpty)
        #expect(c.spreads == [SpreadGroup(indices: [0], left: nil, right: nil, center: 0)])
    }
}
