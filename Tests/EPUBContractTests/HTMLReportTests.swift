import EPUBContract
@testable import EPUBValidator
@testable import EPUBReports
@testable import EPUBAccessibility
import Foundation
import Testing

/// The HTML report draws what the contract says: spreads as facing pages in the book's direction,
/// clips and silences on each audio file's lane, and nothing that loads from outside the page.
struct HTMLReportTests {
    private func page(_ fixture: String) throws -> String {
        let session = try Inspect.session(fixture)
        let contract = ContractBuilder.build(session)
        let report = ValidationReport(sourcePath: fixture, diagnostics: contract.diagnostics, session: nil, elapsedMilliseconds: 0)
        return HTMLReportFormatter.format(report, contract: contract, cover: HTMLReportFormatter.cover(of: session, contract), command: "inspect")
    }

    @Test func spreadsAreFacingPagesRightToLeft() throws {
        let html = try page("spreads-rtl-manga")
        #expect(html.contains("<div class=\"strip rtl\" data-progression=\"rtl\">"))
        // Item 2 on the left, item 1 on the right: physical sides, whatever the direction.
        #expect(html.contains("<div class=\"spread pair\" data-indices=\"1 2\"><div class=\"page left pre-paginated\" data-spine=\"2\""))
        #expect(html.contains("<div class=\"spread center\" data-indices=\"4\"><div class=\"page center pre-paginated\" data-spine=\"4\""))
        // Item 3 stands on the left with the right page blank; item 7 is non-linear and alone.
        #expect(html.contains("data-spine=\"3\" data-side=\"left\" data-layout=\"pre-paginated\" data-writing-mode=\"unspecified\" style=\"width:73px\""))
        #expect(html.contains("<div class=\"page blank\" style=\"width:73px\" title=\"left blank\"></div></div>"))
        #expect(html.contains("<div class=\"spread alone\" data-indices=\"7\"><div class=\"page alone pre-paginated nonlinear\" data-spine=\"7\""))
    }

    @Test func overlayLanesShowClipsAndSilences() throws {
        let html = try page("mo-timeline")
        #expect(html.contains("<div class=\"lane\" data-audio=\"EPUB/audio/b.mp3\">"))
        // b.mp3: silence 0–1 s, a clip 1–6 s, then one without an end, hatched to the lane's end
        // (the lane runs to 6 × 1.1 + 1 = 7.6 s, so an open clip has room to show).
        #expect(html.contains("<div class=\"gap\" data-begin=\"0\" data-end=\"1\" style=\"left:0.000%;width:13.158%\""))
        #expect(html.contains("<div class=\"clip\" data-begin=\"1\" data-end=\"6\" data-text=\"EPUB/text/c2.xhtml#h2\" style=\"left:13.158%;width:65.789%\""))
        #expect(html.contains("<div class=\"clip open\" data-begin=\"6\" data-end=\"\""))
        #expect(html.contains("5 clips, declared 10 s, clips cover 10 s, 1 without an end, 1 read by text-to-speech"))
    }

    @Test func verticalWritingFromMetadataMarksThePages() throws {
        let html = try page("kindle-vertical-japanese")
        #expect(html.contains("class=\"page center pre-paginated vertical\" data-spine=\"0\" data-side=\"center\" data-layout=\"pre-paginated\" data-writing-mode=\"vertical-rl\""))
        #expect(html.contains("<tr><th>Writing mode</th><td>vertical-rl (metadata)</td></tr>"))
    }

    @Test func theCoverIsEmbeddedAndNothingLoadsFromOutside() throws {
        let html = try page("accessibility-cover")
        #expect(html.contains("<img class=\"cover\" alt=\"cover\" src=\"data:image/png;base64,"))
        #expect(html.contains("content=\"default-src 'none'; img-src data:; style-src 'unsafe-inline'\""))
        #expect(!html.contains("<script") && !html.contains("http://") && !html.contains("https://"))
    }

    /// A page in Japanese or Chinese says so (`lang`, so that a browser draws its text with that
    /// language's glyphs), and its chrome and messages are in that language; English is as before.
    @Test func thePageDeclaresAndSpeaksItsLanguage() throws {
        let session = try Inspect.session("spreads-rtl-manga")
        let contract = ContractBuilder.build(session)
        let report = ValidationReport(sourcePath: "book", diagnostics: contract.diagnostics, session: nil, elapsedMilliseconds: 0)
        let english = HTMLReportFormatter.format(report, contract: contract, cover: nil, command: "inspect")
        #expect(english.contains("<html lang=\"en\">"))
        #expect(english.contains("<a href=\"#spine\">Spine</a>"))
        let japanese = HTMLReportFormatter.format(report.localized(.japanese), contract: contract, cover: nil, command: "inspect")
        #expect(japanese.contains("<html lang=\"ja\">"))
        #expect(japanese.contains("<a href=\"#spine\">スパイン</a>"))
        #expect(japanese.contains("<div class=\"page blank\" style=\"width:73px\" title=\"白紙\"></div>"))
        #expect(!japanese.contains(">Spine<") && !japanese.contains("left blank"))
        let chinese = HTMLReportFormatter.format(report, contract: contract, cover: nil, command: "inspect", locale: .simplifiedChinese)
        #expect(chinese.contains("<html lang=\"zh-Hans\">"))
        #expect(chinese.contains("<h2>spine（阅读顺序）</h2>"))
    }

    /// A description holding escaped markup reads as formatted text; nothing in it can act.
    @Test func descriptionMarkupThroughAnAllowList() {
        #expect(DescriptionMarkup.html("<p><i>Dracula</i> is one of the &ldquo;best&rdquo; novels.</p>")
                == "<p><i>Dracula</i> is one of the \u{201C}best\u{201D} novels.</p>")
        let hostile = """
            <p onclick="alert(1)" style="background:url(https://x.test/t)">Read <a href="javascript:alert(2)">this</a>\
            <script>alert(3)</script><style>body{display:none}</style><img src=x onerror=alert(4)>\
            <svg onload=alert(5)><text>svg</text></svg><iframe src="https://x.test"></iframe> now.</p>
            """
        let safe = DescriptionMarkup.html(hostile)
        #expect(safe == "<p>Read this now.</p>")
        // Plain text with a lone `<` stays text.
        #expect(DescriptionMarkup.html("a < b and c > d") == "a &lt; b and c &gt; d")
    }

    /// Each tile says what its document is: the contents entry that leads to it, else its first heading.
    @Test func tilesAreLabelledByContentsOrHeading() throws {
        let session = try Inspect.session("epub3-minimal")
        let contract = ContractBuilder.build(session)
        let labels = HTMLReportFormatter.pageLabels(of: session, contract)
        #expect(labels[0] == contract.toc.first?.title)
        let report = ValidationReport(sourcePath: "book", diagnostics: [], session: nil, elapsedMilliseconds: 0)
        let html = HTMLReportFormatter.format(report, contract: contract, cover: nil, command: "inspect", labels: labels)
        #expect(html.contains("<span class=\"name\">\(labels[0] ?? "?")</span>"))
        #expect(html.contains("title=\"\(contract.spine[0].href) — reflowable"))
    }

    @Test func textIsEscaped() {
        #expect(HTMLReportFormatter.escape("<a href=\"x\">'&'</a>") == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
    }
}
