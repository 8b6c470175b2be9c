@testable import EPUBConverter
import Testing

/// Forms read off a print book turned into plain text (a download of 《人类简史》): its CIP record
/// on the first line, every line indented as a paragraph is, headings over two lines (`第一部分` /
/// `认知革命`, `第一章` / `人类：…`), a nonfiction book's front and back matter words. Each rule with
/// instances of its own and the case it must leave alone.
struct PrintBookLayoutTests {
    static let line = "　　在历史的路上，有三大重要革命：大约7万年前，认知革命让历史正式启动，人类从此不同。"

    /// A print book's body, every line indented: each heading over the given title line, or none.
    static func book(_ headings: [(String, String?)], paragraphs: Int = 3) -> String {
        headings.map { label, title in
            "　　\(label)\n" + (title.map { "　　\($0)\n" } ?? "") + String(repeating: line + "\n", count: paragraphs)
        }.joined()
    }

    /// `第一部分`, alone or before its title, is a part as nonfiction names its parts; `第一部分的内容…`
    /// is a sentence.
    @Test func partsAsNonfictionNamesThem() {
        #expect(HeadingMatcher.match("第一部分")?.level == .volume && HeadingMatcher.match("第一部分")?.number == 1)
        #expect(HeadingMatcher.match("第三部分 人类的融合统一")?.name == "人类的融合统一" && HeadingMatcher.match("第二部分：农业革命")?.level == .volume)
        #expect(HeadingMatcher.match("第一部分的内容很多") == nil && HeadingMatcher.match("第二部分是关于历史的") == nil)
    }

    /// Under a bare label, the short line indented as the label is, with no sentence's punctuation,
    /// is its title, where most of the book's bare labels stand over one; where most stand over a
    /// sentence (a web novel's `第一章` over its first paragraph), none is joined.
    @Test func titleUnderABareLabel() throws {
        let titled = Self.book([("第一部分", "认知革命"), ("第一章", "人类：一种也没什么特别的动物"), ("第二章", "知善恶树"),
                                ("第二部分", "农业革命"), ("第三章", "史上最大骗局"), ("第四章", "盖起金字塔")])
        #expect(try TextBookParser.outline("人类简史\n" + titled) == ["1 第一部分 认知革命", "2 第一章 人类：一种也没什么特别的动物", "2 第二章 知善恶树",
                                                                "1 第二部分 农业革命", "2 第三章 史上最大骗局", "2 第四章 盖起金字塔"])
        let novel = Self.book([("第一章", "夜色如墨"), ("第二章", "“你来了？”他问。"), ("第三章", "天亮了。"), ("第四章", "他走出门去，雪下得正大。")])
        #expect(try TextBookParser.outline("某书\n" + novel) == ["1 第一章", "1 第二章", "1 第三章", "1 第四章"])
        // A heading of its own under a label is no title of it.
        #expect(LabelTitles.titleBelow(0, ["　　第一部分", "　　第一章"]) == nil && LabelTitles.titleBelow(0, ["第一章", "　　夜色如墨"]) == nil)
    }

    /// A nonfiction book's front and back matter by their words (`推荐序`, `致谢`, `参考文献`, `尾注`):
    /// sections; the back matter after the last part is the book's, outside the part, whatever title
    /// follows its word (`后记 变成神的这种动物`).
    @Test func backMatterAfterTheLastPart() throws {
        let text = "人类简史\n" + Self.book([("推荐序", nil), ("第一部分", "认知革命"), ("第一章", "甲"), ("第二章", "乙"), ("第二部分", "农业革命"), ("第三章", "丙"),
                                        ("后记 变成神的这种动物", nil), ("致谢", nil), ("参考文献", nil), ("尾注", nil)])
        #expect(try TextBookParser.outline(text) == ["1 推荐序", "1 第一部分 认知革命", "2 第一章 甲", "2 第二章 乙", "1 第二部分 农业革命", "2 第三章 丙",
                                                   "1 后记 变成神的这种动物", "1 致谢", "1 参考文献", "1 尾注"])
        #expect(HeadingMatcher.match("致谢各位读者的支持") == nil && HeadingMatcher.match("年表上写着他的生日") == nil)
        // Inside the numbered body such a word is the text's: a glossary's entry over its reading.
        let glossary = "用語集\n" + Self.book([("第一章", "甲"), ("参考文献", "さんこうぶんけん"), ("第二章", "乙"), ("年表", "ねんぴょう"), ("第三章", "丙")])
        #expect(try TextBookParser.outline(glossary) == ["1 第一章 甲", "1 第二章 乙", "1 第三章 丙"])
    }

    /// A Chinese book's CIP record on its first line names the title and the first maker (the
    /// areas after `. —` and the other makers after `；` left out, a nationality in brackets too).
    @Test func cipRecordNamesTheBook() {
        let record = "人类简史：从动物到上帝/ （以）尤瓦尔·赫拉利著；林俊宏译. ——北京：中信出版社，2014.11"
        #expect(MetadataGuesser.titleAndAuthorLine(record).map { [$0.0, $0.1] } == ["人类简史：从动物到上帝", "尤瓦尔·赫拉利"])
        #expect(MetadataGuesser.titleAndAuthorLine("活着/余华著. —北京：作家出版社，2012.8").map { [$0.0, $0.1] } == ["活着", "余华"])
        #expect(MetadataGuesser.titleAndAuthorLine("围城/钱锺书著. —3版. —北京：人民文学出版社，1991").map { [$0.0, $0.1] } == ["围城", "钱锺书"])
        let book = try? TextBookParser.parse("　　" + record + "\n　　书名原文：Sapiens\n" + Self.book([("第一章", "甲"), ("第二章", "乙"), ("第三章", "丙")]))
        #expect(book?.title == "人类简史：从动物到上帝" && book?.author == "尤瓦尔·赫拉利")
    }
}
