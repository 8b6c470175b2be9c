@testable import EPUBConverter
import Testing

/// Forms of downloads that gather several books in one file (知轩藏书's 《龙族》 1–3, an 八零电子书
/// 《盗墓笔记》 naming each book before every chapter of it), and prose a site sets between blank
/// lines: each rule with instances of its own and the case it must leave alone.
struct OmnibusLayoutTests {
    static let line = "他输掉了今天的第六局，零胜六负。最后一局他坚持了很久，不过最终还是被拿下了。"

    /// Paragraphs indented as Chinese downloads indent them, one a line.
    static func paragraphs(_ count: Int) -> String {
        String(repeating: "　　" + line + "\n", count: count)
    }

    static func omnibus(_ books: [String], credit: String, chapters: [String]) -> String {
        "　　合集\n　　包含" + books.joined(separator: "、") + "\n\n\n" + books.map { book in
            "　　\(book)\n　　\(credit)\n\n\n" + Self.paragraphs(2) + "\n" + chapters.map { "　　\($0)\n" + Self.paragraphs(4) + "\n" }.joined()
        }.joined()
    }

    /// Each book of an omnibus opens with its own title page, a title right over its maker's
    /// credit, and numbers its chapters anew: the title is a division over them. The credit, the
    /// same under every title, is the book's, not a line a site repeats. One title page alone is
    /// the whole book's; a site's credit under the same line every time stays the site's. A
    /// label widened by a space between its characters (`序 章`) is printed as one word.
    @Test func titlePagesOfAnOmnibusAreDivisions() throws {
        let dragons = Self.omnibus(["龙族·火之晨曦", "龙族·悼亡者之瞳", "龙族·黑月之潮（上）"], credit: "江南 著", chapters: ["序 章 白帝城", "第一幕 卡塞尔之门", "第二幕 自由一日"])
        #expect(try TextBookParser.outline(dragons) == ["龙族·火之晨曦", "龙族·悼亡者之瞳", "龙族·黑月之潮（上）"].flatMap {
            ["1 \($0)", "2 序章 白帝城", "2 第一幕 卡塞尔之门", "2 第二幕 自由一日"]
        })
        let threeBody = Self.omnibus(["三体", "三体Ⅱ·黑暗森林", "三体Ⅲ·死神永生"], credit: "作者：刘慈欣", chapters: ["第一章 科学边界", "第二章 台球"])
        #expect(try TextBookParser.outline(threeBody).filter { $0.hasPrefix("1 ") } == ["1 三体", "1 三体Ⅱ·黑暗森林", "1 三体Ⅲ·死神永生"])
        let wells = ["THE TIME MACHINE", "THE INVISIBLE MAN"].map { title in
            "\(title)\nBy H. G. Wells\n\n\n" + ["CHAPTER I.", "CHAPTER II."].map { "\($0)\n\n" + String(repeating: "The wind came over the hills as it had done for weeks before, and he waited.\n\n", count: 3) }.joined()
        }.joined()
        #expect(try TextBookParser.outline(wells) == ["1 THE TIME MACHINE", "2 CHAPTER I.", "2 CHAPTER II.", "1 THE INVISIBLE MAN", "2 CHAPTER I.", "2 CHAPTER II."])
        #expect(TitlePages.credited("江南 著") == "江南" && TitlePages.credited("作者：刘慈欣") == "刘慈欣" && TitlePages.credited("他说了一句话") == nil)

        // One book's title page: no division.
        let single = "　　龙族·火之晨曦\n　　江南 著\n\n\n" + ["序 章 白帝城", "第一幕 卡塞尔之门", "第二幕 自由一日"].map { "　　\($0)\n" + Self.paragraphs(4) + "\n" }.joined()
        #expect(try TextBookParser.outline(single) == ["1 序章 白帝城", "1 第一幕 卡塞尔之门", "1 第二幕 自由一日"])
        // A site's credit under the book's title after every chapter: the site's line, gone.
        var site = "人生的枷锁\n\n"
        for n in ["一", "二", "三", "四"] { site += "第\(n)章\n\n" + Self.paragraphs(2) + "\n人生的枷锁\n毛姆 著\n\n\n" }
        #expect(try TextBookParser.outline(site) == ["1 第一章", "1 第二章", "1 第三章", "1 第四章"])
        #expect(NoiseLines.withoutTitlePages([5, 9, 13], ["", "", "", "", "龙族·火之晨曦", "江南 著", "", "", "龙族·悼亡者之瞳", "江南 著", "", "", "龙族·黑月之潮", "江南 著"]) == [])
    }

    static func prefixed(_ books: [(String, Int)], rule: String, top: String = "书名\n\n") -> String {
        top + books.map { book, count in
            "\(rule)\n\n\(book)\n\n\n" + (1...count).map { n in
                "\(rule)\n\n\(book) 第\(["一", "二", "三", "四"][n - 1])章 标题\(n)\n\n" + String(repeating: "    " + Self.line + "\n\n", count: 3)
            }.joined()
        }.joined()
    }

    /// A site that names each book of an omnibus before every chapter of it (`七星鲁王 第一章 血尸`,
    /// then `怒海潜沙 第一章 …`), the name alone on a line before the book's first chapter: the
    /// name is a division over its chapters, which keep their titles without it. One prefix over
    /// the whole book (the book's title, alone on the title page too) is no division.
    @Test func prefixNamingEachBookIsADivision() throws {
        let tomb = try TextBookParser.outline(Self.prefixed([("七星鲁王", 3), ("怒海潜沙", 4), ("秦岭神树", 2)], rule: "------------"))
        #expect(tomb.filter { $0.hasPrefix("1 ") } == ["1 七星鲁王", "1 怒海潜沙", "1 秦岭神树"])
        #expect(tomb.filter { $0.hasPrefix("2 ") }.count == 9 && tomb.contains("2 第四章 标题4") && tomb.last == "2 第二章 标题2")
        let lamp = try TextBookParser.outline(Self.prefixed([("鬼吹灯之精绝古城", 3), ("鬼吹灯之龙岭迷窟", 3)], rule: ""))
        #expect(lamp.filter { $0.hasPrefix("1 ") } == ["1 鬼吹灯之精绝古城", "1 鬼吹灯之龙岭迷窟"] && lamp.count == 8)
        // One prefix, the book's, alone on the title page that opens the file: chapters at the top level.
        let one = try TextBookParser.outline(Self.prefixed([("血色浪漫", 4)], rule: "", top: ""))
        #expect(one == ["1 第一章 标题1", "1 第二章 标题2", "1 第三章 标题3", "1 第四章 标题4"])
    }

    /// Text with no capitals, CJK, reads as a title as CJK titles read (no sentence's punctuation):
    /// a paragraph that opens with a numeral (`三叔…`, `一个人…`) or a quotation (`“你这里…”他问我`)
    /// is no title, so over a site's rule it stays text, where a short line is underlined.
    @Test func cjkProseIsNoTitle() throws {
        for prose in ["三叔盯着其中几个字，自言自语道：“那几个半路出家的运气倒是好。”", "“你这里收不收拓本？”他问我，样子古古怪怪的。", "一个人站在门口，半天没有说话。"] {
            #expect(!IsolatedTitles.isTitle(Substring(prose)))
            var text = "书\n\n"
            for n in ["一", "二", "三"] { text += "第\(n)章 甲\n\n正文一句话在这里。\n\n    \(prose)\n------------\n\n" }
            #expect(try TextBookParser.outline(text) == ["1 第一章 甲", "1 第二章 甲", "1 第三章 甲"])
        }
        #expect(IsolatedTitles.isTitle("三体") && IsolatedTitles.isTitle("一 雨夜") && IsolatedTitles.isTitle("Chapter One"))
    }

    /// CJK text with a Latin word or two in it reads as CJK does: a web novel's author's note
    /// after the chapter (`PS：求推荐票，求收藏！`, `PS:明天请假一天。`, `VIP章节说明：今晚上架，求订阅！`),
    /// right over the site's rule, is a sentence, though its capitals alone would make a title;
    /// a short one without a sentence's marks (`VIP章节说明`) is a title, and a Latin title with a
    /// CJK word in it (`Chapter 1 风雪`) stays a Latin one.
    @Test func latinWordsInCJKTextMakeNoTitle() throws {
        for note in ["PS：求推荐票，求收藏！", "PS:明天请假一天。", "VIP章节说明：今晚上架，求订阅！"] {
            #expect(!IsolatedTitles.isTitle(Substring(note)), "\(note)")
            var text = "书\n\n"
            for n in ["一", "二", "三"] { text += "第\(n)章 甲\n\n正文一句话在这里。\n\n    正文第二句话在这里。\n\(note)\n------------\n\n" }
            #expect(try TextBookParser.outline(text) == ["1 第一章 甲", "1 第二章 甲", "1 第三章 甲"], "\(note)")
        }
        #expect(IsolatedTitles.isTitle("VIP章节说明") && IsolatedTitles.isTitle("Chapter 1 风雪"))
    }
}
