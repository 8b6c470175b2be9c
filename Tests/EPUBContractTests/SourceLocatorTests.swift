import Foundation
import EPUBContract
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

    /// A start tag over several lines is found from the line it ends on (libxml2's line); its
    /// column is EPUBCheck's, which counts one more after a line break inside a value that follows
    /// a character of it (values as EPUBCheck 5.3.0 reported them for `<span title="…" foo="1">`).
    @Test func tagsEndingOnALaterLineAreFoundWithEPUBCheckColumns() {
        let cases: [(value: String, line: Int, column: Int)] = [
            ("a\nb", 2, 13), ("a\n\nbb", 3, 13), ("a\n\n\nb", 4, 12), ("\nb", 2, 12), ("a\n b", 2, 14),
            ("aa\nbb\ncc", 3, 14), ("a\r\nb", 2, 13),
        ]
        for c in cases {
            let source = Array("<p><span title=\"\(c.value)\" foo=\"1\">x</span></p>\n".utf8)
            #expect(columns(source, line: c.line, tag: "span", count: 1) == [c.column], "\(c.value.debugDescription)")
        }
        // Attributes on the next line, outside any value: no shift.
        #expect(columns(Array("<p><span\n\tfoo=\"1\">x</span></p>\n".utf8), line: 2, tag: "span", count: 1) == [10])
    }
}
