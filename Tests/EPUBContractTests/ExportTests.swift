@testable import EPUBConverter
@testable import EPUBExport
@testable import EPUBOutput
import EPUBContract
import Foundation
import Testing

/// `Fixtures/export-basic`: scripts and handlers, links of every kind, ruby, a page break, `pre`,
/// an image, a style sheet naming a font, a document that is not well-formed, an SVG page and a
/// footnote document outside the spine.
struct ExportTests {
    static let book = FixturePaths.folder("export-basic")

    static func folder() throws -> (BookExporter.Result, String) {
        let output = FixturePacker.temporaryPath("export-xhtml")
        let session = try PublicationSession(path: book)
        return (try BookExporter.export(session, to: output), output)
    }

    @Test func xhtmlFolderHasOneNormalizedDocumentPerSpineItem() throws {
        let (result, output) = try Self.folder()
        let files = try FileManager.default.subpathsOfDirectory(atPath: output).sorted()
        #expect(files == ["0001.xhtml", "0002.xhtml", "0003.xhtml", "aux-0001.xhtml", "contract.json", "resources",
                          "resources/0001-dot.png", "resources/0002-style.css", "resources/0003-serif.woff2"])
        #expect(result.manifest.documents.map(\.output) == ["0001.xhtml", "0002.xhtml", "0003.xhtml", "aux-0001.xhtml"])
        #expect(result.manifest.documents.map(\.parsedAsHTML) == [false, true, false, false])
        #expect(result.manifest.scriptsRemoved == 2)
        #expect(result.manifest.eventHandlersRemoved == 2)
        #expect(result.manifest.remoteReferences == [.init(in_: "0001.xhtml", url: "https://example.org/x")])
        #expect(result.manifest.unresolvedReferences == [.init(in_: "0001.xhtml", url: "missing.xhtml")])
        #expect(result.manifest.diagnostics.map(\.id) == ["EC-EXP-001"])
        #expect(result.manifest.diagnostics.first?.location?.path == "EPUB/chapter2.xhtml")

        let one = try String(contentsOfFile: output + "/0001.xhtml", encoding: .utf8)
        #expect(one.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" xmlns:epub=\"http://www.idpf.org/2007/ops\" lang=\"en\" xml:lang=\"en\">"))
        #expect(!one.contains("<script") && !one.contains("onclick") && !one.contains("onload"))
        #expect(one.contains("<a href=\"0002.xhtml#c2\">link</a>"))
        #expect(one.contains("<a epub:type=\"noteref\" href=\"aux-0001.xhtml#n1\">note</a>"))
        #expect(one.contains("<link rel=\"stylesheet\" href=\"resources/0002-style.css\"/>"))
        #expect(one.contains("src=\"resources/0001-dot.png\""))
        #expect(one.contains("<a href=\"\">nowhere</a>"))
        let two = try String(contentsOfFile: output + "/0002.xhtml", encoding: .utf8)
        #expect(two.contains("<h1 id=\"c2\">Two\u{A0}words</h1>"))
        #expect(two.contains("<p>Second &amp; last</p>"))
        let css = try String(contentsOfFile: output + "/resources/0002-style.css", encoding: .utf8)
        #expect(css.contains("url(\"0003-serif.woff2\")") && css.contains("url(0001-dot.png)"))
        let notes = try String(contentsOfFile: output + "/aux-0001.xhtml", encoding: .utf8)
        #expect(notes.contains("<a href=\"0001.xhtml#s2\">the text</a>"))
        let page = try String(contentsOfFile: output + "/0003.xhtml", encoding: .utf8)
        #expect(page.contains("xlink:href=\"resources/0001-dot.png\"") && !page.contains("alert"))
        // Every document is well-formed XML.
        for name in ["0001.xhtml", "0002.xhtml", "0003.xhtml", "aux-0001.xhtml"] {
            let data = try Data(contentsOf: URL(fileURLWithPath: output + "/" + name))
            #expect(XMLParser.parse(data, path: name).diagnostics.isEmpty, "\(name)")
        }
    }

    @Test func addressableTextHasUTF16OffsetsForEveryID() throws {
        let output = FixturePacker.temporaryPath("export-json")
        let session = try PublicationSession(path: Self.book)
        _ = try BookExporter.exportJSON(session, to: output)
        let json = try JSONText.parse(String(contentsOfFile: output, encoding: .utf8))
        let first = try #require(json["documents"]?[0])
        #expect(first["text"] == .string("Chapter One\nPlain text, emphasis and a link.\nAfter the break.\nNew line \u{FFFC} picture.\n漢字東京です\na  b\nc\nSee note and the web and nowhere.\n"))
        #expect(first["length"] == .integer(130))
        #expect(first["ids"] == .object([("h1", .integer(0)), ("p1", .integer(12)), ("em", .integer(24)), ("p7", .integer(45)), ("dot", .integer(71)), ("s2", .integer(82)), ("code", .integer(89))]))
        let blocks = (first["blocks"]?.array ?? []).map { "\($0["type"]?.string ?? "?") \($0["start"].map { "\($0)" } ?? "")" }
        #expect(blocks.count == 8)
        #expect(first["blocks"]?[2]?["type"] == .string("paragraph"))
        #expect(first["blocks"]?[3]?["type"] == .string("pageBreak"))
        #expect(first["blocks"]?[3]?["detail"] == .string("7"))
        #expect(first["blocks"]?[4]?["src"] == .string("images/dot.png"))
        #expect(first["ruby"] == .array([.object([("start", .integer(84)), ("end", .integer(86)), ("text", .string("とうきょう"))])]))
        #expect(json["documents"]?[1]?["text"] == .string("Two\u{A0}words\nUnclosed paragraph\nSecond & last\n"))
        #expect(json["documents"]?[1]?["parsedAsHTML"] == .bool(true))
        #expect(json["documents"]?[2]?["text"] == .string("\u{FFFC}\n"))
        let toc = (json["positions"]?["toc"]?.array ?? []).map { "\($0["title"]?.string ?? "") \($0["spineIndex"].map { "\($0)" } ?? "") \($0["charOffset"].map { "\($0)" } ?? "")" }
        #expect(toc == ["One integer(0) integer(0)", "Second section integer(0) integer(82)", "Two integer(1) integer(0)"])
        #expect(json["positions"]?["pageList"]?[0]?["charOffset"] == .integer(45))
    }

    @Test func anExistingFolderIsNeverReplaced() throws {
        let (_, output) = try Self.folder()
        let session = try PublicationSession(path: Self.book)
        #expect(throws: ConversionError.self) { _ = try BookExporter.export(session, to: output) }
        #expect(FileManager.default.fileExists(atPath: output + "/contract.json"))
    }

    @Test func namesStayInsideTheFolder() {
        var names = ExportNames()
        #expect(names.resource("EPUB/../../etc/passwd") == "resources/0001-passwd")
        #expect(names.resource("EPUB/images/a b/ü.png") == "resources/0002-_.png")
        #expect(names.resource("EPUB/..") == "resources/0003-resource")
        #expect(throws: ConversionError.self) { try OutputPath.writeFolder([("../x", [])], to: FixturePacker.temporaryPath("slip")) }
    }

    @Test func embeddedStylesheetsMatchTheirFiles() throws {
        let folder = FixturePaths.root.appendingPathComponent("schemas")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".xsl") }
        #expect(Set(EmbeddedStylesheets.files.keys) == Set(names), "run scripts/gen-schemas")
        for name in names {
            #expect(EmbeddedStylesheets.files[name] == (try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)), "\(name): run scripts/gen-schemas")
        }
    }
}

/// `Fixtures/export-bidi`: a Hebrew body with `dir="rtl"`, an English span inside it, strong, code
/// and a link into the next document; that document names no language of its own.
struct NativeLayoutExportTests {
    @Test func languageDirectionRunsAndIDRangesForANativeRenderer() throws {
        let session = try PublicationSession(path: FixturePaths.folder("export-bidi"))
        let text = try #require(BookExporter.addressableText(session, spineIndex: 0))
        #expect(text.text == "פרק ראשון\nשלום hello world וx=1.\nראו הערה.\n")
        #expect(text.lang == "he")
        #expect(text.dir == "rtl")  // the body's dir survives
        #expect(text.blocks.map(\.type) == ["heading", "paragraph", "paragraph"])
        #expect(text.blocks.allSatisfy { $0.lang == "he" && $0.dir == "rtl" })
        #expect(text.runs.map(\.type) == ["language", "strong", "code", "link"])
        #expect(text.runs.map { [$0.start, $0.end] } == [[15, 26], [21, 26], [28, 31], [37, 41]])
        #expect(text.runs[0].lang == "en")
        #expect(text.runs[3].href == "chapter2.xhtml#t")
        #expect(text.idRanges.map(\.id) == ["h", "s1", "p1", "p2"])
        #expect(text.idRanges.map { [$0.start, $0.end] } == [[0, 10], [15, 26], [10, 33], [33, 43]])
        let next = try #require(BookExporter.addressableText(session, spineIndex: 1))
        #expect(next.lang == "he")  // the publication's language, as the document names none
        #expect(next.dir == nil)
        #expect(next.blocks.map(\.dir) == [nil, "rtl"])
        #expect(BookExporter.addressableText(session, spineIndex: 2) == nil)
    }

    /// Offsets count UTF-16 code units: a character outside the BMP counts two, a CJK one, in
    /// collapsed text and in `pre` alike.
    @Test func offsetsCountUTF16UnitsOutsideTheBMP() throws {
        let source = """
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head><body>
            <p>a\u{1F600}  \u{20BB7}<span id="s">b</span></p><pre id="p">\u{1F600}\t x</pre><p id="e">\u{E9}<img src="i.png"/>z</p></body></html>
            """
        let parsed = XMLParser.parse(Data(source.utf8), path: "t.xhtml")
        let document = try #require(parsed.document)
        let model = ContentDocument(document)
        let text = TextLayout.text(of: model)
        #expect(text.text == "a\u{1F600} \u{20BB7}b\n\u{1F600}\t x\n\u{E9}\u{FFFC}z\n")
        #expect(text.length == text.text.utf16.count)
        #expect(text.length == 18)
        #expect(text.ids.map(\.offset) == [6, 8, 14])
        #expect(text.idRanges.map { [$0.start, $0.end] } == [[6, 7], [8, 14], [14, 18]])
        // Every element of the model has its range by index; what is not laid out (head) has none.
        #expect(text.elementRanges.count == model.elements.count)
        let ranges = ["s", "p", "e"].map { id in model.element(id: id).flatMap { text.elementRanges[$0] } }
        #expect(ranges == [6..<7, 8..<14, 14..<18])
        #expect(model.elements[1].localName == "head" && text.elementRanges[1] == nil)
        #expect(text.elementRanges[model.elements.count - 1] == 15..<16)  // the image: its one U+FFFC
    }

    @Test func linkRunsResolveToSpinePositionsInTheJSONExport() throws {
        let session = try PublicationSession(path: FixturePaths.folder("export-bidi"))
        let output = FixturePacker.temporaryPath("export-bidi") + ".json"
        _ = try BookExporter.exportJSON(session, to: output)
        let json = try JSONText.parse(String(contentsOfFile: output, encoding: .utf8))
        let link = json["documents"]?[0]?["runs"]?[3]
        #expect(link?["href"] == .string("EPUB/chapter2.xhtml#t"))
        #expect(link?["spineIndex"] == .integer(1))
        #expect(link?["charOffset"] == .integer(8))
        #expect(json["documents"]?[0]?["dir"] == .string("rtl"))
        #expect(json["documents"]?[0]?["idRanges"]?["s1"] == .array([.integer(15), .integer(26)]))
    }
}

/// A bitmap in the spine (fxl-svg-and-bitmaps: PNG, GIF, JPEG and WebP pages) is a page that shows
/// the image, as a reading system shows it: never its bytes read as markup or text.
struct BitmapPageExportTests {
    @Test func xhtmlPageHoldsTheImageAndJSONHasNoText() throws {
        let session = try PublicationSession(path: FixturePaths.folder("fxl-svg-and-bitmaps"))
        let output = FixturePacker.temporaryPath("export-bitmaps")
        let result = try BookExporter.export(session, to: output)
        let png = try #require(result.manifest.documents.first { $0.href == "EPUB/i1.png" })
        let page = try String(contentsOfFile: output + "/" + png.output, encoding: .utf8)
        let resource = try #require(result.manifest.resources.first { $0.href == "EPUB/i1.png" })
        #expect(page.contains("<body><img src=\"\(resource.output)\" alt=\"\"/></body>"))
        let json = FixturePacker.temporaryPath("export-bitmaps.json")
        _ = try BookExporter.exportJSON(try PublicationSession(path: FixturePaths.folder("fxl-svg-and-bitmaps")), to: json)
        let documents = try #require(try JSONValue.parse(Array(Data(contentsOf: URL(fileURLWithPath: json))))["documents"]?.arrayValue)
        let bitmaps = documents.filter { ($0["href"]?.stringValue ?? "").hasSuffix(".png") || ($0["href"]?.stringValue ?? "").hasSuffix(".jpg") }
        #expect(!bitmaps.isEmpty && bitmaps.allSatisfy { $0["length"]?.intValue == 0 && $0["text"]?.stringValue == "" })
    }
}
