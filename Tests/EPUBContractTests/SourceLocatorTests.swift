import Foundation
@testable import EPUBValidator
import Testing

/// Columns are characters of the line up to just after a start tag's `>`, as EPUBCheck counts them.
struct SourceLocatorTests {
    private func columns(_ source: [UInt8], line: Int, tag: String, count: Int) -> [Int?] {
        let locator = SourceLocator(Data(source))
        return (0..<count).map { locator.column(TagPosition(line: line, tag: tag, occurrence: $0)) }
    }

    @Test func manyTagsOnOneLineCountCharactersNotBytes() {
        let line = "<p><a href=\"x\">é</a><a>日本</a>\n<a>z</a>"
        #expect(columns(Array(line.utf8), line: 1, tag: "a", count: 3) == [16, 24, nil])
        #expect(columns(Array(line.utf8), line: 2, tag: "a", count: 1) == [4])
    }

    @Test func aCombiningMarkAfterATagJoinsItsCharacter() {
        // "e\u{301}" after the first tag: the next column counts it as one character.
        let line = "<a>e\u{301}<a>\u{301}<a>"
        #expect(columns(Array(line.utf8), line: 1, tag: "a", count: 3) == [4, 8, 11])
    }

    @Test func invalidUTF8CountsAsRepaired() {
        var bytes = Array("<a>".utf8) + [0xFF, 0xFE] + Array("<a>".utf8)
        #expect(columns(bytes, line: 1, tag: "a", count: 2) == [4, 9])
        bytes = Array("<a>x<a>".utf8) + [0xC3] + Array("<a>".utf8)
        #expect(columns(bytes, line: 1, tag: "a", count: 3) == [4, 8, 12])
    }
}
