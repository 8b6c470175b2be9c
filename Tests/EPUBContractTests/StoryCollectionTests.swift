@testable import EPUBConverter
import Foundation
import Testing

/// Forms of CJK story collections and modern novels as downloaded (Project Gutenberg's 聊齋誌異:
/// `卷一`, then each story's title in brackets alone over its text, `〈考城隍〉`; 骆驼祥子 and 边城
/// numbering their chapters with a Chinese numeral alone, `一`, under the author's name on the
/// title page): each rule with instances of its own and the case it must leave alone.
struct StoryCollectionTests {
    static let paragraphs = ["予姊丈之祖宋公，讳焘，邑廪生。一日病卧，见吏人持牒，牵白颠马来，云：「请赴试。」",
                             "至一城郭，如王者都。移时入府廨，宫室壮丽。上坐十余官，都不知何人，惟关壮缪可识。",
                             "谭晋玄，邑诸生也。笃信导引之术，寒暑不辍。行之数月，若有所得。"]

    /// A collection in volumes, each story's title marked by `open`/`close` alone over its text.
    static func collection(open: String, close: String, volumes: Bool = true) -> String {
        let stories = [["考城隍", "耳中人", "尸变"], ["金世成", "董生", "陆判"]]
        return "聊齋誌異\n\n蒲松齡\n\n" + stories.enumerated().map { v, titles in
            (volumes ? "\(["卷一", "卷二"][v])\n\n" : "") + titles.map { "\(open)\($0)\(close)\n\n" + Self.paragraphs.joined(separator: "\n\n") + "\n\n" }.joined()
        }.joined()
    }

    static let novelLines = ["我们所要介绍的是祥子，不是骆驼，因为“骆驼”只是个外号；那么，我们就先说祥子，随手儿把骆驼与祥子那点关系说过去。",
                             "北平的洋车夫有许多派：年轻力壮，腿脚灵利的，讲究赁漂亮的车，拉“整天儿”，爱什么时候出车与收车都有自由。"]

    /// A novel numbering its chapters with `label(n)` alone, its paragraphs indented or not, one a
    /// line or parted by blank lines, under a title page of `top`.
    static func novel(top: String, label: (String) -> String, indent: String, blankBetween: Bool) -> String {
        top + Self.numerals.map { numeral in
            label(numeral) + "\n\n" + (1...4).flatMap { _ in Self.novelLines }.map { indent + $0 }.joined(separator: blankBetween ? "\n\n" : "\n") + "\n\n"
        }.joined()
    }

    static let numerals = ["一", "二", "三", "四", "五", "六", "七", "八", "九", "十"] + ["一", "二", "三", "四", "五", "六", "七", "八", "九"].map { "十" + $0 }
        + ["", "一", "二", "三", "四"].map { "二十" + $0 }

    /// A Chinese numeral alone on its line (`一`, `十一`; an enumeration comma after it, `一、`)
    /// numbers a chapter where the numbers make the book's sequence, however the paragraphs are set;
    /// the author's name under the title stays the title page's.
    @Test func chineseNumeralsAloneNumberChapters() throws {
        let expected = Self.numerals.map { "1 " + $0 }
        for (indent, blank) in [("", true), ("", false), ("　　", false), ("　　", true)] {
            for label in [{ (n: String) in n }, { "　　" + $0 }, { $0 + "、" }] {
                let text = Self.novel(top: "骆驼祥子\n\n老舍\n\n", label: label, indent: indent, blankBetween: blank)
                let book = try TextBookParser.parse(text)
                #expect(try TextBookParser.outline(text) == expected, "\(label("一")) indent \(indent.count) blank \(blank)")
                #expect(book.author == "老舍" && book.title == "骆驼祥子")
            }
        }
        #expect(HeadingMatcher.chineseNumeral("二十四")?.number == 24 && HeadingMatcher.chineseNumeral("一百零八、")?.number == 108)
        #expect(HeadingMatcher.chineseNumeral("一个") == nil && HeadingMatcher.chineseNumeral("两") == nil && HeadingMatcher.chineseNumeral("十分") == nil)
        // Out of sequence, a numeral alone is text (a line of a list, a count).
        let stray = "书\n\n第一章 甲\n\n" + Self.novelLines.joined(separator: "\n") + "\n\n七\n\n" + Self.novelLines.joined(separator: "\n") + "\n\n第二章 乙\n\n" + Self.novelLines.joined(separator: "\n") + "\n"
        #expect(try TextBookParser.outline(stray) == ["1 第一章 甲", "1 第二章 乙"])
    }

    /// The author's name set apart over the text, spaced otherwise than the header names it
    /// (ndl's `# 草枕`, `作者:夏目 漱石`, `正文`, then `夏目漱石` over a biography; `作者：老 舍`, then
    /// `老舍`): the title page's, no heading.
    @Test func theAuthorsNameSpacedOtherwiseIsNoHeading() throws {
        for (header, name) in [("# 草枕\n作者:夏目 漱石", "夏目漱石"), ("# 骆驼祥子\n作者：老 舍", "老舍"), ("# 骆驼祥子\n作者：老舍", "老 舍")] {
            let text = Self.novel(top: header + "\n\n正文\n\n\n" + name + "\n" + Self.novelLines[1] + "\n\n\n", label: { "\n第\($0)章" }, indent: "", blankBetween: false)
            let outline = try TextBookParser.outline(text)
            #expect(outline.first == "1 第一章" && outline.count == Self.numerals.count, "\(name): \(outline.prefix(3))")
        }
    }

    /// A story's title under the book's, over the story's numbered parts (`呐喊` / `狂人日记` / `一`),
    /// reads as the author's name does under a title; where another title at the margin heads a
    /// part 1 too, the book is stories in parts, and the first is a story.
    @Test func storiesInPartsKeepTheirFirstTitle() throws {
        let lines = "　　某君昆仲，今隐其名，皆余昔日在中学时良友；分隔多年，消息渐阙。\n　　日前偶闻其一大病；适归故乡，迂道往访，则仅晤一人。\n"
        func parts(_ numerals: [String]) -> String { numerals.map { "\($0)\n\n" + lines + lines + lines + "\n" }.joined() }
        let text = "呐喊\n\n狂人日记\n\n" + parts(["一", "二", "三", "四"]) + "孔乙己\n\n" + lines + lines + lines + lines + "\n药\n\n" + parts(["一", "二", "三"])
        let outline = try TextBookParser.outline(text)
        #expect(Array(outline.prefix(5)) == ["1 狂人日记", "2 一", "2 二", "2 三", "2 四"] && outline.suffix(4) == ["1 药", "2 一", "2 二", "2 三"])
    }

    /// Three titles or more marked by one kind of bracket, each alone on its line over text, are
    /// headings, one level under the volumes, their titles as printed; the text's first line stays the book's title, and a
    /// run of bracketed titles with no text between is a list, not headings.
    @Test func bracketedTitlesAreHeadings() throws {
        for (open, close) in [("〈", "〉"), ("【", "】"), ("〖", "〗")] {
            #expect(try TextBookParser.outline(Self.collection(open: open, close: close)) == [
                "1 卷一", "2 \(open)考城隍\(close)", "2 \(open)耳中人\(close)", "2 \(open)尸变\(close)",
                "1 卷二", "2 \(open)金世成\(close)", "2 \(open)董生\(close)", "2 \(open)陆判\(close)",
            ], "\(open)")
        }
        #expect(try TextBookParser.outline(Self.collection(open: "《", close: "》", volumes: false)) == [
            "1 《考城隍》", "1 《耳中人》", "1 《尸变》", "1 《金世成》", "1 《董生》", "1 《陆判》",
        ])
        // Two such lines are too few to say so; a sentence in brackets is no title.
        let two = "聊齋誌異\n\n〈考城隍〉\n\n" + Self.paragraphs.joined(separator: "\n\n") + "\n\n〈耳中人〉\n\n" + Self.paragraphs.joined(separator: "\n\n") + "\n"
        #expect(try TextBookParser.outline(two) == ["1 第1部分"])
        #expect(MarkedTitles.find(["书", "", "【他说，我们走吧。】", "正文一句话。", "【他说，我们走吧。】", "正文一句话。", "【好的，走吧。】", "正文一句话。"],
                                  known: [], excluded: []).isEmpty)
    }

    /// A number and a title on one line number a novel's chapters: `1.疯狂年代` (三体 as downloaded,
    /// between `前言` and `后记`), `一 青衫磊落险峰行` and `一　青衫磊落险峰行` (金庸's 回目 in the 三联
    /// edition); under divisions (`第一部`) they are the divisions' chapters. A decimal or a Latin
    /// list item after a full stop, and a sentence after a numeral, are no such title.
    @Test func aNumberAndItsTitleNumberChapters() throws {
        let titles = ["疯狂年代", "寂静的春天", "红岸之一", "三体、周文王、长夜", "叶文洁"]
        let forms: [(Int, String) -> String] = [{ "\($0).\($1)" }, { "\(Self.numerals[$0 - 1]) \($1)" }, { "\(Self.numerals[$0 - 1])　\($1)" }]
        for form in forms {
            for indent in ["", "　　"] {
                let chapters = titles.enumerated().map { form($0 + 1, $1) }
                let body = (["前言"] + chapters + ["后记"]).map { indent + $0 + "\n" + Self.novelLines.map { "　　" + $0 + "\n" }.joined() }.joined()
                // Titles are printed with their spaces collapsed (`一　疯狂年代` gives `一 疯狂年代`).
                let printed = chapters.map { $0.replacingOccurrences(of: "　", with: " ") }
                #expect(try TextBookParser.outline("三体\n作者：刘慈欣\n\n" + body) == (["前言"] + printed + ["后记"]).map { "1 " + $0 }, "\(chapters[0])")
                let parted = ["第一部"] + chapters.prefix(3) + ["第二部"] + chapters.dropFirst(3)
                let partedBody = parted.map { indent + $0 + "\n" + Self.novelLines.map { "　　" + $0 + "\n" }.joined() }.joined()
                #expect(try TextBookParser.outline("三体\n作者：刘慈欣\n\n" + partedBody) == parted.map { ($0.hasPrefix("第") ? "1 " : "2 ") + $0.replacingOccurrences(of: "　", with: " ") })
            }
        }
        #expect(HeadingMatcher.numberedLine("1.疯狂年代")?.number == 1 && HeadingMatcher.numberedLine("十二 天山童姥")?.number == 12)
        #expect(HeadingMatcher.numberedLine("1.5公里") == nil && HeadingMatcher.numberedLine("1.The End") == nil
            && HeadingMatcher.numberedLine("一 个人走在路上，他说，天要黑了，快回去吧") == nil)
    }

    /// An essay's outline in numbered lines and titles set apart, each level its own form
    /// (共产党宣言 as downloaded: `一、资产者和无产者` …, under `三、` the only `1．反动的社会主义` …
    /// `3．`, under `1．` the titles `(甲)封建的社会主义`, `(乙)…`, `(丙)…`, then `四、`): the numbered
    /// lines are headings with the set-apart titles, the restarting form one level down, the
    /// titles right under a subsection its parts, and a heading right over its first child is
    /// no contents list. Chapters after a book's letters are no letter's parts.
    @Test func anOutlineInNumberedLinesAndTitles() throws {
        let body = Array(repeating: Self.novelLines, count: 4).joined().map { "　　" + $0 + "\n" }.joined() + "\n"
        // Each heading over its text, but those right over their first child (`over`).
        func text(_ headings: [String], over: Set<String>) -> String {
            "共产党宣言\n\n\n\n" + body + headings.map { $0 + "\n\n" + (over.contains($0) ? "" : body) }.joined()
        }
        let manifesto = ["一、资产者和无产者", "二、无产者和共产党人", "三、社会主义的和共产主义的文献", "1．反动的社会主义", "(甲)封建的社会主义", "(乙)小资产阶级的社会主义",
                         "(丙)德国的或“真正的”社会主义", "2．保守的或资产阶级的社会主义", "3．批判的空想的社会主义和共产主义", "四、共产党人对各种反对党派的态度"]
        #expect(try TextBookParser.outline(text(manifesto, over: [manifesto[2], manifesto[3]])) == [
            "1 一、资产者和无产者", "1 二、无产者和共产党人", "1 三、社会主义的和共产主义的文献", "2 1．反动的社会主义", "3 (甲)封建的社会主义", "3 (乙)小资产阶级的社会主义",
            "3 (丙)德国的或“真正的”社会主义", "2 2．保守的或资产阶级的社会主义", "2 3．批判的空想的社会主义和共产主义", "1 四、共产党人对各种反对党派的态度"])
        // Arabic digits under Chinese numerals, titles under the first; Arabic under full-width digits.
        let second = ["一、总论", "二、方法", "1．材料", "原料与工具", "样品的来源", "2．步骤", "三、结论"]
        #expect(try TextBookParser.outline(text(second, over: ["二、方法", "1．材料"])).map { $0.prefix(1) } == ["1", "1", "2", "3", "3", "2", "1"])
        let third = ["１．起源", "２．发展", "1．早期", "2．晚期", "３．现状"]
        #expect(try TextBookParser.outline(text(third, over: ["２．发展"])).map { $0.prefix(1) } == ["1", "1", "2", "2", "1"])
        #expect(NestedForms.numberStyle("一、资产者和无产者") == "numbered 一、" && NestedForms.numberStyle("1．反动的社会主义") == "numbered 0．"
            && NestedForms.numberStyle("(甲)封建的社会主义") == nil)
    }

    /// A labelled subsection opening with its own text, then titles set apart at the margin (a
    /// 罗马人的故事 as a forum kept it: `第四节　农民王`, a paragraph, then `建国王罗莫路`, `第二届王弩玛`,
    /// `弩玛之後`, then `第五节　商人王`): the titles are the subsection's parts, one level below it, not
    /// chapters beside the chapter. A poem's bare numbers (`52`) own their text to the next title.
    @Test func titlesUnderALabelledSubsectionsText() throws {
        let paragraph = "　　" + Self.novelLines.joined() + "\n\n"
        var text = "罗马共和国的兴亡\n\n"
        text += "第一卷　统一意大利\n\n第一章　罗马的诞生\n\n第一节　传说的年代\n\n" + String(repeating: paragraph, count: 8)
        text += "第二节　伊托鲁里亚人和希腊人\n\n" + String(repeating: paragraph, count: 8)
        text += "第三节　农民王\n\n" + paragraph + ["建国王罗莫路", "第二届王弩玛", "弩玛之後"].map { $0 + "\n\n" + String(repeating: paragraph, count: 5) }.joined()
        text += "第四节　商人王\n\n" + String(repeating: paragraph, count: 8) + "第二章　共和政体\n\n第一节　初期\n\n" + String(repeating: paragraph, count: 8)
        #expect(try TextBookParser.outline(text) == ["1 第一卷 统一意大利", "2 第一章 罗马的诞生", "3 第一节 传说的年代", "3 第二节 伊托鲁里亚人和希腊人", "3 第三节 农民王",
                                                      "4 建国王罗莫路", "4 第二届王弩玛", "4 弩玛之後", "3 第四节 商人王", "2 第二章 共和政体", "3 第一节 初期"])
    }
}
