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

    /// A banner's closing rule with the first heading run on after it, no line break between
    /// (`*****…*****前言`, a download of 《凡高传》): the heading, the rule being decoration; a rule
    /// before prose, or a short run of marks, stays as it is.
    @Test func headingRunOnAfterARule() throws {
        #expect(HeadingDecoration.headingAfterRule(Substring(String(repeating: "*", count: 120) + "前言")) == "前言")
        #expect(HeadingDecoration.headingAfterRule("==========第一章 雨夜") == "第一章 雨夜" && HeadingDecoration.headingAfterRule("──────────序") == "序")
        #expect(HeadingDecoration.headingAfterRule("----------他说完就走了。") == nil && HeadingDecoration.headingAfterRule("***前言") == nil)
        let text = String(repeating: "*", count: 60) + "\n*  欢迎加入书籍分享群  *\n" + String(repeating: "*", count: 60) + "前言\n" + Self.line + "\n"
            + ["一", "二", "三"].map { "第\($0)章\n" + String(repeating: Self.line + "\n", count: 3) }.joined()
        #expect(try TextBookParser.outline(text) == ["1 前言", "1 第一章", "1 第二章", "1 第三章"])
    }

    /// In a book whose paragraphs no blank line parts, a short line under a bare label set apart from
    /// the text by a blank line is its title though indented as the text is (`第一卷` over `　　博里纳日`,
    /// `引子` over `　　伦敦`); where blank lines part every paragraph, such a line is the text's.
    @Test func titleSetApartUnderALabel() throws {
        var text = "凡高传\n\n引子\n　　伦敦 \n\n" + String(repeating: Self.line + "\n", count: 12)
        for (n, place) in [("一", "博里纳日"), ("二", "埃顿"), ("三", "海牙")] {
            text += "\n第\(n)卷\n　　\(place) \n\n" + String(repeating: Self.line + "\n", count: 12)
        }
        #expect(try TextBookParser.outline(text) == ["1 引子 伦敦", "1 第一卷 博里纳日", "1 第二卷 埃顿", "1 第三卷 海牙"])
        let spaced = "某书\n\n" + ["一", "二", "三"].map { "第\($0)章\n　　夜色如墨\n\n" + String(repeating: Self.line + "\n\n", count: 3) }.joined()
        #expect(try TextBookParser.outline(spaced) == ["1 第一章", "1 第二章", "1 第三章"])
    }

    /// An epilogue after the last part closes the book, as `Epilogue` does an English one (`尾声`,
    /// `尾聲 歸來`; a site's pages of it, `尾声(1)`, in `sitePrefixBeforeSpecialSections`): the book's,
    /// outside the part.
    @Test func epilogueAfterTheLastPart() throws {
        for epilogue in [["尾声"], ["尾聲 歸來"]] {
            let text = "书\n" + Self.book([("第一卷", "甲"), ("第一章", "乙"), ("第二章", "丙"), ("第二卷", "丁"), ("第三章", "戊")] + epilogue.map { ($0, nil) })
            #expect(try TextBookParser.outline(text) == ["1 第一卷 甲", "2 第一章 乙", "2 第二章 丙", "1 第二卷 丁", "2 第三章 戊"] + epilogue.map { "1 " + $0 })
        }
    }

    /// Sections numbered again from 1 under each chapter (`第一章` / `第一节` `第二节`, `第二章` /
    /// `第一节` …, a history as 《大明王朝的七张面孔》 sets it) are the chapters' subsections, one level
    /// down, the first one too; under parts, a level below the chapters. Sections numbered on
    /// through the book are no subsections.
    @Test func sectionsNumberedAgainUnderEachChapter() throws {
        let paragraph = "古今中外的帝王们中间，大明王朝开国皇帝的出生大概是最草率的了。\n\n"
        func book(parts: Bool, restart: Bool) -> String {
            var text = "书名\n\n作者：某某\n\n"
            var section = 0
            for (c, chapter) in ["一", "二", "三"].enumerated() {
                if parts, c != 1 { text += "第\(c == 0 ? "一" : "二")部 部名\n\n" }
                text += "第\(chapter)章 章名\n\n"
                for _ in 0..<3 {
                    section = restart ? section % 3 + 1 : section + 1
                    text += "第\(["一", "二", "三", "四", "五", "六", "七", "八", "九"][section - 1])节 节名\n\n" + String(repeating: paragraph, count: 3)
                }
            }
            return text
        }
        let sections = ["第一节 节名", "第二节 节名", "第三节 节名"]
        #expect(try TextBookParser.outline(book(parts: false, restart: true))
                == ["第一章 章名", "第二章 章名", "第三章 章名"].flatMap { ["1 " + $0] + sections.map { "2 " + $0 } })
        #expect(try TextBookParser.outline(book(parts: true, restart: true))
                == ["1 第一部 部名", "2 第一章 章名"] + sections.map { "3 " + $0 } + ["2 第二章 章名"] + sections.map { "3 " + $0 }
                    + ["1 第二部 部名", "2 第三章 章名"] + sections.map { "3 " + $0 })
        #expect(try TextBookParser.outline(book(parts: false, restart: false)).allSatisfy { $0.hasPrefix("1 ") })
    }
}
