@testable import EPUBDocument
@testable import EPUBRepair
import Foundation
import Testing

/// The HTML parser's tree of a document that is not well-formed, written back as XHTML.
struct XHTMLSerializerTests {
    func written(_ source: String) -> String? {
        let parsed = HTMLParser.parse(Data(source.utf8), path: "c.xhtml")
        guard let document = parsed.document else { return nil }
        return XHTMLSerializer.serialize(document).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func prefixesScriptsAndCommentsBecomeXML() throws {
        let out = try #require(written("""
            <html><head><title>T</title><script>if (a < b && c) {}</script></head>
            <body><p epub:type="note" xlink:href="x">A & B<!-- x -- y -->
            <svg viewBox="0 0 1 1"><clipPath id="c"/><rect/></svg></body></html>
            """))
        #expect(out == """
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xmlns:xlink="http://www.w3.org/1999/xlink"><head><title>T</title><script>if (a &lt; b &amp;&amp; c) {}</script></head>
            <body><p epub:type="note" xlink:href="x">A &amp; B<!-- x - - y -->
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><clipPath id="c"/><rect/></svg></p></body></html>

            """)
    }

    /// A prefix no declaration binds and XHTML does not know: not the book's to decide.
    @Test func unknownPrefixIsNoRepair() {
        #expect(written("<html><body><p foo:bar='1'>x</body></html>") == nil)
        #expect(written("<html xmlns:foo='urn:x'><body><p foo:bar='1'>x</body></html>") != nil)
    }

    /// A `meta` naming another character set names UTF-8, which the document is written in now.
    @Test func charsetSaysUTF8() throws {
        let out = try #require(written(#"<html><head><meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1"><title>T</title></head><body><p>é</body></html>"#))
        #expect(out.contains(#"content="text/html; charset=utf-8"/>"#))
        #expect(out.contains("<p>é</p>"))
    }

    /// The HTML parser reads by XML's rules where the bytes allow it; bytes that are no text (an
    /// image in the spine) are left to libxml2's Latin-1, so what is written stays well-formed.
    @Test func encodingByXMLRulesWhereTheBytesAllow() {
        #expect(HTMLParser.encoding(of: Data("<p>é</p>".utf8)) == "UTF-8")
        #expect(HTMLParser.encoding(of: Data(#"<?xml version="1.0" encoding="ISO-8859-1"?><p>x</p>"#.utf8)) == "ISO-8859-1")
        #expect(HTMLParser.encoding(of: Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46])) == nil)
        var declaredButBinary = Array(#"<?xml version="1.0" encoding="utf-8"?>"#.utf8)
        declaredButBinary += [0xFF, 0xFE, 0x80]
        #expect(HTMLParser.encoding(of: Data(declaredButBinary)) == nil)
    }
}
