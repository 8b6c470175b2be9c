import EPUBContract
@testable import EPUBReports
import Foundation
import Testing

/// Fixed-layout pages in the HTML report: each page's thumbnail is what the page is (its picture,
/// its own SVG, or a preview drawn from its styles), within budget, and the report shows and
/// marks them (Fixtures/fxl-thumbnails: a JPEG page, a PNG in the spine, an SVG page, a text page).
struct PageThumbnailTests {
    @Test func eachPageIsDrawnAsWhatItIs() throws {
        let session = try Inspect.session("fxl-thumbnails")
        let thumbnails = PageThumbnail.all(of: session, ContractBuilder.build(session))
        #expect(thumbnails.keys.sorted() == [0, 1, 2, 3])
        let made = thumbnails.sorted { $0.key < $1.key }.map { ($0.value.kind, $0.value.mediaType, $0.value.source, $0.value.width, $0.value.height) }
        // A JPEG within budget is embedded as it is, at its proportions in the box (64 × 96 → 147 × 220).
        #expect(made[0] == (.image, "image/jpeg", "EPUB/images/page.jpg", 147, 220))
        #expect(made[1] == (.image, "image/png", "EPUB/images/plate.png", 176, 138))
        #expect(made[2] == (.drawing, "image/svg+xml", "EPUB/p3.svg", 147, 220))
        #expect(made[3] == (.preview, "image/svg+xml", "EPUB/p4.xhtml", 147, 220))
        #expect(thumbnails.values.allSatisfy { $0.bytes.count <= PageThumbnail.budget })
    }

    /// A page is a picture only when the text beside its image is a caption at most: the body's
    /// text counts (an XHTML page's was read as none, so a page of text with an image showed the image).
    @Test func visibleTextIsTheBodysLessTitles() throws {
        let session = try Inspect.session("fxl-thumbnails")
        let page1 = try #require(session.contentDocument(at: "EPUB/p1.xhtml"))
        let page4 = try #require(session.contentDocument(at: "EPUB/p4.xhtml"))
        let svg = try #require(session.contentDocument(at: "EPUB/p3.svg"))
        #expect(PageThumbnail.visibleText(page1) == 1)
        #expect(PageThumbnail.visibleText(page4) == 137)  // the heading and the paragraph, not the style element in the head
        #expect(PageThumbnail.visibleText(svg) == 5)  // "Three"; the title "Page 3" is not seen
    }

    @Test func previewDrawsTheCascade() throws {
        let session = try Inspect.session("fxl-thumbnails")
        let preview = try #require(PageThumbnail.all(of: session, ContractBuilder.build(session))[3])
        let svg = String(decoding: preview.bytes, as: UTF8.self)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 640 960\""))
        // The body's background, the heading centred in its size and colour, 40 px in from the body's margin.
        #expect(svg.contains("<rect width=\"100%\" height=\"100%\" fill=\"rgb(255, 255, 238)\"/>"))
        #expect(svg.contains("font-size=\"48\" fill=\"rgb(153, 0, 0)\" font-weight=\"bold\" text-anchor=\"middle\">A text page</text>"))
        #expect(svg.contains("<text x=\"40\" "))
        #expect(svg.contains("Its text is drawn"))
    }

    @Test func largePicturesAreScaledFromTheirDCImage() throws {
        // The fixture copied, its page replaced by a noisy 400 × 600 JPEG far over budget.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("thumbs-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: FixturePaths.fixtures.appendingPathComponent("fxl-thumbnails"), to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        var generator = SystemRandomNumberGenerator()
        let noise = RasterImage(width: 400, height: 600, pixels: (0..<(400 * 600 * 3)).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let jpeg = JPEGEncoder.encode(noise, quality: 95)
        #expect(jpeg.count > 10 * PageThumbnail.budget)
        try jpeg.write(to: folder.appendingPathComponent("EPUB/images/page.jpg"))
        let session = try PublicationSession(path: folder.path)
        let page = try #require(PageThumbnail.all(of: session, ContractBuilder.build(session))[0])
        // An eighth is 50 × 75, within the box: written again as JPEG, within budget.
        #expect(page.kind == .image && page.mediaType == "image/jpeg" && page.width == 50 && page.height == 75)
        #expect(page.bytes.count <= PageThumbnail.budget)
        #expect(try JPEGDecoder.eighth(Array(page.bytes)).width == 7)
    }

    @Test func reportShowsAndMarksThem() throws {
        let session = try Inspect.session("fxl-thumbnails")
        let contract = ContractBuilder.build(session)
        let report = ValidationReport(sourcePath: "fxl-thumbnails", diagnostics: [], session: nil, elapsedMilliseconds: 0)
        let html = HTMLReportFormatter.format(report, contract: contract, cover: nil, command: "inspect",
                                              thumbnails: PageThumbnail.all(of: session, contract))
        #expect(html.components(separatedBy: "<img class=\"thumb\" alt=\"\" src=\"data:").count == 5)
        #expect(html.components(separatedBy: "<i class=\"mark\">preview</i>").count == 3)
        #expect(html.contains("class=\"page right pre-paginated pictured\" data-spine=\"0\""))
        #expect(html.contains("class=\"page right pre-paginated pictured preview\" data-spine=\"2\""))
        #expect(html.contains("Fixed-layout pages show their own picture, scaled down"))
    }
}
