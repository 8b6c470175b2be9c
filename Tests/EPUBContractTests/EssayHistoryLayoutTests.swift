@testable import EPUBConverter
import Testing

/// Forms read off a history told in essays as a Chinese download gives it (唐德刚's 袁氏当国): each
/// essay's title set apart by five blank lines with no label (`孙文创制 宣统退位 袁氏当国`), and
/// inside each essay its sections' titles set as its paragraphs are, indented and one blank line
/// apart (`　　采用美国制度为蓝本`), told from them only by having no mark.
struct EssayHistoryLayoutTests {
    static let paragraph = "　　中华民国元年，一月一日，夜十时，时年四十六岁的广东香山人孙文先生，在南京宣誓就任中华民国第一任临时大总统。\n\n"

    static func essay(_ title: String, _ sections: [String]) -> String {
        "\n\n\n\n\n　　\(title)　\n\n" + paragraph + paragraph + sections.map { "　　\($0)\n\n" + String(repeating: paragraph, count: 8) }.joined()
    }

    /// Titles set as paragraphs are, under essays set apart by the gap, are the essays' sections,
    /// one level below them, as under labelled chapters. A line of speech or a sound alone stays
    /// text, and one such line is no layout.
    @Test func sectionsSetAsParagraphsUnderEssaysSetApart() throws {
        let essays = [("孙文创制 宣统退位 袁氏当国", ["采用美国制度为蓝本", "以都督代表会暂代参议院", "从一军三旗到黄黎易位"]),
                      ("项城不作虚君 遁初志在首相", ["宋教仁的政党内阁", "国会选举"]), ("帝制酝酿期中的内忧外患", ["二十一条", "筹安会"])]
        let text = "\n　　袁氏当国\n\n　　唐德刚\n" + essays.map { Self.essay($0.0, $0.1) }.joined()
        let expected = essays.flatMap { title, sections in ["1 \(title)"] + sections.map { "2 \($0)" } }
        let outline = try TextBookParser.outline(text)
        #expect(outline == expected, "\(outline)")
        let speech = "\n　　袁氏当国\n\n　　唐德刚\n" + essays.map { Self.essay($0.0, ["走吧", "轰隆隆"]) }.joined()
        #expect(try TextBookParser.outline(speech) == essays.map { "1 \($0.0)" })
    }

    /// 秦晖's 走出帝制 as downloaded: paragraphs a line each at the margin, run together, and
    /// inside each chapter its essays' titles between blank lines, a few paragraphs apart. Once
    /// plain titles show the layout, titles that ask or pause (`了吗？`, `，`, `：`) are of the
    /// sequence, right under the chapter's heading too. Speech, an exclamation and a sentence
    /// alone between blank lines stay text.
    @Test func essayTitlesBetweenBlankLinesWhereParagraphsRunTogether() throws {
        let paragraph = "1911年武昌城头一声炮响，辛亥革命爆发，至今已经整整一百年了。辛亥革命要干什么？要推翻帝制。\n"
        func chapter(_ label: String, _ sections: [String]) -> String {
            "\n\n\n\n\(label)\n\n" + sections.map { "\($0)\n\n" + String(repeating: paragraph, count: 5) }.joined(separator: "\n") + "\n"
        }
        let chapters = [("第一章 “演员”越来越清晰，“剧本”越来越模糊", ["辛亥革命“成功”了吗？", "“辛亥观”的演变", "革命还是立宪：也许是个假问题？",
                                                           "辛亥研究，如今细节是越来越清楚，背景却越来越模糊了"]),
                        ("第二章 为什么人们厌恶了帝制？", ["假如辛亥前是汉族王朝", "和平的君主立宪可能吗？不可能仅仅因为是满族皇帝"]),
                        ("第三章 民族主义的实践", ["“站起来了”的历程", "辛亥革命推翻了什么“王朝”？论此王朝并非彼“王朝”（dynasty）"])]
        let text = "\n走出帝制\n\n秦晖\n\n" + chapters.map { chapter($0.0, $0.1) }.joined()
        let expected = chapters.flatMap { title, sections in ["1 \(title)"] + sections.map { "2 \($0)" } }
        let outline = try TextBookParser.outline(text)
        #expect(outline == expected, "\(outline)")
        let spokenLines = ["革命还是立宪：也许是个假问题？": "“走吧，他不会来了？”", "和平的君主立宪可能吗？不可能仅仅因为是满族皇帝": "救命啊！",
                           "辛亥革命推翻了什么“王朝”？论此王朝并非彼“王朝”（dynasty）": "三天后，他又来了。"]
        let speech = chapters.map { title, sections in (title, sections.map { spokenLines[$0] ?? $0 }) }
        let spoken = try TextBookParser.outline("\n走出帝制\n\n秦晖\n\n" + speech.map { chapter($0.0, $0.1) }.joined())
        #expect(spoken == chapters.flatMap { title, sections in ["1 \(title)"] + sections.filter { spokenLines[$0] == nil }.map { "2 \($0)" } }, "\(spoken)")
        #expect(IsolatedTitles.isEssayTitle("辛亥革命“成功”了吗？") && !IsolatedTitles.isEssayTitle("“走吧，他不会来了？”"))
    }

    /// 黄仁宇's 赫逊河畔谈中国历史 as downloaded: a contents list of bare titles, then each essay
    /// under its title five blank lines down. A title that lists (`宦官、女后、外戚和朋党`) is
    /// still an entry, so the list goes on past it, and its essay is headed as the list names it.
    @Test func listedTitlesThatListAreEntriesAndHeadings() throws {
        let titles = ["孔孟", "秦始皇", "李悝", "宦官、女后、外戚和朋党", "“藩镇之祸”的真面目", "靖康耻"]
        let paragraph = "在儒家的传统中，孔孟总是形影相随，既有大成至圣，则有亚圣。既有《论语》，则有《孟子》。\n"
        let text = "\n赫逊河畔谈中国历史\n\n黄仁宇\n\n\n\n\n目录\n\n" + titles.map { $0 + "\n" }.joined()
            + titles.map { "\n\n\n\n\n\($0)\n\n" + String(repeating: paragraph, count: 8) }.joined()
        let outline = try TextBookParser.outline(text)
        #expect(outline == titles.map { "1 \($0)" }, "\(outline)")
        // The word a site sets where the list ends and the text starts heads nothing.
        let marked = text.replacingOccurrences(of: "靖康耻\n\n\n\n\n\n孔孟", with: "靖康耻\n\n\n\n\n\n正文\n\n\n\n\n\n孔孟")
        #expect(marked != text)
        #expect(try TextBookParser.outline(marked) == titles.map { "1 \($0)" })
        let lines = TextLines.split(text)
        #expect(ContentsList.regions(lines) == [8..<21])
        #expect(IsolatedTitles.isEssayTitle("宦官、女后、外戚和朋党") && !IsolatedTitles.isCJKTitle("宦官、女后、外戚和朋党"))
    }

    /// 吴思's 血酬定律 as downloaded: each essay framed by rules, its parts numbered from one by a
    /// Chinese numeral and a comma and set as its paragraphs are (`　　一、关于这本书`), the text right
    /// below. Each essay numbers its own from one; a numbered sentence stays text. The title page
    /// stands above the contents list, so an essay's `《万历十五年》没说透（访谈）` listed in it names
    /// no book.
    @Test func partsNumberedByACommaUnderEachEssay() throws {
        let paragraph = "　　强盗、土匪、军阀和各种暴力集团靠什么生活？靠血酬。血酬是对暴力的酬报，就好比工资是对劳动的酬报。\n"
        let essays = [("自序", ["一、关于这本书", "二、补说元规则", "三、杜撰新词"]), ("命价考略", ["一、命价问题", "二、命价的涨落"]),
                      ("《万历十五年》没说透（访谈）", [])]
        let text = "\n　　血酬定律\n\n　　吴思\n\n\n\n\n　　目录\n\n" + essays.map { $0.0 + "\n" }.joined() + "\n\n\n\n\n"
            + essays.map { title, parts in
                "------------\n\(title)\n------------\n\n" + paragraph + "　　一、二十年来，土匪种地，是为了有的可抢。\n" + paragraph
                    + parts.map { "\n\n　　\($0)\n" + String(repeating: paragraph, count: 4) }.joined() + "\n\n\n\n\n"
            }.joined()
        let book = try TextBookParser.parse(text)
        let outline = book.sections.filter { $0.kind != .frontMatter }.map { "\($0.level) \($0.title)" }
        #expect(outline == essays.flatMap { title, parts in ["1 \(title)"] + parts.map { "2 \($0)" } }, "\(outline)")
        #expect(book.title == "血酬定律" && book.author == "吴思")
        #expect(NumberedParts.commaNumbered("一、关于这本书")?.number == 1 && NumberedParts.commaNumbered("一、二十年来，土匪种地，是为了有的可抢。") == nil)
    }
}
