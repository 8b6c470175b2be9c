@testable import EPUBContract
@testable import EPUBDocument
@testable import EPUBStyle
import Foundation
import Testing

struct XMLParserTests {
    @Test func wellFormedDocumentKeepsLineNumbers() throws {
        let result = XMLParser.parse(Data("<?xml version=\"1.0\"?>\n<a>\n  <b x=\"1\">t</b>\n</a>".utf8), path: "x.xml")
        #expect(result.diagnostics.isEmpty)
        let b = try #require(result.document?.root?.children.first)
        #expect(b.name == "b")
        #expect(b.line == 3)
        #expect(b.attribute("x") == "1")
        #expect(b.text == "t")
    }

    @Test func notWellFormedGivesLocatedRSC016AndARecoveredTree() {
        let result = XMLParser.parse(Data("<a>\n<b>\n</a>".utf8), path: "bad.xml")
        #expect(result.diagnostics.first?.id == "RSC-016")
        #expect(result.diagnostics.first?.severity == .fatal)
        #expect(result.diagnostics.first?.location?.path == "bad.xml")
        #expect(result.diagnostics.first?.location?.line == 3)
        #expect(result.document?.isRecovered == true)
        #expect(result.document?.root?.name == "a")
    }

    @Test func emptyInput() {
        let result = XMLParser.parse(Data(), path: "e.xml")
        #expect(result.document == nil)
        #expect(result.diagnostics.map(\.id) == ["RSC-016"])
    }

    @Test func externalEntitiesAreReportedAndNeverLoaded() throws {
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE a [
              <!ENTITY xxe SYSTEM "file:///etc/passwd">
              <!ENTITY net SYSTEM "http://127.0.0.1:9/x">
            ]>
            <a>&xxe;&net;</a>
            """
        let result = XMLParser.parse(Data(xml.utf8), path: "xxe.xml")
        #expect(result.diagnostics.filter { $0.id == "HTM-003" }.map { $0.location?.line } == [3, 4])
        let text = result.document?.root?.text ?? ""
        #expect(!text.contains("root:"))
        #expect(text.isEmpty)
    }

    @Test func entityExpansionStaysLinear() throws {
        var xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE a [\n<!ENTITY l0 \"lol\">\n"
        for i in 1...9 { xml += "<!ENTITY l\(i) \"" + String(repeating: "&l\(i - 1);", count: 10) + "\">\n" }
        xml += "]>\n<a>&l9;</a>"
        let start = Date()
        let result = XMLParser.parse(Data(xml.utf8), path: "lol.xml")
        let text = result.document?.root?.text ?? ""
        #expect(Date().timeIntervalSince(start) < 2)
        #expect(text.count < 1000)
    }

    @Test func opfWithExternalEntityIsRefused() throws {
        var entries = try FixturePacker.minimalEntries()
        var opf = String(decoding: entries[2].data, as: UTF8.self)
        opf = opf.replacingOccurrences(of: "<package ", with: "<!DOCTYPE package [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n<package ")
        opf = opf.replacingOccurrences(of: "<dc:language>en", with: "<dc:language>en&xxe;")
        entries[2].data = Data(opf.utf8)
        let path = try FixturePacker.write(entries, name: "xxe")
        #expect(throws: SessionError.unsafeXML("EPUB/package.opf", reason: .documentDeclaresExternalEntityWhichEpub("xxe"))) {
            try PublicationSession(path: path)
        }
    }
}

/// Parse budgets: a document over one is cut or loses entity text, with a located EC-XML message,
/// and the tree is marked so that no rule reads the cut as a fault of its own.
struct XMLBudgetTests {
    @Test func elementsPastTheBudgetAreCutWithALocatedMessage() throws {
        let xml = "<?xml version=\"1.0\"?>\n<a>\n<b/>\n<b/>\n<b/>\n<b/>\n</a>"
        let limits = DocumentLimits(maxElements: 3, maxAttributes: 10, maxEntityExpansion: 1 << 20)
        let result = XMLParser.parse(Data(xml.utf8), path: "many.xml", limits: limits)
        #expect(result.diagnostics.map(\.id) == ["EC-XML-002"])
        #expect(result.diagnostics.first?.severity == .error)
        #expect(result.diagnostics.first?.location?.line == 5)
        let document = try #require(result.document)
        #expect(document.isOverBudget && document.isRecovered)
        #expect(document.root?.children.count == 2)
    }

    @Test func tooManyAttributesCutTheDocumentAtThatElement() throws {
        let attributes = (0..<20).map { "a\($0)=\"v\"" }.joined(separator: " ")
        let xml = "<?xml version=\"1.0\"?>\n<a>\n<b/>\n<c \(attributes)/>\n<d/>\n</a>"
        let limits = DocumentLimits(maxElements: 100, maxAttributes: 19, maxEntityExpansion: 1 << 20)
        let result = XMLParser.parse(Data(xml.utf8), path: "attrs.xml", limits: limits)
        #expect(result.diagnostics.map(\.id) == ["EC-XML-003"])
        #expect(result.diagnostics.first?.location?.line == 4)
        #expect(result.diagnostics.first?.message.contains("20 attributes") == true)
        #expect(result.document?.root?.children.map(\.name) == ["b"])
    }

    @Test func withinTheBudgetNothingChanges() throws {
        let xml = "<?xml version=\"1.0\"?>\n<a x=\"1\"><b/><b/></a>"
        let limits = DocumentLimits(maxElements: 3, maxAttributes: 1, maxEntityExpansion: 0)
        let result = XMLParser.parse(Data(xml.utf8), path: "ok.xml", limits: limits)
        #expect(result.diagnostics.isEmpty)
        #expect(result.document?.isOverBudget == false)
        #expect(result.document?.isRecovered == false)
    }

    @Test func entityReferencesPastTheBudgetAreDroppedInTextAndAttributes() throws {
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE a [<!ENTITY e "0123456789"><!ENTITY f "&e;&e;">]>
            <a t="&f;&f;">
            <b>&e;&e;&e;</b>
            <c>&f;</c>
            </a>
            """
        // 40 bytes in the attribute, 30 in b: the budget of 60 is passed at b's third reference.
        let limits = DocumentLimits(maxElements: 100, maxAttributes: 10, maxEntityExpansion: 60)
        let result = XMLParser.parse(Data(xml.utf8), path: "ent.xml", limits: limits)
        #expect(result.diagnostics.map(\.id) == ["EC-XML-001"])
        #expect(result.diagnostics.first?.location?.line == 4)
        let root = try #require(result.document?.root)
        #expect(root.attribute("t")?.count == 40)
        #expect(root.children.map(\.text) == ["01234567890123456789", ""])
        #expect(result.document?.isOverBudget == true)
    }
}

/// XPath unions are merged in document order without libxml2's quadratic merge.
struct XMLUnionTests {
    @Test func unionsOfDescendantPathsKeepDocumentOrder() throws {
        let xml = "<r><a n=\"1\"/><b n=\"2\"><a n=\"3\"/></b><c n=\"4\"/><a n=\"5\"/></r>"
        let document = try #require(XMLParser.parse(Data(xml.utf8), path: "u.xml").document)
        #expect(document.select("//a | //b").map { $0.attribute("n") ?? "" } == ["1", "2", "3", "5"])
        #expect(document.select("//c | //a[@n='3']").map { $0.attribute("n") ?? "" } == ["3", "4"])
        let b = try #require(document.select("//b").first)
        #expect(document.select(".//a | .//c", from: b).map { $0.attribute("n") ?? "" } == ["3"])
        #expect(XMLDocument.unionParts("//a[@x='|'] | //b") == ["//a[@x='|']", "//b"])
    }

    /// One XPath context serves every query of a document: a query from an element leaves nothing
    /// behind for the next one, relative paths without an element start nowhere (as in a new
    /// context), and queries from several threads at once get their own answers.
    @Test func queriesShareOneContextWithoutLeavingState() throws {
        let xml = "<r xmlns:opf=\"http://www.idpf.org/2007/opf\"><a n=\"1\"><a n=\"2\"/></a><b n=\"3\"><a n=\"4\"/></b></r>"
        let document = try #require(XMLParser.parse(Data(xml.utf8), path: "q.xml").document)
        let b = try #require(document.select("//b").first)
        #expect(document.select(".//a", from: b).map { $0.attribute("n") ?? "" } == ["4"])
        #expect(document.select("a").isEmpty)
        #expect(document.select("//a").map { $0.attribute("n") ?? "" } == ["1", "2", "4"])
        #expect(document.select("(//a)[last()]").map { $0.attribute("n") ?? "" } == ["4"])
        #expect(document.select("not-an(expression").isEmpty)
        #expect(document.select("(//a)[position() = 2]").map { $0.attribute("n") ?? "" } == ["2"])
        let answers = ParallelMap.map(Array(0..<64)) { i in
            i % 2 == 0 ? document.select(".//a", from: b).count : document.select("//a").count
        }
        #expect(answers == (0..<64).map { $0 % 2 == 0 ? 1 : 3 })
    }

    /// The merge walk stops once every node is found and keeps them all (scripts/stress times it).
    @Test func aLargeUnionKeepsEveryNodeInOrder() throws {
        let xml = "<r>" + String(repeating: "<a/><b/>", count: 50_000) + "</r>"
        let document = try #require(XMLParser.parse(Data(xml.utf8), path: "big.xml").document)
        let names = document.select("//a | //b").map(\.name)
        #expect(names.count == 100_000)
        #expect(names.prefix(4) == ["a", "b", "a", "b"])
    }
}
