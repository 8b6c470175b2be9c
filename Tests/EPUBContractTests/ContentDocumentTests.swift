@testable import EPUBContract
@testable import EPUBDocument
@testable import EPUBStyle
import Foundation
import Testing

/// The content-document model: what every reader of a document takes its elements, ids, tokens,
/// languages, directions, CFI steps and source places from.
struct ContentDocumentTests {
    private static let source = """
        <?xml version="1.0" encoding="UTF-8"?>
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="en" lang="fr">
        <head><title>t</title></head>
        <body dir="rtl">
        <section epub:type=" chapter  bodymatter " role="doc-chapter" id=" c1 "><h1 lang="ar">ع</h1><p dir="bogus">x</p><p xml:id="second" id="first">y</p></section>
        <svg xmlns="http://www.w3.org/2000/svg" id="pic"><title>t</title></svg>
        <p id="c1" dir="LTR">again</p>
        </body>
        </html>
        """

    private func model() throws -> ContentDocument {
        let data = Data(Self.source.utf8)
        let tree = try #require(XMLParser.parse(data, path: "EPUB/c.xhtml").document)
        return ContentDocument(tree, source: data)
    }

    private func number(_ model: ContentDocument, _ name: String, _ nth: Int = 0) throws -> Int {
        let all = model.elements.indices.filter { model.elements[$0].localName == name }
        return try #require(all.count > nth ? all[nth] : nil)
    }

    @Test func elementsAreInDocumentOrderWithCFISteps() throws {
        let m = try model()
        #expect(m.elements.map(\.localName) == ["html", "head", "title", "body", "section", "h1", "p", "p", "svg", "title", "p"])
        #expect(m.elements.map(\.step) == [0, 2, 2, 4, 2, 2, 4, 6, 4, 2, 6])
        #expect(m.cfiPath(of: 0) == "")
        #expect(m.cfiPath(of: try number(m, "p", 1)) == "/4/2/6")
        #expect(m.cfiPath(of: try number(m, "title", 1)) == "/4/4/2")
        #expect(m.elements.map(\.parent) == [nil, 0, 1, 0, 3, 4, 4, 4, 3, 8, 3])
    }

    @Test func idsResolveToTheirFirstBearerTrimmed() throws {
        let m = try model()
        let section = try number(m, "section")
        #expect(m.element(id: "c1") == section)
        #expect(m.id(of: section) == "c1")
        // The first id attribute on the element counts, whether id or xml:id.
        #expect(m.element(id: "second") == (try number(m, "p", 1)))
        #expect(m.element(id: "first") == nil)
        #expect(m.element(id: "pic") == (try number(m, "svg")))
        #expect(m.ids.count == 3)
    }

    @Test func typeAndRoleTokensAreSplitOnce() throws {
        let m = try model()
        let section = try number(m, "section")
        #expect(Array(m.types(of: section)) == ["chapter", "bodymatter"])
        #expect(Array(m.roles(of: section)) == ["doc-chapter"])
        #expect(m.types(of: 0).isEmpty && m.roles(of: 0).isEmpty)
    }

    @Test func languageAndDirectionAreInherited() throws {
        let m = try model()
        #expect(m.language(of: 0) == "en")  // xml:lang wins over lang
        #expect(m.language(of: try number(m, "h1")) == "ar")
        #expect(m.language(of: try number(m, "p")) == "en")
        #expect(m.elements[0].direction == nil)
        #expect(m.elements[try number(m, "p")].direction == .rtl)  // an unknown value inherits
        #expect(m.elements[try number(m, "p", 2)].direction == .ltr)  // compared without case
        #expect(m.elements[try number(m, "svg")].namespace == .svg)
        #expect(m.elements[try number(m, "section")].namespace == .xhtml)
    }

    @Test func placesBecomeLinesColumnsAndOffsets() throws {
        let m = try model()
        let data = Array(Self.source.utf8)
        let second = try number(m, "p", 1)
        #expect(m.elements[second].line == 5)
        #expect(m.elements[second].position == TagPosition(line: 5, tag: "p", occurrence: 1))
        let offset = try #require(m.byteOffset(of: second))
        #expect(String(decoding: data[offset..<(offset + 14)], as: UTF8.self) == "<p xml:id=\"sec")
        let h1 = try number(m, "h1")
        let h1Offset = try #require(m.byteOffset(of: h1))
        #expect(String(decoding: data[h1Offset..<(h1Offset + 3)], as: UTF8.self) == "<h1")
        #expect(m.column(of: h1) == 87)
    }

    /// The session's own id order (for documents the validator does not index) agrees with the model.
    @Test func elementIDOrderAgreesWithTheModel() throws {
        let data = Data(Self.source.utf8)
        let tree = try #require(XMLParser.parse(data, path: "EPUB/c.xhtml").document)
        #expect(tree.elementIDOrder() == ContentDocument(tree).ids)
    }

    /// libxml2 places an element on the line its start tag ends on; the tag's start (for offsets)
    /// and its column are found from there, even when it began lines before and another tag of
    /// the same name starts on its last line.
    @Test func startTagsOverSeveralLinesArePlacedWhereTheyEnd() throws {
        let source = "<html xmlns=\"http://www.w3.org/1999/xhtml\"><body><p>a\n<span\n class=\"k\"\nid=\"x\">t</span><span>u</span></p></body></html>\n"
        let data = Data(source.utf8)
        let tree = try #require(XMLParser.parse(data, path: "c.xhtml").document)
        let m = ContentDocument(tree, source: data)
        let first = try #require(m.element(id: "x"))
        #expect(m.elements[first].position == TagPosition(line: 4, tag: "span", occurrence: 0))
        #expect(m.elements[first + 1].position == TagPosition(line: 4, tag: "span", occurrence: 1))
        #expect(m.byteOffset(of: first) == Array(source.utf8).firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 })
        #expect(m.column(of: first) == 8)
        #expect(m.column(of: first + 1) == 22)
    }
}
