@testable import EPUBAccessibility
import EPUBContract
import Testing

/// The compact store of a rule's places gives back every place as it was added: files and element
/// names from their tables, a missing line, CFI or element as nil, a metadata value where one was
/// given; copied from another list, the same.
struct AccessibilityPlaceListTests {
    typealias Place = AccessibilityReport.Place

    static let places = [
        Place(path: "EPUB/a.xhtml", line: 3, cfi: "/4/2", element: "p"),
        Place(path: "EPUB/a.xhtml", line: 9, cfi: nil, element: "span"),
        Place(path: "EPUB/b.xhtml", line: nil, cfi: "/4/2[x]/6", element: nil),
        Place(path: "EPUB/package.opf", line: 12, cfi: nil, element: "meta", value: "schema:accessMode"),
        Place(path: "EPUB/a.xhtml", line: 40, cfi: "/4/10", element: "p"),
    ]

    @Test func everyPlaceComesBackAsAdded() {
        var list = AccessibilityPlaceList()
        for place in Self.places { list.append(place) }
        #expect(Array(list) == Self.places)
        #expect(list.count == 5 && list[2].cfi == "/4/2[x]/6" && list[1].cfi == nil && list[3].value == "schema:accessMode")
        #expect(list.cfiByteCount == "/4/2/4/2[x]/6/4/10".utf8.count)
    }

    @Test func aCopiedPlaceIsTheSame() {
        let source: AccessibilityPlaceList = [Self.places[4], Self.places[3], Self.places[0]]
        var copy = AccessibilityPlaceList()
        copy.append(Self.places[2])
        for position in source.indices.reversed() { copy.append(from: source, at: position) }
        #expect(Array(copy) == [Self.places[2], Self.places[0], Self.places[3], Self.places[4]])
    }
}
