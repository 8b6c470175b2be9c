@testable import EPUBContract
@testable import EPUBDocument
@testable import EPUBStyle
@testable import EPUBValidator
@testable import EPUBReports
@testable import EPUBAccessibility
import Foundation
import Testing

/// The content-document index the validator's content rules read: references with their kinds,
/// features that call for manifest properties, `epub:type` tokens, and columns of start tags;
/// and the document rules run over it.
struct ContentScanTests {
    private func scan(_ xhtml: String, path: String = "EPUB/text/c1.xhtml") throws -> DocumentIndex {
        let data = Data(xhtml.utf8)
        let document = try #require(XMLParser.parse(data, path: path).document)
        return DocumentIndexer.index(document, source: data)
    }

    /// What the EPUB 3 document rules report on an index, as `ID line:column`.
    private func findings(_ index: DocumentIndex) -> [String] {
        ContentRules.documentRules(index, ContentContext(isXHTML: true, ids: { nil }, dataNav: false), epub3: true)
            .map { "\($0.id) \($0.location?.line ?? 0):\($0.location?.column ?? 0)" }
    }

    @Test func referencesAreReadWithTheirKinds() throws {
        let found = try scan("""
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
            <head><link rel="stylesheet" href="../css/a.css"/><link rel="pronunciation" href="../lex.pls"/></head>
            <body><p><a href="c2.xhtml#x">x</a><img src="../img/i.png" srcset="../img/i2.png 2x, ../img/i3.png 3x" alt=""/></p>
            <audio src="https://example.com/a.mp3"><source src="../audio/b.mp3"/></audio>
            <video poster="../img/p.jpg"><source src="../video/v.mp4"/><track src="../video/v.vtt"/></video>
            <object data="../obj.svg"/><iframe src="frame.xhtml"/></body></html>
            """)
        #expect(found.references.map { "\($0.kind.rawValue) \($0.url) \($0.line ?? 0)" } == [
            "stylesheet ../css/a.css 2", "link ../lex.pls 2",
            "hyperlink c2.xhtml#x 3", "image ../img/i.png 3", "image ../img/i2.png 3", "image ../img/i3.png 3",
            "audio https://example.com/a.mp3 4", "audio ../audio/b.mp3 4",
            "image ../img/p.jpg 5", "video ../video/v.mp4 5", "track ../video/v.vtt 5",
            "embedded ../obj.svg 6", "embedded frame.xhtml 6",
        ])
        #expect(found.references[2].resolution == .local(path: "EPUB/text/c2.xhtml", fragment: "x"))
        #expect(found.features.isEmpty)
    }

    @Test func featuresCallForManifestProperties() throws {
        let found = try scan("""
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>t</title></head>
            <body><p onclick="go()">x</p>
            <svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>
            <math xmlns="http://www.w3.org/1998/Math/MathML"><mi>x</mi></math>
            <epub:switch id="s"><epub:default><p>d</p></epub:default></epub:switch></body></html>
            """)
        #expect(found.features == [.scripted, .svg, .mathml, .switch])
        #expect(findings(found).filter { $0.hasPrefix("ACC-009") || $0.hasPrefix("RSC-017") } == ["ACC-009 4:0", "RSC-017 5:21"])
    }

    @Test func aBaseMakesLaterRelativeURLsRemote() throws {
        let found = try scan("""
            <html xmlns="http://www.w3.org/1999/xhtml"><head><link rel="stylesheet" href="a.css"/>
            <base href="https://example.org/wiki/"/></head><body><p><a href="Page">p</a></p></body></html>
            """)
        #expect(found.references.map(\.resolution) == [.local(path: "EPUB/text/a.css", fragment: nil), .remote("https://example.org/wiki/Page")])
        #expect(findings(found).filter { $0.hasPrefix("HTM_055") } == ["HTM_055 2:41"])
    }

    @Test func xmlStylesheetInstructionsAreReferences() throws {
        let found = try scan("""
            <?xml version="1.0"?>
            <?xml-stylesheet href="../css/s.css" type="text/css"?>
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="p.png" width="1" height="1"/></svg>
            """, path: "EPUB/img/page.svg")
        #expect(found.references.map { "\($0.kind.rawValue) \($0.url)" } == ["stylesheet ../css/s.css", "image p.png"])
        #expect(!found.features.contains(.svg))
    }

    @Test func columnsKeepTwoTagsOnOneLineApart() throws {
        let found = try scan("""
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>t</title></head>
            <body><p><ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp></ruby></p>
            <aside epub:type="sidebar note">n</aside></body></html>
            """)
        #expect(findings(found).filter { $0.hasPrefix("HTM_055") } == ["HTM_055 2:21", "HTM_055 2:43"])
        #expect(found.types.map(\.token) == ["sidebar", "note"])
        #expect(found.types.map { found.column($0.position) } == [33, 33])
    }

    @Test(arguments: ["en", "en-GB", "zh-Hant-TW", "sgn-BE-FR", "i-klingon", "x-private", "de-CH-1901", "en-a-bbb-x-a-ccc"])
    func wellFormedLanguageTags(tag: String) {
        #expect(LanguageTag.isWellFormed(tag))
    }

    @Test(arguments: ["en_US", "e", "", "a-DE", "en--GB", "zh-Hant-", "日本"])
    func malformedLanguageTags(tag: String) {
        #expect(!LanguageTag.isWellFormed(tag))
    }
}
