@testable import EPUBConverter
@testable import EPUBExport
@testable import EPUBOutput
import Testing

/// The converter's fast per-line scans read what the slow, Character-level readings read.
struct TextScanTests {
    static let samples: [String] = [
        "", "a", "第一章 开始", "  第 三 章\t标题  ", "Chapter 1.  The  End", "a \u{301}b", " \u{301}lead", "trail ",
        "ideographic\u{3000}space", "𝕏 four-byte 😀 and é", "e\u{301}", "www.example.com/x", "one  two", "完",
    ]

    @Test func anyScalarVisitsEveryScalarInOrder() {
        for text in Self.samples {
            let line = Substring(text)
            var seen: [Unicode.Scalar] = []
            #expect(!TextLines.anyScalar(line) { seen.append($0); return false })
            #expect(seen == Array(line.unicodeScalars), "\(text.debugDescription)")
            // A slice of a larger string is read from its own bounds.
            let padded = "xx" + text + "yy"
            let inner = Substring(padded.unicodeScalars.dropFirst(2).dropLast(2))
            var inside: [Unicode.Scalar] = []
            _ = TextLines.anyScalar(inner) { inside.append($0); return false }
            #expect(inside == Array(text.unicodeScalars))
        }
        #expect(TextLines.anyScalar("abc😀d") { $0 == "😀" })
    }

    @Test func collapsedFastPathAgreesWithSplitting() {
        for text in Self.samples {
            let line = Substring(text)
            let slow = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "　" }).joined(separator: " ")
            #expect(HeadingMatcher.collapse(line) == slow, "\(text.debugDescription)")
            if HeadingMatcher.isCollapsed(line) { #expect(String(line) == slow, "\(text.debugDescription)") }
        }
        #expect(HeadingMatcher.isCollapsed("第一章 开始") && !HeadingMatcher.isCollapsed("a  b") && !HeadingMatcher.isCollapsed(" a"))
        #expect(HeadingMatcher.withoutSpaces("一 百　二") == "一百二" && HeadingMatcher.withoutSpaces("一百") == "一百")
    }
}

extension TextScanTests {
    @Test func linesSplitOnEveryLineEnd() {
        let cases: [(String, [String])] = [
            ("", [""]), ("a", ["a"]), ("a\nb", ["a", "b"]), ("a\r\nb\r\n", ["a", "b", ""]), ("a\rb", ["a", "b"]),
            ("第一章\n\n　　正文。\n", ["第一章", "", "　　正文。", ""]), ("x\r\ny\nz", ["x", "y", "z"]), ("😀\n\u{301}é", ["😀", "\u{301}é"]),
        ]
        for (text, expected) in cases {
            #expect(TextLines.split(text).map(String.init) == expected, "\(text.debugDescription)")
        }
    }
}
