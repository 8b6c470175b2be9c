@testable import EPUBContract
@testable import EPUBDocument
import Foundation
import Testing

/// libxml2's errors in the catalog's words: in English exactly as libxml2 words them (so reports
/// read as before), and translated where the catalog knows the error; one case per known wording.
struct XMLErrorTextTests {
    static let cases: [(xml: String, english: String)] = [
        ("<a>&nbsp;</a>", "Entity 'nbsp' not defined"),
        ("<a><b></a>", "Opening and ending tag mismatch: b line 1 and a"),
        ("<a>", "Premature end of data in tag a line 1"),
        ("<a/><b/>", "Extra content at the end of the document"),
        ("x<a/>", "Start tag expected, '<' not found"),
        ("<a x=\"1\" x=\"2\"/>", "Attribute x redefined"),
        ("<a x=\"<\"/>", "Unescaped '<' not allowed in attributes values"),
        ("<a x/>", "Specification mandates value for attribute x"),
        ("<a>&amp</a>", "EntityRef: expecting ';'"),
        ("<a>&;</a>", "xmlParseEntityRef: no name"),
        ("<a><</a>", "StartTag: invalid element name"),
        ("<dc:title/>", "Namespace prefix dc on title is not defined"),
        ("<a xmlns:x=\"u\"><x:b y:c=\"1\"/></a>", "Namespace prefix y for c on b is not defined"),
        ("<a x=1/>", "AttValue: \" or ' expected"),
        ("<a b=\"c\"", "attributes construct error"),
        ("<a><?xml x?></a>", "XML declaration allowed only at the start of the document"),
        ("<a>&#1;</a>", "xmlParseCharRef: invalid xmlChar value 1"),
        ("<a><!-- x</a>", "Comment not terminated"),
        ("<a>]]></a>", "Sequence ']]>' not allowed in content"),
        ("<a>&#xZZ;</a>", "CharRef: invalid hexadecimal value"),
    ]

    @Test(arguments: 0..<cases.count)
    func saidInEveryLocale(_ number: Int) throws {
        let (xml, english) = Self.cases[number]
        let parsed = XMLParser.parse(Data(xml.utf8), path: "t.xml")
        let text = try #require(parsed.diagnostics.first { $0.messageID == .RSC_016 }?.text)
        #expect(text.rendered() == "The document is not well-formed XML: \(english).", "\(xml)")
        for locale in [MessageLocale.simplifiedChinese, .japanese] {
            #expect(!text.rendered(in: locale).contains(english), "\(xml) in \(locale.rawValue): \(text.rendered(in: locale))")
        }
    }

    /// An error the catalog does not know stays libxml2's text, shown as a value in every locale.
    @Test func anUnknownWordingStaysLibxml2s() throws {
        let parsed = XMLParser.parse(Data("<a><!-- a -- b --></a>".utf8), path: "t.xml")
        let text = try #require(parsed.diagnostics.first { $0.messageID == .RSC_016 }?.text)
        #expect(text.rendered().hasPrefix("The document is not well-formed XML: Double hyphen within comment"))
        #expect(text.rendered(in: .japanese).contains("Double hyphen within comment"))
    }
}
