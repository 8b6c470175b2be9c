@testable import EPUBContract
@testable import EPUBDocument
@testable import EPUBStyle
import Foundation
import Testing

/// Readium's positions list, exactly: linear items once each, one position per pre-paginated item,
/// ceil(bytes / 1024) otherwise (a folder's file counts its size, a packed entry its compressed size).
struct PositionListTests {
    @Test func folderCountsFileSizesAndSkipsWhatReadiumSkips() throws {
        let session = try Inspect.session("positions-readium")
        let list = ContractBuilder.positions(session)
        #expect(list.total == 4)
        #expect(list.positions.map(\.href) == ["EPUB/c1.xhtml", "EPUB/c1.xhtml", "EPUB/c1.xhtml", "EPUB/plate.xhtml"])
        #expect(list.positions.map(\.locations.position) == [1, 2, 3, 4])
        let progression: [Double] = [0, 1.0 / 3, 2.0 / 3, 0]
        let totalProgression: [Double] = [0, 0.25, 0.5, 0.75]
        #expect(list.positions.map(\.locations.progression) == progression)
        #expect(list.positions.map(\.locations.totalProgression) == totalProgression)
        #expect(list.positions.allSatisfy { $0.type == "application/xhtml+xml" })
        let spine: [SpineEntry.Positions?] = ContractBuilder.build(session).spine.map(\.positions)
        let expected: [SpineEntry.Positions?] = [.init(first: 1, count: 3), nil, .init(first: 4, count: 1), nil, nil]
        #expect(spine == expected)
    }

    /// A page break's position is the one its element's byte offset falls in.
    @Test func pageListEntriesMapToThePositionThatHoldsThem() throws {
        let c = try Inspect.contract("positions-readium")
        #expect(c.pageList.map(\.title) == ["i", "ii", "iii", "iv"])
        #expect(c.pageList.map(\.position) == [1, 2, 3, 4])
        #expect(c.toc.allSatisfy { $0.position == nil })
    }

    @Test func packedEntriesCountTheirCompressedSize() throws {
        let session = try Inspect.session("positions-readium", packed: true)
        let entry = try #require(session.container.entry("EPUB/c1.xhtml"))
        #expect(entry.compression == .deflated)
        let expected = Int((entry.compressedSize + 1023) / 1024)
        let list = ContractBuilder.positions(session)
        #expect(list.positions.filter { $0.href == "EPUB/c1.xhtml" }.count == expected)
        #expect(list.total == expected + 1)
    }

    @Test func jsonIsReadiumsLocatorShape() throws {
        let list = ContractBuilder.positions(try Inspect.session("epub3-minimal"))
        #expect(ContractBuilder.json(list, pretty: false) ==
            #"{"total":1,"positions":[{"href":"EPUB/chapter1.xhtml","type":"application/xhtml+xml","locations":{"position":1,"progression":0,"totalProgression":0}}]}"#)
    }

    /// A fragment is the element with that id, not the first text that looks like one: a
    /// `data-id="p2"` (or a comment) early in the file leaves the page break where it is.
    @Test func fragmentsResolveToElementsNotText() throws {
        let filler = String(repeating: "<p>text text text text text text text text text text</p>\n", count: 60)
        let source = """
            <html xmlns="http://www.w3.org/1999/xhtml"><body>
            <!-- id="p2" --><p data-id="p2">decoy</p>
            \(filler)<span id="p2"/>
            \(filler)</body></html>
            """
        let data = Data(source.utf8)
        let tree = try #require(XMLParser.parse(data, path: "c.xhtml").document)
        let model = ContentDocument(tree, source: data)
        let range = SpineEntry.Positions(first: 10, count: 4)
        #expect(PositionList.position(of: "p2", in: range, document: model, length: data.count) == 12)  // half way: the third of four
        #expect(PositionList.position(of: nil, in: range, document: model, length: data.count) == 10)
        #expect(PositionList.position(of: "missing", in: range, document: model, length: data.count) == 10)
    }
}
